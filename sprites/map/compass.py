"""A compass rose in the empty south-west of the map, as on old sea charts (static layer)."""

from __future__ import annotations

import math

import pygame

from sprites import theme
from sprites.colour import mix
from sprites.map.model import Point
from sprites.ui.text import render

RADIUS = 150.0
"""Board units."""


class CompassRose:
    """Paints itself into any tile it touches, at any zoom."""

    def __init__(self, centre: Point, radius: float = RADIUS) -> None:
        self.centre = centre
        self.radius = radius

    def paint(self, tile: pygame.Surface, scale: float, rect: pygame.Rect) -> None:
        """Draw the part of the rose inside level-pixel `rect`."""
        r = self.radius * scale
        cx, cy = self.centre[0] * scale - rect.x, self.centre[1] * scale - rect.y
        if not pygame.Rect(cx - r * 1.3, cy - r * 1.4, r * 2.6, r * 2.7).colliderect(
                tile.get_rect()):
            return
        ink, pale = theme.INK_SOFT, mix(theme.PARCHMENT, theme.INK_SOFT, 0.18)
        pygame.draw.circle(tile, pale, (cx, cy), r * 0.72)
        for ring, width in ((r * 0.72, 1), (r * 0.78, 1), (r * 1.02, 1)):
            pygame.draw.aacircle(tile, ink, (cx, cy), ring, width)
        for k in range(32):
            angle = k * math.pi / 16
            inner = r * (0.92 if k % 2 else 0.86)
            pygame.draw.aaline(tile, ink, _at(cx, cy, angle, inner), _at(cx, cy, angle, r))
        for k in range(8):
            long = k % 2 == 0
            _point(tile, (cx, cy), k * math.pi / 4 - math.pi / 2, r * (1.0 if long else 0.62),
                   r * (0.13 if long else 0.09))
        pygame.draw.circle(tile, theme.GOLD, (cx, cy), max(2.0, r * 0.06))
        pygame.draw.aacircle(tile, theme.INK, (cx, cy), max(2.0, r * 0.06), 1)
        north = render("display_bold", max(8, round(r * 0.3)), "N", theme.INK)
        tile.blit(north, north.get_rect(midbottom=(cx, cy - r * 1.04)))


def _at(cx: float, cy: float, angle: float, distance: float) -> Point:
    return (cx + math.cos(angle) * distance, cy + math.sin(angle) * distance)


def _point(tile: pygame.Surface, centre: Point, angle: float, length: float, half: float
           ) -> None:
    """One point of the star: a dark half and a gilt half, as engraved."""
    tip = _at(*centre, angle, length)
    left = _at(*centre, angle - math.pi / 2, half)
    right = _at(*centre, angle + math.pi / 2, half)
    pygame.draw.polygon(tile, theme.INK, [centre, left, tip])
    pygame.draw.polygon(tile, theme.GOLD_LIGHT, [centre, right, tip])
    pygame.draw.aalines(tile, theme.INK, True, [left, tip, right, centre])
