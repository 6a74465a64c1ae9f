"""`expect:` steps: named figures of the view, compared with the values a script expects.

A path is dot-separated words (docs/positions.md, "expect"):
  turn, round, event, enraged, all_passed, last_turn, winners   the view's own figures
  EMPIRE.FIELD or FIELD.EMPIRE    a seat's vp, cities, hand_size, deck, discard, hand_bonus,
                                  cities_at_turn_start, capital; `hand`: the cards it holds
  CITY.owner, CITY.forts (or owner.CITY, forts.CITY); CITY alone is its owner
  AREA                            a barbarian area: subdued or free
  decision.actor, decision.kind, decision.prompt, decision.values
  view.KEY.KEY…                   anything else in the spectator's view (list items by number)
"""

from __future__ import annotations

import json
from typing import Any

from game.content import Node
from game.core.encoding import to_plain
from game.core.errors import EncodingError
from game.core.table import Table
from tools.script.output import decision_plain

ROOT_FIGURES = ("turn", "round", "event", "enraged", "all_passed", "last_turn", "winners",
                "scenario")
SORTED = ("hand",)
"""Figures compared in any order."""


class _NoFigure(LookupError):
    """A path that names nothing in the view."""


def check_expect(table: Table, node: Node) -> list[str]:
    """`PATH is ACTUAL, expected WANTED` for every figure that differs (none: all hold)."""
    view = to_plain(dict(table.view(None)))
    out = []
    for path, wanted in node.items():
        try:
            actual = figure(table, view, path)
        except _NoFigure as exc:
            raise wanted.error(f"no figure {path!r} in the view ({exc})") from None
        expected = _plain(wanted)
        if path.split(".")[-1] in SORTED or path.split(".")[0] in SORTED:
            actual, expected = _sorted(actual), _sorted(expected)
        if actual != expected:
            out.append(f"{path} is {_show(actual)}, expected {_show(expected)}")
    return out


def figure(table: Table, view: dict[str, Any], path: str) -> Any:
    """The value a path names (see the module docstring)."""
    parts = path.split(".")
    seats = {seat["empire"]: seat for seat in view["seats"]}
    head, rest = parts[0], parts[1:]
    if head == "view":
        return _walk(view, rest)
    if head == "decision":
        return _walk(decision_plain(table), rest)
    if len(parts) == 2 and (parts[1] in seats or parts[1] in view["cities"]):
        head, rest = parts[1], [parts[0]]
    if head in seats:
        return _seat_figure(table, seats[head], rest)
    if head in view["cities"]:
        return _walk(view["cities"][head], rest or ["owner"])
    if head in view["barbarians"] and not rest:
        return view["barbarians"][head]
    if head in ROOT_FIGURES and not rest:
        return view[head]
    raise _NoFigure("start with an empire, a city, a barbarian area, decision, view or one of "
                    + ", ".join(ROOT_FIGURES))


def _seat_figure(table: Table, seat: dict[str, Any], rest: list[str]) -> Any:
    if rest == ["hand"]:
        index = [s.empire for s in table.state.seats].index(seat["empire"])
        return [item["card"] for item in table.view(index)["hand"]]
    if len(rest) != 1 or rest[0] not in seat or rest[0] == "empire":
        names = ", ".join(key for key in seat if key != "empire")
        raise _NoFigure(f"an empire's figures: hand, {names}")
    return seat[rest[0]]


def _walk(value: Any, keys: list[str]) -> Any:
    for key in keys:
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            raise _NoFigure(f"nothing under {key!r}")
    return value


def _plain(node: Node) -> Any:
    """An expected value: text, a number, true/false, null, or lists and mappings of them."""
    try:
        return to_plain(node.value)
    except EncodingError:
        raise node.error("an expected value is text, a number, true/false, null, or a list or "
                         "mapping of them") from None


def _sorted(value: Any) -> Any:
    return sorted(value, key=str) if isinstance(value, list) else value


def _show(value: Any) -> str:
    """Words as they are; numbers, lists and text that reads like them as JSON."""
    if isinstance(value, str) and value and not _looks_plain(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def _looks_plain(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True
