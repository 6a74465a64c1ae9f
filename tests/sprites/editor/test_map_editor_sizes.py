"""The map editor fits the smaller windows: at 1366×768 and 1440×900 no line of its panel,
its plaque, its tooltip or its confirmation runs out of the surface it is drawn on, with a
city selected, a long list of problems, a place being added and a removal being asked."""

from __future__ import annotations

import pygame
import pytest

from sprites.app import App
from sprites.clock import ManualClock
from sprites.editor.document import Draft
from sprites.editor.map_scene import MapEditorScene
from sprites.scenes.base import intent
from tests.sprites.editor.test_map_edits import scenario
from tests.sprites.test_sizes import SIZES, make_app, watched  # noqa: F401 (a fixture)


def _frame(app: App, clock: ManualClock) -> None:
    assert app.stack.top is not None
    app.stack.top.full_redraw = True
    clock.advance(0.1)
    app.frame([])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_map_editor_fits(size: tuple[int, int],
                             watched: list[tuple[str, str]],  # noqa: F811 (the fixture)
                             display: pygame.Surface) -> None:
    app, clock = make_app(size)
    scene = app.open("map_editor", Draft(scenario("13_totum_revolutum")))
    assert isinstance(scene, MapEditorScene)
    edits = scene.edits
    for empire in scene.draft.setup["empires"]:
        edits.remove(empire["capital"])
    _frame(app, clock)
    assert len(scene.problems.problems) >= 5
    steps = [intent("tool", id="select"), intent("pointer", pos=(size[0] - 40, 40))]
    for it in steps:
        scene.apply(it)
    scene.tools.select(("city", "messana"))
    scene.apply(intent("pointer", pos=scene.map.viewport.center))
    _frame(app, clock)
    scene.apply(intent("remove"))
    _frame(app, clock)
    scene.apply(intent("cancel"))
    scene.apply(intent("tool", id="area"))
    scene.tools.click_empty([1100, 4700], True, "italia")
    _frame(app, clock)
    assert not watched, f"text outside its surface: {watched[:5]}"
