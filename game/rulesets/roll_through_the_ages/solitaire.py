"""Mediterranean solitaire: from round 2, after the player's turn, a d6 says whether the
opponent founds a colony (1-4: one of that size, picked at random among the open ones,
displacing the player's pegs; 5-6: none). After a founding a second d6 of 1 or 2 founds one
more of that size; never more than two a round. Ruling 22."""

from __future__ import annotations

from game.core import chance
from game.core.chance import ChanceRequest
from game.rulesets.roll_through_the_ages.colonies import complete_colony, open_colony
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.state import PHANTOM, RttaState

FIRST_SIZES = (1, 2, 3, 4)
SECOND_SIZES = (1, 2)
MOST_PER_ROUND = 2
FROM_ROUND = 2


def rolls_colony_die(state: RttaState) -> bool:
    """Whether the solitaire opponent's colony die is rolled after this turn."""
    return state.solitaire and state.mediterranean and state.round >= FROM_ROUND


def candidates(content: RttaContent, state: RttaState, size: int) -> tuple[int, ...]:
    """Open colonies of a size, in board order."""
    return tuple(i for i, c in enumerate(content.colonies)
                 if c.size == size and open_colony(content, state, i))


def colony_request(content: RttaContent, state: RttaState) -> ChanceRequest:
    """The d6 of the opponent, or the random pick among colonies of its size."""
    if state.phase == "colony_pick":
        size = len(candidates(content, state, state.current.phantom_size))
        return ChanceRequest((chance.pick("colony", size),), "colony")
    return ChanceRequest((chance.dice("colony die", 1),), "colony die")


def colony_chance(flow: Flow, values: tuple[int, ...]) -> None:
    """Resolve the opponent's die or pick."""
    (value,) = values
    if flow.state.phase == "colony_pick":
        size = flow.state.current.phantom_size
        return _found(flow, candidates(flow.content, flow.state, size)[value])
    sizes = FIRST_SIZES if flow.state.phase == "colony_die" else SECOND_SIZES
    flow.emit("colony_die", value=value)
    found = candidates(flow.content, flow.state, value) if value in sizes else ()
    if len(found) > 1:
        flow.turn(phantom_size=value)
        return flow.go("colony_pick")
    if found:
        return _found(flow, found[0])
    flow.go("next_turn")


def _found(flow: Flow, index: int) -> None:
    displaced = complete_colony(flow, index, PHANTOM)
    flow.emit("phantom_colony", colony=flow.content.colonies[index].id,
              displaced=len(displaced))
    founded = flow.state.current.phantom_founded + 1
    flow.turn(phantom_founded=founded, phantom_size=0)
    flow.go("colony_die2" if founded < MOST_PER_ROUND else "next_turn")
