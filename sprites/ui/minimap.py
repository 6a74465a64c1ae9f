"""A small map of a scenario for the new-game screen: provinces in play tinted, capitals in
their empire's colour, key cities ringed in gold."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.rulesets.mediterranean_empires.content import MeContent
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from sprites import theme
from sprites.colour import mix
from sprites.map.model import MapModel, Point
from sprites.map.provinces import Cell, province_cells
from sprites.textures import multiply_tiled


def minimap(model: MapModel, data: MeContent, scenario: str, size: tuple[int, int],
            colour_blind: bool) -> pygame.Surface:
    """The preview of `size` px, framed on the scenario's part of the sea."""
    return _draw(model, data, scenario, size, colour_blind)


def window(model: MapModel, setup: SetupDef, aspect: float, margin: float = 160.0
           ) -> tuple[float, float, float, float]:
    """The board rectangle (x, y, w, h) round the cities in play, of the given shape."""
    in_play = set(setup.province_ids)
    xs = [c.pos[0] for c in model.cities if c.province in in_play]
    ys = [c.pos[1] for c in model.cities if c.province in in_play]
    x0, y0 = min(xs) - margin, min(ys) - margin
    w, h = max(xs) + margin - x0, max(ys) + margin - y0
    if w / h < aspect:
        x0, w = x0 - (h * aspect - w) / 2, h * aspect
    else:
        y0, h = y0 - (w / aspect - h) / 2, w / aspect
    ex, ey, ew, eh = model.extent
    if w > ew or h > eh:
        scale = max(w / ew, h / eh)
        w, h = w / scale, h / scale
    x0 = min(max(x0, ex), ex + ew - w)
    y0 = min(max(y0, ey), ey + eh - h)
    return (x0, y0, w, h)


@lru_cache(maxsize=32)
def _draw(model: MapModel, data: MeContent, scenario: str, size: tuple[int, int],
          colour_blind: bool) -> pygame.Surface:
    setup = data.setup(scenario)
    x0, y0, w, _ = window(model, setup, size[0] / size[1])
    scale = size[0] / w

    def px(p: Point) -> Point:
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    out = pygame.Surface(size)
    out.fill(theme.SEA_DEEP)
    land = pygame.Surface(size, pygame.SRCALPHA)
    land.fill((*theme.PARCHMENT, 255))
    in_play = set(setup.province_ids)
    for cell in _cells(model):
        if cell.province in in_play:
            colour = mix(theme.PARCHMENT, model.province(cell.province).colour, 0.32)
            pygame.draw.polygon(land, colour, [px(p) for p in cell.polygon])
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for polygon in model.land:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [px(p) for p in polygon[0]])
        for hole in polygon[1:]:
            pygame.draw.polygon(mask, (0, 0, 0, 0), [px(p) for p in hole])
    land.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(land, (0, 0))
    for line in model.coast:
        pygame.draw.aalines(out, theme.INK, False, [px(p) for p in line])
    multiply_tiled(out)
    _cities(out, model, setup, px, colour_blind)
    pygame.draw.rect(out, theme.INK, out.get_rect(), 2)
    return out


@lru_cache(maxsize=2)
def _cells(model: MapModel) -> tuple[Cell, ...]:
    return province_cells(model)


def _cities(out: pygame.Surface, model: MapModel, setup: SetupDef,
            px: Callable[[Point], Point], colour_blind: bool) -> None:
    in_play = set(setup.province_ids)
    capitals = {e.capital: e.empire for e in setup.empires}
    for city in model.cities:
        if city.province in in_play and city.id not in capitals:
            pygame.draw.circle(out, theme.INK_SOFT, px(city.pos), 2)
    for city_id in setup.key_cities:
        pygame.draw.circle(out, theme.GOLD, px(model.city(city_id).pos), 6, 2)
    for city_id, empire in capitals.items():
        centre = px(model.city(city_id).pos)
        pygame.draw.circle(out, theme.INK, centre, 7)
        pygame.draw.circle(out, theme.empire_colour(empire, colour_blind), centre, 5)
