"""Truces in force (Truce, Pax, Political Marriage): who may not attack whom, and until when.

A truce binds `seat` and `other` (EVERYONE: `seat` and every other player). `until` names the
moment it lapses: "round T.R" (the end of round R of turn T) or "turn T" (the end of turn T).
Every truce lapses when its turn ends, even one meant to last to the end of the next round.
"""

from __future__ import annotations

from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.state import MeState, Truce

EVERYONE = -1
"""The `other` of a truce that binds its player with every other player (Pax)."""


def in_truce(state: MeState, a: int, b: int) -> bool:
    """Whether no Military Expedition may be declared between seats `a` and `b` now."""
    return any(_binds(truce, a, b) for truce in state.truces)


def _binds(truce: Truce, a: int, b: int) -> bool:
    if a == b:
        return False
    if truce.other == EVERYONE:
        return truce.seat in (a, b)
    return {truce.seat, truce.other} == {a, b}


def lapse_moment(state: MeState, until: str) -> str:
    """The `until` text for a card's duration word, counted from the current round."""
    if until == "end_of_turn":
        return f"turn {state.turn}"
    later = 1 if until == "end_of_next_round" else 0
    return f"round {state.turn}.{state.round + later}"


def make_truce(flow: Flow, seat: int, other: int, card: str, until: str) -> None:
    """Put a truce in force (`until` is a card's duration word)."""
    moment = lapse_moment(flow.state, until)
    flow.set(truces=(*flow.state.truces, Truce(seat, other, card, moment)))
    flow.emit("truce_made", seat=seat, other=other, card=card, until=until,
              other_empire="everyone" if other == EVERYONE else flow.empire_name(other))


def expire_truces(flow: Flow, moment: str) -> None:
    """End the truces that lapse now: `moment` is "round" (a round ends) or "turn"."""
    state = flow.state
    now = f"round {state.turn}.{state.round}"
    ending = [t for t in state.truces if moment == "turn" or t.until == now]
    if not ending:
        return
    flow.set(truces=tuple(t for t in state.truces if t not in ending))
    for truce in ending:
        flow.emit("truce_ended", seat=truce.seat, card=truce.card)
