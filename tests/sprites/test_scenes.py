"""The scene stack and the main loop, driven with intents and a manual clock."""

from __future__ import annotations

import pygame
import pytest

from sprites.app import App, choose_presentation
from sprites.clock import ManualClock
from sprites.scenes.base import Host, Intent, Scene, SceneStack, intent
from sprites.settings import Settings


class Probe(Scene):
    """Records what the loop does to it."""

    def __init__(self, opaque: bool = True) -> None:
        super().__init__()
        self.opaque = opaque
        self.log: list[str] = []
        self.steps: list[float] = []

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.log.append("enter")

    def leave(self) -> None:
        self.log.append("leave")

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        return [intent("key", key=event.key)] if event.type == pygame.KEYDOWN else []

    def apply(self, it: Intent) -> None:
        self.log.append(it.name)

    def update(self, dt: float) -> None:
        self.steps.append(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return []


def _app(display: pygame.Surface, clock: ManualClock | None = None) -> App:
    app = App(Settings(resolution=display.get_size()), clock=clock, save=lambda s: None)
    app.screen = display
    return app


def test_push_pop_and_visible_layers(display: pygame.Surface) -> None:
    app = _app(display)
    stack = SceneStack()
    base, dialog, other = Probe(), Probe(opaque=False), Probe()
    stack.push(base, app)
    stack.push(dialog, app)
    assert stack.top is dialog and stack.visible() == [base, dialog]
    assert base.log == ["enter", "leave"]
    stack.push(other, app)
    assert stack.visible() == [other] and dialog.log == ["enter", "leave"]
    assert stack.pop(app) is other and dialog.log[-1] == "enter"


def test_scenes_open_by_name_and_close_back_to_one(display: pygame.Surface) -> None:
    app = _app(display)
    for name in ("title", "settings", "load"):
        app.open(name)
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", "SettingsScene", "LoadScene"]
    app.back_to("title")
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]


def test_the_loop_turns_events_into_intents_and_steps_the_clock(display: pygame.Surface
                                                                ) -> None:
    clock = ManualClock()
    app = _app(display, clock)
    probe = Probe()
    app.push(probe)
    clock.advance(0.02)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)])
    app.post(intent("posted"))
    clock.advance(0.5)
    app.frame([])
    assert probe.log[-2:] == ["key", "posted"]
    assert probe.steps == [pytest.approx(0.02), pytest.approx(0.1)]
    app.frame([pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_title_menu_opens_settings_and_quits(display: pygame.Surface) -> None:
    from sprites.scenes.settings_scene import SettingsScene
    from sprites.scenes.title import TitleScene

    app = _app(display)
    app.open("title")
    app.frame([])
    app.post(intent("open", scene="settings"))
    app.frame([])
    assert isinstance(app.stack.top, SettingsScene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)])
    title = app.stack.top
    assert isinstance(title, TitleScene)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN)
    quits = [item.text for item in title.menu.items].index("Quit")
    app.frame([down] * quits + [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)])
    assert not app.running


def test_settings_scene_changes_and_applies(display: pygame.Surface) -> None:
    from sprites.scenes.settings_scene import ROWS, SettingsScene

    saved: list[Settings] = []
    app = App(Settings(resolution=display.get_size()), save=saved.append)
    app.screen = display
    scene = app.open("settings")
    assert isinstance(scene, SettingsScene)
    row = [r.key for r in ROWS].index("colour_blind")
    scene.apply(intent("cycle", row=row, step=1))
    scene.apply(intent("apply"))
    assert app.settings.colour_blind and saved[-1].colour_blind


def test_presentation_choice() -> None:
    assert choose_presentation({"SDL_FRAMEBUFFER_ACCELERATION": "1"}, "linux") is None
    assert choose_presentation({}, "win32") is None
    assert choose_presentation({}, "linux") in (None, "0")
