"""The JSON a script prints: the view, the pending decision, every event with its facts."""

from __future__ import annotations

import json
from typing import Any

from game.core.chance import ChanceRequest
from game.core.decision import Decision
from game.core.encoding import to_plain
from game.core.events import Event
from game.core.table import Table
from tools.script.actions import clip, legal_listing

BRIEF_CHARS = 100
"""The longest excerpt of a step an error message quotes."""


def result(table: Table, seat: int | None, events: list[tuple[int, Event]],
           show_legal: bool) -> dict[str, Any]:
    """The view of `seat` (None: a spectator), the decision, the events, maybe legal actions."""
    out: dict[str, Any] = {
        "view": table.view(seat), "decision": decision_plain(table),
        "events": [event_plain(table, step, ev) for step, ev in events]}
    if show_legal:
        out["legal"] = legal_listing(table)
    return out


def decision_plain(table: Table) -> dict[str, Any]:
    """Who acts next and how; a chance decision also says how many values it takes, in what
    ranges (`draws`: label, count, low, high — a pick counts from 0)."""
    decision = table.decision()
    out: dict[str, Any] = {"actor": _actor(table, decision), "kind": decision.kind,
                           "prompt": decision.prompt}
    if decision.chance is not None:
        out["values"] = decision.chance.value_count()
        out["draws"] = [{"label": d.label, "count": d.count, "low": d.bounds()[0],
                         "high": d.bounds()[1]} for d in decision.chance.draws]
    return out


def _actor(table: Table, decision: Decision) -> str | None:
    if decision.is_over:
        return None
    return "chance" if decision.actor < 0 else table.state.seats[decision.actor].empire


def event_plain(table: Table, step: int, ev: Event) -> dict[str, Any]:
    """One event: the step that caused it, its kind, its facts (`fields`) and its sentence."""
    return {"step": step, "kind": ev.kind, "fields": {k: to_plain(v) for k, v in ev.facts},
            "text": table.ruleset.describe(ev)}


def chance_text(request: ChanceRequest) -> str:
    """`2 values (random event: 2 × 1..6)`: how many values a chance decision takes."""
    parts = [f"{d.label}: {d.count} × {d.bounds()[0]}..{d.bounds()[1]}" for d in request.draws]
    count = request.value_count()
    return f"{count} value{'s' if count != 1 else ''} ({'; '.join(parts)})"


def brief(value: Any) -> str:
    """A step as compact JSON, cut to BRIEF_CHARS (an alias bomb is not printed whole)."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # keys JSON cannot hold (dates)
        text = repr(value)
    return clip(text, BRIEF_CHARS)
