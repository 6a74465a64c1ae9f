"""Showing an edit on the map at once: the map's model is built again from the draft (a few
milliseconds), and of the painted tiles only those the edit changed are dropped — where a
city's province tint moved, a route was drawn or rubbed out, a name or a leader line moved —
so the camera stays put and the rest of the map stays sharp while those few are painted
again (docs/editor.md gives the figures)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from sprites.map.labels import LabelLayout
from sprites.map.model import MapModel
from sprites.map.pane import MapPane
from sprites.map.picture import BoardPicture
from sprites.map.spread import Spread
from sprites.map.terrain import PAD, WASH
from sprites.map.tiles import TILE, Key, StaticPainter

WASHED = -1
"""The margin of a province tint's box: as far as the terrain softens the tints."""
BoardBox = tuple[float, float, float, float, int]
"""x0, y0, x1, y1 in board units, and a margin in level pixels (or WASHED)."""


def show_edit(pane: MapPane, model: MapModel, picture: BoardPicture) -> float:
    """Draw an edited map in the pane, the camera where it is and every tile the edit left
    alone kept; the seconds it took (tiles still to paint are painted over the next frames)."""
    start = time.perf_counter()
    view = pane.map_view
    painter = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
    zooms = {level: view.camera.level_zoom(level) for level in {0, view.level}}
    pane.remodel(painter, picture, stale_tiles(view.painter, painter, zooms))
    return time.perf_counter() - start


def stale_tiles(old: StaticPainter, new: StaticPainter, zooms: dict[int, float]
                ) -> Callable[[Key], bool]:
    """Which tiles an edit changed: at the levels in `zooms` those over a change (their
    labels are placed anew to find the names that moved), at every other level all."""
    boxes = changed_places(old, new)
    dirty = {level: _level_rects(boxes, zoom) + _moved_labels(old.labels(zoom),
                                                              new.labels(zoom))
             + _moved_leaders(old.spread, new.spread, zoom)
             for level, zoom in zooms.items()}

    def stale(key: Key) -> bool:
        rects = dirty.get(key[0])
        return rects is None or pygame.Rect(key[1] * TILE, key[2] * TILE, TILE,
                                            TILE).collidelist(rects) >= 0
    return stale


def changed_places(old: StaticPainter, new: StaticPainter) -> list[BoardBox]:
    """Where the terrain and the routes differ: the tinted cell, before and after, of each
    city moved, added, removed or put in another province (the neighbours' cells change only
    there), and along each route drawn differently."""
    before = {c.id: (c.pos, c.province) for c in old.model.cities}
    after = {c.id: (c.pos, c.province) for c in new.model.cities}
    cells = [{cell.city: cell.bbox for cell in painter.terrain.cells} for painter in (old, new)]
    boxes: list[BoardBox] = []
    for node in set(before) | set(after):
        if before.get(node) != after.get(node):
            boxes += [(*cell[node], WASHED) for cell in cells if node in cell]
    for route in set(old.model.routes) ^ set(new.model.routes):
        xs, ys = [p[0] for p in route.points], [p[1] for p in route.points]
        boxes.append((min(xs), min(ys), max(xs), max(ys), 8))
    return boxes


def _level_rects(boxes: list[BoardBox], zoom: float) -> list[pygame.Rect]:
    wash = 8 * min(PAD // 8, max(1, round(WASH * zoom / 4))) + 4  # as terrain blurs the tints
    return [pygame.Rect(int(x0 * zoom) - pad, int(y0 * zoom) - pad,
                        int((x1 - x0) * zoom) + 2 * pad + 2, int((y1 - y0) * zoom) + 2 * pad + 2)
            for x0, y0, x1, y1, margin in boxes for pad in [wash if margin == WASHED else margin]]


def _moved_labels(old: LabelLayout, new: LabelLayout) -> list[pygame.Rect]:
    """The boxes of names placed in one layout and not the same in the other."""
    def placed(layout: LabelLayout) -> dict[tuple[object, ...], pygame.Rect]:
        names = {c.id: c.name for c in layout.model.cities} | {a.id: a.name
                                                               for a in layout.model.areas}
        return {(p.node, names.get(p.node, ""), p.pos, p.surface.get_size()): p.rect
                for p in layout.placed}
    before, after = placed(old), placed(new)
    return [rect.inflate(4, 4) for key, rect in (*before.items(), *after.items())
            if (key in before) != (key in after)]


def _moved_leaders(old: Spread, new: Spread, zoom: float) -> list[pygame.Rect]:
    """The boxes of leader lines (markers pushed aside) drawn in one spread only."""
    before, after = set(old.moved(zoom)), set(new.moved(zoom))
    rects = []
    for _, drawn, true in before ^ after:
        x0, x1 = sorted((drawn[0] * zoom, true[0] * zoom))
        y0, y1 = sorted((drawn[1] * zoom, true[1] * zoom))
        rects.append(pygame.Rect(int(x0) - 5, int(y0) - 5, int(x1 - x0) + 11, int(y1 - y0) + 11))
    return rects
