"""Paper texture for parchment and sea: a tileable multiply map made by tools/make_textures."""

from __future__ import annotations

from functools import cache

import pygame

from sprites.colour import RGB
from sprites.resources import asset_path

TILE = 512


@cache
def paper_grain() -> pygame.Surface:
    """The multiply map (TILE×TILE, tileable; white leaves colours unchanged)."""
    image = pygame.image.load(str(asset_path("paper.png")))
    return image.convert() if pygame.display.get_surface() is not None else image


def multiply_tiled(surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
    """Multiply the paper grain over a surface whose top-left lies at `origin` on the page."""
    texture = paper_grain()
    w, h = surface.get_size()
    x0, y0 = -(origin[0] % TILE), -(origin[1] % TILE)
    for y in range(y0, h, TILE):
        for x in range(x0, w, TILE):
            surface.blit(texture, (x, y), special_flags=pygame.BLEND_RGB_MULT)


def paper(colour: RGB, size: tuple[int, int], origin: tuple[int, int] = (0, 0)
          ) -> pygame.Surface:
    """A surface of `colour` with the paper grain in it."""
    out = pygame.Surface(size)
    out.fill(colour)
    multiply_tiled(out, origin)
    return out


def vignette(size: tuple[int, int], strength: int = 70) -> pygame.Surface:
    """A multiply map darkening towards the edges (aged paper, lamplight)."""
    small = pygame.Surface((9, 9))
    for y in range(9):
        for x in range(9):
            d = max(abs(x - 4), abs(y - 4)) / 4
            v = 255 - round(strength * d ** 2.2)
            small.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(small, size)
