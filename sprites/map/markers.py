"""City symbols and barbarian emblems, drawn once per look and zoom level and then blitted.

A city shows its size (symbol size and inner marks), owner colour, fortification count,
capital star, key-city ring and port anchor; an area shows its strength and whether it is
subdued.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from sprites import theme
from sprites.colour import RGB, darker, lighter, mix, readable_on
from sprites.map.picture import NEUTRAL, SUBDUED, CityState
from sprites.ui.text import label, render


@lru_cache(maxsize=2048)
def city_sprite(size: int, radius: int, state: CityState, port: bool, colour_blind: bool
                ) -> pygame.Surface:
    """A city symbol centred on its surface."""
    extra = max(7, round(radius * 1.0))
    side = 2 * (radius + extra)
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side / 2, side / 2)
    if state.owner is None:
        pygame.draw.aacircle(out, theme.OUT_OF_PLAY, c, max(2, radius - 2), 1)
        return out
    fill = theme.NEUTRAL if state.owner == NEUTRAL else theme.empire_colour(state.owner,
                                                                            colour_blind)
    if state.key:
        pygame.draw.aacircle(out, theme.GOLD, c, radius + 3, 2)
    lettered = colour_blind and state.owner != NEUTRAL and radius >= 5
    _body(out, c, radius, fill, size, lettered)
    if lettered:
        _letter(out, c, radius, theme.EMPIRE_INITIALS[state.owner], fill)
    if state.capital_of:
        _star(out, (c[0], c[1] - radius - max(3, radius * 0.45)), max(4.0, radius * 0.75))
    if port:
        dx, dy, r = anchor_spot(radius)
        _anchor(out, (c[0] + dx, c[1] + dy), r)
    if state.forts:
        _forts(out, c, state.forts, radius)
    return out


def anchor_spot(radius: int) -> tuple[float, float, float]:
    """Where a port's anchor sits beside a city symbol of that radius: its offset from the
    symbol's centre and its size (its light disc reaches 2 px further)."""
    r = max(4.0, radius * 0.62)
    return (-radius - r * 0.35, radius * 0.55, r)


def _body(out: pygame.Surface, c: tuple[float, float], radius: int, fill: RGB, size: int,
          lettered: bool = False) -> None:
    """The disc with its size marks (under a letter: only size 3's ring, and no glint)."""
    edge = darker(fill, 0.55) if fill != theme.NEUTRAL else theme.INK
    pygame.draw.circle(out, (*theme.INK, 70), (c[0] + 1, c[1] + 1.5), radius + 1)
    pygame.draw.circle(out, fill, c, radius)
    pygame.draw.aacircle(out, edge, c, radius, max(1, round(radius / 5)))
    mark = mix(fill, edge, 0.75)
    if size >= 2 and not lettered:
        pygame.draw.aacircle(out, mark, c, max(1, round(radius * 0.28)))
    if size >= 3:
        pygame.draw.aacircle(out, mark, c, round(radius * (0.78 if lettered else 0.62)), 1)
    if not lettered:
        pygame.draw.aacircle(out, lighter(fill, 0.35),
                             (c[0] - radius * 0.3, c[1] - radius * 0.3),
                             max(1, round(radius * 0.18)))


def _letter(out: pygame.Surface, c: tuple[float, float], radius: int, initial: str, fill: RGB
            ) -> None:
    """The owner's initial filling the disc, haloed in the disc's own shade (colour-blind)."""
    ink = readable_on(fill)
    dark_ink = ink == readable_on((255, 255, 255))
    halo = lighter(fill, 0.45) if dark_ink else darker(fill, 0.45)
    letter = label("display_bold", max(10, round(radius * 1.75)), initial, ink, halo)
    box = letter.get_bounding_rect()
    out.blit(letter, (round(c[0]) - box.centerx, round(c[1]) - box.centery))


def _star(out: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A five-pointed gold star (a capital)."""
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        d = r if k % 2 == 0 else r * 0.45
        points.append((c[0] + d * math.cos(angle), c[1] + d * math.sin(angle)))
    pygame.draw.polygon(out, theme.GOLD_LIGHT, points)
    pygame.draw.aalines(out, darker(theme.GOLD, 0.35), True, points)


def _anchor(out: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A small ship's anchor (a port) on a light disc."""
    ink = (36, 70, 90)
    x, y = c
    w = max(1, round(r / 3.2))
    pygame.draw.circle(out, (*theme.PARCHMENT_LIGHT, 225), (x, y), r + 2)
    pygame.draw.aacircle(out, (*ink, 150), (x, y), r + 2, 1)
    pygame.draw.line(out, ink, (x, y - r * 0.55), (x, y + r * 0.85), w)
    pygame.draw.line(out, ink, (x - r * 0.45, y - r * 0.2), (x + r * 0.45, y - r * 0.2), w)
    pygame.draw.arc(out, ink, (x - r * 0.8, y - r * 0.15, r * 1.6, r * 1.05), math.pi * 1.0,
                    math.pi * 2.0, w)
    pygame.draw.circle(out, ink, (x, y - r * 0.7), max(1.0, r * 0.22), 1)


def _forts(out: pygame.Surface, c: tuple[float, float], count: int, radius: int) -> None:
    """Fortification markers as little dark blocks on the wall (a number beyond four)."""
    q = max(3, round(radius * 0.5))
    x, y = c[0] + radius * 0.15, c[1] + radius * 0.55
    if count > 4:
        box = pygame.Rect(round(x), round(y), q * 2 + 2, q * 2 + 2)
        pygame.draw.rect(out, theme.INK, box, border_radius=2)
        digits = render("serif_bold", round(q * 2.2), str(count), theme.PARCHMENT_LIGHT)
        out.blit(digits, digits.get_rect(center=box.center))
        return
    for k in range(count):
        block = pygame.Rect(round(x + k * (q + 1)), round(y), q, q)
        pygame.draw.rect(out, theme.PARCHMENT_LIGHT, block.inflate(2, 2))
        pygame.draw.rect(out, theme.INK, block)


@lru_cache(maxsize=512)
def area_sprite(radius: int, strength: int, state: str | None) -> pygame.Surface:
    """A barbarian emblem: a round shield showing its strength (greyed once subdued)."""
    side = 2 * radius + 6
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side / 2, side / 2)
    if state is None:
        pygame.draw.aacircle(out, theme.OUT_OF_PLAY, c, radius - 1, 1)
        return out
    fill = mix(theme.WAX, theme.OUT_OF_PLAY, 0.75) if state == SUBDUED else theme.WAX
    pygame.draw.circle(out, (*theme.INK, 80), (c[0] + 1, c[1] + 1.5), radius + 1)
    pygame.draw.circle(out, fill, c, radius)
    pygame.draw.aacircle(out, darker(fill, 0.5), c, radius, max(1, radius // 6))
    pygame.draw.aacircle(out, lighter(fill, 0.3), c, radius - max(2, radius // 4), 1)
    digits = render("display_bold", round(radius * 1.3), str(strength), theme.PARCHMENT_LIGHT)
    out.blit(digits, digits.get_rect(center=(c[0], c[1] + 1)))
    if state == SUBDUED:
        pygame.draw.aacircle(out, theme.GOLD, c, radius + 1, 2)
    return out
