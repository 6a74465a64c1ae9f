"""The outcome function: rule 4.4's keys, the reason the game ended, the winner first."""

from __future__ import annotations

from game.core.outcome import AUTOMATIC_VICTORY, IN_PROGRESS, LAST_TURN
from game.core.records import evolve
from game.rulesets.mediterranean_empires.state import NEUTRAL, Board
from tests.game.rulesets.mediterranean_empires.helpers_table import RULES, RULESET, founded_table


def test_in_progress_then_last_turn() -> None:
    table = founded_table({}, "3", 3, b"outcome-game-ab!", 5, fresh_cities=False)
    outcome = RULESET.outcome(table.state)
    assert outcome.reason == IN_PROGRESS and not outcome.winners
    assert [k for k, _ in outcome.ranking[0].keys] == ["vp", "cities", "key cities"]
    ended = evolve(table.state, stack=(), winners=(outcome.ranking[0].seat,))
    assert RULESET.outcome(ended).reason == LAST_TURN


def test_an_automatic_victory_ranks_its_winner_first() -> None:
    scenario = next(s for s in RULES.content.setups if s.automatic_victory_cities)
    seats = len(scenario.empires)
    table = founded_table({}, str(scenario.number), seats, b"outcome-game-cd!", 5,
                          fresh_cities=False)
    state = table.state
    owners = list(state.board.owner)
    free = [i for i, o in enumerate(owners) if o == NEUTRAL][
        :scenario.automatic_victory_cities]
    for index in free:
        owners[index] = 1
    board = Board(tuple(owners), state.board.forts, state.board.subdued)
    seat0 = evolve(state.seats[0], vp=99)
    ended = evolve(state, board=board, stack=(), winners=(1,),
                   seats=(seat0, *state.seats[1:]))
    outcome = RULESET.outcome(ended)
    assert outcome.reason == AUTOMATIC_VICTORY and outcome.winners == (1,)
    assert outcome.ranking[0].seat == 1 and outcome.ranking[0].place == 1
    assert outcome.ranking[1].seat == 0 and outcome.ranking[1].place == 2
