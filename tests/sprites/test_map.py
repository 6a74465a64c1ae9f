"""The map: positions on the board, hit-tests at several zooms, zoom about the pointer."""

from __future__ import annotations

import math

import pygame
import pytest

from sprites.map.camera import Camera
from sprites.map.hit import hit_test
from sprites.map.model import on_land
from sprites.map.picture import SUBDUED, scenario_picture, whole_map
from sprites.map.tooltips import describe

VIEWPORT = (100, 0, 860, 540)


def _camera(model, level: int = 0, centre: tuple[float, float] | None = None) -> Camera:
    camera = Camera(VIEWPORT, model.extent)
    camera.fit()
    camera.zoom = camera.level_zoom(level)
    camera.centre_on(centre or camera.to_board((530, 270)))
    return camera


def test_every_city_and_area_lies_on_the_drawn_board(model) -> None:
    x, y, w, h = model.extent
    width, height = model.size
    assert x >= 0 and x + w <= width and y >= 0 and y + h <= height
    for spot in (*model.cities, *model.areas):
        assert x < spot.pos[0] < x + w and y < spot.pos[1] < y + h, spot.id


def test_cities_sit_on_land_or_on_the_shore(model) -> None:
    def near_land(p: tuple[float, float], reach: float = 12.0) -> bool:
        return any(on_land((p[0] + reach * math.cos(k * math.pi / 4),
                            p[1] + reach * math.sin(k * math.pi / 4)), model.land)
                   for k in range(8))

    wet = [c.id for c in model.cities if not on_land(c.pos, model.land)]
    assert all(model.city(c).port for c in wet), "an inland city is drawn in the sea"
    assert [c for c in wet if not near_land(model.city(c).pos)] == []


@pytest.mark.parametrize("level", [0, 3, 6])
def test_hovering_a_city_finds_that_city(model, level: int) -> None:
    for city in model.cities:
        camera = _camera(model, level, city.pos)
        hit = hit_test(model, camera, camera.to_screen(city.pos))
        assert hit is not None and (hit.kind, hit.id) == ("city", city.id)


def test_hovering_an_area_and_a_coastal_route(model) -> None:
    area = model.area("picti")
    camera = _camera(model, 2, area.pos)
    hit = hit_test(model, camera, camera.to_screen(area.pos))
    assert hit is not None and (hit.kind, hit.id) == ("area", "picti")
    coastal = next(r for r in model.routes if r.kind == "coastal")
    middle = coastal.points[len(coastal.points) // 2]
    camera = _camera(model, 4, middle)
    hit = hit_test(model, camera, camera.to_screen(middle))
    assert hit is not None and hit.kind == "route" and hit.route == coastal
    title, lines = describe(hit, model, whole_map_picture(model))
    assert title == "Coastal route" and any("rule 5.4.3" in line for line in lines)


def whole_map_picture(model):
    from sprites import content

    return whole_map(content.content())


def test_empty_sea_is_nothing(model) -> None:
    camera = _camera(model, 3, (2400.0, 2300.0))
    assert hit_test(model, camera, camera.to_screen((2400.0, 2300.0))) is None


@pytest.mark.parametrize(("start", "end"), [(2, 3), (3, 2), (4, 6)])
def test_zoom_keeps_the_point_under_the_pointer(model, start: int, end: int) -> None:
    camera = _camera(model, start, model.city("roma").pos)
    anchor = (400.0, 300.0)
    before = camera.to_board(anchor)
    camera.zoom_about(camera.level_zoom(end), anchor)
    after = camera.to_board(anchor)
    assert math.dist(before, after) * camera.zoom < 0.01


def test_fit_shows_the_whole_board(model) -> None:
    camera = _camera(model, 0)
    camera.fit()
    x, y, w, h = model.extent
    left, top = camera.to_screen((x, y))
    right, bottom = camera.to_screen((x + w, y + h))
    assert VIEWPORT[0] <= left < right <= VIEWPORT[0] + VIEWPORT[2]
    assert VIEWPORT[1] <= top < bottom <= VIEWPORT[1] + VIEWPORT[3]


def test_scenario_picture_reads_the_engine_view(me_content) -> None:
    picture = scenario_picture(me_content, "1")
    assert picture.city("roma").owner == "rome" and picture.city("roma").capital_of == "rome"
    assert picture.city("syracusae").key and picture.city("syracusae").forts == 1
    assert picture.city("athenai").owner is None
    assert picture.area("ligures") == "free" and picture.area("picti") is None
    assert picture.empires == ("carthage", "rome")
    assert SUBDUED not in picture.areas.values()


def test_the_view_animates_a_zoom_about_the_pointer(display, model, me_content) -> None:
    from sprites.map.view import MapView

    view = MapView(model, whole_map(me_content), pygame.Rect(VIEWPORT))
    view.zoom_step(2, view.camera.to_screen(model.city("carthago").pos))
    view.update(1.0)
    anchor = view.camera.to_screen(model.city("carthago").pos)
    view.zoom_step(1, anchor)
    for _ in range(4):
        view.update(0.1)
    assert view.level == 3 and view.camera.zoom == pytest.approx(view.camera.level_zoom(3))
    assert math.dist(view.camera.to_screen(model.city("carthago").pos), anchor) < 1.0
    view.compose(display)
    assert view.tiles.pending > 0
    while view.tiles.pending:
        view.update(0.016)
    assert view.settled
