"""Where each area's block goes at a zoom, so that no two blocks overlap: each starts at its
area's label and, if it must, moves outwards in a spiral to the nearest spot that is free, on
the board, with the name's centre inside the area, and best of all: a land area's name on its
own land and the block over no other area's land; a sea's block in open water of its own.

The areas with the least room for their blocks are placed first; when one finds no free spot
it goes to the front and the placing starts again. The areas' shapes are rasterised once into
coarse masks (pygame.mask) for the coverage tests; the overlap tests are done in the zoom's
pixels. A placement is kept per zoom and footprints. When some footprints change at a zoom
already placed, only their blocks are placed again, round the others left where they were;
should one of them find no free spot, every block is placed afresh. So a placement depends on
the zoom, the footprints and the placements before it at that zoom (the same sequence of
pictures gives the same places)."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar, cast

import pygame

from sprites.areamap.geometry import AreaGeometry, Point, Polygon

Bounds = tuple[int, int, int, int]
"""(left, top, right, bottom) in px relative to the name's centre."""
MASK_WIDTH = 1600
"""Mask pixels across the board (about one screen pixel at the fit zoom)."""
GAP = 2
"""Clear pixels kept between two blocks."""
STEP = 5
"""Pixels between two spots tried."""
REACH = 140
"""Pixels at most that a block moves from its label."""
OFFSHORE = 8
"""Pixels of its own water a sea's block is best kept clear round it."""
HOLD_PX = 2
"""Pixels round a name's centre that must lie in its area too (so rounding on screen never
puts the centre over the line)."""
SPREAD = 0.04
"""Share of a block allowed over another area's land (the masks' rough edges)."""
SEA_ROOM = 0.25
"""A sea's water counted at this share when ranking the areas by room (long and narrow)."""
LOOK_ON = 6
"""Rings searched on for a better spot once a spot is found."""
RETRIES = 30
"""Passes tried at most (the last one places every block, overlapping if it must)."""
AGAIN_PASSES = 8
"""Passes tried at most when placing only the changed blocks again, before all are."""
KEPT = 16
"""Placements kept (per zoom and footprints), and latest placements kept (per zoom)."""
SEEN_MAX = 400_000
"""Mask measurements kept before they are forgotten."""
T = TypeVar("T")
GOOD, FAIR, FREE, NONE = 0.0, 1.0, 2.0, 4.0
"""Ranks of a spot, best first; a free spot ranks FREE plus the share of its block on the
wrong ground (land under a sea's name, another area's land under a province's block)."""


@dataclass(frozen=True)
class Layout:
    """A placement at one zoom: the footprints, and each block's name centre in the zoom's
    pixels."""

    footprints: Mapping[str, Footprint]
    centres: Mapping[str, tuple[int, int]]
    crowded: frozenset[str] = frozenset()
    """Blocks that found no free spot (placed at their labels, overlapping): at sizes too
    small for every block, placing again may leave them so."""

    def spots(self, zoom: float) -> dict[str, Point]:
        """Each name centre in board units."""
        return {area: (x / zoom, y / zoom) for area, (x, y) in self.centres.items()}


@dataclass(frozen=True)
class Footprint:
    """A block's bounds and its name's bounds, relative to the name's centre."""

    block: Bounds
    name: Bounds


class Placer:
    """Block positions for one geometry."""

    def __init__(self, geometry: AreaGeometry) -> None:
        self.geometry = geometry
        self._masks: _Masks | None = None
        self._known: OrderedDict[tuple[object, ...], tuple[dict[str, Point], frozenset[str]]] \
            = OrderedDict()
        self._latest: OrderedDict[float, Layout] = OrderedDict()

    def place(self, zoom: float, footprints: Mapping[str, Footprint]) -> dict[str, Point]:
        """Each area's name centre (board units) at `zoom` for blocks of these footprints."""
        return self.placed(zoom, footprints)[0]

    def placed(self, zoom: float, footprints: Mapping[str, Footprint]
               ) -> tuple[dict[str, Point], frozenset[str]]:
        """`place`'s spots, and the blocks among them that found no free spot."""
        key = (zoom, tuple(sorted(footprints.items())))
        known = self._known.get(key)
        if known is None:
            layout = self._again(zoom, footprints) or self._place(zoom, footprints)
            _remember(self._latest, zoom, layout)
            known = _remember(self._known, key, (layout.spots(zoom), layout.crowded))
        self._known.move_to_end(key)
        return known

    def _again(self, zoom: float, footprints: Mapping[str, Footprint]) -> Layout | None:
        """The latest placement at `zoom` with only the changed footprints' blocks placed
        again, round the others left where they were; a block left without a free spot goes
        to the front, and the blocks it now collides with (at its old spot or its label) are
        placed again after it (or, if it collides with none, those round it). None: no such
        placement, or no pass worked out."""
        latest = self._latest.get(zoom)
        if latest is None or latest.footprints.keys() != footprints.keys():
            return None
        moving = {area for area in footprints if latest.footprints[area] != footprints[area]}
        order = self._search(zoom).order({area: footprints[area] for area in moving})
        for _ in range(AGAIN_PASSES):
            search = self._search(zoom)
            kept = {area: centre for area, centre in latest.centres.items() if area not in moving}
            for area, centre in kept.items():
                search.take(footprints[area], centre)
            if search.pass_(order, footprints, latest.crowded) is not None:
                return Layout(dict(footprints), {**kept, **search.centres},
                              (latest.crowded - moving) | search.crowded())
            stuck = list(search.tiers)[-1]
            moving |= _crowding(search, stuck, footprints, latest.centres, kept)
            rest = {area: footprints[area] for area in moving if area != stuck}
            order = [stuck, *search.order(rest)]
        return None

    def _place(self, zoom: float, footprints: Mapping[str, Footprint]) -> Layout:
        """Passes in the order of least room; a pass stops at the first block left without
        a free spot, which goes to the front for the next; the last pass places them all."""
        order = self._search(zoom).order(footprints)
        for _ in range(RETRIES - 1):
            search = self._search(zoom)
            if search.pass_(order, footprints) is not None:
                return Layout(dict(footprints), search.centres)
            stuck = list(search.tiers)[-1]
            order = [stuck] + [area for area in order if area != stuck]
        search = self._search(zoom)
        search.pass_(order, footprints, None)
        return Layout(dict(footprints), search.centres, search.crowded())

    def _search(self, zoom: float) -> _Search:
        if self._masks is None:
            self._masks = _Masks(self.geometry)
        return _Search(self.geometry, self._masks, zoom)


K = TypeVar("K")


def _crowding(search: _Search, area: str, footprints: Mapping[str, Footprint],
              old: Mapping[str, tuple[int, int]], kept: Mapping[str, tuple[int, int]]
              ) -> set[str]:
    """The kept areas in a stuck block's way: those it collides with, else those nearest
    round it (a wider ring each time none is found)."""
    for spread in range(0, 2 * REACH + 1, REACH // 4):
        found = search.crowding(area, footprints, old, kept, spread)
        if found:
            return found
    return set()


def _remember(kept: OrderedDict[K, T], key: K, value: T) -> T:
    """Keep `value` under `key` as the newest, forgetting the oldest past KEPT."""
    kept[key] = value
    kept.move_to_end(key)
    if len(kept) > KEPT:
        kept.popitem(last=False)
    return value


_PLACERS: dict[int, tuple[AreaGeometry, Placer]] = {}


def placer_for(geometry: AreaGeometry) -> Placer:
    """The placer of a geometry, shared by every view of it (its masks and placements serve
    the next table too)."""
    known = _PLACERS.get(id(geometry))
    if known is None or known[0] is not geometry:
        known = _PLACERS[id(geometry)] = (geometry, Placer(geometry))
    return known[1]


class _Masks:
    """The board rasterised: all land, and each area's own ground (its land, or its sea's
    water) in a mask over its bounding box, with its count of pixels."""

    def __init__(self, geometry: AreaGeometry) -> None:
        x, y, w, h = geometry.extent
        self.origin = (x, y)
        self.scale = w / MASK_WIDTH
        size = (MASK_WIDTH, math.ceil(h / self.scale))
        self.land = self._raster(geometry.land, (0, 0, *size))
        self.own: dict[str, tuple[pygame.mask.Mask, tuple[int, int]]] = {}
        for shape in geometry.areas.values():
            box = self._box(shape.bbox)
            own = self._raster(shape.polygons, box)
            if shape.sea:
                own.erase(self.land, (-box[0], -box[1]))
            self.own[shape.id] = (own, box[:2])
        self.count = {area: own.count() for area, (own, _) in self.own.items()}
        self.seen: dict[tuple[object, ...], object] = {}
        """Covers and holds already measured (they depend on the masks alone, not on the
        blocks placed), kept across searches so that a re-placement mostly looks them up."""

    def recall(self, key: tuple[object, ...], measure: Callable[[], T]) -> T:
        """A measurement by its key, made once (forgotten wholesale past SEEN_MAX)."""
        if key in self.seen:
            return cast(T, self.seen[key])
        if len(self.seen) > SEEN_MAX:
            self.seen.clear()
        found = self.seen[key] = measure()
        return found

    def _box(self, bbox: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        (x0, y0), (x1, y1) = self.to_mask(bbox[:2]), self.to_mask(bbox[2:])
        return (math.floor(x0), math.floor(y0), math.ceil(x1) + 1, math.ceil(y1) + 1)

    def to_mask(self, p: Sequence[float]) -> tuple[float, float]:
        """A board point in mask pixels."""
        return ((p[0] - self.origin[0]) / self.scale, (p[1] - self.origin[1]) / self.scale)

    def _raster(self, polygons: Sequence[Polygon], box: tuple[int, int, int, int]
                ) -> pygame.mask.Mask:
        """The polygons (less their holes) in a mask over `box`."""
        surface = pygame.Surface((max(1, box[2] - box[0]), max(1, box[3] - box[1])))
        surface.set_colorkey((0, 0, 0))
        for polygon in polygons:
            self._fill(surface, polygon[0], box, (255, 255, 255))
            for hole in polygon[1:]:
                self._fill(surface, hole, box, (0, 0, 0))
        return pygame.mask.from_surface(surface)

    def _fill(self, surface: pygame.Surface, ring: Sequence[Point],
              box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> None:
        points = [(x - box[0], y - box[1]) for x, y in map(self.to_mask, ring)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        w, h = surface.get_size()
        if len(points) > 2 and max(xs) >= 0 and max(ys) >= 0 and min(xs) <= w and min(ys) <= h:
            pygame.draw.polygon(surface, colour, points)


class _Search:
    """One placement at one zoom: the blocks placed so far, in the zoom's pixels."""

    def __init__(self, geometry: AreaGeometry, masks: _Masks, zoom: float) -> None:
        self.geometry = geometry
        self.masks = masks
        self.zoom = zoom
        x, y, w, h = geometry.extent
        self.board = pygame.Rect(math.ceil(x * zoom), math.ceil(y * zoom),
                                 math.floor(w * zoom), math.floor(h * zoom))
        self.per_px = 1 / (zoom * masks.scale)
        """Mask pixels per pixel of this zoom."""
        self.corner = (masks.origin[0] / masks.scale, masks.origin[1] / masks.scale)
        self.placed: list[pygame.Rect] = []
        self.tiers: dict[str, float] = {}
        self.centres: dict[str, tuple[int, int]] = {}

    def order(self, footprints: Mapping[str, Footprint]) -> list[str]:
        """The areas with the least room for their blocks first (a sea's water counted at
        SEA_ROOM: long and narrow, it has less room than its size says)."""
        def room(area: str) -> tuple[float, str]:
            left, top, right, bottom = footprints[area].block
            size = (right - left) * (bottom - top) / (self.zoom * self.masks.scale) ** 2
            share = SEA_ROOM if self.geometry.areas[area].sea else 1.0
            return (self.masks.count[area] * share / max(1.0, size), area)

        return sorted(footprints, key=room)

    def pass_(self, order: Sequence[str], footprints: Mapping[str, Footprint],
              may_crowd: Collection[str] | None = frozenset()
              ) -> dict[str, Point] | None:
        """Every block placed in `order`; None if one not in `may_crowd` found no free spot
        (`may_crowd` None: all may)."""
        spots = {}
        for area in order:
            spots[area] = self.spot(area, footprints[area])
            if may_crowd is not None and self.tiers[area] == NONE and area not in may_crowd:
                return None
        return spots

    def spot(self, area: str, footprint: Footprint) -> Point:
        """The best spot for an area's block (board units), now taken."""
        lx, ly = self.geometry.areas[area].label
        label = (round(lx * self.zoom), round(ly * self.zoom))
        best, tier, first = label, NONE, 0
        for dx, dy, ring in spiral():
            if tier < NONE and ring > first + LOOK_ON:
                break
            centre = (label[0] + dx, label[1] + dy)
            found = self._tier(area, footprint, centre)
            if found < tier and self._holds(area, centre):
                best, tier, first = centre, found, first if tier < NONE else ring
                if tier == GOOD:
                    break
        self.tiers[area] = tier
        self.centres[area] = best
        self.take(footprint, best)
        return (best[0] / self.zoom, best[1] / self.zoom)

    def crowding(self, area: str, footprints: Mapping[str, Footprint],
                 old: Mapping[str, tuple[int, int]], kept: Mapping[str, tuple[int, int]],
                 spread: int) -> set[str]:
        """The kept areas whose blocks an area's block, grown by `spread` px each way, would
        collide with at its old spot or at its label."""
        lx, ly = self.geometry.areas[area].label
        spots = [old[area], (round(lx * self.zoom), round(ly * self.zoom))]
        grow = 2 * (GAP + spread)
        wanted = [_rect(footprints[area].block, spot).inflate(grow, grow) for spot in spots]
        return {other for other, centre in kept.items()
                if _rect(footprints[other].block, centre).collidelist(wanted) >= 0}

    def crowded(self) -> frozenset[str]:
        """The areas whose blocks found no free spot."""
        return frozenset(area for area, tier in self.tiers.items() if tier == NONE)

    def take(self, footprint: Footprint, centre: tuple[int, int]) -> None:
        """Mark a block's room, round its name centre (px), as taken."""
        self.placed.append(_rect(footprint.block, centre).inflate(2 * GAP, 2 * GAP))

    def _tier(self, area: str, footprint: Footprint, centre: tuple[int, int]) -> float:
        """The rank of a spot for an area's block (NONE: taken or off the board)."""
        rect = _rect(footprint.block, centre)
        if not self.board.contains(rect) or rect.collidelist(self.placed) >= 0:
            return NONE
        inside, on_land, size = self._cover(area, rect)
        if self.geometry.areas[area].sea:
            return self._sea_tier(area, rect, on_land / size)
        if on_land - inside > size * SPREAD + 1:
            return FREE + (on_land - inside) / size
        name, _, name_size = self._cover(area, _rect(footprint.name, centre))
        return GOOD if name >= name_size * (1 - SPREAD) else FAIR

    def _sea_tier(self, area: str, rect: pygame.Rect, on_land: float) -> float:
        """Good in open water of its own (OFFSHORE px clear round it, room left near the
        coasts for the islands' and provinces' blocks), fair on water."""
        inside, _, size = self._cover(area, rect.inflate(2 * OFFSHORE, 2 * OFFSHORE))
        if inside >= size * (1 - SPREAD):
            return GOOD
        return FAIR if on_land <= SPREAD else FREE + on_land

    def _cover(self, area: str, rect: pygame.Rect) -> tuple[int, int, int]:
        """(pixels on the area's own ground, pixels on land, pixels) of a rect, in the
        masks' pixels."""
        key = ("cover", area, self.per_px, rect.left, rect.top, rect.w, rect.h)
        return self.masks.recall(key, lambda: self._measure(area, rect))

    def _measure(self, area: str, rect: pygame.Rect) -> tuple[int, int, int]:
        (x0, y0), k = self.corner, self.per_px
        left, top = math.floor(rect.left * k - x0), math.floor(rect.top * k - y0)
        size = (max(1, math.ceil(rect.right * k - x0) - left),
                max(1, math.ceil(rect.bottom * k - y0) - top))
        full = _full(size)
        own, (ox, oy) = self.masks.own[area]
        return (own.overlap_area(full, (left - ox, top - oy)),
                self.masks.land.overlap_area(full, (left, top)), size[0] * size[1])

    def _holds(self, area: str, centre: tuple[int, int]) -> bool:
        """Whether the point and the points HOLD_PX round it lie well inside the area's mask
        (a mask pixel either side set too, so that the true outline holds them)."""
        key = ("holds", area, self.per_px, centre)
        return self.masks.recall(key, lambda: self._inside(area, centre))

    def _inside(self, area: str, centre: tuple[int, int]) -> bool:
        own, (ox, oy) = self.masks.own[area]
        (x0, y0), k = self.corner, self.per_px
        w, h = own.get_size()
        for dx, dy in ((0, 0), (HOLD_PX, 0), (-HOLD_PX, 0), (0, HOLD_PX), (0, -HOLD_PX)):
            x = round((centre[0] + dx) * k - x0) - ox
            y = round((centre[1] + dy) * k - y0) - oy
            if not (1 <= x < w - 1 and 1 <= y < h - 1):
                return False
            if not all(own.get_at((x + i, y + j)) for i in (-1, 0, 1) for j in (-1, 0, 1)):
                return False
        return True


def _rect(bounds: Bounds, centre: tuple[int, int]) -> pygame.Rect:
    left, top, right, bottom = bounds
    return pygame.Rect(centre[0] + left, centre[1] + top, right - left, bottom - top)


@cache
def _full(size: tuple[int, int]) -> pygame.mask.Mask:
    return pygame.mask.Mask(size, fill=True)


@cache
def spiral() -> tuple[tuple[int, int, int], ...]:
    """Offsets (px) from the label outwards with their ring, rings STEP apart up to REACH;
    within a ring sideways moves before up or down ones."""
    out = [(0, 0, 0)]
    for ring in range(1, REACH // STEP + 1):
        count = max(8, round(2 * math.pi * ring))
        points = {(round(ring * STEP * math.cos(2 * math.pi * k / count)),
                   round(ring * STEP * math.sin(2 * math.pi * k / count))) for k in range(count)}
        out += [(x, y, ring) for x, y in sorted(points, key=lambda p: (abs(p[1]), abs(p[0]), p))]
    return tuple(out)
