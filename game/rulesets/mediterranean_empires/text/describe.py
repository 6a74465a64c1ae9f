"""One plain sentence per engine event, for the log people read."""

from __future__ import annotations

import re
from collections.abc import Callable

from game.core.events import Event
from game.rulesets.mediterranean_empires.rules import Rules

Sentence = Callable[[Rules, Event], str]
SENTENCES: dict[str, Sentence] = {}


def sentence(kind: str) -> Callable[[Sentence], Sentence]:
    """Register the sentence of an event kind."""
    def wrap(fn: Sentence) -> Sentence:
        SENTENCES[kind] = fn
        return fn
    return wrap


def describe(rules: Rules, ev: Event) -> str:
    """The sentence for an event (a readable fallback for kinds without one)."""
    fn = SENTENCES.get(ev.kind)
    if fn is None:
        facts = ", ".join(f"{k} {v}" for k, v in ev.facts)
        return f"{ev.kind.replace('_', ' ').capitalize()}: {facts}."
    return fn(rules, ev)


def empire(rules: Rules, ev: Event, key: str = "seat") -> str:
    """The empire name of the seat a fact names (needs the scenario: stored on the event)."""
    return str(ev.get("empire") or ev.get(f"{key}_empire") or f"Seat {ev.get(key)}")


def place(rules: Rules, node: str) -> str:
    """A city's or barbarian area's display name."""
    if rules.is_city(node):
        return rules.content.map.city(node).name
    return rules.content.map.barbarian_area(node).name


def reason_words(rules: Rules, reason: object) -> str:
    """A reason with every city or barbarian area id in it by its display name."""
    return re.sub(r"[a-z][a-z0-9_]+", lambda word: _named(rules, word.group()), str(reason))


def _named(rules: Rules, word: str) -> str:
    known = rules.is_city(word) or rules.content.map.is_barbarian_area(word)
    return place(rules, word) if known else word


def counted(count: object, noun: str, plural: str | None = None) -> str:
    """"1 card", "2 cards" (a count with its noun in the right number)."""
    one = count == 1
    return f"{count} {noun if one else plural or noun + 's'}"


def card_name(rules: Rules, card: str) -> str:
    """A card's display name."""
    return rules.card(card).name


@sentence("random_event")
def _random_event(rules: Rules, ev: Event) -> str:
    name = rules.content.tables.random_event.event(ev.get("event")).name
    dice = "+".join(map(str, ev.get("dice")))
    mod = ev.get("modifier")
    return (f"Round {ev.get('round')}: the Random Event roll is {dice}"
            f"{f' +{mod}' if mod else ''} = {ev.get('total')}: {name}.")


@sentence("vp")
def _vp(rules: Rules, ev: Event) -> str:
    change = ev.get("change")
    return f"{empire(rules, ev)} {'+' if change >= 0 else '−'}{abs(change)} VP " \
           f"({reason_words(rules, ev.get('reason'))}; now {ev.get('total')})."


@sentence("founded")
def _founded(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} places a fortification marker on {place(rules, ev.get('city'))}."


@sentence("drew")
def _drew(rules: Rules, ev: Event) -> str:
    count = ev.get("count")
    return f"{empire(rules, ev)} draws {count} card{'s' if count != 1 else ''} " \
           f"({ev.get('reason')})."


@sentence("passed")
def _passed(rules: Rules, ev: Event) -> str:
    return f"{empire(rules, ev)} passes."


@sentence("discarded")
def _discarded(rules: Rules, ev: Event) -> str:
    why = str(ev.get("reason"))
    if ev.get("source"):
        why = f"{why}: {event_name(rules, str(ev.get('source')))}"
    return f"{card_name(rules, ev.get('card'))} goes to the {empire(rules, ev)} discard pile " \
           f"({why})."


def event_name(rules: Rules, event_id: str) -> str:
    """A Random Event's (or a subduing result's) name as printed."""
    try:
        return rules.content.tables.random_event.event(event_id).name
    except KeyError:
        return event_id.replace("_", " ")


@sentence("city_changed")
def _city_changed(rules: Rules, ev: Event) -> str:
    new = ev.get("new_empire") or "neutral"
    why = reason_words(rules, ev.get("reason"))
    return f"{place(rules, ev.get('city'))} passes to {new} ({why})."


@sentence("turn_started")
def _turn_started(rules: Rules, ev: Event) -> str:
    return f"Turn {ev.get('turn')} begins."


@sentence("turn_ended")
def _turn_ended(rules: Rules, ev: Event) -> str:
    return f"Turn {ev.get('turn')} ends."


@sentence("scored")
def _scored(rules: Rules, ev: Event) -> str:
    cards = ev.get("cards")
    extra = f", {cards:+d} card{'s' if abs(cards) != 1 else ''} next turn" if cards else ""
    return f"{empire(rules, ev)} scores {ev.get('what')}: {ev.get('vp'):+d} VP{extra}."


@sentence("game_over")
def _game_over(rules: Rules, ev: Event) -> str:
    names = str(ev.get("winner_names"))
    won = "winners" if "," in names or " and " in names else "winner"
    return f"The game ends ({ev.get('how')}); {won}: {names}."
