"""The ground cut into tiles per zoom level (as Mediterranean Empires' map does), painted when
first shown and kept in a small LRU cache, so that a pan only blits. Tiles are kept per
picture of the ground (tints, glow), so that going back to an earlier glow reuses them."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from sprites.areamap.paint import GroundPainter
from sprites.areamap.picture import AreaPicture
from sprites.map.camera import Camera

TILE = 512
CAPACITY = 64
Key = tuple[tuple[object, ...], float, int, int]
"""(ground key, zoom, column, row)"""


def ground_key(picture: AreaPicture) -> tuple[object, ...]:
    """What of a picture the ground shows (a change repaints it)."""
    return (picture.highlight,
            tuple((look.id, look.tint, look.in_play) for look in picture.areas.values()))


class GroundTiles:
    """Tiles of the ground of one geometry."""

    def __init__(self, painter: GroundPainter) -> None:
        self.painter = painter
        self._tiles: OrderedDict[Key, pygame.Surface] = OrderedDict()

    def blit(self, surface: pygame.Surface, camera: Camera, picture: AreaPicture) -> None:
        """The ground under the camera's viewport, tile by tile."""
        ground = ground_key(picture)
        vx, vy, vw, vh = camera.viewport
        ox, oy = round(camera.origin[0] * camera.zoom), round(camera.origin[1] * camera.zoom)
        for row in range(oy // TILE, (oy + vh) // TILE + 1):
            for column in range(ox // TILE, (ox + vw) // TILE + 1):
                tile = self._tile((ground, camera.zoom, column, row), camera, picture)
                surface.blit(tile, (vx + column * TILE - ox, vy + row * TILE - oy))

    def _tile(self, key: Key, camera: Camera, picture: AreaPicture) -> pygame.Surface:
        column, row = key[2], key[3]
        tile = self._tiles.get(key)
        if tile is None:
            tile = pygame.Surface((TILE, TILE))
            origin = (column * TILE / camera.zoom, row * TILE / camera.zoom)
            self.painter.paint(tile, Camera((0, 0, TILE, TILE), camera.extent, camera.zoom,
                                            origin), picture)
            self._tiles[key] = tile
            if len(self._tiles) > CAPACITY:
                self._tiles.popitem(last=False)
        self._tiles.move_to_end(key)
        return tile
