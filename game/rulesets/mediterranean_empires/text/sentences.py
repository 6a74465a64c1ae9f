"""Sentences for the events of set-up, turns, draws and the Random Events (describe.py style)."""

from __future__ import annotations

from game.core.events import Event
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.text.describe import (
    card_name,
    empire,
    event_name,
    sentence,
)


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


@sentence("deck_committed")
def _deck_committed(rules: Rules, ev: Event) -> str:
    return f"The {str(ev.get('deck')).capitalize()} deck is shuffled ({_cards(ev.get('cards'))})."


@sentence("foundation_done")
def _foundation_done(rules: Rules, ev: Event) -> str:
    counts = ", ".join(map(str, ev.get("cities")))
    return (f"The Empire Foundation step is over: the other cities in play get a neutral "
            f"marker (cities per empire in turn order: {counts}).")


@sentence("discard_and_draw")
def _discard_and_draw(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} discards {card_name(rules, ev.get('card'))} to draw a card."


@sentence("enraged")
def _enraged(rules: Rules, ev: Event) -> str:
    if ev.get("changed"):
        return f"The barbarians grow more enraged (level {ev.get('level')})."
    return f"The barbarians are already as enraged as they get (level {ev.get('level')})."


@sentence("reshuffled")
def _reshuffled(rules: Rules, ev: Event) -> str:
    return (f"{empire(rules, ev)} shuffles {_cards(ev.get('cards'))} from its discard pile "
            f"back into its deck.")


@sentence("retrieved")
def _retrieved(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} takes {card_name(rules, ev.get('card'))} back from its discards."


@sentence("event_declined")
def _event_declined(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} takes nothing from {event_name(rules, ev.get('event'))}."


@sentence("outcome")
def _outcome(rules: Rules, ev: Event) -> str:
    parts = []
    if ev.get("vp"):
        parts.append(f"{ev.get('vp'):+d} VP")
    if ev.get("draw"):
        parts.append(f"draws {_cards(ev.get('draw'))}")
    if ev.get("discard"):
        parts.append(f"discards {_cards(ev.get('discard'))} at random")
    what = ", ".join(parts) or "nothing"
    return f"{empire(rules, ev)} chooses from {event_name(rules, str(ev.get('reason')))}: {what}."


@sentence("deck_empty")
def _deck_empty(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)}'s deck is empty: {_cards(ev.get('missed'))} not drawn."


@sentence("no_card_to_discard")
def _no_card_to_discard(rules: Rules, ev: Event) -> str:
    return (f"{empire(rules, ev)} has no card left to discard "
            f"({_cards(ev.get('missed'))} short, {str(ev.get('reason')).replace('_', ' ')}).")


@sentence("first_player")
def _first_player(rules: Rules, ev: Event) -> str:
    return f"{ev.get('chooser')}, leading in VP, lets {empire(rules, ev)} start the rounds."


@sentence("turn_scored")
def _turn_scored(rules: Rules, ev: Event) -> str:
    standings = ", ".join(f"{name} {vp}" for name, vp in zip(ev.get("empires"), ev.get("vp"),
                                                             strict=False))
    how = "the scenario's own scoring" if ev.get("scoring") == "scenario" else "the scoring"
    times = f" (VP ×{ev.get('multiplier')})" if ev.get("multiplier", 1) != 1 else ""
    return f"After {how} of turn {ev.get('turn')}{times}, the VP stand at: {standings}."


@sentence("refill")
def _refill(rules: Rules, ev: Event) -> str:
    change = ev.get("change")
    limit = f"{ev.get('limit')}" + (f" ({change:+d} this turn)" if change else "")
    if ev.get("discard"):
        return (f"{empire(rules, ev)} holds {_cards(ev.get('held'))}, over its hand size of "
                f"{limit}: it discards {ev.get('discard')}.")
    if not ev.get("draw"):
        return f"{empire(rules, ev)} holds {_cards(ev.get('held'))}, its hand size of {limit}."
    return (f"{empire(rules, ev)} holds {_cards(ev.get('held'))} and refills to its hand size "
            f"of {limit}: {ev.get('draw')} to draw.")
