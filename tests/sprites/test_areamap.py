"""The area map (sprites/areamap) with Mare Nostrum's adapter (sprites/mn/map_*.py): shapes
and labels, the picture read from a view, drawing, hit-testing, glow, pan and zoom."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.ruleset import GameConfig, ViewRequest
from game.rulesets.mare_nostrum.content import load_content
from game.rulesets.mare_nostrum.setup import initial_state
from game.rulesets.mare_nostrum.view import build_view
from sprites.areamap.view import AreaMapView
from sprites.mn.map_picture import bare_picture, geometry, picture_from_view, sides
from sprites.mn.map_view import MnMap

RECT = pygame.Rect(0, 0, 960, 540)


@pytest.fixture(scope="module")
def content() -> Any:
    return load_content()


@pytest.fixture(scope="module")
def start(content: Any) -> dict[str, Any]:
    seats = tuple(e.id for e in content.empires_for(5))
    state = initial_state(content, GameConfig("mare_nostrum", "5", seats, b"areamap test"))
    return dict(build_view(content, state, ViewRequest(0), None))


def test_every_area_has_a_shape_and_its_label_lies_in_it(content: Any) -> None:
    shapes = geometry()
    ids = {p.id for p in content.provinces} | {s.id for s in content.seas}
    assert set(shapes.areas) == ids
    for shape in shapes.areas.values():
        assert shape.polygons
        assert shapes.area_at(shape.label) == shape.id
    kinds = {b.kind for b in shapes.borders}
    assert kinds == {"land", "coast", "sea"}


def test_the_picture_shows_control_sites_and_units(content: Any, start: dict) -> None:
    picture = picture_from_view(content, start, highlight=("mare_ionium", "italia.city1"))
    italia = picture.area("italia")
    assert italia.tint == "rome" and italia.marker == "rome"
    assert [s.key for s in italia.sites] == [s.id for s in content.province("italia").sites]
    assert {s.kind for s in italia.sites} >= {"capital", "caravan", "temple"}
    assert any(u.kind == "legion" and u.side == "rome" for u in italia.units)
    assert any(u.kind == "trireme" for s in content.seas for u in picture.area(s.id).units)
    assert picture.highlight == {"mare_ionium", "italia"}
    assert set(picture.sides) == {"rome", "greece", "babylon", "egypt", "carthage"}


def test_the_smaller_boards_cover_babylon_and_egypt(content: Any) -> None:
    three = bare_picture(content, players=3)
    assert not three.area("babylonia").in_play and not three.area("aegyptus").in_play
    assert three.area("italia").in_play
    assert sides(colour_blind=True)["rome"].colour != sides()["rome"].colour


def test_drawing_and_hit_testing(display: pygame.Surface, content: Any, start: dict) -> None:
    board = MnMap(content, rect=RECT)
    board.draw(display, RECT, start)
    name = next(box for key, box in board.view.boxes if key == "italia")
    assert board.hit(name.center) == "italia"
    site_key, box = next((k, b) for k, b in board.view.boxes if "." in k)
    assert board.hit(box.center) == site_key
    assert board.hit((RECT.right + 5, 10)) is None


def test_a_glowing_sea_is_drawn_differently(display: pygame.Surface, content: Any,
                                            start: dict) -> None:
    board = MnMap(content, rect=RECT)
    board.zoom(2, RECT.center)
    board.centre_on("mare_africum")
    x, y = board.view.camera.to_screen(geometry().areas["mare_africum"].label)
    below = [(round(x), round(y) + dy) for dy in range(40, 200, 10)]
    probe = next(p for p in below
                 if geometry().area_at(board.view.camera.to_board(p)) == "mare_africum")
    board.draw(display, RECT, start)
    plain = display.get_at(probe)
    board.draw(display, RECT, start, highlight=("mare_africum",))
    assert display.get_at(probe) != plain


def test_wheel_zooms_and_drag_pans_but_a_click_is_left_to_the_caller(
        display: pygame.Surface) -> None:
    view = AreaMapView(geometry(), RECT)
    fit = view.camera.zoom
    view.zoom(1, RECT.center)
    assert view.camera.zoom > fit
    origin = view.camera.origin
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 300))
    assert not view.handle(press)
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(440, 300), rel=(40, 0),
                              buttons=(1, 0, 0))
    assert view.handle(move)
    assert view.camera.origin != origin
    assert view.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(440, 300)))
    view.handle(press)
    assert not view.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(401, 300)))
    view.draw(display, bare_picture(load_content()))
    assert view.boxes


def test_a_small_pan_reuses_the_painted_tiles(display: pygame.Surface) -> None:
    view = AreaMapView(geometry(), RECT)
    view.zoom(2, RECT.center)
    picture = bare_picture(load_content())
    view.draw(display, picture)
    painted, origin = len(view.tiles._tiles), view.camera.origin
    view.camera.pan(-3, 2)
    view.draw(display, picture)
    assert view.camera.origin != origin
    assert len(view.tiles._tiles) == painted


def test_the_world_round_the_board_fills_a_taller_panel(display: pygame.Surface) -> None:
    rect = pygame.Rect(0, 0, 560, 480)
    view = AreaMapView(geometry(), rect)
    surface = pygame.Surface(rect.size)
    view.draw(surface, bare_picture(load_content()))
    top = view.camera.to_screen(view.geometry.extent[:2])[1]
    assert top > 20
    band = [surface.get_at((x, y))[:3] for x in range(0, rect.w, 7)
            for y in range(0, int(top) - 4, 5)]
    assert min(sum(colour) for colour in band) > 3 * 90
    assert len(set(band)) > 5
