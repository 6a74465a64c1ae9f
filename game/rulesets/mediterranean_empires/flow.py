"""Resolving entries: a short-lived builder over the state, and the registry of procedures.

Every frame kind has a Procedure: how it decides (None = it runs by itself), which actions are
legal, which slots an action opens, and how it handles an entry. After each entry the flow
settles: automatic frames run until a decision is pending.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import Entry
from game.core.events import Event
from game.core.records import DERIVED_CACHE, evolve
from game.rulesets.mediterranean_empires.frames import Frame
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState, Seat

MAX_SETTLE_STEPS = 10_000


@cache  # a handful of empire ids
def _written(empire: str) -> str:
    """An empire's id as people write it."""
    return empire.capitalize()


class Flow:
    """The state being resolved, the events it produced, and the rules it reads.

    Field changes (`set`, `update_seat`, `push`, `pop`…) are collected and applied in one
    copy when `state` is next read: a handler's several steps cost one copy of the state, not
    one each.
    """

    def __init__(self, rules: Rules, state: MeState) -> None:
        self.rules = rules
        self._state = state
        self._changes: dict[str, Any] = {}
        self.events: list[Event] = []

    @property
    def state(self) -> MeState:
        """The state so far."""
        if self._changes:
            self._state = evolve(self._state, **self._changes)
            self._changes = {}
        return self._state

    def peek(self, name: str) -> Any:
        """One field of the state so far, leaving pending changes pending (no state copy)."""
        changes = self._changes
        return changes[name] if name in changes else self._state.__dict__[name]

    def opened_card(self, slot: str) -> str:
        """The publicly opened card in a slot (it must be open), without copying the state."""
        card = self.peek("hidden").card_of(slot)
        if card is None:
            raise AssertionError(f"slot {slot} is not open")
        return card

    def emit(self, kind: str, **facts: Any) -> None:
        """Record an event; a `seat` fact also names its empire, for readable sentences."""
        seat = facts.get("seat")
        if type(seat) is int and "empire" not in facts:
            seats = self._changes.get("seats", self._state.seats)
            if 0 <= seat < len(seats):
                facts["empire"] = _written(seats[seat].empire)
        self.events.append(Event(kind, tuple(sorted(facts.items()))))

    def empire_name(self, seat: int) -> str:
        """A seat's empire as people write it (or "neutral")."""
        return _written(self.peek("seats")[seat].empire) if seat >= 0 else "neutral"

    def set(self, **changes: Any) -> None:
        """Replace fields of the state."""
        self._changes.update(changes)

    def seat(self, seat: int) -> Seat:
        """One seat's record."""
        return self.peek("seats")[seat]

    def update_seat(self, seat: int, **changes: Any) -> None:
        """Replace fields of one seat."""
        pending = self._changes
        seats = pending.get("seats", self._state.seats)
        pending["seats"] = (*seats[:seat], evolve(seats[seat], **changes), *seats[seat + 1:])

    def push(self, *frames: Frame) -> None:
        """Push frames so that the first given runs first."""
        changes = self._changes
        stack = changes.get("stack", self._state.stack)
        changes["stack"] = (*stack, *reversed(frames))

    def pop(self) -> Frame:
        """Remove and return the top frame."""
        changes = self._changes
        stack = changes.get("stack", self._state.stack)
        changes["stack"] = stack[:-1]
        return stack[-1]

    def replace_top(self, frame: Frame) -> None:
        """Swap the top frame for an updated one."""
        changes = self._changes
        stack = changes.get("stack", self._state.stack)
        changes["stack"] = (*stack[:-1], frame)

    def clear_to(self, kind: str) -> None:
        """Pop frames down to (not including) the nearest frame of `kind`."""
        stack = self.peek("stack")
        while stack and stack[-1].kind != kind:
            stack = stack[:-1]
        self.set(stack=stack)


@dataclass(frozen=True)
class Procedure:
    """How one frame kind behaves."""

    decide: Callable[[Rules, MeState, Any], Decision | None]
    handle: Callable[[Flow, Any, Entry], None] | None = None
    run: Callable[[Flow, Any], object] | None = None
    legal: Callable[[Rules, MeState, Any, int, Mapping[str, str]], tuple[Action, ...]] | None = None
    openings: Callable[[Rules, MeState, Any, Action], tuple[str, ...]] | None = None
    allows: Callable[[Rules, MeState, Any, int, Action, Mapping[str, str]], bool] | None = None
    """Optional cheaper test of one action (the core's guard); must agree with `legal`."""


PROCEDURES: dict[str, Procedure] = {}


def register(kind: str, procedure: Procedure) -> None:
    """Declare how frames of `kind` behave."""
    PROCEDURES[kind] = procedure


def procedure(frame: Frame) -> Procedure:
    """The procedure of a frame."""
    return PROCEDURES[frame.kind]


@cache  # ids repeat from game to game, and an Action is immutable: one object serves
def shared_action(verb: str, name: str, value: str) -> Action:
    """`act(verb, name=value)` for a text value (legal lists build thousands of these)."""
    return act(verb, **{name: value})


def top_decision(rules: Rules, state: MeState) -> Decision | None:
    """The top frame's decision (None: it runs by itself), worked out once per state.

    The table, the core's guard and `settle` all ask for the same state's decision; the memo
    on the (immutable) state makes the later asks free.
    """
    derived = state.__dict__.setdefault(DERIVED_CACHE, {})  # `records.memo`, without a closure
    key = ("top_decision", rules)
    if key in derived:
        return derived[key]
    top = state.stack[-1]
    decided = derived[key] = PROCEDURES[top.kind].decide(rules, state, top)
    return decided


def settle(flow: Flow) -> None:
    """Run automatic frames until a decision is pending (or the game is over)."""
    for _ in range(MAX_SETTLE_STEPS):
        state = flow.state
        if state.hidden.pending_commit() is not None or not state.stack:
            return
        if top_decision(flow.rules, state) is not None:
            return
        top = state.stack[-1]
        run = PROCEDURES[top.kind].run
        assert run is not None, f"frame {top.kind} neither decides nor runs"
        run(flow, top)
    raise RuntimeError("the game did not settle (a procedure loops)")
