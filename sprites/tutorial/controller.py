"""The table's controller for a lesson: the script's moves wait until their explanation has
been read, the person may make only the step's move (any other legal one is refused with a
hint and changes nothing), and the lesson ends after its last step.

No pygame: the scene asks `next_move()` as at any table; tests drive it with a manual clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.actions import Action
from game.core.events import Event
from game.rulesets.mediterranean_empires.tutorial.lesson import Step
from game.rulesets.mediterranean_empires.tutorial.run import MECHANICAL, LessonRun
from game.session import HUMAN, GameSession, Secrets
from sprites.table.controller import Move, Offered, TableController

READ_BASE, READ_RATE, READ_MOST = 2.0, 16.0, 18.0
"""A page is read in READ_BASE s plus one second per READ_RATE characters, at most READ_MOST."""
SCRIPT_PAUSE = 1.0
"""Seconds a move or roll without words waits at normal speed."""
SCRIPT = "the book"
"""Who plays the empires the person does not (the HUD says "Played by the book")."""
WAYS = {"targets": "the ring pulsing on the map", "cards": "the glowing card in your hand",
        "buttons": "the pulsing button"}


def lesson_session(run: LessonRun) -> GameSession:
    """The run's table as a GameSession: the person at their seat, the script at the others
    (as their bots), the printed dice as chance, every entry reported to the run."""
    seats = range(len(run.lesson.empires))
    bots = tuple(HUMAN if seat == run.seat else "bot:random" for seat in seats)
    session = GameSession(run.table, bots, Secrets((), b"", b"lesson"))
    session.players = tuple(HUMAN if seat == run.seat else SCRIPT for seat in seats)
    session.bots = run.controllers()
    session.chance = run.chance
    session.history = list(run.history)
    session.on_entry = lambda s: run.entered(s.table.records[-1].entry, s.history[-1][1])
    return session


def pace(step: Step) -> float:
    """Seconds the script waits on a step at normal speed, so its words can be read."""
    if not step.say:
        return SCRIPT_PAUSE
    return min(READ_MOST, READ_BASE + len(step.say) / READ_RATE)


class LessonController(TableController):
    """One lesson at this screen, paced for reading."""

    undo_allowed = False
    can_load = False

    def __init__(self, run: LessonRun, animation_speed: int = 100) -> None:
        super().__init__(lesson_session(run), None, animation_speed)
        self.run = run
        self.read_for = 0.0
        """Seconds the pending step has been on screen (with nothing animating)."""
        self.held = False
        """The person paused the script."""
        self.hurried = False
        """The person asked for the next step now."""
        self._timed = -1
        self.last_offered: Offered | None = None
        self.refused = ""
        """What the lesson said to the last move it did not take ("": it took the last)."""

    # -- pacing -------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Time passes with nothing animating: the pending step is being read."""
        super().tick(dt)
        self._restart()
        if not self.held:
            self.read_for += dt

    def _restart(self) -> None:
        """A new pending step starts its reading time afresh."""
        if self.run.index != self._timed:
            self._timed, self.read_for, self.hurried = self.run.index, 0.0, False

    def reading(self) -> bool:
        """Whether the script still waits on the pending step's words."""
        step = self.run.pending
        if step is None or self.run.persons_turn() or self.hurried:
            return False
        if self.held:
            return True
        if self.speed <= 0 or self.fast:
            return False
        return self.read_for < pace(step) / self.speed

    def progress(self) -> float | None:
        """How much of the pending step's reading time has passed, 0..1 (None: none runs)."""
        step = self.run.pending
        if step is None or self.run.persons_turn() or self.speed <= 0 or self.fast:
            return None
        return self.read_for / (pace(step) / self.speed)

    def hurry(self) -> None:
        """On to the next step now (and the script runs again if it was paused)."""
        self.hurried, self.held = True, False

    def hold(self) -> None:
        """Pause the script, or let it run again."""
        self.held = not self.held

    def next_move(self) -> Move:
        """The lesson's own pace: a page waits to be read, then the step is played."""
        if self.stuck:
            return "stuck"
        if self.run.broken:
            self.notice, self.stuck = f"The lesson cannot go on: {self.run.broken}", True
            return "stuck"
        if self.run.done:
            return "over"
        if self.session.decision().kind in MECHANICAL:
            return "step"
        self._restart()
        step = self.run.pending
        assert step is not None
        if self.run.persons_turn():
            return super().next_move()
        if self.reading():
            return "wait"
        if step.kind == "say":
            self.run.read()
            return "wait"
        return "step"

    # -- the person's move --------------------------------------------------------------

    def offered(self, view: Mapping[str, Any]) -> Offered | None:
        """What the person may click (every legal move; only the step's is accepted);
        nothing while the lesson's step is a page, the script's or past the end."""
        self.last_offered = super().offered(view) if self.run.persons_turn() else None
        return self.last_offered

    def expected(self) -> Action | None:
        """The move the lesson waits for from the person (None: the script's turn)."""
        return self.run.expected()

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """The step's move goes to the table; any other is refused, with the hint."""
        expected = self.expected()
        if action != expected:
            self.refused = self.refusal(expected)
            return None
        self.refused = ""
        return super().act(action)

    def refusal(self, expected: Action | None) -> str:
        """What the lesson says to a move it does not take."""
        if expected is None:
            return "In this lesson, wait for your move: it is highlighted when it comes."
        return f"In this lesson, play “{self.words(expected)}” (it is highlighted)."

    def words(self, action: Action) -> str:
        """An action's label as the bar shows it."""
        offered = self.last_offered
        return offered.labels.get(action, str(action)) if offered else str(action)

    def way(self, action: Action) -> str:
        """Where the person finds an action: a place, a card or a button."""
        offer = self.last_offered.offer if self.last_offered else None
        if offer is not None and any(action in acts for acts in offer.targets.values()):
            return WAYS["targets"]
        if offer is not None and any(action in acts for acts in offer.cards.values()):
            return WAYS["cards"]
        return WAYS["buttons"]

    def prompt(self, offered: Offered | None) -> tuple[str, str, str]:
        """The bar: the script's moves as the book's, the person's with where to click."""
        if self.run.done:
            return "The lesson is over", "", ""
        who, why, hint = super().prompt(offered)
        step = self.run.pending
        if step is not None and step.kind == "say":
            return "The lesson", "A page to read on the right.", "Next » (or N) goes on now"
        decision = self.session.decision()
        expected = self.expected()
        if offered is not None and expected is not None:
            return who, why, f"The lesson's move: {self.words(expected)} — {self.way(expected)}"
        if decision.kind == "action" and not self.run.persons_turn():
            empire = self.names.empire(self.empires[decision.actor])
            return f"{empire} (the book's move)", why, hint
        return who, why, hint

    # -- the page ------------------------------------------------------------------------

    def page(self) -> Step | None:
        """The step whose words the panel shows: the pending one's, else the last words
        said in this lesson (None: none yet)."""
        last = min(self.run.index, len(self.run.steps) - 1)
        for index in range(last, self.run.start - 1, -1):
            if self.run.steps[index].say:
                return self.run.steps[index]
        return None

    def kept_words(self) -> str:
        """Lessons keep no saves."""
        return "Lessons are not saved: each one starts afresh from the books' position."
