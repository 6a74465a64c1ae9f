"""A pilot at the scenario editor: it clicks the form's controls, the toolbar, the map and the
dialogs where they are drawn, types and presses keys — all through the app's real input path,
on a manual clock — and an app on a hidden window whose user folders are a test's own."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from sprites.app import App
from sprites.clock import ManualClock
from sprites.editor.document import Draft
from sprites.editor.scene import ScenarioEditorScene
from sprites.editor.start_page import EditorStartScene
from sprites.scenes.title import TitleScene
from tests.sprites.pilot import Pilot, manual_app

SIZE = (1366, 768)


@pytest.fixture
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder (scenarios, saves) in the test's own folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MARE_DATA_DIR", str(folder))
    return folder


def scenarios(user_data: Path) -> Path:
    """The user scenarios folder inside a test's data folder."""
    return user_data / "scenarios" / "mediterranean_empires"


def make_app(size: tuple[int, int] = SIZE) -> tuple[App, ManualClock]:
    """An app on a hidden window of `size`, showing the title."""
    app, clock = manual_app(pygame.Surface(size))
    app.open("title")
    return app, clock


class EditorPilot(Pilot):
    """Drives the editor's start page and the scenario editor."""

    @property
    def editor(self) -> ScenarioEditorScene:
        """The scenario editor on the stack."""
        return next(s for s in self.app.stack if isinstance(s, ScenarioEditorScene))

    @property
    def start(self) -> EditorStartScene:
        """The editor's start page on the stack."""
        return next(s for s in self.app.stack if isinstance(s, EditorStartScene))

    @property
    def draft(self) -> Draft:
        """The draft being edited."""
        return self.editor.draft

    def settle(self, frames: int = 4) -> None:
        """A few frames for the screen to follow."""
        for _ in range(frames):
            self.frame()

    def ctrl(self, key: int, shift: bool = False) -> None:
        """Ctrl (and Shift) with a key."""
        mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                       scancode=0)])

    def type(self, words: str) -> None:
        """Type text (as SDL's text input sends it)."""
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=words)])

    def open_from_title(self) -> None:
        """Title → Editor, by the menu."""
        title = self.app.stack.top
        assert isinstance(title, TitleScene)
        item = next(i for i in title.menu.items if i.text == "Editor")
        assert item.rect is not None
        self.click(item.rect.center)
        assert isinstance(self.app.stack.top, EditorStartScene)

    def choose(self, words: str) -> None:
        """Select a row of the start page by its words and open it."""
        page = self.start
        index = next(k for k, entry in enumerate(page.entries) if entry[0] == words)
        for _ in range(len(page.entries)):
            if index in page.shown:
                break
            self.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
        self.click(page.rows[page.shown.index(index)].center)
        assert page.selected == index
        self.click(next(b for b in page.buttons if b.text == "Open").rect.center)

    def control(self, name: str, **args: object) -> None:
        """Click a control of the form (scrolled into view first) by its intent."""
        editor = self.editor
        assert editor.form is not None and editor.layout is not None
        spot = editor.form.spots.find(name, **args)
        assert spot is not None, f"no control {name} {args}"
        layout = editor.layout
        self.move(layout.form.center)
        for _ in range(200):
            top = spot.rect.y - editor.scroll
            if top >= 0 and top + spot.rect.h <= layout.form.h:
                break
            step = 1 if top > 0 else -1
            self.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-step)])
            spot = editor.form.spots.find(name, **args)
            assert spot is not None
        x, y = spot.rect.center
        self.click((x + layout.form.x, y + layout.form.y - editor.scroll))

    def toolbar(self, name: str) -> None:
        """Click a toolbar button by its intent's name."""
        layout = self.editor.layout
        assert layout is not None
        spot = layout.toolbar.find(name)
        assert spot is not None and spot.enabled, f"{name} is greyed"
        self.click(spot.rect.center)

    def answer(self, words: str) -> None:
        """Click a dialog's option or button by its words."""
        dialog = self.editor.dialog
        assert dialog is not None, "no dialog open"
        values = dict(getattr(dialog, "buttons", []))
        options = {o.words: o.value for o in getattr(dialog, "options", [])}
        value = values[words] if words in values else options.get(words, words)
        spot = None
        for _ in range(40):
            spot = next((s for s in dialog.spots.spots if s.intent.name == "dialog"
                         and s.intent.arg("value") == value), None)
            if spot is not None or not options:
                break
            self.move(dialog.rect.center)
            self.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
        if spot is None and words in ("Start", "start"):
            spot = dialog.spots.find("start")
        assert spot is not None, f"no {words!r} in the dialog"
        self.click(spot.rect.center)

    def place(self, node: str) -> tuple[int, int]:
        """Where a city or area is on the screen (centred there first)."""
        pane = self.editor.board.pane
        pane.centre(node)
        self.frame()
        spot = pane.to_screen(node)
        assert spot is not None
        return (round(spot[0]), round(spot[1]))

    @property
    def sentences(self) -> list[str]:
        """The problems listed now."""
        report = self.editor.report
        assert report is not None
        return [f.sentence for f in report.problems]

