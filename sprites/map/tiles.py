"""Cached static layers: the map cut into tiles per zoom level (a mipmap pyramid), painted on
demand within a time budget and kept in an LRU cache; level 0 is never evicted."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

import pygame

from sprites.map.compass import CompassRose
from sprites.map.labels import LabelLayout
from sprites.map.model import MapModel
from sprites.map.provinces import province_cells
from sprites.map.routes import RoutePainter
from sprites.map.terrain import TerrainPainter

TILE = 512
Key = tuple[int, int, int]
"""(level, column, row)"""


class StaticPainter:
    """Paints one tile of the static map: terrain, routes, then names."""

    def __init__(self, model: MapModel, in_play: frozenset[str],
                 nodes_in_play: frozenset[str] | None = None) -> None:
        self.model = model
        self.in_play = in_play
        self.terrain = TerrainPainter(model, province_cells(model), in_play)
        self.routes = RoutePainter(model, nodes_in_play)
        self.rose = CompassRose(model.compass)
        self._labels: dict[float, LabelLayout] = {}

    def labels(self, scale: float) -> LabelLayout:
        """The label layout of a level (built once)."""
        if scale not in self._labels:
            self._labels[scale] = LabelLayout(self.model, scale, self.in_play)
        return self._labels[scale]

    def paint(self, scale: float, rect: pygame.Rect) -> pygame.Surface:
        """The tile showing level pixels `rect` at `scale`."""
        tile = self.terrain.paint(scale, rect)
        self.rose.paint(tile, scale, rect)
        self.routes.paint(tile, scale, rect)
        self.labels(scale).paint(tile, rect)
        return tile


class TileCache:
    """Tiles by (level, column, row); missing ones are queued and painted by `work`."""

    def __init__(self, paint: Callable[[int, pygame.Rect], pygame.Surface],
                 capacity: int = 96) -> None:
        self._paint = paint
        self.capacity = capacity
        self._tiles: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._wanted: list[Key] = []
        self.painted = 0

    def get(self, key: Key) -> pygame.Surface | None:
        """A cached tile (marked recently used), or None."""
        tile = self._tiles.get(key)
        if tile is not None:
            self._tiles.move_to_end(key)
        return tile

    def want(self, key: Key) -> None:
        """Queue a tile for painting (most recent requests first)."""
        if key in self._tiles:
            return
        if key in self._wanted:
            self._wanted.remove(key)
        self._wanted.append(key)

    def clear_wanted(self) -> None:
        """Forget queued tiles (the view moved on)."""
        self._wanted.clear()

    @property
    def pending(self) -> int:
        """Tiles still queued."""
        return len(self._wanted)

    def ensure(self, key: Key) -> pygame.Surface:
        """The tile, painted now if needed."""
        tile = self.get(key)
        if tile is None:
            tile = self._store(key)
        return tile

    def work(self, budget: float) -> int:
        """Paint queued tiles, newest first, until `budget` seconds are spent; how many."""
        start = time.perf_counter()
        done = 0
        while self._wanted and (done == 0 or time.perf_counter() - start < budget):
            key = self._wanted.pop()
            if key not in self._tiles:
                self._store(key)
                done += 1
        return done

    def _store(self, key: Key) -> pygame.Surface:
        level, col, row = key
        tile = self._paint(level, pygame.Rect(col * TILE, row * TILE, TILE, TILE))
        if pygame.display.get_surface() is not None:
            tile = tile.convert()
        self._tiles[key] = tile
        self.painted += 1
        self._evict()
        return tile

    def _evict(self) -> None:
        while len(self._tiles) > self.capacity:
            victim = next((k for k in self._tiles if k[0] != 0), None)
            if victim is None:
                return
            del self._tiles[victim]
