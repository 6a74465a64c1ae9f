"""The round (Round Overview): Collect → Trade → Build → Move & Battle → Claim Leadership,
until someone wins. `advance` runs every step that needs nobody's decision; the Culture
Leader (Build) and the Military Leader (Move & Battle) pick each next Active Player, and the
phase modules run that player's turn (trade.py, build.py, movement.py share one contract:
begin, decision, legal, apply, and for turns begin_turn and finish)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.records import evolve
from game.rulesets.mare_nostrum import (
    build,
    collect,
    display,
    leadership,
    movement,
    trade,
    victory,
)
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.perseus import perseus_can_win
from game.rulesets.mare_nostrum.setup import first_round
from game.rulesets.mare_nostrum.state import NOBODY, BuildState, MnState, MoveState


class TurnPhase(Protocol):
    """A phase played in Active Player turns (build.py, movement.py)."""

    def begin(self, flow: Flow) -> None:
        """Phase start."""

    def decision(self, content: MnContent, state: MnState) -> Decision | None:
        """The phase's pending decision, or None."""

    def begin_turn(self, flow: Flow, seat: int) -> None:
        """An Active Player's turn starts."""

    def finish(self, flow: Flow) -> None:
        """Every player had his turn."""


TURN_PHASES: dict[str, TurnPhase] = {"build": build, "move": movement}
CHOOSER_TRACK = {"build": 1, "move": 2}
"""The title whose holder picks the Active Players (rule 3: Culture; rule 4: Military)."""


def sub_state(state: MnState, phase: str) -> BuildState | MoveState:
    """The turn bookkeeping of a turn phase."""
    return state.build if phase == "build" else state.move


def choosing(content: MnContent, state: MnState) -> bool:
    """Whether the leader must pick the next Active Player now."""
    if state.phase not in TURN_PHASES or state.step != "turns":
        return False
    sub = sub_state(state, state.phase)
    return sub.active == NOBODY and TURN_PHASES[state.phase].decision(content, state) is None \
        and len(sub.done) < state.seats - 1


def waiting(state: MnState) -> tuple[int, ...]:
    """The players still to take their turn in the current turn phase."""
    done = sub_state(state, state.phase).done
    return tuple(seat for seat in range(state.seats) if seat not in done)


def choose_actions(state: MnState) -> tuple[Action, ...]:
    """The players still to take their turn (the leader may pick himself; the last one left
    needs no pick)."""
    return tuple(act("choose_active", seat=seat) for seat in waiting(state))


def chose(flow: Flow, seat: int) -> None:
    """Make `seat` the Active Player and start its turn."""
    phase = flow.state.phase
    flow.sub(phase, active=seat)
    flow.emit("active", phase=phase, seat=seat, chooser=flow.state.order_chooser)
    TURN_PHASES[phase].begin_turn(flow, seat)


def _end_turn(flow: Flow) -> None:
    phase = flow.state.phase
    sub = sub_state(flow.state, phase)
    flow.sub(phase, active=NOBODY, done=(*sub.done, sub.active))
    leadership.adjust_all(flow)


def _turns(flow: Flow) -> bool:
    """One automatic step of a turn phase; whether something happened."""
    state, phase = flow.state, flow.state.phase
    module = TURN_PHASES[phase]
    if module.decision(flow.content, state) is not None:
        return False
    sub = sub_state(state, phase)
    if sub.active != NOBODY:
        _end_turn(flow)
        return True
    if len(sub.done) < state.seats - 1:
        return False
    if len(sub.done) == state.seats - 1:
        chose(flow, waiting(state)[0])
        return True
    module.finish(flow)
    flow.step("finish")
    return True


def _finish(flow: Flow) -> bool:
    if TURN_PHASES[flow.state.phase].decision(flow.content, flow.state) is not None:
        return False
    leadership.adjust_all(flow)
    if flow.state.phase == "build":
        _end_build(flow)
    else:
        _end_move(flow)
    return True


def _end_build(flow: Flow) -> None:
    """Rule 6.2 at the end of Build, then the display is refilled (set-up 5)."""
    if victory.check(flow, "heroes", victory.fame_winners(flow.state)):
        return
    display.refill(flow)
    flow.step("refill")


def _begin_move(flow: Flow) -> None:
    flow.set(move=MoveState(), order_chooser=flow.state.titles[CHOOSER_TRACK["move"]])
    flow.go("move", "turns")
    flow.emit("phase", phase="move", round=flow.state.round)
    movement.begin(flow)


def _end_move(flow: Flow) -> None:
    """Rule 6.3 at the end of Move & Battle, then Claim Leadership."""
    if victory.check(flow, "cities", victory.conquest_winners(flow.content, flow.state)):
        return
    flow.go("leadership", "claim")


def _begin_build(flow: Flow) -> None:
    bases = tuple(tuple(a.id for a in flow.state.provinces if a.controller == seat)
                  for seat in range(flow.state.seats))
    flow.set(build=BuildState(bases=bases),
             order_chooser=flow.state.titles[CHOOSER_TRACK["build"]])
    flow.go("build", "turns")
    flow.emit("phase", phase="build", round=flow.state.round)
    build.begin(flow)
    if perseus_can_win(flow.content, flow.state) is not None:
        flow.step("perseus")


def _claim(flow: Flow) -> bool:
    flow.emit("phase", phase="leadership", round=flow.state.round)
    leadership.adjust_all(flow)
    leadership.claim_titles(flow)
    flow.step("award")
    return True


def _award(flow: Flow) -> bool:
    if leadership.awards_pending(flow.state):
        return False
    if not victory.check(flow, "titles", victory.title_winner(flow.state)):
        _next_round(flow)
    return True


def _next_round(flow: Flow) -> None:
    state = flow.state
    flow.emit("round_ended", round=state.round)
    trade = evolve(state.trade, marker=NOBODY, value=0, sealed=None, offers=(), claims=(),
                   claimer=NOBODY, short=NOBODY)
    flow.set(round=state.round + 1, trade=trade, order_chooser=NOBODY)
    flow.go("collect", "start")


def _refill(flow: Flow) -> bool:
    if flow.state.display.to_turn:
        return False
    _begin_move(flow)
    return True


def _display(flow: Flow) -> bool:
    if flow.state.display.to_turn:
        return False
    first_round(flow)
    return True


def _collect_queue(flow: Flow) -> bool:
    if collect.settle(flow):
        return False
    flow.go("trade", "offers")
    flow.emit("phase", phase="trade", round=flow.state.round)
    trade.begin(flow)
    return True


def _trade(flow: Flow) -> bool:
    if trade.decision(flow.content, flow.state) is not None:
        return False
    _begin_build(flow)
    return True


def _collect_start(flow: Flow) -> bool:
    collect.start(flow)
    return True


STEPS: dict[tuple[str, str], Callable[[Flow], bool]] = {
    ("setup", "display"): _display,
    ("collect", "start"): _collect_start,
    ("collect", "queue"): _collect_queue,
    ("trade", "offers"): _trade,
    ("build", "turns"): _turns,
    ("build", "finish"): _finish,
    ("build", "refill"): _refill,
    ("move", "turns"): _turns,
    ("move", "finish"): _finish,
    ("leadership", "claim"): _claim,
    ("leadership", "award"): _award,
}
"""Each step's automatic part: it returns True when it moved the game on."""


def advance(flow: Flow) -> None:
    """Run automatic steps until a decision (or the end of the game) is pending."""
    while (step := STEPS.get((flow.state.phase, flow.state.step))) is not None and step(flow):
        pass
