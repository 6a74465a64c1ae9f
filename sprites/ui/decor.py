"""Ornaments: a Greek-key border and a faint coastline silhouette for backgrounds."""

from __future__ import annotations

import json
from functools import lru_cache

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.resources import asset_path

KEY = ((0.12, 1.0), (0.12, 0.12), (0.88, 0.12), (0.88, 0.72), (0.42, 0.72), (0.42, 0.42),
       (0.64, 0.42))
"""One Greek-key hook in a unit square (y down), hanging from the bottom rail."""


def _strip(length: int, unit: int, colour: RGB, width: int) -> pygame.Surface:
    """A horizontal band of hooks between two rails."""
    out = pygame.Surface((length, unit + 2 * width), pygame.SRCALPHA)
    top, bottom = width // 2, unit + width + width // 2
    pygame.draw.line(out, colour, (0, top), (length, top), width)
    pygame.draw.line(out, colour, (0, bottom), (length, bottom), width)
    inner = unit - 2 * width
    for x in range(0, length - unit + 1, unit):
        points = [(x + px * unit, width + 1 + py * inner) for px, py in KEY]
        points[0] = (points[0][0], bottom)
        pygame.draw.lines(out, colour, False, points, width)
    return out


@lru_cache(maxsize=8)
def meander_frame(size: tuple[int, int], inset: int, unit: int, colour: RGB = theme.GOLD,
                  width: int = 2) -> pygame.Surface:
    """A transparent overlay with a Greek-key border `inset` px inside the edges."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    band = unit + 2 * width
    length_x = (w - 2 * inset - 2 * band) // unit * unit
    length_y = (h - 2 * inset - 2 * band) // unit * unit
    top = _strip(length_x, unit, colour, width)
    side = pygame.transform.rotate(_strip(length_y, unit, colour, width), 90)
    x0 = (w - length_x) // 2
    y0 = (h - length_y) // 2
    out.blit(top, (x0, inset))
    out.blit(pygame.transform.flip(top, False, True), (x0, h - inset - band))
    out.blit(pygame.transform.flip(side, True, False), (inset, y0))
    out.blit(side, (w - inset - band, y0))
    for cx, cy in ((inset, inset), (w - inset - band, inset), (inset, h - inset - band),
                   (w - inset - band, h - inset - band)):
        box = pygame.Rect(cx, cy, band, band)
        pygame.draw.rect(out, colour, box, width)
        pygame.draw.rect(out, colour, box.inflate(-band // 2, -band // 2))
    return out


@lru_cache(maxsize=4)
def coast_silhouette(size: tuple[int, int], colour: RGB, alpha: int) -> pygame.Surface:
    """The known world's coasts inked faintly to fill `size` (cheap: no content needed)."""
    data = json.loads(asset_path("coastlines.json").read_text(encoding="utf-8"))
    west, south, east, north = data["window"]
    sx = size[0] / ((east - west) * 0.79)
    sy = size[1] / (north - south)
    scale = min(sx, sy)
    ox = (size[0] - (east - west) * 0.79 * scale) / 2
    oy = (size[1] - (north - south) * scale) / 2
    out = pygame.Surface(size, pygame.SRCALPHA)
    for polygon in data["polygons"]:
        raw = polygon[0]
        ring = [(ox + (x - west) * 0.79 * scale, oy + (north - y) * scale) for x, y in raw]
        if len(ring) < 3:
            continue
        for k in range(len(raw)):
            a, b = raw[k - 1], raw[k]
            on_edge = ((a[0] == b[0] and a[0] in (west, east))
                       or (a[1] == b[1] and a[1] in (south, north)))
            if not on_edge:
                pygame.draw.aaline(out, (*colour, alpha), ring[k - 1], ring[k], 2)
    return out


@lru_cache(maxsize=4)
def parchment_backdrop(size: tuple[int, int], silhouette: bool = True) -> pygame.Surface:
    """A full-screen sheet of aged parchment, optionally with the coasts faintly inked."""
    from sprites.textures import multiply_tiled, vignette

    out = pygame.Surface(size)
    out.fill(theme.PARCHMENT)
    if silhouette:
        shape = coast_silhouette((size[0] * 9 // 10, size[1] * 9 // 10), theme.INK_SOFT, 60)
        out.blit(shape, shape.get_rect(center=(size[0] // 2, size[1] // 2)))
    multiply_tiled(out)
    out.blit(vignette(size, 90), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out
