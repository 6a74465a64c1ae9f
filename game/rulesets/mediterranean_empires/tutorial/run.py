"""A lesson being played: a table set to the lesson's position, its dice answered from the
steps (each roll a ScriptedChance of the printed values), the other empires' moves made by the
script, and the person's move checked against the step.

The run keeps which step is next (`index`); every recorded move or roll moves it on. A lesson
that comes `after` another plays that one's steps first, at once. A client seats the run at a
GameSession (its `chance`, `controllers()` and `entered`); tests play it on the table alone.
Pure: no pygame, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action, matches
from game.core.decision import Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.errors import EngineError
from game.core.events import Event
from game.core.table import Controller, ScriptedChance, Table, next_entry
from game.rulesets.mediterranean_empires.position.load import build_position
from game.rulesets.mediterranean_empires.rules import Rules, bundled_rules
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.tutorial.lesson import (
    Lesson,
    Request,
    Step,
    bundled_lessons,
    find_lesson,
)

MECHANICAL = ("commit", "open", "handoff")


class LessonError(EngineError):
    """A lesson's step does not fit the table: the lesson is broken."""


class LessonRun:
    """One lesson at the table, from its position to its last step."""

    def __init__(self, lesson: Lesson, lessons: tuple[Lesson, ...] | None = None,
                 rules: Rules | None = None) -> None:
        lessons = bundled_lessons() if lessons is None else lessons
        chain = _chain(lesson, lessons)
        assert chain[0].position is not None
        rules = rules or bundled_rules()
        loaded = build_position(rules, chain[0].position)
        self.table = Table(MeRuleset(rules), loaded.config, loaded.secrets)
        self.table.state = loaded.state
        self.lesson = lesson
        self.seat = lesson.empires.index(lesson.player)
        """The person's seat."""
        self.steps: tuple[Step, ...] = tuple(s for part in chain for s in part.steps)
        self.start = len(self.steps) - len(lesson.steps)
        """The lesson's own first step (the ones before it come from earlier lessons)."""
        self.index = 0
        self.last = -1
        """The step whose entries are being recorded (the last move or roll made)."""
        self.broken = ""
        self.history: list[tuple[int, tuple[Event, ...]]] = []
        """(record index, its events) for every entry since the position."""
        self.log: list[tuple[int, Event]] = []
        """Every event since the position, with the index of the step that caused it."""
        self._resolved: dict[int, Action] = {}
        self.play_out(self.start)

    # -- where the lesson stands ----------------------------------------------------------

    @property
    def pending(self) -> Step | None:
        """The next step (None: the lesson is over)."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def done(self) -> bool:
        """Whether every step has been played."""
        return self.index >= len(self.steps)

    def persons_turn(self) -> bool:
        """Whether the next step is the person's move."""
        step = self.pending
        return step is not None and step.kind == "move" and step.seat == self.lesson.player

    def expected(self) -> Action | None:
        """The person's move now, as a legal action (None: not theirs to make, or the table
        still has an opening or a commitment to record first)."""
        decision = self.table.decision()
        if not self.persons_turn() or decision.kind != "action" or decision.actor != self.seat:
            return None
        return self.resolve()

    def resolve(self) -> Action:
        """The pending move as the one legal action it names; LessonError otherwise."""
        if self.index not in self._resolved:
            step = self.pending
            assert step is not None and step.seat is not None and step.request is not None
            seat = self.lesson.empires.index(step.seat)
            self._resolved[self.index] = resolve(self.table, seat, step.request, step.where)
        return self._resolved[self.index]

    def waiting(self) -> str:
        """What the table asks now, in words, for messages."""
        decision = self.table.decision()
        who = "chance" if decision.is_chance else self.lesson.empires[decision.actor] \
            if decision.actor >= 0 else "nobody"
        return f"the table asks {who} ({decision.kind}: {decision.prompt})"

    # -- moving on --------------------------------------------------------------------------

    def read(self) -> None:
        """The page on screen has been read: on to the next step."""
        step = self.pending
        assert step is not None and step.kind == "say", step
        self.index += 1

    def settle(self) -> None:
        """Answer the openings and commitments the table asks for (no step is one)."""
        while self.table.decision().kind in MECHANICAL:
            self._submit(self.table.mechanical_entry(self.table.decision()))

    def play_out(self, stop: int | None = None,
                 after: Callable[[Step], None] | None = None) -> None:
        """Play every step up to `stop` (default: all) on the table at once, the person's
        moves too; `after(step)` is called once each step's entries are in. LessonError if
        a step does not fit."""
        stop = len(self.steps) if stop is None else stop
        while self.index < stop:
            self.settle()
            step = self.steps[self.index]
            if step.kind == "say":
                self.read()
            elif self.persons_turn():
                self._submit(self.table.action_entry(self.seat, self.resolve()))
            else:
                self._submit(self._scripts_entry(step))
            if self.broken:
                raise LessonError(self.broken)
            self.settle()
            if after is not None:
                after(step)

    def _scripts_entry(self, step: Step) -> Entry:
        decision = self.table.decision()
        if decision.kind == "action" and decision.actor == self.seat:
            raise LessonError(f"{step.where}: {self.waiting()}")
        return next_entry(self.table, decision, self.controllers(), self.chance)

    def _submit(self, entry: Entry) -> None:
        self.entered(entry, self.table.submit(entry))

    # -- hooks for whoever submits ------------------------------------------------------------

    def controllers(self) -> dict[int, Controller]:
        """The script's controller for every empire the person does not play."""
        return {seat: _Script(self, seat) for seat in range(len(self.lesson.empires))
                if seat != self.seat}

    def chance(self, decision: Decision, index: int) -> ChanceEntry:
        """The printed values of the pending roll."""
        step = self.pending
        if step is None or step.dice is None:
            where = step.where if step is not None else self.lesson.file
            raise LessonError(f"{where}: the table rolls ({decision.prompt}) where the lesson "
                              f"has {step.kind if step else 'ended'}")
        wanted = decision.chance.value_count() if decision.chance is not None else 0
        if wanted != len(step.dice):
            raise LessonError(f"{step.where}: {decision.prompt} takes {wanted} value(s); the "
                              f"step gives {len(step.dice)}")
        return ScriptedChance(step.dice)(decision, index)

    def scripted(self, seat: int) -> Action:
        """The script's move for an empire the person does not play."""
        step = self.pending
        if step is None or step.seat != self.lesson.empires[seat]:
            where = step.where if step is not None else self.lesson.file
            raise LessonError(f"{where}: the table asks {self.lesson.empires[seat]} to move "
                              f"where the lesson has {step.kind if step else 'ended'}")
        return self.resolve()

    def entered(self, entry: Entry, events: tuple[Event, ...]) -> None:
        """An entry was recorded on the table: a move or a roll moves the lesson on."""
        self.history.append((len(self.table.records) - 1, events))
        if isinstance(entry, ActionEntry | ChanceEntry):
            self._check(entry)
            self.last, self.index = self.index, self.index + 1
        self.log += [(self.last, event) for event in events]

    def _check(self, entry: ActionEntry | ChanceEntry) -> None:
        step = self.pending
        if step is None:
            self.broken = f"{self.lesson.file}: the table went on after the last step"
        elif isinstance(entry, ActionEntry) and self._resolved.get(self.index) != entry.action:
            self.broken = f"{step.where}: {self.lesson.empires[entry.seat]} played " \
                          f"{entry.action}, not the step's move"


class _Script:
    """The controller of an empire the script plays: the pending step's move."""

    def __init__(self, run: LessonRun, seat: int) -> None:
        self.run = run
        self.seat = seat

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The step's move."""
        return self.run.scripted(self.seat)


def _chain(lesson: Lesson, lessons: tuple[Lesson, ...]) -> list[Lesson]:
    """The lessons played from the position on, this one last."""
    chain = [lesson]
    while chain[0].after is not None:
        chain.insert(0, find_lesson(chain[0].after, lessons))
    return chain


# -- a step's move as a legal action -----------------------------------------------------------

def resolve(table: Table, seat: int, request: Request, where: str = "") -> Action:
    """The one legal action of `seat` with the step's verb and arguments, its card arguments
    being slots holding those cards; LessonError naming what is legal otherwise."""
    verb, args, cards = request
    known = {**table.ruleset.hidden(table.state).revealed, **table.secrets[seat].known()}
    legal = table.legal(seat)
    found = [a for a in legal if a.verb == verb and matches(a, args, cards, known)]
    if len(found) == 1:
        return found[0]
    wanted = " ".join([verb, *(f"{k}={v}" for k, v in args.items()),
                       *(f"{k}={v}" for k, v in cards.items())])
    said = "matches several legal actions" if found else "is not legal"
    shown = "; ".join(_with_cards(a, known) for a in (found or legal)[:12])
    raise LessonError(f"{where}: {wanted} {said} (legal: {shown})")


def _with_cards(action: Action, known: dict[str, str]) -> str:
    cards = [known[str(v)] for _, v in action.args if str(v) in known]
    return f"{action} ({', '.join(cards)})" if cards else str(action)
