"""The map scene draws once in full, then only dirty rectangles; tooltips name things."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites.app import App
from sprites.scenes.base import intent
from sprites.settings import Settings

if TYPE_CHECKING:
    from game.rulesets.mediterranean_empires.content import MeContent
    from sprites.map.model import MapModel


def test_overlays_redraw_in_dirty_rectangles(display: pygame.Surface) -> None:
    from sprites.scenes.map_scene import MapScene
    from tools.bench_client import demo_tokens

    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    scene = app.open("map", "1")
    assert isinstance(scene, MapScene)
    assert scene.draw(display) is None
    assert scene.draw(display) == []
    scene.map.tokens = demo_tokens(scene.map, 3)
    scene.update(0.05)
    rects = scene.draw(display)
    assert rects and all(r.w < 200 and r.h < 200 for r in rects)
    roma = scene.map.to_screen("roma")
    assert roma is not None
    scene.apply(intent("pointer", pos=(round(roma[0]), round(roma[1]))))
    assert scene.map.hover is not None and scene.map.hover.id == "roma"
    rects = scene.draw(display)
    assert rects is not None and any(r.collidepoint(round(roma[0]), round(roma[1]))
                                     for r in rects)
    scene.apply(intent("zoom", steps=1, at=roma))
    scene.update(1.0)
    assert scene.draw(display) is None


def test_describe_a_city(me_content: MeContent, model: MapModel) -> None:
    from sprites.map.hit import Hit
    from sprites.map.picture import scenario_picture
    from sprites.map.tooltips import describe

    title, lines = describe(Hit("city", "roma"), model, scenario_picture(me_content, "1"))
    assert title == "Roma"
    assert lines[:3] == ["Size 3 city, port", "Province: Italia", "Held by Rome"]
    assert "Capital of Rome" in lines and "Fortification: 1 marker" in lines
