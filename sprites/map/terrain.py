"""The terrain of one map tile: sea with shallows and water-lines, parchment land tinted by
province, province boundaries and an inked coast, all on textured paper."""

from __future__ import annotations

from itertools import pairwise

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.map.model import MapModel, Point
from sprites.map.provinces import Cell
from sprites.map.steps import Steps, finish
from sprites.textures import multiply_tiled

BLUR = 10
"""Blur radius (px) of the land mask that shapes the shallows and water-lines."""
WATER_LINES = ((78, 5), (28, 3))
"""(mask level, tolerance) of each water-line, from the coast outwards."""
WATER_LINE: RGB = (136, 166, 168)
BORDER_INK: RGB = (132, 108, 88)
WASH = 30.0
"""Softness (board units) of the edge of a province's tint."""
PAD = 64
"""Margin (px) painted around a tile so that blurs match across tile edges."""
COAST_INK: RGB = (84, 70, 56)
TINT = 0.26
CHANNEL = 2
"""Width (px) of the open water drawn down a strait (model.straits) over its coasts."""


class TerrainPainter:
    """Paints terrain tiles of any zoom level for one map and one set of provinces in play."""

    def __init__(self, model: MapModel, cells: tuple[Cell, ...], in_play: frozenset[str]) -> None:
        self.model = model
        self.cells = cells
        self.in_play = in_play
        self.land = [(polygon, _bbox(polygon[0]), [_runs(ring) for ring in polygon])
                     for polygon in model.land]
        self.coast = [(line, _bbox(line)) for line in model.coast]
        self.straits = [(line, _bbox(line)) for line in model.straits]
        self.fills = [self._fill(cell) for cell in cells]

    def _fill(self, cell: Cell) -> RGB:
        if cell.province not in self.in_play:
            return theme.PARCHMENT
        return mix(theme.PARCHMENT, self.model.province(cell.province).colour, TINT)

    def paint(self, scale: float, rect: pygame.Rect) -> pygame.Surface:
        """The terrain of the level-pixel rectangle `rect` at `scale` px per board unit."""
        return finish(self.steps(scale, rect))

    def steps(self, scale: float, rect: pygame.Rect) -> Steps[pygame.Surface]:
        """`paint` in steps of a few milliseconds."""
        outer = rect.inflate(2 * PAD, 2 * PAD)
        mask = pygame.Surface(outer.size, pygame.SRCALPHA)
        yield
        yield from self._land_mask(mask, scale, outer)
        tile = pygame.Surface(rect.size)
        tile.fill(theme.SEA)
        yield from self._shallows(tile, mask)
        sea = self._strait_water(tile, scale, rect)
        land = yield from self._land(scale, outer, mask)
        tile.blit(land, (-PAD, -PAD))
        yield
        self._coast(tile, scale, rect)
        self._straits(tile, scale, rect, sea, COAST_INK)
        for band in _bands(tile.get_rect(), 2):  # pixel by pixel: bands do the same
            yield
            multiply_tiled(tile.subsurface(band), (rect.x, rect.y + band.y))
        return tile

    def _land_mask(self, mask: pygame.Surface, scale: float, rect: pygame.Rect) -> Steps[None]:
        """White land on transparent black, drawn into `mask` (which shows `rect`)."""
        area = _board_rect(scale, rect)
        height = mask.get_height()
        for polygon, box, runs in self.land:
            if _overlaps(box, area):
                for k, ring in enumerate(polygon):
                    points = _rows_band(_near_rows(ring, runs[k], scale, rect, height), height)
                    if points is not None:
                        pygame.draw.polygon(mask, (0, 0, 0, 0) if k else (255, 255, 255, 255),
                                            points)
                yield
        self._straits(mask, scale, rect, (0, 0, 0, 0))

    def _straits(self, surface: pygame.Surface, scale: float, rect: pygame.Rect,
                 colour: tuple[int, ...] | None, edge: RGB | None = None) -> None:
        """Open water down each strait crossing `rect` (level px), CHANNEL px wide even where
        its coasts meet on the pixels of a small zoom (then with a hair of ink each side)."""
        area = _board_rect(scale, rect.inflate(8, 8))
        for line, box in self.straits:
            if colour is not None and _overlaps(box, area):
                points = _to_px(line, scale, rect.x, rect.y)
                if edge is not None and scale < 0.5:
                    pygame.draw.lines(surface, mix(edge, _rgb(colour), 0.5), False, points,
                                      CHANNEL + 2)
                pygame.draw.lines(surface, colour, False, points, CHANNEL)

    def _strait_water(self, tile: pygame.Surface, scale: float, rect: pygame.Rect
                      ) -> RGB | None:
        """The colour of the water down a strait in the tile, nearest its middle (None: no
        strait there)."""
        for line, _ in self.straits:
            middle = len(line) // 2
            for p in sorted(line, key=lambda p: abs(line.index(p) - middle)):
                x, y = _px(p, scale, rect)
                if 0 <= x < rect.w and 0 <= y < rect.h:
                    return _rgb(tuple(tile.get_at((int(x), int(y)))))
        return None

    def _shallows(self, tile: pygame.Surface, mask: pygame.Surface) -> Steps[None]:
        """Lighter water near the coast and water-lines following it (blurred at half size)."""
        w, h = mask.get_size()
        grey = pygame.Surface((w, h))
        grey.blit(mask, (0, 0))
        yield
        half = pygame.transform.smoothscale(grey, (w // 2, h // 2))
        yield
        half = yield from _blurred(half, BLUR // 2)
        half = yield from _blurred(half, BLUR // 2)
        big = pygame.transform.smoothscale(half, (w, h))
        yield
        near = big.subsurface((PAD, PAD, *tile.get_size())).copy()
        shallow = tuple(max(0, a - b) for a, b in zip(theme.SEA_SHALLOW, theme.SEA, strict=True))
        for band in _bands(tile.get_rect(), 2):  # pixel by pixel: bands do the same
            lift = near.subsurface(band).copy()
            lift.fill(shallow, special_flags=pygame.BLEND_RGB_MULT)
            tile.blit(lift, band, special_flags=pygame.BLEND_RGB_ADD)
            tile.blit(lift, band, special_flags=pygame.BLEND_RGB_ADD)
            yield
        for level, tol in WATER_LINES:
            for band in _bands(tile.get_rect(), 4):  # pixel by pixel: bands do the same
                pygame.transform.threshold(tile.subsurface(band), near.subsurface(band),
                                           (level, level, level), (tol, tol, tol, 255),
                                           WATER_LINE, 1, None, True)
                yield

    def _land(self, scale: float, rect: pygame.Rect, mask: pygame.Surface
              ) -> Steps[pygame.Surface]:
        """Parchment with soft province washes and dashed boundaries, cut to the land."""
        land = pygame.Surface(rect.size, pygame.SRCALPHA)
        wash = yield from self._wash(scale, rect)
        yield
        land.blit(wash, (0, 0))
        yield
        area = _board_rect(scale, rect)
        width = max(1, min(3, round(scale * 3.5)))
        for cell in self.cells:
            if cell.borders and _overlaps(cell.bbox, area) and cell.province in self.in_play:
                for a, b in cell.borders:
                    _dashed(land, BORDER_INK, _px(a, scale, rect), _px(b, scale, rect), width)
        yield
        land.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return land

    def _wash(self, scale: float, rect: pygame.Rect) -> Steps[pygame.Surface]:
        """The province tints, drawn and softened at a quarter of the size."""
        small = pygame.Surface((rect.w // 4, rect.h // 4))
        small.fill(theme.PARCHMENT)
        area = _board_rect(scale, rect)
        quarter = scale / 4
        for k, (cell, fill) in enumerate(zip(self.cells, self.fills, strict=True)):
            if _overlaps(cell.bbox, area):
                pygame.draw.polygon(small, fill, _to_px(cell.polygon, quarter, rect.x / 4,
                                                         rect.y / 4))
            if k % 24 == 23:
                yield
        yield
        soft = min(PAD // 8, max(1, round(WASH * quarter)))
        small = yield from _blurred(small, soft, 1)
        small = yield from _blurred(small, soft, 1)
        return pygame.transform.smoothscale(small, rect.size)

    def _coast(self, tile: pygame.Surface, scale: float, rect: pygame.Rect) -> None:
        area = _board_rect(scale, rect.inflate(8, 8))
        for line, box in self.coast:
            if _overlaps(box, area):
                points = _to_px(line, scale, rect.x, rect.y)
                pygame.draw.lines(tile, mix(COAST_INK, theme.PARCHMENT, 0.35), False, points, 2)
                pygame.draw.aalines(tile, COAST_INK, False, points)


def _dashed(surface: pygame.Surface, colour: RGB, a: Point, b: Point, width: int) -> None:
    """A dashed segment (dash and gap scale with the line width)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return
    dash, gap = 4 * width, 3 * width
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        pygame.draw.line(surface, colour, (a[0] + dx * pos / length, a[1] + dy * pos / length),
                         (a[0] + dx * end / length, a[1] + dy * end / length), width)
        pos = end + gap


def _blurred(surface: pygame.Surface, radius: int, count: int = 2) -> Steps[pygame.Surface]:
    """A box blur of the surface a band at a time: each band is blurred with `radius` + 1 rows
    of its neighbours, which gives the whole blur's pixels."""
    out = pygame.Surface(surface.get_size(), 0, surface)
    width, height = surface.get_size()
    for band in _bands(surface.get_rect(), count):
        low, high = max(0, band.y - radius - 1), min(height, band.bottom + radius + 1)
        part = pygame.transform.box_blur(surface.subsurface((0, low, width, high - low)), radius)
        out.blit(part, band.topleft, (0, band.y - low, width, band.h))
        yield
    return out


def _bands(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """The rectangle cut into `count` bands, top to bottom."""
    cuts = [rect.y + rect.h * k // count for k in range(count + 1)]
    return [pygame.Rect(rect.x, a, rect.w, b - a) for a, b in pairwise(cuts)]


def _bbox(points: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _board_rect(scale: float, rect: pygame.Rect) -> tuple[float, float, float, float]:
    return (rect.x / scale, rect.y / scale, rect.right / scale, rect.bottom / scale)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
              ) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _rgb(colour: tuple[int, ...]) -> RGB:
    """The red, green and blue of a colour (any alpha dropped)."""
    return colour[0], colour[1], colour[2]


def _px(p: Point, scale: float, rect: pygame.Rect) -> Point:
    return (p[0] * scale - rect.x, p[1] * scale - rect.y)


def _to_px(points: tuple[Point, ...], scale: float, ox: float, oy: float) -> list[Point]:
    return [(x * scale - ox, y * scale - oy) for x, y in points]


RUN = 32
"""Points of a ring taken together when looking for those far above or below a tile."""


def _runs(ring: tuple[Point, ...]) -> list[tuple[int, int, float, float]]:
    """The ring cut into runs of RUN points: (start, end, lowest y, highest y)."""
    out = []
    for start in range(0, len(ring), RUN):
        ys = [y for _, y in ring[start:start + RUN]]
        out.append((start, min(start + RUN, len(ring)), min(ys), max(ys)))
    return out


def _near_rows(ring: tuple[Point, ...], runs: list[tuple[int, int, float, float]],
               scale: float, rect: pygame.Rect, height: int) -> list[Point]:
    """The ring in the pixels of `rect` (as `_to_px`), each run of points lying wholly more
    than two pixels above or below its `height` rows cut to its first and last point: what
    `_rows_band` would do to them, without turning every point of a long coast."""
    ox, oy = rect.x, rect.y
    out: list[Point] = []
    for start, end, low, high in runs:
        if high * scale - oy < -2.0 or low * scale - oy > height + 1.0:
            ends = (ring[start], ring[end - 1]) if end - start > 1 else (ring[start],)
            out.extend((x * scale - ox, y * scale - oy) for x, y in ends)
        else:
            out.extend((x * scale - ox, y * scale - oy) for x, y in ring[start:end])
    return out


def _rows_band(points: list[Point], height: int) -> list[Point] | None:
    """A ring for `pygame.draw.polygon` on a surface `height` rows high, with each run of
    points lying wholly above or wholly below those rows cut to its first and last point
    (None: the whole ring lies above or below them).

    pygame fills a polygon row by row, from its top to its bottom, testing every edge on every
    row, so a coastline thousands of pixels long costs ~10 ms a tile. An edge between two
    points above the surface (or two below) crosses none of its rows, so dropping the middle
    of such a run changes no row that shows: the edges that do cross keep their integer ends,
    hence the same crossings; the polygon's lowest row (filled on its own) and its horizontal
    edges (drawn on their own between its top and bottom rows) stay where they were for every
    row that shows. Points are cut only when more than two pixels out, so however pygame turns
    a coordinate into an integer, a cut point lies outside the surface's rows.

    A vertical edge reaching far beyond those rows (the map's own edge, where a coast ring
    follows it) is first cut in three where it leaves them, at whole pixels: the pieces cross
    the same rows at the same x, and the far ends then go with their runs, so pygame does not
    scan the rows out to them."""
    top, bottom = -2.0, height + 1.0
    points = _cut_verticals(points, top - 1.0, bottom + 1.0)
    sides = [(y > bottom) - (y < top) for _, y in points]
    if not any(sides):
        return points
    if all(side == sides[0] for side in sides):
        return None
    last = len(points) - 1
    return [p for i, p in enumerate(points)
            if not sides[i] or sides[i - 1] != sides[i] or sides[i + 1 if i < last else 0]
            != sides[i]]


def _cut_verticals(points: list[Point], top: float, bottom: float) -> list[Point]:
    """The ring with a point added at rows `top` and `bottom` (whole numbers) on each vertical
    edge (both ends at the very same x) that crosses them."""
    out: list[Point] = []
    previous = points[-1]
    for point in points:
        if point[0] == previous[0]:
            low, high = sorted((previous[1], point[1]))
            cuts = [y for y in (top, bottom) if low < y < high]
            out.extend((point[0], y) for y in (cuts if previous[1] < point[1] else cuts[::-1]))
        out.append(point)
        previous = point
    return out
