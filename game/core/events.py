"""Events: what happened while an entry resolved (for the log, animations and AI)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.records import quick_init


@quick_init
@dataclass(frozen=True)
class Event:
    """One thing that happened: a kind and sorted named facts."""

    kind: str
    facts: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The value of one fact."""
        for key, value in self.facts:
            if key == name:
                return value
        return default


def event(kind: str, **facts: Any) -> Event:
    """Build an event with canonically ordered facts."""
    return Event(kind, tuple(sorted(facts.items())))
