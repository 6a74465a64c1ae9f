"""Where the names go at one zoom level: seas and provinces first, then barbarian areas, then
cities by importance, each city label on the first side of its symbol that is free; no name
covers another place's marker (where the markers are drawn: sprites/map/spread.py).

Rendered once per level (a label at a time, so a frame can do part of it) and painted into the
cached tiles, never per frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import darker, mix
from sprites.map import style
from sprites.map.model import AreaSpot, CitySpot, MapModel, Point
from sprites.map.spread import footprint
from sprites.map.steps import Steps, finish
from sprites.ui.text import label

SIDES = ("e", "w", "ne", "se", "nw", "sw", "n", "s")
SLACK = 3
"""How much nearer (px) another marker may be to a name set apart from its city's."""


@dataclass(frozen=True)
class Placed:
    """A rendered label and its top-left corner in level pixels (and the city or area it
    names, if any)."""

    surface: pygame.Surface
    pos: tuple[int, int]
    node: str = ""

    @property
    def rect(self) -> pygame.Rect:
        """Where it sits, in level pixels."""
        return pygame.Rect(self.pos, self.surface.get_size())


class LabelLayout:
    """All labels of one level, placed without overlaps."""

    def __init__(self, model: MapModel, scale: float, in_play: frozenset[str],
                 now: bool = True, spots: Mapping[str, Point] | None = None) -> None:
        self.model = model
        self.scale = scale
        self.in_play = in_play
        self.spots = spots or {}
        """Where markers are drawn when not at their true spots (board units, by id)."""
        self.placed: list[Placed] = []
        self.hidden: list[str] = []
        markers: list[tuple[CitySpot | AreaSpot, int, bool]] = [
            *((c, c.size, c.port) for c in model.cities), *((a, 0, False) for a in model.areas)]
        self.discs = [(x + dx, y + dy, r, node.id) for node, size, port in markers
                      for x, y in [self._px(self._at(node))]
                      for dx, dy, r in footprint(size, port, scale)]
        """The markers' discs (a port's anchor too; level px: centre, radius, id), which no
        name may cover."""
        self._boxes = [pygame.Rect(round(x - r) - 1, round(y - r) - 1, round(2 * r) + 3,
                                   round(2 * r) + 3)
                       for x, y, r, _ in self.discs]
        self._taken: list[pygame.Rect] = [
            self._symbol_rect(node.pos, 2) for node, _, _ in markers if self._at(node) != node.pos]
        """Where names may not go: the dots of the leader lines, then the names placed."""
        self._work: Steps[None] | None = self._place()
        if now:
            finish(self.steps())

    @property
    def done(self) -> bool:
        """Every label rendered and placed."""
        return self._work is None

    def steps(self) -> Steps[None]:
        """Render and place the labels one at a time (carrying on where an earlier, unfinished
        run of these steps left off)."""
        while self._work is not None:
            try:
                next(self._work)
            except StopIteration:
                self._work = None
                return
            yield

    def _place(self) -> Steps[None]:
        yield from self._seas()
        yield from self._provinces()
        yield from self._areas()
        yield from self._cities()
        self._drop_crowded_seas()

    def _at(self, node: CitySpot | AreaSpot) -> Point:
        """Where a marker is drawn."""
        return self.spots.get(node.id, node.pos)

    def _px(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.scale, p[1] * self.scale)

    def _symbol_rect(self, p: Point, radius: int) -> pygame.Rect:
        x, y = self._px(p)
        return pygame.Rect(round(x - radius), round(y - radius), 2 * radius, 2 * radius)

    def _centred(self, surface: pygame.Surface, p: Point) -> Placed:
        x, y = self._px(p)
        return Placed(surface, (round(x - surface.get_width() / 2),
                                round(y - surface.get_height() / 2)))

    def _seas(self) -> Steps[None]:
        for name, pos, major in self.model.seas:
            size = style.sea_font(self.scale, major)
            surface = label("serif_italic", size, name, style.SEA_INK, theme.SEA_SHALLOW,
                            tracking=0.3 if major else 0.18, radius=0, alpha=200)
            self.placed.append(self._centred(surface, pos))
            yield

    def _provinces(self) -> Steps[None]:
        size = style.province_font(self.scale)
        for province in self.model.provinces:
            playing = province.id in self.in_play
            colour = darker(province.colour, 0.5) if playing else theme.OUT_OF_PLAY
            lines = [label("display", size, line, colour, mix(theme.PARCHMENT, province.colour,
                                                                0.2), tracking=0.24, radius=1)
                     for line in _split_name(province.name.upper())]
            surface = _stack(lines)
            surface.set_alpha(150 if playing else 110)
            self.placed.append(self._centred(surface, province.label))
            yield

    def _areas(self) -> Steps[None]:
        size = style.area_font(self.scale)
        for area in self.model.areas:
            surface = label("serif_italic", size, area.name, style.AREA_INK, theme.PARCHMENT,
                            radius=1)
            placed = self._centred(surface, area.label)
            if area.label == area.pos:
                placed = self._beside(surface, self._at(area), style.area_radius(self.scale),
                                      "s")
            nudged = self._nudged(placed, area.id)
            if nudged is None:
                self.hidden.append(area.id)
            else:
                self.placed.append(nudged)
                self._taken.append(nudged.rect)
            yield

    def _nudged(self, placed: Placed, node: str) -> Placed | None:
        """A label where it was put, or moved a little way until it covers no marker (and,
        if it can, no other name)."""
        step = max(4, placed.surface.get_height() // 2)
        moves = [(0, 0)] + [(dx * k * step, dy * k * step) for k in range(1, 7)
                            for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1),
                                           (1, -1), (-1, -1))]
        spots = [Placed(placed.surface, (placed.pos[0] + dx, placed.pos[1] + dy), node)
                 for dx, dy in moves]
        return (next((p for p in spots if self._fits(p.rect, node)), None)
                or next((p for p in spots if not self._on_marker(p.rect, node)), None))

    def _fits(self, rect: pygame.Rect, node: str) -> bool:
        """Whether a name there covers neither a marker nor another name."""
        return rect.inflate(-2, -2).collidelist(self._taken) < 0 \
            and not self._on_marker(rect, node)

    def _clear(self, rect: pygame.Rect, node: str) -> bool:
        """Whether a city's name there lies about as near its own city's marker as any other
        (within SLACK), so that it reads as its city's."""
        gaps: dict[str, float] = {}
        for k in rect.inflate(2 * rect.h, 2 * rect.h).collidelistall(self._boxes):
            x, y, r, owner = self.discs[k]
            nearest = (min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom))
            gaps[owner] = min(gaps.get(owner, math.inf), math.dist((x, y), nearest) - r)
        own = gaps.pop(node, math.inf)
        return all(gap + SLACK > own for gap in gaps.values())

    def _on_marker(self, rect: pygame.Rect, node: str) -> bool:
        """Whether a rectangle covers part of another city's or area's marker."""
        for k in rect.collidelistall(self._boxes):
            x, y, r, owner = self.discs[k]
            nearest = (min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom))
            if owner != node and math.dist((x, y), nearest) < r + 0.5:
                return True
        return False

    def _cities(self) -> Steps[None]:
        order = sorted(self.model.cities, key=lambda c: (c.province not in self.in_play,
                                                         -c.size, c.id))
        for city in order:
            playing = city.province in self.in_play
            size = style.city_font(city.size, self.scale)
            face = "serif_bold" if city.size == 3 else "serif"
            ink = style.LABEL_INK if playing else mix(theme.OUT_OF_PLAY, theme.INK, 0.35)
            surface = label(face, size, city.name, ink, theme.PARCHMENT_LIGHT, radius=1)
            reaches = (1.0, 1.9, 2.8) if playing and city.size > 1 else (1.0, 1.9)
            spot = self._free_spot(surface, city, reaches, self._fits)
            if spot is None and city.size == 3 and playing:  # over other names if need be
                spot = self._free_spot(surface, city, (1.0, 1.9, 2.8, 3.8, 5.0, 6.5),
                                       lambda rect, node: not self._on_marker(rect, node),
                                       judged=False)
            if spot is None:
                self.hidden.append(city.id)
            else:
                self.placed.append(spot)
                self._taken.append(spot.rect.inflate(-2, -2))
            yield

    def _free_spot(self, surface: pygame.Surface, city: CitySpot, reaches: tuple[float, ...],
                   free: Callable[[pygame.Rect, str], bool], judged: bool = True
                   ) -> Placed | None:
        """The first free side, close in and then further out (there, when `judged`, only
        where the name is about as near its own marker as any other)."""
        radius = style.city_radius(city.size, self.scale)
        order = (city.anchor, *(side for side in SIDES if side != city.anchor))
        for reach in reaches:
            for side in order:
                candidate = self._beside(surface, self._at(city), round(radius * reach), side)
                if free(candidate.rect, city.id) and (
                        not judged or self._clear(candidate.rect, city.id)):
                    return Placed(candidate.surface, candidate.pos, city.id)
        return None

    def _beside(self, surface: pygame.Surface, pos: Point, radius: int, side: str) -> Placed:
        """The label on one side of a symbol (compass point), a little clear of it."""
        x, y = self._px(pos)
        w, h = surface.get_size()
        gap = radius + 2
        dx = {"e": gap, "w": -gap - w}.get(side[-1], -w / 2)
        dy = {"n": -gap - h * 0.8, "s": gap - h * 0.2}.get(side[0], -h / 2)
        if len(side) == 2:
            dx = gap * 0.6 if side[1] == "e" else -gap * 0.6 - w
        return Placed(surface, (round(x + dx), round(y + dy)))

    def _drop_crowded_seas(self) -> None:
        """Minor sea names give way to anything placed after them."""
        seas = len(self.model.seas)
        others = [p.rect for p in self.placed[seas:]]
        keep = [p for k, (p, (_, _, major)) in enumerate(zip(self.placed, self.model.seas,
                                                             strict=False))
                if major or p.rect.inflate(-4, -4).collidelist(others) < 0 or k >= seas]
        self.placed = keep + self.placed[seas:]

    def paint(self, tile: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the labels that touch level-pixel `rect` onto `tile`."""
        for placed in self.placed:
            if placed.rect.colliderect(rect):
                tile.blit(placed.surface, (placed.pos[0] - rect.x, placed.pos[1] - rect.y))


def _split_name(name: str) -> list[str]:
    """Long names on two lines, broken after a comma or at the middle space."""
    if len(name) <= 16:
        return [name]
    if ", " in name:
        head, tail = name.split(", ", 1)
        return [head + ",", tail]
    words = name.split()
    half = len(words) // 2
    return [" ".join(words[:half]), " ".join(words[half:])]


def _stack(lines: list[pygame.Surface]) -> pygame.Surface:
    """Surfaces centred one above the other."""
    width = max(s.get_width() for s in lines)
    step = round(lines[0].get_height() * 0.85)
    out = pygame.Surface((width, step * (len(lines) - 1) + lines[-1].get_height()),
                         pygame.SRCALPHA)
    for k, line in enumerate(lines):
        out.blit(line, ((width - line.get_width()) // 2, k * step))
    return out
