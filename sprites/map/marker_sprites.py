"""The map's markers as sprites: drawn once per look and size, placed at rest on a level in
whole level pixels, or anywhere while a zoom animates."""

from __future__ import annotations

import pygame

from sprites.map import style
from sprites.map.camera import Camera, Point
from sprites.map.markers import area_sprite, city_sprite
from sprites.map.model import CitySpot, MapModel
from sprites.map.picture import BoardPicture
from sprites.map.spread import Spread


class MarkerSprites:
    """The sprites of every area and city in drawing order (areas, then cities smallest
    first), by size and per level."""

    def __init__(self, model: MapModel, picture: BoardPicture, spread: Spread,
                 colour_blind: bool) -> None:
        self.model, self.picture, self.spread = model, picture, spread
        self.colour_blind = colour_blind
        self.cities: list[CitySpot] = sorted(model.cities, key=lambda c: c.size)
        self.order: list[str] = [a.id for a in model.areas] + [c.id for c in self.cities]
        """The markers' ids in drawing order."""
        self._placed: dict[int, tuple[list[pygame.Surface], list[pygame.Rect]]] = {}
        self._sprites: dict[tuple[int, ...], list[pygame.Surface]] = {}

    def forget(self, picture: BoardPicture) -> None:
        """Another position to draw: every sprite is made again when next wanted."""
        self.picture = picture
        self._placed.clear()
        self._sprites.clear()

    def of_level(self, level: int, zoom: float) -> tuple[list[pygame.Surface], list[pygame.Rect]]:
        """The markers at rest on a level (at `zoom`), in drawing order, and their level-pixel
        places."""
        if level not in self._placed:
            sprites, spots = self.at(zoom), self.spread.at(zoom)
            self._placed[level] = (sprites, [
                sprite.get_rect(center=(round(spots[node][0] * zoom), round(spots[node][1] * zoom)))
                for sprite, node in zip(sprites, self.order, strict=True)])
        return self._placed[level]

    def at(self, zoom: float) -> list[pygame.Surface]:
        """The sprites in drawing order at any zoom (made once per set of symbol radii)."""
        area_r = style.area_radius(zoom)
        radii = {size: style.city_radius(size, zoom) for size in (1, 2, 3)}
        key = (area_r, *radii.values())
        if key not in self._sprites:
            self._sprites[key] = [
                area_sprite(area_r, area.strength, self.picture.area(area.id))
                for area in self.model.areas] + [
                city_sprite(city.size, radii[city.size], self.picture.city(city.id), city.port,
                            self.colour_blind) for city in self.cities]
        return self._sprites[key]

    def draw(self, target: pygame.Surface, cam: Camera) -> None:
        """The markers at any zoom (while a zoom animates)."""
        spots = self.spread.drawn(cam)
        for sprite, node in zip(self.at(cam.zoom), self.order, strict=True):
            target.blit(sprite, sprite.get_rect(center=_round(cam.to_screen(spots[node]))))


def _round(p: Point) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))
