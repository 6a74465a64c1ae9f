"""The editor's start page, the scenario editor (its form scrolled through) and each of its
dialogs fit the smaller windows: no line of text drawn even partly outside its surface."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.sprites import test_sizes
from tests.sprites.editor.scenario_pilot import EditorPilot, make_app, user_data

__all__ = ["user_data"]
watched = test_sizes.watched
SIZES = ((1280, 720), (1366, 768), (1440, 900))


def _shown(pilot: EditorPilot, seen: list[tuple[str, str]], where: str) -> None:
    pilot.app.stack.top.full_redraw = True  # type: ignore[union-attr]
    pilot.settle(2)
    assert not seen, f"{where}: text outside its surface: {seen[:5]}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_editor_fits(size: tuple[int, int], watched: list[tuple[str, str]],
                         user_data: Path, display: pygame.Surface) -> None:
    app, clock = make_app(size)
    pilot = EditorPilot(app, clock)
    pilot.frame()
    pilot.open_from_title()
    _shown(pilot, watched, "start page")
    pilot.choose("13. Totum Revolutum")
    _shown(pilot, watched, "editor")
    editor = pilot.editor
    pilot.control("special_scoring", on=True)
    for _ in range(40):
        pilot.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
        _shown(pilot, watched, f"editor scrolled to {editor.scroll}")
    for name, args in (("pick_capital", {"index": 0}), ("pick_card", {"empire": "rome"}),
                       ("pick_key", {})):
        pilot.control(name, **args)
        _shown(pilot, watched, name)
        pilot.key(pygame.K_ESCAPE)
    pilot.toolbar("play_test")
    _shown(pilot, watched, "play test")
    pilot.key(pygame.K_ESCAPE)
    pilot.toolbar("close")
    _shown(pilot, watched, "unsaved changes")
    assert editor.dialog is not None
