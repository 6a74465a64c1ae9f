"""The order of play: each phase of a turn is either a decision (an action of one seat or a
chance roll) or runs by itself; `advance` runs the automatic ones until a decision is due.
A round is every player's turn from the start player; the game ends after the round in
which an end condition is met (ruling 27; solitaire: after the 8th round, ruling 23)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.rulesets.roll_through_the_ages import (
    battles,
    building,
    collecting,
    colonies,
    developments,
    feeding,
    rolling,
    setup,
    solitaire,
    storing,
)
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.scoring import end_condition, final_scores
from game.rulesets.roll_through_the_ages.state import Turn

ACTION_PHASES: dict[str, Callable[[Flow, Action], None]] = {
    "setup": setup.setup_choice,
    "keep": rolling.keep,
    "leadership": rolling.leadership,
    "omens": rolling.omens,
    "choose": rolling.choose,
    "granaries": feeding.feed_action,
    "navy": battles.navy,
    "conquest": battles.conquest,
    "tribute_offer": battles.tribute_offer,
    "colonies": colonies.colony_action,
    "build": building.build,
    "develop": developments.develop,
    "store": storing.store,
}
"""Phases in which one seat chooses an action, with the handler of that action."""

CHANCE_PHASES: dict[str, Callable[[Flow, tuple[int, ...]], None]] = {
    "roll": rolling.rolled,
    "reroll": rolling.rolled,
    "lead_roll": rolling.rolled,
    "colony_die": solitaire.colony_chance,
    "colony_pick": solitaire.colony_chance,
    "colony_die2": solitaire.colony_chance,
}
"""Phases in which chance answers, with the handler of its numbers."""


def _feed(flow: Flow) -> None:
    if feeding.needs_choice(flow):
        return flow.go("granaries")
    feeding.feed(flow)


def _build_start(flow: Flow) -> None:
    choices = building.build_choices(flow.content, flow.state)
    flow.go("build" if len(choices) > 1 else "develop_start")


def _end_turn(flow: Flow) -> None:
    """Unspent population and innovations are lost; the solitaire colony die may follow."""
    flow.emit("turn_ended", seat=flow.active, round=flow.state.round)
    flow.set(current=Turn())
    flow.go("colony_die" if solitaire.rolls_colony_die(flow.state) else "next_turn")


def _next_turn(flow: Flow) -> None:
    state = flow.state
    if state.turn + 1 < state.seats:
        flow.set(turn=state.turn + 1, current=Turn())
        return flow.go("begin_turn")
    reason = end_condition(flow.content, state)
    flow.emit("round_ended", round=state.round)
    if reason:
        flow.set(turn=0, current=Turn())
        flow.go("over")
        return flow.emit("game_over", reason=reason, scores=final_scores(flow.content, state))
    flow.set(round=state.round + 1, turn=0, current=Turn())
    flow.go("begin_turn")


AUTOMATIC: dict[str, Callable[[Flow], None]] = {
    "begin_turn": rolling.begin_turn,
    "collect": collecting.collect,
    "feed": _feed,
    "battles": battles.fight_battles,
    "war": battles.fight_battles,
    "conquest_offer": battles.conquest_offer,
    "tribute": battles.tribute_demand,
    "demand": battles.next_demand,
    "colonies_start": colonies.colonies_start,
    "build_start": _build_start,
    "develop_start": developments.develop_start,
    "store_start": storing.store_start,
    "end_turn": _end_turn,
    "next_turn": _next_turn,
}
"""Phases that run by themselves, each moving on to the next phase."""


def advance(flow: Flow) -> None:
    """Run automatic phases until a decision (or the end of the game) is pending."""
    step = AUTOMATIC.get(flow.state.phase)
    while step is not None:
        step(flow)
        step = AUTOMATIC.get(flow.state.phase)
