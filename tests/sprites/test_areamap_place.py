"""The area map's dressing laid out (sprites/areamap/block.py, place.py, dress.py): at the
fit zoom of the table's map and of a whole window, the 5-player start (with a war, an
occupation and a battle) is drawn with no two blocks overlapping, every name inside its area
and every block on the board; blocks, grids and sea names are shaped as described."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from sprites.areamap.block import Sizes, block, grid, sides_key
from sprites.areamap.picture import AreaLook, SiteLook
from sprites.areamap.place import Placer, spiral
from sprites.mn.map_picture import geometry, picture_from_view, sides
from sprites.mn.map_view import MnMap
from tools.shots_mn_map import TABLE, dressed, start_view

SIZES = [TABLE.size, (1872, 1032)]
"""The table's map in a 1920×1080 window, and the map alone in such a window."""
SMALL = (747, 640)
"""The table's map in a 1280×720 window: too small for every block."""


@pytest.fixture(scope="module")
def start() -> tuple[Any, dict[str, Any]]:
    content, view = start_view()
    return content, dressed(view)


def drawn(display: pygame.Surface, start: tuple[Any, dict[str, Any]], size: tuple[int, int]
          ) -> tuple[MnMap, list[tuple[str, pygame.Rect, pygame.Rect]]]:
    """The board fitted to `size`: each area's id, block box and name box on screen."""
    content, view = start
    rect = pygame.Rect((0, 0), size)
    board = MnMap(content, rect=rect)
    board.draw(pygame.Surface(size), rect, view, ("mare_ionium",))
    camera = board.view.camera
    out = []
    for area, found, spot in board.view.dresser.dressing(board.picture, camera.zoom):
        x, y = camera.to_screen(spot)
        box = found.surface.get_rect(topleft=(round(x) - found.anchor[0],
                                              round(y) - found.anchor[1]))
        out.append((area, box, found.boxes[0][1].move(box.topleft)))
    return board, out


@pytest.mark.parametrize("size", SIZES)
def test_no_two_blocks_overlap_at_the_fit_zoom(display: pygame.Surface, start: Any,
                                               size: tuple[int, int]) -> None:
    _, blocks = drawn(display, start, size)
    assert len(blocks) == len(geometry().areas)
    clashes = [(a, b) for k, (a, box, _) in enumerate(blocks)
               for b, other, _ in blocks[k + 1:] if box.colliderect(other)]
    assert clashes == []


@pytest.mark.parametrize("size", SIZES)
def test_every_name_lies_in_its_area_and_every_block_on_the_board(
        display: pygame.Surface, start: Any, size: tuple[int, int]) -> None:
    board, blocks = drawn(display, start, size)
    camera, shapes = board.view.camera, geometry()
    x, y, w, h = camera.extent
    (left, top), (right, bottom) = camera.to_screen((x, y)), camera.to_screen((x + w, y + h))
    on_board = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
    outside = [area for area, _, name in blocks
               if not shapes.holds(area, camera.to_board(name.center))]
    assert outside == []
    assert [area for area, box, _ in blocks if not on_board.inflate(2, 2).contains(box)] == []


def test_sea_names_sit_on_their_own_water(display: pygame.Surface, start: Any) -> None:
    board, blocks = drawn(display, start, TABLE.size)
    camera, shapes = board.view.camera, geometry()
    for area, _, name in blocks:
        if shapes.areas[area].sea:
            assert shapes.area_at(camera.to_board(name.center)) == area


def test_in_a_small_window_seas_showing_only_their_names_give_way(
        display: pygame.Surface, start: Any) -> None:
    board, blocks = drawn(display, start, SMALL)
    shapes, picture = geometry(), board.picture
    left_out = set(shapes.areas) - {area for area, _, _ in blocks}
    assert left_out
    assert all(shapes.areas[area].sea and not picture.area(area).units for area in left_out)
    bare = [(area, box) for area, box, _ in blocks
            if shapes.areas[area].sea and not picture.area(area).units]
    assert [(area, other) for area, box in bare for other, them, _ in blocks
            if other != area and box.colliderect(them)] == []


def test_in_a_small_window_every_land_name_is_on_top(display: pygame.Surface,
                                                      start: Any) -> None:
    board, blocks = drawn(display, start, SMALL)
    shapes = geometry()
    hidden = [area for area, _, name in blocks
              if not shapes.areas[area].sea and board.view.hit(name.center) != area]
    assert hidden == []


def test_placing_is_deterministic_and_kept(start: Any) -> None:
    content, view = start
    picture = picture_from_view(content, view)
    shapes = geometry()
    zoom = 0.25
    footprints = _footprints(picture, zoom)
    first = Placer(shapes).place(zoom, footprints)
    placer = Placer(shapes)
    assert placer.place(zoom, footprints) == first
    assert placer.place(zoom, footprints) is placer.place(zoom, footprints)


def _footprints(picture: Any, zoom: float) -> dict[str, Any]:
    from sprites.areamap.dress import _footprint, roomy

    keyed, sizes = sides_key(picture.sides), Sizes.at(zoom)
    out = {}
    for shape in geometry().areas.values():
        look = picture.area(shape.id)
        out[shape.id] = _footprint(block(look, shape.sea, keyed, sizes),
                                   block(roomy(look, shape.sea, keyed), shape.sea, keyed, sizes))
    return out


def test_sites_fold_into_even_rows_and_sea_names_into_two_lines() -> None:
    assert grid(4, 10) == [(-15, 0), (-5, 0), (5, 0), (15, 0)]
    assert grid(6, 10) == [(-10, 0), (0, 0), (10, 0), (-10, 10), (0, 10), (10, 10)]
    assert [dy for _, dy in grid(5, 10)] == [0, 0, 0, 10, 10]
    keyed, sizes = sides_key(sides()), Sizes.at(0.3)
    sea = block(AreaLook("s", "Mare Nostrum"), True, keyed, sizes)
    land = block(AreaLook("l", "Mare Nostrum"), False, keyed, sizes)
    assert sea.surface.get_height() > land.surface.get_height() * 3 // 2
    assert sea.surface.get_width() < land.surface.get_width()


def test_a_block_keeps_a_hit_box_per_site() -> None:
    sites_ = tuple(SiteLook(f"a.site{k}", "caravan") for k in range(6))
    found = block(AreaLook("a", "Area", sites=sites_), False, sides_key(sides()), Sizes.at(0.3))
    keys = [key for key, _ in found.boxes]
    assert keys == ["a", *(s.key for s in sites_)]
    assert all(found.surface.get_rect().contains(box) for _, box in found.boxes)


def test_the_spiral_starts_at_the_label_and_widens() -> None:
    offsets = spiral()
    assert offsets[0] == (0, 0, 0)
    rings = [ring for _, _, ring in offsets]
    assert rings == sorted(rings)
    assert len(set(offsets)) == len(offsets)


def _boxes(spots: dict[str, Any], footprints: dict[str, Any], zoom: float
           ) -> dict[str, pygame.Rect]:
    out = {}
    for area, (x, y) in spots.items():
        left, top, right, bottom = footprints[area].block
        out[area] = pygame.Rect(round(x * zoom) + left, round(y * zoom) + top, right - left,
                                bottom - top)
    return out


def test_a_changed_block_is_placed_again_round_the_others(start: Any) -> None:
    content, view = start
    zoom = 0.25
    footprints = _footprints(picture_from_view(content, view), zoom)
    placer = Placer(geometry())
    before = placer.place(zoom, footprints)
    left, top, right, bottom = footprints["italia"].block
    grown = dict(footprints, italia=replace(footprints["italia"],
                                            block=(left - 6, top, right + 6, bottom + 12)))
    after = placer.place(zoom, grown)
    boxes = _boxes(after, grown, zoom)
    assert [(a, b) for a in boxes for b in boxes
            if a < b and boxes[a].colliderect(boxes[b])] == []
    moved = {area for area in before if after[area] != before[area]} - {"italia"}
    assert len(moved) < 6
    old = _boxes(before, grown, zoom)
    assert all(old[area].colliderect(old["italia"].inflate(300, 300)) for area in moved)
    again = Placer(geometry())
    again.place(zoom, footprints)
    assert again.place(zoom, grown) == after
