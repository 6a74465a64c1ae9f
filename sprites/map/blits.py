"""What the map view composes with: what a compose changed and left, tiles scaled into a box,
the strips a scroll uncovers, tiles ordered by distance, and the frame round the board."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from sprites import theme
from sprites.map.tiles import TILE, Key


class Composed(NamedTuple):
    """What a compose changed in its target: the viewport's last picture moved by `shift`
    pixels, then `rects` drawn afresh (screen rectangles)."""

    shift: tuple[int, int]
    rects: list[pygame.Rect]


@dataclass(frozen=True)
class Shown:
    """What the last compose left in its target (at rest on a level)."""

    target: pygame.Surface
    level: int
    zoom: float
    corner: tuple[int, int]
    """The level pixel at the viewport's top-left corner."""
    shown: frozenset[Key]
    """The level's tiles on screen."""
    missing: frozenset[Key]
    """Those not painted yet (a stand-in scaled from a lower level shows there)."""


def scaled(target: pygame.Surface, box: pygame.Rect, tile: pygame.Surface) -> None:
    """Draw a tile scaled to fill `box`, within the target's clip (only the part that shows
    is scaled)."""
    shown = box.clip(target.get_clip())
    if shown.w <= 0 or shown.h <= 0:
        return
    fx, fy = TILE / box.w, TILE / box.h
    part = pygame.Rect(int((shown.x - box.x) * fx), int((shown.y - box.y) * fy),
                       math.ceil(shown.w * fx), math.ceil(shown.h * fy)).clip(tile.get_rect())
    if part.w > 0 and part.h > 0:
        source = tile.subsurface(part)
        try:  # straight into the target: no surface made, nothing copied twice
            pygame.transform.scale(source, shown.size, target.subsurface(shown))
        except ValueError:  # another pixel format (no display to convert the tiles to)
            target.blit(pygame.transform.scale(source, shown.size), shown)


def distance(key: Key, corner: tuple[int, int], viewport: pygame.Rect) -> float:
    """How far a tile's centre is from the viewport's (level pixels)."""
    cx = (key[1] + 0.5) * TILE - corner[0] - viewport.w / 2
    cy = (key[2] + 0.5) * TILE - corner[1] - viewport.h / 2
    return math.hypot(cx, cy)


def strips(viewport: pygame.Rect, dx: int, dy: int) -> list[pygame.Rect]:
    """The parts of the viewport a scroll by (dx, dy) uncovers."""
    out = []
    if dx > 0:
        out.append(pygame.Rect(viewport.x, viewport.y, dx, viewport.h))
    elif dx < 0:
        out.append(pygame.Rect(viewport.right + dx, viewport.y, -dx, viewport.h))
    if dy > 0:
        out.append(pygame.Rect(viewport.x, viewport.y, viewport.w, dy))
    elif dy < 0:
        out.append(pygame.Rect(viewport.x, viewport.bottom + dy, viewport.w, -dy))
    return out


def frame(target: pygame.Surface, board: pygame.Rect, within: pygame.Rect) -> None:
    """A double ink rule round the map's edge, where it shows (inside `within`)."""
    clip = target.get_clip()
    target.set_clip(within)
    border(target, theme.INK, board.inflate(2, 2), 2)
    border(target, theme.GOLD, board.inflate(8, 8), 1)
    border(target, theme.INK, board.inflate(12, 12), 2)
    target.set_clip(clip)


def border(target: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect,
            width: int) -> None:
    """The pixels `pygame.draw.rect(target, colour, rect, width)` sets (a band `width` wide
    inside the rectangle's edge), as fills: `draw.rect` fills the whole clip when the clip is
    thinner than the band, where a strip uncovered by a pan is only a few pixels wide."""
    for band in (pygame.Rect(rect.x, rect.y, rect.w, width),
                 pygame.Rect(rect.x, rect.bottom - width, rect.w, width),
                 pygame.Rect(rect.x, rect.y, width, rect.h),
                 pygame.Rect(rect.right - width, rect.y, width, rect.h)):
        target.fill(colour, band)
