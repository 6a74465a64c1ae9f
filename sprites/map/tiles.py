"""Cached static layers: the map cut into tiles per zoom level (a mipmap pyramid), painted on
demand a step of a few milliseconds at a time within a budget per frame (the tiles on screen
first, then those just ahead of a moving camera) and kept in an LRU cache; level 0 is never
evicted."""

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
from sprites.map.spread import spread_of
from sprites.map.steps import Steps, finish
from sprites.map.terrain import TerrainPainter

TILE = 512
Key = tuple[int, int, int]
"""(level, column, row)"""


class StaticPainter:
    """Paints one tile of the static map: terrain, routes, leader lines, then names."""

    def __init__(self, model: MapModel, in_play: frozenset[str],
                 nodes_in_play: frozenset[str] | None = None) -> None:
        self.model = model
        self.in_play = in_play
        self.terrain = TerrainPainter(model, province_cells(model), in_play)
        self.routes = RoutePainter(model, nodes_in_play)
        self.rose = CompassRose(model.compass)
        self.spread = spread_of(model)
        self._labels: dict[float, LabelLayout] = {}

    def labels(self, scale: float) -> LabelLayout:
        """The label layout of a level (built once)."""
        return finish(self.label_steps(scale))

    def laid_labels(self, scale: float) -> LabelLayout | None:
        """The level's label layout if it is finished (None: not begun or under way)."""
        layout = self._labels.get(scale)
        return layout if layout is not None and layout.done else None

    def label_steps(self, scale: float) -> Steps[LabelLayout]:
        """`labels` in steps (a layout begun and left unfinished carries on)."""
        layout = self._labels.get(scale)
        if layout is None:
            layout = self._labels[scale] = LabelLayout(self.model, scale, self.in_play,
                                                       now=False, spots=self.spread.at(scale))
        yield from layout.steps()
        return layout

    def paint(self, scale: float, rect: pygame.Rect) -> pygame.Surface:
        """The tile showing level pixels `rect` at `scale`."""
        return finish(self.steps(scale, rect))

    def steps(self, scale: float, rect: pygame.Rect) -> Steps[pygame.Surface]:
        """`paint` in steps of a few milliseconds."""
        labels = yield from self.label_steps(scale)
        tile = yield from self.terrain.steps(scale, rect)
        self.rose.paint(tile, scale, rect)
        yield
        yield from self.routes.steps(tile, scale, rect)
        self.spread.paint_leaders(tile, scale, rect)
        labels.paint(tile, rect)
        return tile


class TileCache:
    """Tiles by (level, column, row). Missing ones wanted on screen are queued, those ahead of
    the camera listed, and `work` paints them, a step at a time, within a time budget."""

    def __init__(self, paint: Callable[[int, pygame.Rect], Steps[pygame.Surface]],
                 capacity: int = 96) -> None:
        self._paint = paint
        self.capacity = capacity
        self._tiles: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._wanted: list[Key] = []
        self._ahead: list[Key] = []
        self._job: tuple[Key, Steps[pygame.Surface]] | None = None
        self._costs: dict[tuple[object, int], float] = {}
        """What the step resumed from each point of the painting code takes (seconds, the
        longest lately)."""
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
        """Forget queued tiles (the view moved on); a tile half painted is finished later."""
        self._wanted.clear()
        self._ahead.clear()

    def discard(self, stale: Callable[[Key], bool]) -> None:
        """Forget the tiles `stale` names, the queues and the tile being painted (the map
        they show changed)."""
        self._job = None
        self.clear_wanted()
        for key in [key for key in self._tiles if stale(key)]:
            del self._tiles[key]

    def ahead(self, keys: list[Key]) -> None:
        """Paint these when no wanted tile is left, first ones first (replaces the last list)."""
        self._ahead = [k for k in reversed(keys) if k not in self._tiles]

    @property
    def pending(self) -> int:
        """Wanted tiles not painted yet."""
        return len(self._wanted)

    @property
    def busy(self) -> bool:
        """A tile is being painted, wanted or listed ahead."""
        return self._job is not None or bool(self._wanted) or bool(self._ahead)

    def ensure(self, key: Key) -> pygame.Surface:
        """The tile, painted now if needed."""
        tile = self.get(key)
        if tile is None:
            if self._job is not None and self._job[0] == key:
                return self._store(key, finish(self._job[1]))
            tile = self._store(key, finish(self._paint(*_place(key))))
        return tile

    def work(self, budget: float) -> list[Key]:
        """Paint wanted tiles, then those ahead, a step at a time while the budget (seconds)
        is likely to cover the next step (at least one step a call); the tiles finished."""
        start = time.perf_counter()
        done: list[Key] = []
        spent = 0.0
        while True:
            if self._job is None and not self._next_job():
                break
            assert self._job is not None
            key, steps = self._job
            point = _resume_point(steps)
            if spent and spent + self._costs.get(point, 0.0) > budget:
                break
            before = time.perf_counter()
            try:
                next(steps)
            except StopIteration as finished:
                self._store(key, finished.value)
                done.append(key)
            now = time.perf_counter()
            cost = now - before  # remembered high at once, forgotten slowly
            self._costs[point] = max(cost, (3 * self._costs.get(point, cost) + cost) / 4)
            spent = now - start
        return done

    def _next_job(self) -> bool:
        """Begin the next tile: the newest wanted, else the first ahead; whether there is one."""
        for queue in (self._wanted, self._ahead):
            while queue:
                key = queue[-1]
                if key not in self._tiles:
                    self._job = (key, self._paint(*_place(key)))
                    return True
                queue.pop()
        return False

    def _store(self, key: Key, tile: pygame.Surface) -> pygame.Surface:
        if self._job is not None and self._job[0] == key:
            self._job = None
        for queue in (self._wanted, self._ahead):
            if key in queue:
                queue.remove(key)
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


def _resume_point(steps: Steps[pygame.Surface]) -> tuple[object, int]:
    """Where in the painting code a job would carry on (the innermost generator's line)."""
    inner: object = steps
    while True:
        nested = getattr(inner, "gi_yieldfrom", None)
        if nested is None or not hasattr(nested, "gi_frame"):
            break
        inner = nested
    frame = getattr(inner, "gi_frame", None)
    return (getattr(inner, "gi_code", None), frame.f_lineno if frame is not None else -1)


def _place(key: Key) -> tuple[int, pygame.Rect]:
    """The level and level-pixel rectangle of a tile."""
    level, col, row = key
    return level, pygame.Rect(col * TILE, row * TILE, TILE, TILE)
