"""Where the markers are drawn at a zoom: at their cities' and areas' true spots, except where
two would overlap, which are pushed apart (a thin leader line then runs back to the true spot).

Worked out once per zoom (in screen pixels, where the markers' sizes are fixed) and kept: the
tiles draw the leader lines and labels, the view the markers, the hit-tests find them there.
The rules' coordinates are never moved.
"""

from __future__ import annotations

import math
from bisect import bisect_left

import pygame

from sprites import theme
from sprites.colour import mix
from sprites.map import style
from sprites.map.camera import LEVEL_STEP, MAX_LEVEL, Camera
from sprites.map.markers import anchor_spot
from sprites.map.model import MapModel, Point

Disc = tuple[float, float, float]
"""A round part of a marker: offset from its centre (px) and radius."""
GAP = 4.0
"""Clear space (px) kept between two markers (a key city's gold ring fits in it)."""
ROUNDS = 60
"""Passes of the pushing at most (a few dozen settle the thickest cluster)."""
LEADER_INK = mix(theme.INK, theme.PARCHMENT, 0.2)


class Spread:
    """The drawn positions of one map's markers, per zoom."""

    def __init__(self, model: MapModel) -> None:
        self.ids = [a.id for a in model.areas] + [c.id for c in model.cities]
        self.true = [a.pos for a in model.areas] + [c.pos for c in model.cities]
        self.kinds = [(0, False)] * len(model.areas) + [(c.size, c.port) for c in model.cities]
        """(size, port): size 0 for a barbarian emblem, else the city's size (1-3)."""
        self._at: dict[float, dict[str, Point]] = {}

    def shapes(self, zoom: float) -> list[list[Disc]]:
        """Each marker's footprint at a zoom: its disc, and a port's anchor beside it."""
        return [footprint(size, port, zoom) for size, port in self.kinds]

    def at(self, zoom: float) -> dict[str, Point]:
        """Where each marker is drawn at this zoom (board units), by id."""
        known = self._at.get(zoom)
        if known is None:
            start = [(x * zoom, y * zoom) for x, y in self.true]
            pushed = _push_apart(start, self.shapes(zoom), [size for size, _ in self.kinds])
            known = self._at[zoom] = {
                node: true if p == q else (p[0] / zoom, p[1] / zoom)
                for node, true, p, q in zip(self.ids, self.true, pushed, start, strict=True)}
        return known

    def moved(self, zoom: float) -> list[tuple[str, Point, Point]]:
        """The markers drawn away from their true spots: (id, drawn, true), board units."""
        drawn = self.at(zoom)
        return [(node, drawn[node], true) for node, true in zip(self.ids, self.true, strict=True)
                if math.dist(drawn[node], true) * zoom >= 0.5]

    def drawn(self, camera: Camera) -> dict[str, Point]:
        """Where each marker is drawn at the camera's zoom: a level's positions at rest on
        it, between two levels' while a zoom animates."""
        level = math.log(camera.zoom / camera.fit_zoom) / math.log(LEVEL_STEP)
        low = max(0, min(MAX_LEVEL - 1, math.floor(level)))
        if abs(level - round(level)) < 1e-6 or not 0 < level < MAX_LEVEL:
            return self.at(camera.level_zoom(max(0, min(MAX_LEVEL, round(level)))))
        a, b = self.at(camera.level_zoom(low)), self.at(camera.level_zoom(low + 1))
        t = level - low
        return {node: (a[node][0] + (b[node][0] - a[node][0]) * t,
                       a[node][1] + (b[node][1] - a[node][1]) * t) for node in self.ids}

    def paint_leaders(self, tile: pygame.Surface, zoom: float, rect: pygame.Rect) -> None:
        """The leader lines of markers pushed aside, on a tile showing level pixels `rect`:
        a hairline from the true spot (a small dot) to under the marker."""
        dot = max(1.5, min(3.0, zoom * 2.5))
        for _, (dx, dy), (tx, ty) in self.moved(zoom):
            a = (tx * zoom - rect.x, ty * zoom - rect.y)
            b = (dx * zoom - rect.x, dy * zoom - rect.y)
            box = pygame.Rect(min(a[0], b[0]) - 4, min(a[1], b[1]) - 4,
                              abs(a[0] - b[0]) + 8, abs(a[1] - b[1]) + 8)
            if box.colliderect(tile.get_rect()):
                pygame.draw.aaline(tile, LEADER_INK, a, b)
                pygame.draw.aacircle(tile, LEADER_INK, a, dot)


_SPREADS: dict[int, tuple[MapModel, Spread]] = {}


def spread_of(model: MapModel) -> Spread:
    """The spread of a map (one per model, shared by the tiles, the view and the hit-tests)."""
    known = _SPREADS.get(id(model))
    if known is None or known[0] is not model:
        known = _SPREADS[id(model)] = (model, Spread(model))
    return known[1]


def forget_spread(model: MapModel) -> None:
    """Let a model's spread go (the map editor draws a new model after each edit)."""
    _SPREADS.pop(id(model), None)


def footprint(size: int, port: bool, zoom: float) -> list[Disc]:
    """The discs a marker covers at a zoom (size 0: a barbarian emblem)."""
    if size == 0:
        return [(0.0, 0.0, float(style.area_radius(zoom)))]
    radius = style.city_radius(size, zoom)
    if not port:
        return [(0.0, 0.0, float(radius))]
    dx, dy, r = anchor_spot(radius)
    return [(0.0, 0.0, float(radius)), (dx, dy, r + 2)]


def overlapping(spots: list[Point], shapes: list[list[Disc]], gap: float = 0.0
                ) -> list[tuple[int, int]]:
    """The pairs of markers (centres in px, footprints) closer than `gap` (sweep along x)."""
    order = sorted(range(len(spots)), key=lambda k: spots[k][0])
    xs = [spots[k][0] for k in order]
    reach = [max(math.hypot(dx, dy) + r for dx, dy, r in shape) for shape in shapes]
    widest = 2 * max(reach, default=0.0) + gap
    pairs = []
    for n, i in enumerate(order):
        for j in order[n + 1:bisect_left(xs, xs[n] + widest)]:
            if math.dist(spots[i], spots[j]) < reach[i] + reach[j] + gap \
                    and _deficit(spots, shapes, i, j, gap)[0] > 0:
                pairs.append((min(i, j), max(i, j)))
    return sorted(pairs)


def _deficit(spots: list[Point] | list[list[float]], shapes: list[list[Disc]], i: int, j: int,
             gap: float) -> tuple[float, float, float]:
    """How far two markers are from `gap` apart (> 0: too close), and the direction (from j
    to i) of the parts closest together."""
    worst = (-math.inf, 1.0, 0.0)
    for ax, ay, ar in shapes[i]:
        for bx, by, br in shapes[j]:
            dx = spots[i][0] + ax - spots[j][0] - bx
            dy = spots[i][1] + ay - spots[j][1] - by
            d = math.hypot(dx, dy)
            if ar + br + gap - d > worst[0]:
                worst = (ar + br + gap - d, dx, dy)
    return worst


def _push_apart(spots: list[Point], shapes: list[list[Disc]], sizes: list[int]) -> list[Point]:
    """The markers moved apart until none is closer to another than GAP, each pair along the
    line between their parts closest together, the smaller marker moving further (nothing
    else moves)."""
    out = [list(p) for p in spots]
    pairs = overlapping(spots, shapes, GAP)
    for _ in range(ROUNDS):
        if not pairs:
            break
        for _ in range(12):
            pushed = [_push(out, spots, shapes, sizes, i, j) for i, j in pairs]  # every pair
            if not any(pushed):
                break
        now = [(x, y) for x, y in out]
        still = overlapping(now, shapes, GAP - 0.01)
        if not still:
            break
        pairs = sorted(set(pairs) | set(still))
    return [(x, y) for x, y in out]


def _push(out: list[list[float]], spots: list[Point], shapes: list[list[Disc]],
          sizes: list[int], i: int, j: int) -> bool:
    """Push one pair apart if they are too close; whether they were."""
    deficit, dx, dy = _deficit(out, shapes, i, j, GAP)
    if deficit <= 1e-6:
        return False
    d = math.hypot(dx, dy)
    if d < 1e-6:  # on top of each other: along the true spots' line, else west-east
        dx, dy = spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]
        d = math.hypot(dx, dy)
        if d < 1e-6:
            dx, dy, d = 1.0, 0.0, 1.0
    share = _weight(sizes[j]) / (_weight(sizes[i]) + _weight(sizes[j]))
    step = deficit + 0.05
    out[i][0] += dx / d * step * share
    out[i][1] += dy / d * step * share
    out[j][0] -= dx / d * step * (1 - share)
    out[j][1] -= dy / d * step * (1 - share)
    return True


def _weight(size: int) -> float:
    """How firmly a marker stays put: bigger cities move less (a barbarian emblem as a 2)."""
    return (2 if size == 0 else size) ** 1.5
