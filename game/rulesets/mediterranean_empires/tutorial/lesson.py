"""Lessons as data: the books' worked examples, step by step, with our own explanations.

A lesson file (scenarios/mediterranean_empires/tutorial/*.yaml) names the empire the person
plays, where the lesson starts (a position file under tutorial/positions/, or `after:` another
lesson, whose steps are then played at once), and its steps in the order the table asks them:

  {say: TEXT}                                  a page of explanation, nothing played
  {seat: rome, do: play, slot_card: consul, use: L, side: 1, say: TEXT}
                                               a move, in the engine's action vocabulary as
                                               `mare script` writes it (docs/positions.md)
  {dice: [3, 4], say: TEXT}                    the printed values of one chance decision
                                               (dice, or a pick as an index from 0)

Texts are written folded (`say: >`, a blank line between paragraphs). A move or a roll may
carry `say:` (shown while it is played), `expect:` (figures the book prints, as `mare script`
expect paths, checked after the step by the tests) and `totals:` (the combat totals the step
gives, attacker first). Pure: no pygame, no files but the bundle's. Format: docs/tutorial.md.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.content import ContentBundle, Node, parse_yaml
from game.rulesets.mediterranean_empires.content import (
    MeContent,
    bundled_bundle,
    bundled_content,
    load_content,
    validate_bundle,
)

FOLDER = "tutorial/"
"""Where the lessons live in the content bundle (outside the rules hash)."""
LESSON_KEYS = ("title", "order", "blurb", "player", "position", "after", "steps", "closing")
STEP_KEYS = ("seat", "do", "args", "dice", "say", "expect", "totals")
ACTION_KEYS = ("seat", "do", "args", "say", "expect", "totals")
"""Keys of a move that are not the action's arguments."""

Request = tuple[str, dict[str, Any], dict[str, Any]]
"""(verb, plain arguments, card arguments by card id) of a move."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a page of text, a move by an empire, or a roll."""

    number: int
    """1-based, within its lesson."""
    say: str = ""
    seat: str | None = None
    """The empire making the move (None: a roll or a page)."""
    request: Request | None = None
    dice: tuple[int, ...] | None = None
    expect: Node | None = None
    totals: tuple[int, ...] = ()
    where: str = ""
    """File and key path, for messages."""

    @property
    def kind(self) -> str:
        """"move", "roll" or "say"."""
        if self.seat is not None:
            return "move"
        return "roll" if self.dice is not None else "say"


@dataclass(frozen=True)
class Lesson:
    """A lesson: its title and blurb for the list, its player, start, steps and closing page."""

    id: str
    title: str
    order: int
    blurb: str
    player: str
    empires: tuple[str, ...]
    """The scenario's empires, in seat order."""
    position: Node | None
    """The position the lesson starts from (None: it starts `after` another lesson)."""
    after: str | None
    steps: tuple[Step, ...]
    closing: str
    file: str = field(default="", compare=False)

    @property
    def moves(self) -> int:
        """How many moves the person makes."""
        return sum(1 for step in self.steps if step.seat == self.player)


def load_lessons(bundle: ContentBundle, content: MeContent) -> tuple[Lesson, ...]:
    """Every lesson of a bundle, in order, each position built once to check it; ContentError
    naming the file and key path otherwise."""
    from game.rulesets.mediterranean_empires.position.load import build_position
    from game.rulesets.mediterranean_empires.rules import Rules

    rules = Rules(content)
    names = [n for n in bundle.names(FOLDER) if n.endswith(".yaml") and "/" not in
             n.removeprefix(FOLDER)]
    roots = {_stem(n): parse_yaml(bundle.text(n) or "", n) for n in names}
    lessons: dict[str, Lesson] = {}
    for ident in roots:
        _lesson(ident, roots, lessons, bundle, content, [])
    for lesson in lessons.values():
        if lesson.position is not None:
            build_position(rules, lesson.position)
    return tuple(sorted(lessons.values(), key=lambda lesson: (lesson.order, lesson.id)))


def _stem(name: str) -> str:
    return posixpath.basename(name).removesuffix(".yaml")


def _lesson(ident: str, roots: Mapping[str, Node], done: dict[str, Lesson],
            bundle: ContentBundle, content: MeContent, chain: list[str]) -> Lesson:
    """One lesson (and the lessons it comes after, first)."""
    if ident in done:
        return done[ident]
    root = roots[ident].only_keys(*LESSON_KEYS)
    if ident in chain:
        raise root.child("after").error(f"lessons come after one another in a circle: "
                                        f"{' → '.join([*chain, ident])}")
    position, after = root.opt("position"), root.opt("after")
    if (position is None) == (after is None):
        raise root.error("give exactly one of position (where the lesson starts) or after "
                         "(the lesson it goes on from)")
    if after is not None:
        before = after.choice(tuple(roots))
        empires = _lesson(before, roots, done, bundle, content, [*chain, ident]).empires
        start = None
    else:
        assert position is not None
        start = _position(position, bundle)
        empires = _empires(start, content)
    player = root.child("player").choice(empires)
    steps = tuple(_step(node, number, empires)
                  for number, node in enumerate(_steps(root.child("steps")), 1))
    if not any(step.seat == player for step in steps):
        raise root.child("steps").error(f"the person ({player}) makes no move in this lesson")
    done[ident] = Lesson(ident, root.get_text("title"), root.get_int("order", low=0),
                         _words(root.child("blurb")), player, empires, start,
                         after.text() if after is not None else None, steps,
                         _words(root.child("closing")), root.file)
    return done[ident]


def _position(node: Node, bundle: ContentBundle) -> Node:
    """A position written inline, or the file it names (relative to the lessons' folder)."""
    if isinstance(node.value, dict):
        return node
    name = posixpath.normpath(posixpath.join(FOLDER, node.text()))
    text = bundle.text(name)
    if text is None or not name.startswith(FOLDER):
        raise node.error(f"no position file {node.text()!r} in {FOLDER}")
    return parse_yaml(text, name)


def _empires(position: Node, content: MeContent) -> tuple[str, ...]:
    scenario = position.child("scenario")
    try:
        setup = content.setup(str(scenario.value))
    except KeyError as exc:
        raise scenario.error(str(exc.args[0])) from None
    return tuple(entry.empire for entry in setup.empires)


def _steps(node: Node) -> list[Node]:
    steps = list(node.elements())
    if not steps:
        raise node.error("a lesson has at least one step")
    return steps


def _step(node: Node, number: int, empires: tuple[str, ...]) -> Step:
    """One step: a move (seat), a roll (dice) or a page (say alone)."""
    where = f"{node.file}: {node.path}"
    if not isinstance(node.value, dict):
        raise node.error("a step is a mapping: {say: …}, {seat: …, do: …} or {dice: […]}")
    say = _words(node.child("say")) if node.has("say") else ""
    expect = node.opt("expect")
    if expect is not None:
        expect.as_dict_value()
    totals = tuple(n.integer(0) for n in node.child("totals").elements()) \
        if node.has("totals") else ()
    if node.has("seat"):
        seat = node.child("seat").choice(empires)
        return Step(number, say, seat, _request(node, empires), None, expect, totals, where)
    node.only_keys(*STEP_KEYS)
    if node.has("do") or node.has("args"):
        raise node.error("a move names the empire making it (seat:)")
    if node.has("dice"):
        dice = tuple(n.integer(0) for n in node.child("dice").elements())
        if not dice:
            raise node.child("dice").error("a roll gives at least one value")
        return Step(number, say, None, None, dice, expect, totals, where)
    if not say or expect is not None or totals:
        raise node.error("a step without a move or a roll is a page of text: {say: …}")
    return Step(number, say, where=where)


def _request(node: Node, empires: tuple[str, ...]) -> Request:
    """(verb, arguments, card arguments) of a move; `seat` arguments may name an empire and
    `NAME_card` arguments name cards by id (`deck:card` for another empire's)."""
    if node.has("dice"):
        raise node.child("dice").error("a step is a move or a roll, not both")
    verb = node.child("do").text()
    raw = {key: _value(child) for key, child in node.items() if key not in ACTION_KEYS}
    extra = node.opt("args")
    for key, child in extra.items() if extra is not None else ():
        if key in raw:
            raise child.error(f"argument {key} is given twice")
        raw[key] = _value(child)
    args = {k: empires.index(v) if k == "seat" and v in empires else v
            for k, v in raw.items() if not k.endswith("_card")}
    cards = {k.removesuffix("_card"): v for k, v in raw.items() if k.endswith("_card")}
    return verb, args, cards


def _value(node: Node) -> Any:
    """An argument: text, a whole number, true/false, or a list of those."""
    if isinstance(node.value, list):
        return [_value(item) for item in node.elements()]
    if isinstance(node.value, bool | int | str):
        return node.value
    raise node.error("an argument is text, a whole number, true/false or a list of them")


def _words(node: Node) -> str:
    """Explanatory text, written folded (`>`: a blank line starts a paragraph); paragraphs
    come back separated by a blank line."""
    paragraphs = [" ".join(part.split()) for part in node.text().strip().split("\n")]
    return "\n\n".join(p for p in paragraphs if p)


@cache
def bundled_lessons() -> tuple[Lesson, ...]:
    """The lessons shipped with the game, in order (loaded once)."""
    return load_lessons(bundled_bundle(), bundled_content())


def validate_with_lessons(bundle: ContentBundle | None) -> str:
    """`mare validate`'s check of the rule set: its content, then its lessons; a summary."""
    bundle = bundle or bundled_bundle()
    summary = validate_bundle(bundle)
    return f"{summary}, {len(load_lessons(bundle, load_content(bundle)))} lessons"


def find_lesson(ident: str, lessons: tuple[Lesson, ...] | None = None) -> Lesson:
    """A lesson by id; KeyError naming the known ones."""
    lessons = bundled_lessons() if lessons is None else lessons
    for lesson in lessons:
        if lesson.id == ident:
            return lesson
    known = ", ".join(lesson.id for lesson in lessons)
    raise KeyError(f"no lesson {ident!r} (known: {known})")

