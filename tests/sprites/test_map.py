"""The map: positions on the board, hit-tests at several zooms, zoom about the pointer."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pytest

from game.rulesets.mediterranean_empires.content import MeContent
from sprites.map.camera import Camera
from sprites.map.hit import hit_test
from sprites.map.model import AreaSpot, CitySpot, MapModel, on_land
from sprites.map.picture import SUBDUED, BoardPicture, scenario_picture, whole_map
from sprites.map.tooltips import describe

if TYPE_CHECKING:
    from sprites.map.view import MapView
    from sprites.scenes.base import Intent

VIEWPORT = (100, 0, 860, 540)


def _camera(model: MapModel, level: int = 0, centre: tuple[float, float] | None = None) -> Camera:
    camera = Camera(VIEWPORT, model.extent)
    camera.fit()
    camera.zoom = camera.level_zoom(level)
    camera.centre_on(centre or camera.to_board((530, 270)))
    return camera


def test_every_city_and_area_lies_on_the_drawn_board(model: MapModel) -> None:
    x, y, w, h = model.extent
    width, height = model.size
    assert x >= 0 and x + w <= width and y >= 0 and y + h <= height
    spots: tuple[CitySpot | AreaSpot, ...] = (*model.cities, *model.areas)
    for spot in spots:
        assert x < spot.pos[0] < x + w and y < spot.pos[1] < y + h, spot.id


def test_cities_sit_on_land_or_on_the_shore(model: MapModel) -> None:
    def near_land(p: tuple[float, float], reach: float = 12.0) -> bool:
        return any(on_land((p[0] + reach * math.cos(k * math.pi / 4),
                            p[1] + reach * math.sin(k * math.pi / 4)), model.land)
                   for k in range(8))

    wet = [c.id for c in model.cities if not on_land(c.pos, model.land)]
    assert all(model.city(c).port for c in wet), "an inland city is drawn in the sea"
    assert [c for c in wet if not near_land(model.city(c).pos)] == []


@pytest.mark.parametrize("level", [0, 3, 6])
def test_hovering_a_city_finds_that_city(model: MapModel, level: int) -> None:
    for city in model.cities:
        camera = _camera(model, level, city.pos)
        hit = hit_test(model, camera, camera.to_screen(city.pos))
        assert hit is not None and (hit.kind, hit.id) == ("city", city.id)


def test_hovering_an_area_and_a_coastal_route(model: MapModel) -> None:
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


def whole_map_picture(model: MapModel) -> BoardPicture:
    from sprites import content

    return whole_map(content.content())


def test_empty_sea_is_nothing(model: MapModel) -> None:
    camera = _camera(model, 3, (2400.0, 2300.0))
    assert hit_test(model, camera, camera.to_screen((2400.0, 2300.0))) is None


@pytest.mark.parametrize(("start", "end"), [(2, 3), (3, 2), (4, 6)])
def test_zoom_keeps_the_point_under_the_pointer(model: MapModel, start: int, end: int) -> None:
    camera = _camera(model, start, model.city("roma").pos)
    anchor = (400.0, 300.0)
    before = camera.to_board(anchor)
    camera.zoom_about(camera.level_zoom(end), anchor)
    after = camera.to_board(anchor)
    assert math.dist(before, after) * camera.zoom < 0.01


def test_fit_shows_the_whole_board(model: MapModel) -> None:
    camera = _camera(model, 0)
    camera.fit()
    x, y, w, h = model.extent
    left, top = camera.to_screen((x, y))
    right, bottom = camera.to_screen((x + w, y + h))
    assert VIEWPORT[0] <= left < right <= VIEWPORT[0] + VIEWPORT[2]
    assert VIEWPORT[1] <= top < bottom <= VIEWPORT[1] + VIEWPORT[3]


def test_scenario_picture_reads_the_engine_view(me_content: MeContent) -> None:
    picture = scenario_picture(me_content, "1")
    assert picture.city("roma").owner == "rome" and picture.city("roma").capital_of == "rome"
    assert picture.city("syracusae").key and picture.city("syracusae").forts == 1
    assert picture.city("athenai").owner is None
    assert picture.area("ligures") == "free" and picture.area("picti") is None
    assert picture.empires == ("carthage", "rome")
    assert SUBDUED not in picture.areas.values()


def test_the_view_animates_a_zoom_about_the_pointer(display: pygame.Surface, model: MapModel,
        me_content: MeContent) -> None:
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


def _viewport_pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface.subsurface(VIEWPORT), "RGB")


def _view_at(model: MapModel, picture: BoardPicture, level: int,
             centre: tuple[float, float]) -> MapView:
    from sprites.map.view import MapView

    view = MapView(model, picture, pygame.Rect(VIEWPORT))
    view.level = level
    view.camera.zoom = view.camera.level_zoom(level)
    view.camera.centre_on(centre)
    return view


PANS = [(120, 75), (-7.5, 4.25), (0, -11), (41, 0), (-2.2, -2.2), (3, 1), (0.4, 0.3)]


def test_a_panned_frame_is_the_frame_composed_afresh(display: pygame.Surface, model: MapModel,
        me_content: MeContent) -> None:
    """Each pan scrolls the last frame and draws only the strips uncovered; the result is
    the same, pixel for pixel, as another view composing the whole map at that spot."""
    from sprites.map.picture import scenario_picture

    picture = scenario_picture(me_content, "8")
    view = _view_at(model, picture, 2, (2300.0, 1900.0))
    view.sharpen()
    target = pygame.Surface(display.get_size())
    assert view.compose(target).rects == [pygame.Rect(VIEWPORT)]
    for dx, dy in PANS:
        view.pan(dx, dy)
        for key in view._visible_keys(view.level, view.camera.snapped()):
            view.tiles.ensure(key)  # only the frame is under test here
        shift, rects = view.compose(target)
        assert shift != (0, 0) or (dx, dy) == (0.4, 0.3)
        assert sum(r.w * r.h for r in rects) < VIEWPORT[2] * VIEWPORT[3] // 2
    fresh = _view_at(model, picture, 2, (0.0, 0.0))
    fresh.camera.origin = view.camera.origin
    fresh.sharpen()
    again = pygame.Surface(display.get_size())
    fresh.compose(again)
    assert _viewport_pixels(target) == _viewport_pixels(again)


def test_panning_onto_tiles_not_painted_shows_stand_ins_the_same_way(
        display: pygame.Surface, model: MapModel, me_content: MeContent) -> None:
    """Tiles not painted yet show the lower level scaled (a stand-in per tile), which moves
    with the map like a tile: the panned frame is still the frame composed afresh."""
    view = _view_at(model, whole_map_picture(model), 3, (1200.0, 1500.0))
    view.sharpen()
    target = pygame.Surface(display.get_size())
    view.compose(target)
    scrolled_over_stand_ins = 0
    for _ in range(6):
        view.pan(-150, -60)
        shift, _ = view.compose(target)
        scrolled_over_stand_ins += shift != (0, 0) and bool(view._stand_ins)
    assert scrolled_over_stand_ins and view.tiles.pending
    again = pygame.Surface(display.get_size())
    view._shown = None  # the same view and tiles, composed in full
    view.compose(again)
    assert _viewport_pixels(target) == _viewport_pixels(again)
    while view.tiles.pending:  # painted tiles replace their stand-ins in place
        view.update(0.016)
        if view.dirty:
            view.compose(target)
    view._shown = None
    view.compose(again)
    assert _viewport_pixels(target) == _viewport_pixels(again)


def test_the_camera_moving_paints_tiles_ahead_of_it(display: pygame.Surface, model: MapModel,
        me_content: MeContent) -> None:
    view = _view_at(model, whole_map_picture(model), 4, (2300.0, 1900.0))
    view.sharpen()
    view.compose(display)
    assert not view.tiles.busy  # nothing is painted ahead before the camera moves
    view.pan(-4, 0)  # the map moves left: the camera heads east
    view.compose(display)
    ahead = [key for key in view.tiles._ahead]
    assert ahead and all(key[1] * 512 > view.camera.origin[0] * view.camera.zoom
                         for key in ahead)
    while view.tiles.busy:
        view.update(0.016)
    assert all(view.tiles.get(key) is not None for key in ahead)


def test_a_tile_painted_a_step_at_a_time_is_the_tile_painted_at_once(
        display: pygame.Surface, model: MapModel, me_content: MeContent) -> None:
    from sprites.map.tiles import StaticPainter, TileCache

    picture = whole_map_picture(model)
    steps = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
    whole = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
    scale = 0.6
    cache = TileCache(lambda level, rect: steps.steps(scale, rect))
    cache.want((2, 3, 2))
    calls = 0
    while cache.pending:
        cache.work(0.0)  # at least one step a call, however small the budget
        calls += 1
    assert calls > 20
    tile = cache.get((2, 3, 2))
    assert tile is not None
    expected = whole.paint(scale, pygame.Rect(3 * 512, 2 * 512, 512, 512)).convert()
    assert pygame.image.tobytes(tile, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_cutting_far_runs_of_a_ring_draws_the_same_polygon() -> None:
    """The land mask draws each coast ring with the runs of points lying far above or below
    the tile cut to their ends: pygame fills the tile's rows the same."""
    import random

    from sprites.map.terrain import _near_rows, _rows_band, _runs, _to_px

    rng = random.Random(14)
    size = (96, 64)
    for _ in range(80):
        ring: list[tuple[float, float]] = []
        for _ in range(rng.randint(3, 300)):
            y = rng.choice([rng.uniform(-400, 400), float(rng.randint(-5, 70))])
            same_x = ring and rng.random() < 0.25  # vertical edges, as along the map's edge
            ring.append((ring[-1][0] if same_x else rng.uniform(-300, 300), y))
        rect = pygame.Rect(rng.randint(-50, 50), rng.randint(-50, 50), *size)
        scale = rng.uniform(0.5, 2.0)
        whole = _to_px(tuple(ring), scale, rect.x, rect.y)
        cut = _rows_band(_near_rows(tuple(ring), _runs(tuple(ring)), scale, rect, size[1]),
                         size[1])
        assert cut == _rows_band(whole, size[1])
        drawn = []
        for points in (whole, cut):
            surface = pygame.Surface(size)
            if points is not None:
                pygame.draw.polygon(surface, (255, 255, 255), points)
            drawn.append(pygame.image.tobytes(surface, "RGB"))
        assert drawn[0] == drawn[1]


def test_the_screen_after_pans_and_moving_overlays_is_the_screen_drawn_in_full(
        display: pygame.Surface, me_content: MeContent) -> None:
    """The map scene draws onto the screen only what changed: a pan scrolls it, tokens and
    the hover mark are wiped by drawing the map again under them. Drawn in full at any
    moment, the screen is the same."""
    from sprites.app import App
    from sprites.scenes.map_scene import MapScene
    from sprites.settings import Settings
    from tools.bench_client import demo_tokens

    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    scene = app.open("map", "8")
    assert isinstance(scene, MapScene)
    view = scene.map.map_view
    view.zoom_step(2)
    view.sharpen()
    scene.map.tokens = demo_tokens(scene.map, 6)
    assert scene.draw(display) is None
    roma = scene.map.to_screen("roma")
    assert roma is not None
    scene.apply(intent_at("pointer", roma))
    for k, (dx, dy) in enumerate([*PANS, (0, 0), (0, 0), (0, 0), (5, 0), (0, 0), (0, 0)]):
        scene.update(0.05)
        if (dx, dy) != (0, 0):
            view.pan(dx, dy)
        rects = scene.draw(display)
        assert (rects is None) == ((dx, dy) != (0, 0)), k
        assert rects is None or all(r.w < 300 and r.h < 300 for r in rects)
        drawn = display.copy()
        scene.full_redraw = True
        assert scene.draw(display) is None
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(display, "RGB"), k


def intent_at(name: str, pos: tuple[float, float]) -> Intent:
    from sprites.scenes.base import intent

    return intent(name, pos=(round(pos[0]), round(pos[1])))
