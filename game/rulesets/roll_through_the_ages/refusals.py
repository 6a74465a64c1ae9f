"""Why an action of the choosing seat is refused: one sentence, as specific as the phase
allows (the legal list stays the judge; these only explain)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.colonies import open_colony
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.developments import on_offer
from game.rulesets.roll_through_the_ages.state import RttaState
from game.rulesets.roll_through_the_ages.text import player_name

Explain = Callable[[RttaContent, RttaState, Action], str]


def _reroll(content: RttaContent, state: RttaState, action: Action) -> str:
    chosen = action.arg("dice")
    dice = chosen if isinstance(chosen, tuple) else ()
    locked = state.current.locked
    if any(isinstance(d, int) and 0 <= d < len(locked) and locked[d] for d in dice):
        return "Dice set aside with a skull cannot be rerolled (step 1)."
    return "Name a non-empty set of your dice, in order, each once (step 1)."


def _buy(content: RttaContent, state: RttaState, action: Action) -> str:
    player = state.player(state.turn)
    wanted = str(action.arg("development"))
    names = {d.id: d.name for d in content.developments}
    if wanted not in names:
        return f"There is no development {wanted!r}."
    if sheet.owns(player, wanted):
        return f"{names[wanted]} is already bought: each development is bought once (step 5)."
    if all(d.id != wanted for d in on_offer(content, state, player)):
        return f"{names[wanted]} is struck out with the Mediterranean."
    cost = sheet.development_cost(content, player, wanted)
    return (f"{names[wanted]} costs {cost}: pay it from what you have, with nothing that "
            f"could be left out (no change is given, step 5).")


def _population(content: RttaContent, state: RttaState, action: Action) -> str:
    if not state.current.population:
        return "No population is left to build with this turn (step 4)."
    return f"'{action}' cannot be built now: its boxes are full or its cost is not there."


def _colony(content: RttaContent, state: RttaState, action: Action) -> str:
    index = next((i for i, c in enumerate(content.colonies) if c.id == action.arg("colony")),
                 None)
    if index is None or not open_colony(content, state, index):
        return "That colony is not open: completed, out of play, or unknown (3b)."
    if action.verb == "found" and not state.player(state.turn).ships:
        return "Completing a colony takes a ship (Mediterranean 3b)."
    return ("A peg needs a population, an empty hole and a free peg of your 15; the last peg "
            "of your own colony is placed by completing it (Mediterranean 3b).")


EXPLAIN: dict[str, Explain] = {
    "reroll": _reroll, "buy": _buy, "province": _population, "port": _population,
    "monument": _population, "architecture": _population, "army": _population,
    "peg": _colony, "found": _colony, "unpeg": _colony,
}


def explain(content: RttaContent, state: RttaState, action: Action, prompt: str) -> str:
    """The sentence for an action the choosing seat may not take now."""
    specific = EXPLAIN.get(action.verb)
    if specific is not None:
        try:
            return specific(content, state, action)
        except (TypeError, ValueError, KeyError, IndexError):
            pass
    return f"'{action}' is not among {player_name(state.turn)}'s choices now: {prompt}."
