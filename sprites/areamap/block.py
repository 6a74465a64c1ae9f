"""One area's dressing drawn once into a single picture (a block): its name; below it the
building sites in a compact grid (an occupying legion at a site's corner); above it the units
(legions and fortress on land), or below it the triremes at sea; the control marker to the
left of the name and the At War mark to its right.

Sizes grow gently with zoom (sprites.map.style.growth) so that tokens stay readable. Blocks are
kept by what they show, so that a pan only blits them; each keeps its hit boxes."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import pygame

from sprites import theme
from sprites.areamap import tokens
from sprites.areamap.picture import AreaLook, Side, SiteLook, UnitLook
from sprites.map.style import SEA_INK, growth
from sprites.ui.text import label

Box = tuple[str, pygame.Rect]
"""(key, box): a site's key or an area's id, and where it is drawn."""
SidesKey = tuple[tuple[str, Side], ...]
SITES_PER_ROW = 4
"""The widest row of sites; more are folded into rows of equal length (6 → 3 + 3)."""
UNITS_PER_ROW = {False: 3, True: 2}
"""The widest row of units on land (False) and at sea (True)."""


@dataclass(frozen=True)
class Sizes:
    """Token and type sizes (px) at one zoom."""

    token: int
    name: int
    gap: int

    @staticmethod
    def at(zoom: float) -> Sizes:
        """The sizes at a camera zoom."""
        grow = growth(zoom, 0.5, 2.6)
        return Sizes(round(13 * grow), round(14 * growth(zoom, 0.45, 2.0)), round(3 * grow))


@dataclass(frozen=True)
class Block:
    """An area's dressing: its picture, where the name's centre is in it, its hit boxes
    (relative to the picture's top-left, topmost last)."""

    surface: pygame.Surface
    anchor: tuple[int, int]
    boxes: tuple[Box, ...]

    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the picture relative to the name's centre."""
        w, h = self.surface.get_size()
        return (-self.anchor[0], -self.anchor[1], w - self.anchor[0], h - self.anchor[1])


def sides_key(sides: Mapping[str, Side]) -> SidesKey:
    """A picture's sides in a hashable form (the blocks are kept by it)."""
    return tuple(sorted(sides.items()))


@lru_cache(maxsize=1024)
def block(look: AreaLook, sea: bool, sides: SidesKey, sizes: Sizes) -> Block:
    """The block of an area as `look` shows it, drawn with `sides`' colours."""
    by_id = dict(sides)
    name = _name_text(sea, look.name, sizes.name, look.in_play)
    scratch = pygame.Surface(_scratch_size(look, name, sizes), pygame.SRCALPHA)
    centre = scratch.get_rect().center
    name_box = scratch.blit(name, name.get_rect(center=centre))
    parts = _Parts(scratch, by_id, sizes)
    boxes: list[Box] = [(look.id, name_box)]
    boxes += parts.flank(look, name_box)
    boxes += parts.units(look, name_box, sea)
    boxes += parts.sites(look, name_box)
    bounds = name_box.unionall([box for _, box in boxes] + parts.extra).clip(scratch.get_rect())
    return Block(_ready(scratch.subsurface(bounds).copy()),
                 (centre[0] - bounds.x, centre[1] - bounds.y),
                 tuple((key, box.move(-bounds.x, -bounds.y)) for key, box in boxes))


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display (blits faster)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _scratch_size(look: AreaLook, name: pygame.Surface, sizes: Sizes) -> tuple[int, int]:
    """Room enough for every part round the name's centre."""
    step = sizes.token * 2 + sizes.gap
    wide = max(name.get_width(), step * max(len(look.units), SITES_PER_ROW))
    return (wide + 6 * step, name.get_height() + 6 * step)


@lru_cache(maxsize=512)
def _name_text(sea: bool, name: str, size: int, in_play: bool) -> pygame.Surface:
    """An area's name with its halo (made once per name and size); a sea's name in two lines
    ("Mare" over "Tyrrhenum"), narrow enough for the straits."""
    if sea:
        return _stacked([label("serif_italic", size, words, SEA_INK, theme.SEA_SHALLOW)
                         for words in name.split(" ", 1)], size // 5)
    ink = theme.INK if in_play else theme.INK_SOFT
    return label("display", size, name.upper(), ink, theme.PARCHMENT_LIGHT, tracking=0.08)


def _stacked(lines: list[pygame.Surface], overlap: int) -> pygame.Surface:
    """Lines centred one under the other (`overlap` px closer than their heights)."""
    height = sum(line.get_height() - overlap for line in lines) + overlap
    out = pygame.Surface((max(line.get_width() for line in lines), height), pygame.SRCALPHA)
    y = 0
    for line in lines:
        out.blit(line, line.get_rect(midtop=(out.get_width() // 2, y)))
        y += line.get_height() - overlap
    return out


class _Parts:
    """Draws the parts round a name into a scratch surface; `extra` gathers boxes drawn but
    not hit-tested on their own (legions occupying a site or a marker)."""

    def __init__(self, surface: pygame.Surface, sides: Mapping[str, Side], sizes: Sizes) -> None:
        self.surface = surface
        self.sides = sides
        self.sizes = sizes
        self.extra: list[pygame.Rect] = []

    def side(self, key: str | None) -> Side | None:
        """A side's look, or None."""
        return self.sides.get(key) if key is not None else None

    def flank(self, look: AreaLook, name_box: pygame.Rect) -> list[Box]:
        """The control marker left of the name, the At War mark right of it."""
        boxes: list[Box] = []
        size = self.sizes.token
        half = size // 2 + self.sizes.gap
        side = self.side(look.marker)
        if side is not None:
            box = tokens.marker(self.surface, side, (name_box.left - half, name_box.centery),
                                size)
            self._occupier(look.marker_occupier, box)
            boxes.append((look.id, box))
        if look.at_war:
            centre = (name_box.right + half, name_box.centery)
            boxes.append((look.id, tokens.at_war(self.surface, centre, size)))
        return boxes

    def _occupier(self, key: str | None, box: pygame.Rect) -> None:
        occupier = self.side(key)
        if occupier is not None:
            self.extra.append(tokens.legion(self.surface, occupier, box.bottomright,
                                            self.sizes.token * 2 // 3))

    def units(self, look: AreaLook, name_box: pygame.Rect, sea: bool) -> list[Box]:
        """Units in rows of at most UNITS_PER_ROW: above the name on land (rows going up),
        below it at sea."""
        shown = [(unit, side) for unit in look.units if unit.count > 0
                 for side in [self.side(unit.side)] if side is not None]
        size, gap = self.sizes.token, self.sizes.gap
        step = size * (3 if sea else 2) // 2 + gap
        y = name_box.bottom + size // 2 + gap if sea else name_box.top - size // 2 - gap
        offsets = grid(len(shown), step, UNITS_PER_ROW[sea], (size + gap) * (1 if sea else -1))
        return [(look.id, self._unit(unit, side, (name_box.centerx + dx, y + dy)))
                for (unit, side), (dx, dy) in zip(shown, offsets, strict=True)]

    def _unit(self, unit: UnitLook, side: Side, centre: tuple[int, int]) -> pygame.Rect:
        size = self.sizes.token
        if unit.kind == "trireme":
            return tokens.trireme(self.surface, side, centre, size, unit.count)
        if unit.kind == "fortress":
            return tokens.fortress(self.surface, side, centre, size)
        return tokens.legion(self.surface, side, centre, size, unit.count)

    def sites(self, look: AreaLook, name_box: pygame.Rect) -> list[Box]:
        """The building sites in rows of at most SITES_PER_ROW under the name."""
        step = self.sizes.token + self.sizes.gap
        top = name_box.bottom + self.sizes.token // 2 + self.sizes.gap
        return [(found.key, self._site(found, (name_box.centerx + dx, top + dy)))
                for found, (dx, dy) in zip(look.sites, grid(len(look.sites), step),
                                           strict=True)]

    def _site(self, found: SiteLook, centre: tuple[int, int]) -> pygame.Rect:
        box = tokens.site(self.surface, found, self.side(found.owner), centre,
                          self.sizes.token)
        self._occupier(found.occupier, box)
        return box


def grid(count: int, step: int, widest: int = SITES_PER_ROW, rise: int | None = None
         ) -> list[tuple[int, int]]:
    """Offsets of `count` tokens `step` apart in centred rows of equal length of at most
    `widest` (the last row may be shorter), the first row at 0, the next `rise` lower
    (default `step`; negative: higher)."""
    if count == 0:
        return []
    rows = math.ceil(count / widest)
    per_row = math.ceil(count / rows)
    out = []
    for k in range(count):
        row, column = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        out.append((column * step - step * (in_row - 1) // 2,
                    row * (step if rise is None else rise)))
    return out
