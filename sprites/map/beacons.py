"""Pulsing arrows at the edge of the map pointing at places where something happened out of
sight (a battle, a city taken): each lasts a couple of seconds; a click on one centres the map
there."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.ui.text import label

SECONDS = 2.6
"""How long an arrow shows."""
PULSE = 1.1
"""Pulses a second."""
INSET = 30
"""How far (px) inside the free part of the viewport an arrow's tip stands."""


@dataclass
class Beacon:
    """A place to point at, for the seconds left."""

    node: str
    name: str
    left: float = SECONDS
    rect: pygame.Rect | None = None
    """Where its arrow was last drawn (None: on screen, no arrow)."""


class Beacons:
    """The arrows showing now."""

    def __init__(self) -> None:
        self.items: list[Beacon] = []
        self.clock = 0.0

    def add(self, node: str, name: str) -> None:
        """Point at a place (again, for the full time, if it is already pointed at)."""
        self.items = [b for b in self.items if b.node != node] + [Beacon(node, name)]

    def update(self, dt: float) -> bool:
        """Let time pass; whether arrows showed (the overlay must be drawn again)."""
        showing = bool(self.items)
        self.clock += dt
        for beacon in self.items:
            beacon.left -= dt
        self.items = [b for b in self.items if b.left > 0]
        return showing

    def at(self, pos: tuple[int, int]) -> str | None:
        """The place whose arrow is under a point."""
        for beacon in reversed(self.items):
            if beacon.rect is not None and beacon.rect.inflate(8, 8).collidepoint(pos):
                return beacon.node
        return None

    def forget(self, node: str) -> None:
        """Stop pointing at a place."""
        self.items = [b for b in self.items if b.node != node]

    def draw(self, surface: pygame.Surface, where: Callable[[str], tuple[float, float] | None],
             free: pygame.Rect, scale: float) -> list[pygame.Rect]:
        """An arrow inside `free` (the viewport less the bar and hand) towards each place
        outside it; the rectangles drawn."""
        rects = []
        for beacon in self.items:
            spot = where(beacon.node)
            beacon.rect = None
            if spot is None or free.collidepoint(spot):
                continue
            beacon.rect = _arrow(surface, edge_point(free.inflate(-2 * INSET, -2 * INSET),
                                                     spot), spot, beacon, self.clock, scale)
            rects.append(beacon.rect.inflate(4, 4))
        return rects


def edge_point(box: pygame.Rect, spot: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the middle of `box` to a point outside it leaves the box."""
    cx, cy = box.center
    dx, dy = spot[0] - cx, spot[1] - cy
    t = min(box.w / 2 / abs(dx) if dx else math.inf, box.h / 2 / abs(dy) if dy else math.inf)
    return (cx + dx * min(1.0, t), cy + dy * min(1.0, t))


def _arrow(surface: pygame.Surface, tip: tuple[float, float], spot: tuple[float, float],
           beacon: Beacon, clock: float, scale: float) -> pygame.Rect:
    """A wax arrow pointing from `tip` towards `spot`, swelling and fading with the pulse, and
    the place's name behind it."""
    angle = math.atan2(spot[1] - tip[1], spot[0] - tip[0])
    beat = 0.5 + 0.5 * math.sin(clock * PULSE * 2 * math.pi)
    size = 15 * scale * (1 + 0.25 * beat)
    ux, uy = math.cos(angle), math.sin(angle)
    base = (tip[0] - ux * size * 1.5, tip[1] - uy * size * 1.5)
    points = [tip, (base[0] - uy * size, base[1] + ux * size),
              (base[0] + uy * size, base[1] - ux * size)]
    halo = round(size * 2.4)
    ring = pygame.Surface((2 * halo, 2 * halo), pygame.SRCALPHA)
    pygame.draw.circle(ring, (*theme.GOLD_LIGHT, round(150 * (1 - beat))), (halo, halo),
                       round(halo * (0.6 + 0.4 * beat)), max(2, round(3 * scale)))
    centre = (round((tip[0] + base[0]) / 2), round((tip[1] + base[1]) / 2))
    drawn = surface.blit(ring, ring.get_rect(center=centre))
    arrow = pygame.draw.polygon(surface, theme.WAX, points)
    pygame.draw.polygon(surface, theme.PARCHMENT_LIGHT, points, max(1, round(2 * scale)))
    name = label("serif_bold", max(12, round(17 * scale)), beacon.name, theme.WAX,
                 theme.PARCHMENT_LIGHT, radius=2)
    box = name.get_rect(center=(round(base[0] - ux * name.get_width() * 0.6),
                                round(base[1] - uy * name.get_height() * 1.2)))
    return drawn.union(arrow).union(surface.blit(name, box))
