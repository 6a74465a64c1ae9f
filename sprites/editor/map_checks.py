"""Live validation for the map editor: the scenario's problems (the checks `mare validate`
runs), those on the map first — a map edit also shows in the scenario (a province in play
that no longer has the cities it lists, a capital taken off the map)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sprites.editor.document import Draft

MAP_PARTS = ("map", "layout")


@dataclass(frozen=True)
class MapProblems:
    """The problems found (`Problem`s of the content checks, those on the map first) and how
    long the check took; `unavailable` says why there is no check."""

    problems: tuple[Any, ...] = ()
    seconds: float = 0.0
    unavailable: str = ""


def map_problems(draft: Draft) -> MapProblems:
    """Check the draft: the problems on its map (a path into the map or layout, or a place)
    first, then the scenario's."""
    try:
        from game.rulesets.mediterranean_empires.content.check import scenario_problems
    except ImportError:
        return MapProblems(unavailable="The scenario checks are not installed.")
    start = time.perf_counter()
    try:
        problems = scenario_problems(draft.setup, draft.map, draft.layout)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return MapProblems(unavailable=f"The checks stopped: {exc}.")
    ordered = sorted(problems, key=lambda p: not _on_map(p))
    return MapProblems(tuple(ordered), time.perf_counter() - start)


def _on_map(problem: Any) -> bool:
    where = tuple(getattr(problem, "where", ()) or ())
    return bool(where and where[0] in MAP_PARTS) or getattr(problem, "node", None) is not None


def province_of(problem: Any) -> str | None:
    """The province a problem is about (a province of the scenario's table), if any."""
    where = tuple(getattr(problem, "where", ()) or ())
    return str(where[2]) if where[:2] == ("setup", "provinces") and len(where) > 2 else None
