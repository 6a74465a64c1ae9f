"""Seats of a rule set whose scenarios differ by which named seats play (Mare Nostrum's 5-, 4-
and 3-player boards): the seat lines of the players page, which of them may stay empty, and
the scenario the seats taken make. No pygame."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.ruleset import ScenarioInfo


def named_seats(scenarios: Sequence[ScenarioInfo]) -> tuple[str, ...]:
    """The seats of the scenario with the most named seats, in its order (none: the rule
    set's seats are numbered)."""
    return max((s.seats for s in scenarios), key=len, default=())


def optional_seats(scenarios: Sequence[ScenarioInfo]) -> frozenset[str]:
    """The named seats some scenario plays without."""
    every = set(named_seats(scenarios))
    return frozenset(name for s in scenarios if s.seats for name in every - set(s.seats))


def scenario_for(scenarios: Sequence[ScenarioInfo], taken: Sequence[str]
                 ) -> ScenarioInfo | None:
    """The scenario played by exactly the seats taken (None: no scenario seats them)."""
    return next((s for s in scenarios if s.seats and set(s.seats) == set(taken)), None)


def seat_title(name: str) -> str:
    """A named seat as a line's label ("rome" → "Rome")."""
    return name.replace("_", " ").title()
