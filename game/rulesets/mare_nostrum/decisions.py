"""Who decides next and what they may choose: the steps this package runs itself (the
display and legendary draws, the temple and Colossus choices, Perseus, picking Active
Players, awarding tied titles) and, otherwise, the phase module whose turn it is."""

from __future__ import annotations

from typing import Protocol

from game.core.actions import Action, act
from game.core.chance import resolve
from game.core.decision import CHANCE, Decision, game_over
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import memo
from game.rulesets.mare_nostrum import (
    build,
    collect,
    display,
    leadership,
    movement,
    perseus,
    sequence,
    trade,
)
from game.rulesets.mare_nostrum.content_records import TRACKS, MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import MnState
from game.rulesets.mare_nostrum.text import PHASE_NAMES, seat_name

RULES = {"collect": "rule 1", "trade": "rule 2", "build": "rule 3", "move": "rule 4",
         "leadership": "rule 5", "setup": "set-up 5"}
"""The rule section of each phase (for refusals)."""
Asked = tuple[Decision, tuple[Action, ...]]
"""A decision with its legal actions."""


def _own(content: MnContent, state: MnState) -> Asked | None:
    """The pending decision of a step this package runs itself, with its choices."""
    key = (state.phase, state.step)
    if key in (("setup", "display"), ("build", "refill")):
        request = display.request(state)
        return Decision(CHANCE, "chance", request.purpose, chance=request), ()
    if key == ("collect", "queue"):
        return _collect(state)
    if key == ("build", "perseus"):
        seat = perseus.perseus_can_win(content, state)
        assert seat is not None
        return _ask(seat, "build first with Perseus, or not", perseus.ANSWERS)
    if key == ("leadership", "award"):
        return _award(state)
    if sequence.choosing(content, state):
        prompt = f"pick the next Active Player ({PHASE_NAMES[state.phase]})"
        return _ask(state.order_chooser, prompt, sequence.choose_actions(state))
    return None


def _ask(seat: int, prompt: str, actions: tuple[Action, ...]) -> Asked:
    return Decision(seat, "action", f"{seat_name(seat)}: {prompt}"), actions


def _collect(state: MnState) -> Asked:
    seat, what = collect.pending(state) or (CHANCE, "")
    if what == "legendary":
        request = collect.draw_request(state)
        return Decision(CHANCE, "chance", request.purpose, chance=request), ()
    prompt = ("take a coin or a Legendary Commodity for the temple" if what == "temple"
              else "take one commodity with the Colossus")
    return _ask(seat, prompt, collect.choices(state))


def _award(state: MnState) -> Asked:
    track = leadership.awards_pending(state)[0]
    choices = tuple(act("award", track=TRACKS[track], seat=seat)
                    for seat in leadership.leaders(state, track))
    return _ask(state.titles[track], f"award the tied {TRACKS[track]} title", choices)


def decision(content: MnContent, state: MnState) -> Decision:
    """The one pending decision."""
    if state.phase == "over":
        return game_over()
    own = _own(content, state)
    if own is not None:
        return own[0]
    pending = _module(state).decision(content, state)
    assert pending is not None, f"no decision pending in {state.phase}/{state.step}"
    return pending


class PhaseModule(Protocol):
    """What trade.py, build.py and movement.py offer the sequence."""

    def decision(self, content: MnContent, state: MnState) -> Decision | None:
        """The phase's pending decision, or None."""

    def legal(self, content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
        """The seat's legal actions in the phase."""

    def apply(self, flow: Flow, entry: ActionEntry | ChanceEntry) -> None:
        """Resolve an action or chance entry of the phase."""


PHASE_MODULES: dict[str, PhaseModule] = {"trade": trade, "build": build, "move": movement}


def _module(state: MnState) -> PhaseModule:
    return PHASE_MODULES[state.phase]


def legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions now (none unless it is the one deciding), computed once per
    state."""
    return memo(state, ("legal", id(content), seat), lambda: _legal(content, state, seat))


def _legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    if state.phase == "over":
        return ()
    own = _own(content, state)
    if own is not None:
        return own[1] if own[0].actor == seat else ()
    return _module(state).legal(content, state, seat)


def apply(flow: Flow, entry: Entry) -> None:
    """Resolve an entry, then run on to the next decision."""
    state = flow.state
    own = _own(flow.content, state)
    if own is None and isinstance(entry, ActionEntry | ChanceEntry):
        _module(state).apply(flow, entry)
    elif own is None:
        trade.apply(flow, entry)
    elif isinstance(entry, ChanceEntry):
        assert own[0].chance is not None
        _chance(flow, resolve(own[0].chance, entry.seed, entry.values))
    elif isinstance(entry, ActionEntry):
        _action(flow, entry.action)
    sequence.advance(flow)


def _chance(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    if flow.state.phase == "collect":
        return collect.drew(flow, numbers[0][0])
    display.turned(flow, numbers)


def _action(flow: Flow, action: Action) -> None:
    verb = action.verb
    if verb in ("temple_bonus", "colossus"):
        return collect.chosen(flow, action)
    if verb == "award":
        track = TRACKS.index(str(action.arg("track")))
        return leadership.set_title(flow, track, int_arg(action, "seat"))
    if verb == "perseus":
        flow.sub("build", perseus_asked=True)
        flow.step("turns")
        if action.arg("first"):
            return sequence.chose(flow, _perseus_seat(flow))
        return None
    sequence.chose(flow, int_arg(action, "seat"))


def _perseus_seat(flow: Flow) -> int:
    seat = perseus.perseus_can_win(flow.content, flow.state)
    assert seat is not None
    return seat


def int_arg(action: Action, name: str) -> int:
    """An action's whole-number argument (the legal lists only offer ints there)."""
    value = action.arg(name)
    assert isinstance(value, int)
    return value
