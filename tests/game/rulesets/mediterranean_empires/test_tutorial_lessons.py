"""The Learn to Play lessons (scenarios/mediterranean_empires/tutorial/): every lesson replays
with the engine from its position, each step's move is legal where it comes and is the one
legal action it names, each roll is exactly one chance decision's printed values, and every
figure the lesson says the book prints (`expect:`, `totals:`) holds; the loader refuses
broken lessons naming file and key path; the lessons stay outside the rules hash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.content import ContentBundle, ContentError
from game.rulesets.mediterranean_empires.content import (
    PRESENTATION_FILES,
    bundled_bundle,
    bundled_content,
)
from game.rulesets.mediterranean_empires.tutorial import (
    Lesson,
    LessonError,
    LessonRun,
    Step,
    bundled_lessons,
    load_lessons,
)
from tools.script.expect import check_expect

LESSONS = {lesson.id: lesson for lesson in bundled_lessons()}


def test_the_lessons_and_their_order() -> None:
    assert list(LESSONS) == ["extended_example", "naval_battle", "storming_capua"]
    assert [lesson.player for lesson in LESSONS.values()] == ["carthage", "iberia", "rome"]
    assert LESSONS["storming_capua"].after == "naval_battle"
    for lesson in LESSONS.values():
        assert lesson.title and lesson.blurb and lesson.closing and lesson.moves >= 5
        assert lesson.steps[0].kind == "say" and lesson.steps[-1].kind == "say"


def _played(lesson: Lesson) -> Iterator[tuple[LessonRun, Step]]:
    """The lesson step by step: each move checked legal before it is played, then the step."""
    run = LessonRun(lesson)
    while not run.done:
        step = run.pending
        assert step is not None
        if step.kind == "move":
            seat = lesson.empires.index(str(step.seat))
            run.settle()
            assert run.table.decision().actor == seat, (step.where, run.waiting())
            assert run.resolve() in run.table.legal(seat), step.where
        run.play_out(run.index + 1)
        yield run, step


@pytest.mark.parametrize("ident", sorted(LESSONS))
def test_every_lesson_replays_to_its_printed_figures(ident: str) -> None:
    lesson = LESSONS[ident]
    checked = 0
    for run, step in _played(lesson):
        if step.expect is not None:
            assert check_expect(run.table, step.expect) == [], step.where
            checked += 1
        if step.totals:
            index = run.steps.index(step)
            totals = tuple(e.get("total") for i, e in run.log
                           if i == index and e.kind == "battle_total")
            assert totals == step.totals, step.where
            checked += 1
    assert checked >= 3
    assert run.done and not run.broken


def test_the_extended_example_ends_with_the_turns_scoring() -> None:
    *_, (run, _) = _played(LESSONS["extended_example"])
    kinds = [e.kind for _, e in run.log]
    assert "turn_ended" in kinds and "turn_started" not in kinds
    scored = [(e.get("seat"), e.get("what"), e.get("vp")) for _, e in run.log
              if e.kind == "scored"]
    assert scored == [(0, "largest empire", 5), (2, "key city", 1)]
    assert tuple(s.vp for s in run.table.state.seats) == (18, 9, 11)


def test_a_short_lesson_ends_at_the_battles_outcome() -> None:
    *_, (naval, _) = _played(LESSONS["naval_battle"])
    assert [e.get("attacker_won") for _, e in naval.log if e.kind == "combat_won"] == [True]
    capua = LessonRun(LESSONS["storming_capua"])
    assert capua.index == capua.start == len(LESSONS["naval_battle"].steps)
    assert capua.seat == 1 and set(capua.controllers()) == {0, 2}
    capua.play_out()
    won = [e for _, e in capua.log if e.kind == "combat_won"]
    assert [e.get("attacker_won") for e in won] == [True, True]  # the naval, the field battle


def test_the_person_cannot_play_for_the_script() -> None:
    run = LessonRun(LESSONS["naval_battle"])
    run.play_out(run.index + 1)  # the opening page
    assert run.persons_turn() and str(run.expected()) == "expedition"
    run.play_out(10)  # the declaration, to Rome's first window
    assert not run.persons_turn() and run.expected() is None
    assert run.table.decision().actor == 1  # Rome's window


# -- the loader ---------------------------------------------------------------------------------

GOOD = """title: T
order: 1
player: iberia
position: positions/rulebook_capua.yaml
blurb: b
closing: c
steps:
  - {say: hello}
  - {seat: iberia, do: pass}
"""


def _bundle(**lessons: str) -> ContentBundle:
    base = bundled_bundle()
    kept = tuple((n, t) for n, t in base.files
                 if not n.startswith("tutorial/") or n.startswith("tutorial/positions/"))
    extra = tuple((f"tutorial/{name}.yaml", text) for name, text in lessons.items())
    return ContentBundle(base.ruleset, kept + extra, PRESENTATION_FILES)


def test_a_small_lesson_loads_and_plays() -> None:
    (lesson,) = load_lessons(_bundle(small=GOOD), bundled_content())
    assert (lesson.id, lesson.moves, lesson.steps[1].request) == ("small", 1, ("pass", {}, {}))
    run = LessonRun(lesson, (lesson,))
    run.play_out()
    assert run.done and run.table.state.seats[2].vp == 10


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace("order: 1", "order: 1\ncolour: red"), "unknown key(s) colour"),
    (GOOD.replace("player: iberia", "player: greece"), "player: 'greece' is not one of"),
    (GOOD + "  - {seat: egypt, do: pass}\n", "steps[2].seat: 'egypt' is not one of"),
    (GOOD + "  - {dice: []}\n", "steps[2].dice: a roll gives at least one value"),
    (GOOD + "  - {dice: [1], seat: rome, do: pass}\n", "a step is a move or a roll"),
    (GOOD + "  - {do: pass}\n", "a move names the empire making it"),
    (GOOD + "  - {expect: {rome.vp: 3}}\n", "is a page of text"),
    (GOOD.replace("{seat: iberia, do: pass}", "{seat: rome, do: pass}"), "makes no move"),
    (GOOD.replace("rulebook_capua", "nowhere"), "no position file 'positions/nowhere.yaml'"),
    (GOOD.replace("position: positions/rulebook_capua.yaml", "after: small"),
     "lessons come after one another in a circle"),
    (GOOD.replace("blurb: b", "after: other"), "give exactly one of position"),
])
def test_a_broken_lesson_is_refused_naming_file_and_path(text: str, message: str) -> None:
    with pytest.raises(ContentError) as refused:
        load_lessons(_bundle(small=text), bundled_content())
    assert message in str(refused.value) and "tutorial/small.yaml" in str(refused.value)


def test_a_step_that_does_not_fit_the_table_stops_the_lesson() -> None:
    wrong = GOOD.replace("{seat: iberia, do: pass}", "{seat: iberia, do: discard, "
                         "slot_card: consul}")
    (lesson,) = load_lessons(_bundle(small=wrong), bundled_content())
    with pytest.raises(LessonError, match=r"steps\[1\]: discard slot=consul is not legal"):
        LessonRun(lesson, (lesson,)).play_out()
    early = GOOD.replace("  - {say: hello}\n", "  - {say: hello}\n  - {dice: [3, 4]}\n")
    (lesson,) = load_lessons(_bundle(small=early), bundled_content())
    with pytest.raises(LessonError, match=r"steps\[1\]: the table asks iberia \(action"):
        LessonRun(lesson, (lesson,)).play_out()
    short = GOOD + "  - {dice: [3]}\n"  # everyone has passed: round 4's roll takes 2 dice
    (lesson,) = load_lessons(_bundle(small=short), bundled_content())
    with pytest.raises(LessonError, match=r"steps\[2\]: .* takes 2 value\(s\); the step "
                       "gives 1"):
        LessonRun(lesson, (lesson,)).play_out()


def test_the_lessons_stay_outside_the_rules_hash() -> None:
    base = bundled_bundle()
    changed = ContentBundle(base.ruleset, tuple(
        (n, t + "\n# another word\n" if n.startswith("tutorial/") else t)
        for n, t in base.files), PRESENTATION_FILES)
    assert changed.content_hash == base.content_hash
    assert changed.files_hash == base.files_hash
    without = ContentBundle(base.ruleset, tuple((n, t) for n, t in base.files
                                                if not n.startswith("tutorial/")),
                            PRESENTATION_FILES)
    assert without.content_hash == base.content_hash and without.files_hash == base.files_hash
