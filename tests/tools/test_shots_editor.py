"""The editors' screenshots are played through to the end on a hidden window: each picture is
taken where the tool says, showing what its caption promises, and nothing is left in the
user's folders."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from sprites.app import App
from sprites.editor.map_scene import MapEditorScene
from sprites.editor.scene import ScenarioEditorScene
from sprites.editor.start_page import EditorStartScene
from tests.sprites.pilot import manual_app
from tools.shots_editor import DRAFT, NAME, ROUTE, shoot_editor


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own config and data folders."""
    monkeypatch.setenv("MARE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def test_the_four_pictures_show_what_they_promise(folders: Path) -> None:
    pygame.display.init()
    if pygame.display.get_surface() is None:  # the app flips a window; it draws on its own
        pygame.display.set_mode((960, 540))
    app, clock = manual_app(pygame.Surface((1920, 1080)), 100)
    app.open("title")
    seen: dict[str, object] = {}

    def save(shown: App, picture: str) -> None:
        seen[picture] = _what_is_shown(shown)

    home = os.environ.get("HOME")
    shoot_editor(app, clock, save)
    assert os.environ.get("HOME") == home
    assert os.environ["MARE_DATA_DIR"] == str(folders / "data")
    assert not (folders / "data").exists()
    assert seen["editor"] == ("editor", NAME, 0, 1)
    assert seen["map_editor"] == ("map", ROUTE[0], True, [
        "Move Messana", "Put Syracusae in Italia", "Put Syracusae in Illyricum"])
    assert seen["editor_problems"][:3] == ("editor", NAME, 1)  # type: ignore[index]
    assert seen["editor_start"] == ("start", [NAME, "old_campaign", DRAFT], NAME)


def _what_is_shown(app: App) -> tuple[object, ...]:
    """The scene on top, in a few facts."""
    top = app.stack.top
    if isinstance(top, ScenarioEditorScene):
        report = top.report
        assert report is not None
        return ("editor", top.draft.setup["name"], len(report.problems),
                len(report.warnings))
    if isinstance(top, MapEditorScene):
        hover = top.map.hover
        return ("map", top.tools.start, hover is not None and hover.id == ROUTE[1]
                and "Click: add the land route" in top.tools.would(ROUTE[1]),
                [step.label for step in top.draft.done][-3:])
    assert isinstance(top, EditorStartScene)
    mine = [words for words, listed in top.entries if listed is not None and listed.folder]
    return ("start", mine, top.entries[top.selected][0])
