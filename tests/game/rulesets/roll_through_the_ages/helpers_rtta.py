"""Scripted games of Roll Through the Ages: set-up, dice by face id, actions by verb, and
sheets edited into a position (the simplest equivalent of Mediterranean Empires' positions)."""

from __future__ import annotations

from typing import Any

from game.core.actions import act
from game.core.engine import apply
from game.core.entries import ActionEntry, ChanceEntry
from game.core.events import Event
from game.core.records import evolve
from game.core.ruleset import GameConfig, ViewRequest
from game.rulesets import get_ruleset
from game.rulesets.roll_through_the_ages.ruleset import RttaRuleset
from game.rulesets.roll_through_the_ages.state import Player, RttaState, put

RULESET: RttaRuleset = get_ruleset("roll_through_the_ages")  # type: ignore[assignment]
CONTENT = RULESET.content


PASS = {"keep": "stop", "granaries": "feed", "conquest": "decline", "tribute_offer": "refuse",
        "build": "done", "colonies": "done", "setup": "setup"}
"""The action that declines each phase's choice."""


def value(face_id: str) -> int:
    """The die value (1-6) that shows a face, on the Fate or the Empire die."""
    for die in (CONTENT.fate_die, CONTENT.empire_die):
        for index, face in enumerate(die):
            if face.id == face_id:
                return index + 1
    raise KeyError(face_id)


class Game:
    """A game stepped entry by entry through the core's guards."""

    def __init__(self, seats: int = 2, length: str = "short", mediterranean: bool = False,
                 choices: tuple[str, ...] | None = None) -> None:
        options = (("length", length), ("mediterranean", mediterranean))
        config = GameConfig("roll_through_the_ages", "standard",
                            tuple(f"Seat {s}" for s in range(seats)), b"rtta-test-game!!",
                            options)
        self.state: RttaState = RULESET.setup(config)
        self.events: list[Event] = []
        for seat, choice in enumerate(choices or ("port",) * seats):
            self.act(seat, "setup", choice=choice)

    @property
    def phase(self) -> str:
        """The current phase."""
        return self.state.phase

    def player(self, seat: int) -> Player:
        """One sheet."""
        return self.state.players[seat]

    def set(self, **changes: Any) -> None:
        """Change the state directly (round, board…) to set up a position."""
        self.state = evolve(self.state, **changes)

    def view(self) -> Any:
        """The spectator's view."""
        return RULESET.view(self.state, ViewRequest(None))

    def edit(self, seat: int, **changes: Any) -> None:
        """Change a sheet directly (to set up a position)."""
        players = self.state.players
        self.state = evolve(self.state, players=put(players, seat,
                                                    evolve(players[seat], **changes)))

    def legal(self, seat: int | None = None) -> tuple:
        """The legal actions of the seat choosing (or of `seat`)."""
        decision = RULESET.decision(self.state)
        return RULESET.legal_actions(self.state, decision.actor if seat is None else seat, {})

    def act(self, seat: int, verb: str, **args: Any) -> tuple[Event, ...]:
        """Submit one action (refused by the core if illegal)."""
        return self._apply(ActionEntry(seat, act(verb, **args)))

    def roll(self, *faces: str) -> tuple[Event, ...]:
        """Answer the pending roll with the dice showing these faces (Fate die first)."""
        return self._apply(ChanceEntry(values=tuple(value(f) for f in faces)))

    def chance(self, *values: int) -> tuple[Event, ...]:
        """Answer the pending chance decision with raw values."""
        return self._apply(ChanceEntry(values=values))

    def _apply(self, entry: ActionEntry | ChanceEntry) -> tuple[Event, ...]:
        self.state, events = apply(RULESET, self.state, entry)
        self.events += events
        return events

    def pass_until(self, phase: str) -> None:
        """Decline every choice (build nothing, buy nothing…) until `phase` or a roll."""
        while self.phase != phase and RULESET.decision(self.state).kind == "action":
            seat = RULESET.decision(self.state).actor
            self.act(seat, PASS.get(self.phase, "skip"))

    def kinds(self) -> list[str]:
        """The kinds of every event so far."""
        return [e.kind for e in self.events]

    def found(self, kind: str) -> list[Event]:
        """Every event of a kind so far."""
        return [e for e in self.events if e.kind == kind]
