"""Resolving entries: a short-lived builder over the state, and the registry of procedures.

Every frame kind has a Procedure: how it decides (None = it runs by itself), which actions are
legal, which slots an action opens, and how it handles an entry. After each entry the flow
settles: automatic frames run until a decision is pending.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.decision import Decision
from game.core.entries import Entry
from game.core.events import Event, event
from game.core.records import evolve
from game.rulesets.mediterranean_empires.frames import Frame
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState, Seat

MAX_SETTLE_STEPS = 10_000


class Flow:
    """The state being resolved, the events it produced, and the rules it reads."""

    def __init__(self, rules: Rules, state: MeState) -> None:
        self.rules = rules
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, **facts: Any) -> None:
        """Record an event; a `seat` fact also names its empire, for readable sentences."""
        seat = facts.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self.state.seats):
            facts.setdefault("empire", self.empire_name(seat))
        self.events.append(event(kind, **facts))

    def empire_name(self, seat: int) -> str:
        """A seat's empire as people write it (or "neutral")."""
        return self.state.seats[seat].empire.capitalize() if seat >= 0 else "neutral"

    def set(self, **changes: Any) -> None:
        """Replace fields of the state."""
        self.state = evolve(self.state, **changes)

    def seat(self, seat: int) -> Seat:
        """One seat's record."""
        return self.state.seats[seat]

    def update_seat(self, seat: int, **changes: Any) -> None:
        """Replace fields of one seat."""
        seats = self.state.seats
        self.set(seats=(*seats[:seat], evolve(seats[seat], **changes), *seats[seat + 1:]))

    def push(self, *frames: Frame) -> None:
        """Push frames so that the first given runs first."""
        self.set(stack=(*self.state.stack, *reversed(frames)))

    def pop(self) -> Frame:
        """Remove and return the top frame."""
        top = self.state.stack[-1]
        self.set(stack=self.state.stack[:-1])
        return top

    def replace_top(self, frame: Frame) -> None:
        """Swap the top frame for an updated one."""
        self.set(stack=(*self.state.stack[:-1], frame))

    def clear_to(self, kind: str) -> None:
        """Pop frames down to (not including) the nearest frame of `kind`."""
        stack = self.state.stack
        while stack and stack[-1].kind != kind:
            stack = stack[:-1]
        self.set(stack=stack)


@dataclass(frozen=True)
class Procedure:
    """How one frame kind behaves."""

    decide: Callable[[Rules, MeState, Any], Decision | None]
    handle: Callable[[Flow, Any, Entry], None] | None = None
    run: Callable[[Flow, Any], None] | None = None
    legal: Callable[[Rules, MeState, Any, int, Mapping[str, str]], tuple[Action, ...]] | None = None
    openings: Callable[[Rules, MeState, Any, Action], tuple[str, ...]] | None = None


PROCEDURES: dict[str, Procedure] = {}


def register(kind: str, procedure: Procedure) -> None:
    """Declare how frames of `kind` behave."""
    PROCEDURES[kind] = procedure


def procedure(frame: Frame) -> Procedure:
    """The procedure of a frame."""
    return PROCEDURES[frame.kind]


def settle(flow: Flow) -> None:
    """Run automatic frames until a decision is pending (or the game is over)."""
    for _ in range(MAX_SETTLE_STEPS):
        state = flow.state
        if state.hidden.pending_commit() is not None or state.top is None:
            return
        proc = procedure(state.top)
        if proc.decide(flow.rules, state, state.top) is not None:
            return
        assert proc.run is not None, f"frame {state.top.kind} neither decides nor runs"
        proc.run(flow, state.top)
    raise RuntimeError("the game did not settle (a procedure loops)")
