"""Who decides next and what they may choose: the legal list of every action phase, the
chance request of every rolling phase, and why an action is refused."""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.chance import ChanceRequest
from game.core.decision import CHANCE, Decision, game_over
from game.core.records import memo
from game.rulesets.roll_through_the_ages import (
    battles,
    building,
    colonies,
    developments,
    feeding,
    refusals,
    rolling,
    setup,
    solitaire,
    storing,
)
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.state import RttaState
from game.rulesets.roll_through_the_ages.text import player_name

Choices = Callable[[RttaContent, RttaState], tuple[Action, ...]]

CHOICES: dict[str, Choices] = {
    "setup": lambda c, s: setup.SETUP_CHOICES,
    "keep": lambda c, s: rolling.keep_choices(s),
    "leadership": lambda c, s: rolling.leadership_choices(s),
    "omens": rolling.omens_choices,
    "choose": rolling.choose_choices,
    "granaries": feeding.feed_choices,
    "navy": lambda c, s: battles.NAVY_CHOICES,
    "conquest": lambda c, s: battles.CONQUEST_CHOICES,
    "tribute_offer": lambda c, s: battles.OFFER_CHOICES,
    "colonies": colonies.colony_choices,
    "build": building.build_choices,
    "develop": developments.develop_choices,
    "store": storing.store_choices,
}

PROMPTS = {
    "setup": "build a free second port or province",
    "keep": "choose dice to reroll, or stop",
    "leadership": "reroll one die with Leadership, or skip",
    "omens": "set one die to any face with Omens, or skip",
    "choose": "take each food-or-population die as food or population",
    "granaries": "turn goods into food with Granaries, or feed",
    "navy": "use the Navy in this battle or not",
    "conquest": "fight for conquest or not",
    "tribute_offer": "give one good or let the tribute be gained",
    "colonies": "place colony pegs, complete colonies, or finish",
    "build": "build with population and goods, or finish",
    "develop": "buy one development, or skip",
    "store": "store goods as wealth, or skip",
}

RULES = {
    "setup": "Setup 5", "keep": "step 1", "leadership": "step 1 (Leadership)",
    "omens": "step 1 (Omens)", "choose": "step 1 (Collect Food)", "granaries": "step 2",
    "navy": "Mediterranean 3a", "conquest": "step 3", "tribute_offer": "step 3",
    "colonies": "Mediterranean 3b", "build": "step 4", "develop": "step 5", "store": "step 6",
}


def actor(state: RttaState) -> int:
    """The seat choosing in the current action phase."""
    if state.phase == "navy":
        return battles.battle_actor(state)
    if state.phase == "tribute_offer":
        return battles.offer_actor(state)
    return state.turn


def chance_request(content: RttaContent, state: RttaState) -> ChanceRequest:
    """The dice (or pick) chance answers in the current chance phase."""
    if state.phase.startswith("colony_"):
        return solitaire.colony_request(content, state)
    return rolling.roll_request(content, state)


def decision(content: RttaContent, state: RttaState) -> Decision:
    """The one pending decision."""
    if state.phase == "over":
        return game_over()
    if state.phase in CHOICES:
        seat = actor(state)
        return Decision(seat, "action", f"{player_name(seat)}: {PROMPTS[state.phase]}")
    request = chance_request(content, state)
    return Decision(CHANCE, "chance", request.purpose, chance=request)


def legal(content: RttaContent, state: RttaState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions (none unless it is the one choosing)."""
    if state.phase not in CHOICES or seat != actor(state):
        return ()
    return memo(state, ("legal", id(content)), lambda: CHOICES[state.phase](content, state))


def legal_set(content: RttaContent, state: RttaState, seat: int) -> frozenset[Action]:
    """The legal actions as a set, for quick membership tests."""
    return memo(state, ("legal_set", id(content), seat),
                lambda: frozenset(legal(content, state, seat)))


def why_not(content: RttaContent, state: RttaState, seat: int, action: Action) -> str:
    """One sentence saying why an action is refused now."""
    if state.phase == "over":
        return "The game is over."
    if state.phase not in CHOICES:
        return "Chance must roll now; no seat chooses."
    if seat != actor(state):
        return (f"{player_name(actor(state))} must {PROMPTS[state.phase]} now, "
                f"not {player_name(seat)}.")
    if action.verb in _PHASE_VERBS.get(state.phase, ()):
        return refusals.explain(content, state, action, PROMPTS[state.phase])
    return f"'{action}' is not among {player_name(seat)}'s choices now: {PROMPTS[state.phase]}."


_PHASE_VERBS = {
    "keep": ("reroll",), "develop": ("buy",),
    "build": ("province", "port", "monument", "architecture", "army"),
    "colonies": ("peg", "found", "unpeg"),
}
"""Verbs whose refusal `refusals` explains in the phase that offers them."""
