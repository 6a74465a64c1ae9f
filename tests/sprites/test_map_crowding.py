"""Where the map crowds: markers that would overlap are drawn apart (with leader lines to their
true spots), no name sits on another place's marker, a click on markers close together picks
the legal target, the Strait of Messina stays open, F frames the scenario's provinces, arrows
point at what happens out of sight, and newly drawn cards are badged in the hand."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from game.core.events import event
from game.rulesets.mediterranean_empires.content import MeContent
from game.session import GameSession
from sprites.map.camera import MAX_LEVEL, Camera
from sprites.map.hit import hit_test, markers_at
from sprites.map.labels import LabelLayout
from sprites.map.model import MapModel
from sprites.map.picture import scenario_picture, whole_map
from sprites.map.spread import LEADER_INK, Spread, overlapping, spread_of
from sprites.polygons import inside_ring
from sprites.resources import asset_path
from sprites.scenes.base import intent
from tests.sprites.pilot import Pilot
from tests.sprites.test_table_pilot import KEYS, _app

VIEWPORTS = {"1920x1080 table": (400, 0, 1520, 1080), "1280x720 table": (280, 0, 1000, 720),
             "small": (100, 0, 860, 540)}
LEVELS = range(MAX_LEVEL + 1)
KNOWN = {("messana", "reghium"), ("carthago", "utica"), ("apollonia", "kyrene"),
         ("naukratis", "sais"), ("genua", "ligures")}
"""Pairs whose markers overlap at their true spots at some level of the table's view."""


def _zooms(model: MapModel, viewport: tuple[int, int, int, int]) -> list[float]:
    camera = Camera(viewport, model.extent)
    return [camera.level_zoom(level) for level in LEVELS]


def _pairs(spread: Spread, spots: dict[str, tuple[float, float]], zoom: float, whole_px: bool
           ) -> set[tuple[str, str]]:
    """The pairs of markers that overlap when drawn at `spots` (in whole level pixels, as the
    view places them at rest, when `whole_px`)."""
    px = [(spots[n][0] * zoom, spots[n][1] * zoom) for n in spread.ids]
    if whole_px:
        px = [(round(x), round(y)) for x, y in px]
    ids = spread.ids
    return {(min(ids[i], ids[j]), max(ids[i], ids[j]))
            for i, j in overlapping(px, spread.shapes(zoom))}


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_markers_that_would_overlap_are_drawn_apart_at_every_level(
        model: MapModel, viewport: tuple[int, int, int, int]) -> None:
    spread = spread_of(model)
    true = dict(zip(spread.ids, spread.true, strict=True))
    crowded = {level: _pairs(spread, true, zoom, False)
               for level, zoom in enumerate(_zooms(model, viewport))}
    found = set().union(*crowded.values())
    assert found >= KNOWN, KNOWN - found
    assert len(crowded[0]) > len(crowded[MAX_LEVEL]) > 0
    for level, zoom in enumerate(_zooms(model, viewport)):
        assert _pairs(spread, spread.at(zoom), zoom, True) == set(), level
        moved = {node for node, _, _ in spread.moved(zoom)}
        assert {n for pair in crowded[level] for n in pair} <= moved, level


def test_only_crowded_markers_move_and_never_far(model: MapModel) -> None:
    spread = spread_of(model)
    for zoom in _zooms(model, VIEWPORTS["1920x1080 table"]):
        for node, drawn, true in spread.moved(zoom):
            assert math.dist(drawn, true) * zoom < 30, node
        assert len(spread.moved(zoom)) < 50
    lonely = spread.at(_zooms(model, VIEWPORTS["1920x1080 table"])[3])["roma"]
    assert lonely == model.city("roma").pos  # the rules' coordinates stay the markers' own


def test_the_view_draws_markers_where_the_spread_puts_them_with_leader_lines(
        display: pygame.Surface, model: MapModel, me_content: MeContent) -> None:
    from sprites.map.view import MapView

    view = MapView(model, whole_map(me_content), pygame.Rect(VIEWPORTS["small"]))
    for level in (0, 3):
        zoom = view.camera.level_zoom(level)
        spots = view.spread.at(zoom)
        _, rects = view.markers.of_level(level, zoom)
        for node, rect in zip(view.markers.order, rects, strict=True):
            assert rect.center == (round(spots[node][0] * zoom), round(spots[node][1] * zoom))
        moved = {node: true for node, _, true in view.spread.moved(zoom)}
        assert {"messana", "reghium", "carthago", "utica"} <= moved.keys()
        tx, ty = moved["messana"]
        spot = (round(tx * zoom), round(ty * zoom))
        tile = view.painter.paint(zoom, pygame.Rect(spot[0] - 20, spot[1] - 20, 40, 40))
        assert tuple(tile.get_at((20, 20)))[:3] == pytest.approx(LEADER_INK, abs=40)
    view.level = 3
    view.camera.zoom = view.camera.level_zoom(3)
    view.camera.centre_on(model.city("messana").pos)
    drawn = view.spots()["reghium"]
    hit = view.hit(view.camera.to_screen(drawn))
    assert hit is not None and hit.id == "reghium"


def _disc_covers(rect: pygame.Rect, centre: tuple[float, float], radius: float) -> bool:
    nearest = (min(max(centre[0], rect.left), rect.right),
               min(max(centre[1], rect.top), rect.bottom))
    return math.dist(centre, nearest) < radius


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
@pytest.mark.parametrize("scenario", [None, "1", "8"])
def test_no_name_sits_on_another_places_marker(
        display: pygame.Surface, model: MapModel, me_content: MeContent,
        viewport: tuple[int, int, int, int], scenario: str | None) -> None:
    picture = whole_map(me_content) if scenario is None else scenario_picture(me_content,
                                                                              scenario)
    spread = spread_of(model)
    for level, zoom in enumerate(_zooms(model, viewport)):
        spots = spread.at(zoom)
        layout = LabelLayout(model, zoom, picture.provinces_in_play, spots=spots)
        markers = [(node, (spots[node][0] * zoom + dx, spots[node][1] * zoom + dy), r)
                   for node, shape in zip(spread.ids, spread.shapes(zoom), strict=True)
                   for dx, dy, r in shape]  # a port's anchor too
        covered = [(placed.node, node) for placed in layout.placed if placed.node
                   for node, centre, r in markers
                   if node != placed.node and _disc_covers(placed.rect, centre, r)]
        assert covered == [], (level, covered)
        named = {p.node for p in layout.placed}
        big = {c.id for c in model.cities if c.size == 3 and c.province in
               picture.provinces_in_play}
        assert len(big - named) <= 2, (level, big - named)


def test_a_click_on_markers_close_together_picks_the_legal_target(model: MapModel) -> None:
    camera = Camera(VIEWPORTS["small"], model.extent)
    camera.fit()
    messana, reghium = model.city("messana").pos, model.city("reghium").pos
    between = camera.to_screen(((messana[0] + reghium[0]) / 2, (messana[1] + reghium[1]) / 2))
    plain = hit_test(model, camera, between)  # both markers at their true spots
    assert plain is not None and plain.kind == "city"
    other = "reghium" if plain.id == "messana" else "messana"
    picked = hit_test(model, camera, between, prefer={other})
    assert picked is not None and picked.id == other
    assert hit_test(model, camera, between, prefer={"roma"}) == plain  # not under the pointer


def test_the_table_prefers_the_offered_targets(display: pygame.Surface, model: MapModel) -> None:
    """The decision's targets are what a click on several markers means first."""
    app, clock = _app(display, 0)
    app.open("table", GameSession.start("mediterranean_empires", "1", ("human", "bot:greedy"),
                                        KEYS))
    pilot = Pilot(app, clock)
    pilot.wait_turn()
    table, offer = pilot.table, pilot.offer
    assert offer is not None and {"carthago", "utica"} <= set(offer.targets)
    pane = table.display.map
    assert pane.prefer == frozenset(offer.targets)
    pane.map_view.fit()  # the whole map: markers closest together
    pane.map_view.sharpen()
    cam, spots = pane.map_view.camera, pane.map_view.spots()
    a, b = cam.to_screen(spots["carthago"]), cam.to_screen(spots["utica"])
    both = [(round(a[0] + (b[0] - a[0]) * t / 20), round(a[1] + (b[1] - a[1]) * t / 20))
            for t in range(21)]
    pos = next(p for p in both
               if {"carthago", "utica"} <= {h.id for h in markers_at(model, cam, p, spots)})
    for meant in ("carthago", "utica"):
        pane.prefer = frozenset({meant})
        assert table._meaning(pos) == intent("node", id=meant)


def _strait_open(model: MapModel, zoom: float) -> bool:
    """Whether the sea runs from the Tyrrhenian to the Ionian between Sicily and Italy in the
    land mask painted at a zoom."""
    from game.rulesets.mediterranean_empires.content import bundled_layout
    from sprites.map.model import project
    from sprites.map.provinces import province_cells
    from sprites.map.steps import finish
    from sprites.map.terrain import TerrainPainter

    projection = bundled_layout().projection
    painter = TerrainPainter(model, province_cells(model), frozenset())
    (x0, y0), (x1, y1) = project(projection, 1535, 3845), project(projection, 1600, 3785)
    rect = pygame.Rect(int(x0 * zoom), int(y0 * zoom), int((x1 - x0) * zoom) + 1,
                       int((y1 - y0) * zoom) + 1)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    finish(painter._land_mask(mask, zoom, rect))
    sea = pygame.mask.from_surface(mask, 128)
    sea.invert()
    north, south = project(projection, 1566, 3840), project(projection, 1556, 3790)
    ends = [(int(x * zoom) - rect.x, int(y * zoom) - rect.y) for x, y in (north, south)]
    return bool(sea.get_at(ends[0])) and bool(sea.connected_component(ends[0]).get_at(ends[1]))


def test_the_coastline_data_keeps_sicily_apart_from_italy() -> None:
    polygons = json.loads(asset_path("coastlines.json").read_text())["polygons"]

    def holding(lon: int, lat: int) -> int:
        return next(k for k, p in enumerate(polygons) if inside_ring((lon, lat), p[0]))

    sicily, italy = holding(1400, 3760), holding(1620, 3850)  # Sicily's middle, Calabria
    assert sicily != italy
    gap = min(math.dist(a, b) for a in polygons[sicily][0] for b in polygons[italy][0])
    assert gap > 5  # hundredths of a degree: a real strait, narrower than a pixel far out


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_strait_of_messina_stays_open_at_every_level(
        model: MapModel, viewport: tuple[int, int, int, int]) -> None:
    assert all(_strait_open(model, zoom) for zoom in _zooms(model, viewport))


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_strait_is_drawn_open_over_its_inked_coasts(
        display: pygame.Surface, model: MapModel, viewport: tuple[int, int, int, int]) -> None:
    """Down the middle of the strait the painted tile shows water (greener than it is red),
    not the coasts' ink nor the land's parchment, even at the smallest zoom."""
    from sprites.map.terrain import TerrainPainter

    painter = TerrainPainter(model, (), frozenset())
    zoom = _zooms(model, viewport)[0]
    for x, y in model.straits[0]:
        box = pygame.Rect(round(x * zoom) - 8, round(y * zoom) - 8, 16, 16)
        red, green, _ = tuple(painter.paint(zoom, box).get_at((8, 8)))[:3]
        assert green > red, (x, y)


@pytest.mark.parametrize("scenario", ["1", "2", "8"])
def test_f_frames_the_provinces_in_play_clear_of_the_bar_and_hand(
        display: pygame.Surface, model: MapModel, me_content: MeContent, scenario: str) -> None:
    from sprites.map.pane import MapPane

    picture = scenario_picture(me_content, scenario)
    pane = MapPane(model, picture)
    pane.place(pygame.Rect(VIEWPORTS["1920x1080 table"]), (1920, 1080), False, 100)
    pane.frame(110, 170)
    pane.apply(intent("zoom", steps=-2, at=(900, 500)))
    pane.apply(intent("pan", dx=300, dy=-200))
    keyed = pane.intents(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f))
    assert [it.name for it in keyed] == ["fit"]
    pane.apply(keyed[0])
    cam, free = pane.map_view.camera, pane.free_rect()
    inside = [cam.to_screen(p) for p in pane.provinces_in_play()]
    if scenario == "8":  # four empires all round the sea: the whole map
        assert pane.map_view.level == 0
        return
    assert pane.map_view.level >= 1 and all(free.collidepoint(p) for p in inside)
    whole = [cam.to_screen(c.pos) for c in model.cities]
    assert not all(pane.viewport.collidepoint(p) for p in whole)  # not the whole sea


def test_an_event_out_of_sight_gets_a_pulsing_arrow_that_centres_the_map(
        display: pygame.Surface, model: MapModel, me_content: MeContent) -> None:
    from sprites.map.pane import MapPane

    pane = MapPane(model, whole_map(me_content))
    pane.place(pygame.Rect(VIEWPORTS["1920x1080 table"]), (1920, 1080), False, 100)
    pane.frame(110, 170)
    view = pane.map_view
    view.fit(4, model.city("gadir").pos)
    view.sharpen()
    pane.pulse(["gadir", "byzantion"])
    assert [b.node for b in pane.beacons.items] == ["byzantion"]  # Gadir is in sight
    surface = pygame.Surface((1920, 1080))
    rects = pane.marks(surface)
    arrow = pane.beacons.items[0].rect
    assert arrow is not None and rects and pane.free_rect().contains(arrow)
    assert arrow.centerx > pane.viewport.centerx  # towards the east
    first = surface.subsurface(arrow).copy()
    pane.update(0.4)
    assert pane.dirty
    pane.marks(surface)
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(
        surface.subsurface(arrow), "RGB")  # it pulses
    assert pane.beacons.at(arrow.center) == "byzantion"
    pane.apply(intent("centre", node="byzantion"))
    spot = pane.to_screen("byzantion")
    assert spot is not None and math.dist(spot, pane.free_rect().center) < 2
    assert pane.beacons.items == []
    pane.pulse(["gadir"])
    assert pane.beacons.items
    for _ in range(30):
        pane.update(0.1)
    assert pane.beacons.items == []  # a couple of seconds, then gone


def test_the_places_of_a_story_are_where_battles_and_conquests_happen() -> None:
    from sprites.table.story import places_of

    events = (event("combat_started", where="syracusae", fight=1),
              event("city_changed", city="syracusae"), event("subdued", area="ligures"),
              event("drew", seat=0))
    assert places_of(events) == ["syracusae", "ligures"]


def _view(seat: int | None, slots: list[str]) -> dict:
    return {"seat": seat, "hand": [{"slot": s, "card": None} for s in slots]}


def test_newly_drawn_cards_are_new_until_hovered_or_the_next_turn(display: pygame.Surface) -> None:
    from sprites.table.fresh import NewCards
    from sprites.table.hand import Hand

    fresh = NewCards()
    fresh.see(_view(0, ["a", "b"]))
    assert fresh.of(0) == set()  # the hand as first seen
    fresh.see(_view(0, ["a", "b", "c", "d"]))
    fresh.see(_view(None, []))  # a covered screen changes nothing
    fresh.see(_view(1, []))
    fresh.see(_view(1, ["x", "y"]))  # a first hand: all new, so none is marked
    assert fresh.of(0) == {"c", "d"} and fresh.of(1) == set()
    hand = Hand()
    hand.place(pygame.Rect(0, 300, 900, 230), 124, 60)
    hand.deal([(s, None) for s in ("a", "b", "c", "d")])
    hand.new = fresh.of(0)
    surface = pygame.Surface((960, 540))
    assert len(hand.draw(surface, {}, round, False)) == 3  # the fan and two tags
    hand.point(next(c.rect.center for c in hand.cards if c.slot == "d"))
    assert fresh.of(0) == {"c"}
    fresh.see(_view(0, ["b", "c", "e"]))  # played a and d, drew e
    assert fresh.of(0) == {"c", "e"}
    fresh.told([event("turn_ended", turn=1)])
    fresh.see(_view(0, ["b", "c", "e", "f"]))  # refilled at the turn's end
    fresh.told([event("turn_started", turn=2)])
    fresh.see(_view(0, ["b", "c", "e", "f"]))
    assert fresh.of(0) == {"f"}  # older ones drop as the turn starts; the refill stays new


def test_a_ringed_citys_name_is_drawn_over_its_ring(
        display: pygame.Surface, model: MapModel, me_content: MeContent) -> None:
    from sprites.map.pane import MapPane
    from sprites.table.paint import draw_targets

    pane = MapPane(model, whole_map(me_content))
    pane.place(pygame.Rect(0, 0, 853, 650), (1280, 720), False, 100)
    view = pane.map_view
    view.sharpen()
    scale = view.camera.level_zoom(view.level)
    layout = view.painter.laid_labels(scale)
    assert layout is not None
    label = next(p for p in layout.placed if p.node == "olisipo")
    at = view.camera.to_screen((label.pos[0] / scale, label.pos[1] / scale))
    assert pane.labels_of({"olisipo"}) == [(label.surface, (round(at[0]), round(at[1])))]
    surface = pygame.Surface((1280, 720))
    rects = draw_targets(surface, pane, iter(["olisipo", "gadir"]))
    assert len(rects) == 2 + 2  # two rings, then the two names over them
    pane.apply(intent("zoom", steps=1, at=(400, 300)))
    assert pane.labels_of({"olisipo"}) == []  # between levels: the tiles are scaled
