"""One plain sentence per event, for `mare demo`, logs and the client's history. Sentences
name seats as people count them ("Player 1" is seat 0); `with_empires` then names each by
its empire ("Rome"), from the `empires` fact every event carries (flow.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from game.core.events import Event
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.victory import REASONS

Names = Mapping[str, str]
"""Ids of provinces, seas, sites, tiles and empires → their printed names (`printed_names`;
`MnRuleset.describe` passes them)."""
Sentence = Callable[[Names, Event], str]
TRACK_NAMES = {"trade": "Trade", "culture": "Culture", "military": "Military"}
EMPIRE_NAMES = {"rome": "Rome", "greece": "Greece", "babylon": "Babylon", "egypt": "Egypt",
                "carthage": "Carthage"}
_SEAT_WORD = re.compile(r"Player (\d+)")
PHASE_NAMES = {"collect": "Collect Resources", "trade": "Trade Resources", "build": "Build",
               "move": "Move & Battle", "leadership": "Claim Leadership"}
ITEM_WORDS = {"control": "Control", "regular_city": "a city", "capital_city": "the capital",
              "legendary_city": "the Legendary City", "caravan": "a caravan",
              "market": "a market", "temple": "a temple", "legion": "a legion",
              "trireme": "a trireme", "fortress": "a fortress"}
"""What each item of rule 3 is called in a sentence or on a button."""
LEGENDARY = "legendary:"
"""The prefix of a Legendary Commodity's id ("legendary:wine")."""


def seat_name(seat: object) -> str:
    """How people read a seat: "Player 1" for seat 0."""
    return f"Player {seat + 1}" if isinstance(seat, int) and seat >= 0 else "Nobody"


def resource_words(resource: object) -> str:
    """A resource as people say it: "grain", "Legendary Wine" (for "legendary:wine")."""
    text = str(resource)
    if text.startswith(LEGENDARY):
        return f"Legendary {text.removeprefix(LEGENDARY).replace('_', ' ').title()}"
    return text.replace("_", " ")


COUNTED = {"coin": "coins", "gladiator": "gladiators"}
"""The resources said in the plural when there are several (the rest are like "grain")."""


def resources_words(resources: object) -> str:
    """"3 coins, grain, 2 Legendary Wine": resources in words, counted, in the order they
    first come; "nothing" for none."""
    if not isinstance(resources, list | tuple) or not resources:
        return "nothing"
    counts: dict[str, int] = {}
    for resource in resources:
        counts[str(resource)] = counts.get(str(resource), 0) + 1
    return ", ".join(_counted_resource(resource, n) for resource, n in counts.items())


def _counted_resource(resource: str, count: int) -> str:
    """"grain", "2 grain", "3 coins"."""
    if count == 1:
        return resource_words(resource)
    return f"{count} {COUNTED.get(resource) or resource_words(resource)}"


def place_words(names: Names, place: object) -> str:
    """A province or sea by its printed name ("cisalpina" → "Gallia Cisalpina"); one the
    names lack, by its id in words ("mare_ionium" → "Mare Ionium")."""
    return names.get(str(place)) or str(place).replace("_", " ").title()


def site_words(names: Names, site: object) -> str:
    """A building site and its province: "the sheep caravan in Gallia Cisalpina",
    "Mediolanum in Gallia Cisalpina" (by its kind when the names lack it)."""
    province, _, spot = str(site).partition(".")
    here = names.get(str(site)) or f"the {spot.rstrip('0123456789')}"
    return f"{here} in {place_words(names, province)}"


def printed_names(content: MnContent) -> dict[str, str]:
    """Ids of provinces, seas, sites, tiles and empires → their printed names."""
    found = {e.id: e.name for e in content.empires}
    found |= {t.id: t.name for t in content.tiles}
    found |= {s.id: s.name for s in content.seas}
    for province in content.provinces:
        found[province.id] = province.name
        found |= {s.id: _site_name(s.kind, s.city_name, s.commodity) for s in province.sites}
    return found


def _site_name(kind: str, city: str, commodity: str) -> str:
    """A building site as a sentence or a button names it (the province is said around
    it): a city by its name, a caravan by its goods."""
    if city:
        return city
    return f"the {commodity} caravan" if commodity else f"the {kind}"


def tile_words(ev: Event, fact: str = "tile", name: str = "name") -> str:
    """A hero's or wonder's printed name from the event's `name` fact (its id in words when
    an event lacks it)."""
    return str(ev.get(name) or place_words({}, ev.get(fact)))


def counted(count: object, noun: str) -> str:
    """"1 resource", "3 resources": a count with its noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _collected(names: Names, ev: Event) -> str:
    short = ev.get("short")
    tail = f" ({short} short: the reserves ran out)" if short else ""
    return f"{seat_name(ev.get('seat'))} collects {resources_words(ev.get('items'))}{tail}."


def _whom(ev: Event) -> str:
    """The seat picked, or "itself" when the chooser picks its own seat."""
    seat = ev.get("seat")
    return "itself" if seat == ev.get("chooser") else seat_name(seat)


def _tracks(names: Names, ev: Event) -> str:
    old, new = ev.get("old"), ev.get("new")
    parts = [f"{name} {o} → {n}" for name, o, n in zip(TRACK_NAMES.values(), old, new,
                                                          strict=True) if o != n]
    return f"{seat_name(ev.get('seat'))}'s Leader tracks: {', '.join(parts)}."


def _victory(names: Names, ev: Event) -> str:
    seats = ev.get("seats")
    winners = " and ".join(seat_name(s) for s in seats) if isinstance(seats, list) else "?"
    return f"{winners} win{'s' if len(seats) == 1 else ''}: {REASONS[ev.get('victory')]}."


SENTENCES: dict[str, Sentence] = {
    "phase": lambda _, ev: f"Round {ev.get('round')}: {PHASE_NAMES[ev.get('phase')]}.",
    "collected": _collected,
    "legendary_drawn": lambda _, ev: (f"{seat_name(ev.get('seat'))} draws a "
                                     f"{resource_words(LEGENDARY + str(ev.get('commodity')))}."),
    "legendary_reshuffled": lambda _, ev: (f"The {ev.get('count')} spent Legendary Commodities "
                                          "are reshuffled into a new pile."),
    "nothing_left": lambda _, ev: (f"{seat_name(ev.get('seat'))} gets no {ev.get('what')}: "
                                  "the reserve is empty."),
    "colossus": lambda _, ev: (f"{seat_name(ev.get('seat'))} takes "
                              f"{resource_words(ev.get('commodity'))} with the Colossus."),
    "tracks": _tracks,
    "title": lambda _, ev: (f"{seat_name(ev.get('seat'))} becomes "
                           f"{TRACK_NAMES[ev.get('track')]} Leader."),
    "tile_turned": lambda _, ev: f"{ev.get('name')} is turned face up on the display.",
    "active": lambda _, ev: (f"{seat_name(ev.get('chooser'))} picks {_whom(ev)} as the next "
                            f"Active Player ({PHASE_NAMES[ev.get('phase')]})."),
    "round_ended": lambda _, ev: f"Round {ev.get('round')} ends.",
    "victory": _victory,
}
"""Sentences by event kind of this package's own steps; the phase modules keep theirs in
their own `SENTENCES`, merged by ruleset.py."""


def describe(ev: Event, sentences: dict[str, Sentence] = SENTENCES,
             names: Names | None = None) -> str:
    """One plain sentence for an event, places by `names` (a plain listing of its facts
    when no sentence knows its kind)."""
    sentence = sentences.get(ev.kind)
    if sentence is not None:
        return sentence(names or {}, ev)
    facts = ", ".join(f"{key} {value}" for key, value in ev.facts
                      if key not in ("seat", "empires"))
    who = seat_name(ev.get("seat")) + ": " if ev.get("seat") is not None else ""
    return f"{who}{ev.kind.replace('_', ' ')}{' (' + facts + ')' if facts else ''}."


def with_empires(sentence: str, empires: Sequence[str] | None) -> str:
    """The sentence with each "Player N" named by that seat's empire."""
    if not empires:
        return sentence

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return EMPIRE_NAMES.get(empires[seat], match.group(0)) if seat < len(empires) else \
            match.group(0)

    return _SEAT_WORD.sub(name, sentence)
