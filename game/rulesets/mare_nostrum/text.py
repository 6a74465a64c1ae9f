"""One plain sentence per event, for `mare demo`, logs and the client's history. Sentences
name seats as people count them ("Player 1" is seat 0); `with_empires` then names each by
its empire ("Rome"), from the `empires` fact every event carries (flow.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from game.core.events import Event
from game.rulesets.mare_nostrum.victory import REASONS

Sentence = Callable[[Event], str]
TRACK_NAMES = {"trade": "Trade", "culture": "Culture", "military": "Military"}
EMPIRE_NAMES = {"rome": "Rome", "greece": "Greece", "babylon": "Babylon", "egypt": "Egypt",
                "carthage": "Carthage"}
_SEAT_WORD = re.compile(r"Player (\d+)")
PHASE_NAMES = {"collect": "Collect Resources", "trade": "Trade Resources", "build": "Build",
               "move": "Move & Battle", "leadership": "Claim Leadership"}


def seat_name(seat: object) -> str:
    """How people read a seat: "Player 1" for seat 0."""
    return f"Player {seat + 1}" if isinstance(seat, int) and seat >= 0 else "Nobody"


def counted(count: object, noun: str) -> str:
    """"1 resource", "3 resources": a count with its noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _items(items: object) -> str:
    """"2 grain, coin" → a short list, or "nothing"."""
    if not isinstance(items, list) or not items:
        return "nothing"
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in counts.items())


def _collected(ev: Event) -> str:
    short = ev.get("short")
    tail = f" ({short} short: the reserves ran out)" if short else ""
    return f"{seat_name(ev.get('seat'))} collects {_items(ev.get('items'))}{tail}."


def _tracks(ev: Event) -> str:
    old, new = ev.get("old"), ev.get("new")
    parts = [f"{name} {o} → {n}" for name, o, n in zip(TRACK_NAMES.values(), old, new,
                                                          strict=True) if o != n]
    return f"{seat_name(ev.get('seat'))}'s Leader tracks: {', '.join(parts)}."


def _victory(ev: Event) -> str:
    seats = ev.get("seats")
    names = " and ".join(seat_name(s) for s in seats) if isinstance(seats, list) else "?"
    return f"{names} win{'s' if len(seats) == 1 else ''}: {REASONS[ev.get('victory')]}."


SENTENCES: dict[str, Sentence] = {
    "phase": lambda ev: f"Round {ev.get('round')}: {PHASE_NAMES[ev.get('phase')]}.",
    "collected": _collected,
    "legendary_drawn": lambda ev: (f"{seat_name(ev.get('seat'))} draws a Legendary "
                                   f"{ev.get('commodity')}."),
    "legendary_reshuffled": lambda ev: (f"The {ev.get('count')} spent Legendary Commodities "
                                        "are reshuffled into a new pile."),
    "nothing_left": lambda ev: (f"{seat_name(ev.get('seat'))} gets no {ev.get('what')}: "
                                "the reserve is empty."),
    "colossus": lambda ev: (f"{seat_name(ev.get('seat'))} takes {ev.get('commodity')} with "
                            "the Colossus."),
    "tracks": _tracks,
    "title": lambda ev: (f"{seat_name(ev.get('seat'))} becomes "
                         f"{TRACK_NAMES[ev.get('track')]} Leader."),
    "tile_turned": lambda ev: f"{ev.get('name')} is turned face up on the display.",
    "active": lambda ev: (f"{seat_name(ev.get('chooser'))} picks {seat_name(ev.get('seat'))} "
                          f"as the next Active Player ({PHASE_NAMES[ev.get('phase')]})."),
    "round_ended": lambda ev: f"Round {ev.get('round')} ends.",
    "victory": _victory,
}
"""Sentences by event kind of this package's own steps; the phase modules keep theirs in
their own `SENTENCES`, merged by ruleset.py."""


def describe(ev: Event, sentences: dict[str, Sentence] = SENTENCES) -> str:
    """One plain sentence for an event (a plain listing of its facts when no sentence
    knows its kind)."""
    sentence = sentences.get(ev.kind)
    if sentence is not None:
        return sentence(ev)
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
