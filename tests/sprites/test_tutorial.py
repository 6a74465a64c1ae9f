"""Learn to Play, driven like a person: the title's entry, the lesson list, and every lesson
played to its closing page by clicking the highlighted thing at each step; a wrong move is
refused with the hint and changes nothing; the script's moves wait to be read."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.rulesets.mediterranean_empires.tutorial import LessonRun, bundled_lessons, find_lesson
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import Scene, intent
from sprites.scenes.title import TitleScene
from sprites.table.turn_summary import TurnSummary
from sprites.tutorial.closing import LessonEnd
from sprites.tutorial.controller import LessonController, pace
from sprites.tutorial.lessons import LessonsScene
from sprites.tutorial.scene import TutorialScene
from tests.sprites.pilot import Pilot, manual_app


def _app(display: pygame.Surface, speed: int = 0) -> tuple[App, ManualClock]:
    app, clock = manual_app(display, speed)
    app.open("title")
    return app, clock


def _lesson(display: pygame.Surface, ident: str, speed: int = 0
            ) -> tuple[App, Pilot, TutorialScene]:
    """The app with the lesson list open and the lesson started from it."""
    app, clock = _app(display, speed)
    lessons = app.open("lessons")
    assert isinstance(lessons, LessonsScene)
    lessons.apply(intent("select", index=[x.id for x in lessons.lessons].index(ident)))
    lessons.apply(intent("start"))
    scene = app.stack.top
    assert isinstance(scene, TutorialScene) and scene.lesson.id == ident
    return app, Pilot(app, clock), scene


def _click_highlight(pilot: Pilot, scene: TutorialScene) -> None:
    """Click the pulsing thing (a place hidden under another is named instead, as the pilot
    does); once more on the chooser when the card has several uses."""
    light = scene.light
    assert light is not None
    count = len(scene.session.table.records)
    hit = scene.display.map.hit(light.point) if light.kind == "node" else None
    if light.kind == "node" and (hit is None or hit.id != light.node
                                 or scene.display.bar.rect.collidepoint(light.point)):
        pilot.fallbacks += 1
        pilot.app.post(intent("node", id=light.node))
        pilot.frame()
    else:
        if light.kind == "card":  # off the card raised last, as a hand moves away
            pilot.move(scene.display.map.viewport.center)
        pilot.click(light.point)
    if scene.display.bar.choosing:
        assert scene.light is not None and scene.light.kind == "choice"
        pilot.click(scene.light.point)
    pilot.frame()
    assert len(scene.session.table.records) > count, scene.control.refused


def _play_to_the_end(pilot: Pilot, scene: TutorialScene) -> int:
    """Every step of the lesson by clicks on the highlight; the clicks made."""
    app, moves = pilot.app, 0

    def ready() -> bool:
        top = app.stack.top
        return isinstance(top, LessonEnd) or (top is scene and scene.light is not None)

    while True:
        pilot.until(ready)
        if isinstance(app.stack.top, LessonEnd):
            return moves
        _click_highlight(pilot, scene)
        moves += 1


def _wrong_move(pilot: Pilot, scene: TutorialScene) -> None:
    """A legal move the lesson does not want: refused with the hint, nothing recorded."""
    offer, expected = pilot.offer, scene.control.expected()
    assert offer is not None and expected is not None
    records, view = len(scene.session.table.records), scene.session.view(None)
    others = [a for a in offer.buttons if a != expected]
    if others:
        button = next(b for b in scene.display.bar.buttons
                      if b.intent.arg("action") == others[0])
        pilot.click(button.rect.center)
    else:
        node = next(n for n, acts in offer.targets.items() if expected not in acts)
        pilot.app.post(intent("node", id=node))
        pilot.frame()
    pilot.frame()
    assert len(scene.session.table.records) == records
    assert scene.session.view(None) == view
    refused = scene.control.refused
    assert refused.startswith("In this lesson, play “") and scene.control.words(expected) \
        in refused, refused
    assert scene.panel.page is not None and scene.panel.page.refused == refused
    assert scene.light is not None  # the lesson's move is still highlighted


@pytest.mark.parametrize("ident", ["naval_battle", "storming_capua"])
def test_a_short_lesson_by_clicks(display: pygame.Surface, ident: str) -> None:
    app, pilot, scene = _lesson(display, ident, speed=100)
    pilot.until(lambda: scene.light is not None)
    _wrong_move(pilot, scene)
    moves = _play_to_the_end(pilot, scene)
    assert moves == scene.lesson.moves and scene.run.done
    assert pilot.fallbacks <= 1
    end = app.stack.top
    assert isinstance(end, LessonEnd) and end.lesson.id == ident
    combat = [e.get("attacker_won") for _, e in scene.run.log if e.kind == "combat_won"]
    assert combat[-1] is True  # Iberia wins the battle, as the book says
    end.apply(intent("lessons"))
    assert isinstance(app.stack.top, LessonsScene)


def test_the_extended_example_by_clicks(display: pygame.Surface,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app, pilot, scene = _lesson(display, "extended_example")
    pilot.until(lambda: scene.light is not None)
    _wrong_move(pilot, scene)  # another port for the pirates
    summaries: list[TurnSummary] = []
    open_ = app.open

    def spy(name: str, *args: Any) -> Scene:
        made = open_(name, *args)
        if isinstance(made, TurnSummary):
            summaries.append(made)
        return made

    monkeypatch.setattr(app, "open", spy)
    assert _play_to_the_end(pilot, scene) == 30
    assert len(summaries) == 1  # the turn's scoring, then the closing page
    assert tuple(s.vp for s in scene.session.table.state.seats) == (18, 9, 11)
    end = app.stack.top
    assert isinstance(end, LessonEnd) and end.next == "naval_battle"
    end.apply(intent("next"))
    assert isinstance(app.stack.top, TutorialScene) and app.stack.top.lesson.id == "naval_battle"


def test_the_title_leads_to_the_lessons(display: pygame.Surface) -> None:
    app, _ = _app(display)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    texts = [item.text for item in title.menu.items]
    assert texts[texts.index("New Game") + 1] == "Learn to Play" and "Quit" in texts
    title.apply(intent("open", scene="lessons"))
    lessons = app.stack.top
    assert isinstance(lessons, LessonsScene)
    assert [x.title for x in lessons.lessons] == [x.title for x in bundled_lessons()]
    app.frame([])
    lessons.apply(intent("back"))
    assert app.stack.top is title


def test_the_title_menu_fits_at_1280_by_720(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    """Nine entries (Continue leads while a saved game waits) between the subtitle and the
    foot line."""
    import net.files.saves

    monkeypatch.setattr(net.files.saves, "latest_unfinished",
                        lambda _folder: SimpleNamespace(path=tmp_path / "game.log"))
    app, _ = manual_app(pygame.Surface((1280, 720)), 100)
    title = app.open("title")
    assert isinstance(title, TitleScene)
    assert [item.text for item in title.menu.items][:3] == ["Continue", "New Game",
                                                            "Learn to Play"]
    assert len(title.menu.items) == 9
    assert title.menu_area.top > round(720 * 0.25) + app.ui(92)  # below the subtitle
    assert title.menu_area.bottom < 720 - app.ui(70) - app.ui(12)  # above the foot line


def test_the_script_waits_to_be_read_and_next_goes_on() -> None:
    run = LessonRun(find_lesson("naval_battle"))
    control = LessonController(run, animation_speed=100)
    assert control.next_move() == "wait"  # the opening page
    control.tick(pace(run.steps[0]) - 0.1)
    assert control.next_move() == "wait"
    control.tick(0.2)
    assert control.next_move() == "wait" and run.index == 1  # read: on to the first move
    assert control.next_move() == "person"
    run.play_out(10)  # to Rome's first move, which waits for its words
    assert control.next_move() == "wait"
    control.hold()
    control.tick(60)
    assert control.next_move() == "wait"  # paused
    control.hurry()
    assert control.next_move() == "step" and control.step() is not None
    assert run.index == 11
