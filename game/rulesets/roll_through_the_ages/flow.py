"""The short-lived builder that resolves one entry: the state being changed, the content it
is read against, and the events produced."""

from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.core.events import Event, event
from game.core.records import evolve
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.state import Player, RttaState, put


class Flow:
    """Holds the state being resolved, its content and the events it produced."""

    def __init__(self, content: RttaContent, state: RttaState) -> None:
        self.content = content
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, **facts: Any) -> None:
        """Record an event."""
        self.events.append(event(kind, **facts))

    def set(self, **changes: Any) -> None:
        """Replace fields of the state."""
        self.state = evolve(self.state, **changes)

    def go(self, phase: str) -> None:
        """Move on to another phase of the turn."""
        self.state = evolve(self.state, phase=phase)

    def turn(self, **changes: Any) -> None:
        """Replace fields of the turn in progress."""
        self.state = evolve(self.state, current=evolve(self.state.current, **changes))

    @property
    def active(self) -> int:
        """The seat whose turn it is."""
        return self.state.turn

    def player(self, seat: int | None = None) -> Player:
        """One player's sheet (the active player's by default)."""
        return self.state.players[self.active if seat is None else seat]

    def update(self, seat: int, **changes: Any) -> None:
        """Replace fields of one player's sheet."""
        players = self.state.players
        self.state = evolve(self.state, players=put(players, seat, evolve(players[seat],
                                                                          **changes)))


def int_arg(action: Action, name: str) -> int:
    """An action's whole-number argument (the legal list only offers ints there)."""
    value = action.arg(name)
    assert isinstance(value, int)
    return value
