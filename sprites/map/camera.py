"""The camera: board units ↔ screen pixels, pan, zoom about a point, fit, and zoom levels.

screen = (board - origin) * zoom + viewport.topleft. Zoom levels are fit × √2^k; the camera
rests on a level (so cached tiles are drawn 1:1) and passes between levels only while
animating.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
LEVEL_STEP = math.sqrt(2)
MAX_LEVEL = 6


@dataclass
class Camera:
    """Where the board is on screen."""

    viewport: tuple[int, int, int, int]
    extent: tuple[float, float, float, float]
    zoom: float = 1.0
    origin: Point = (0.0, 0.0)
    margin: int = 24
    """Space (px) kept round the whole board at the fit zoom, for its frame."""
    fit_area: tuple[int, int] | None = None
    """The size the zoom levels are fitted to (None: the viewport's), so that a viewport
    shortened for a while (under a taller decision bar) keeps its levels and their tiles."""

    def to_screen(self, p: Point) -> Point:
        """Screen position of a board point."""
        return ((p[0] - self.origin[0]) * self.zoom + self.viewport[0],
                (p[1] - self.origin[1]) * self.zoom + self.viewport[1])

    def to_board(self, p: Point) -> Point:
        """Board point under a screen position."""
        return ((p[0] - self.viewport[0]) / self.zoom + self.origin[0],
                (p[1] - self.viewport[1]) / self.zoom + self.origin[1])

    @property
    def fit_zoom(self) -> float:
        """The zoom at which the whole drawn board fits the viewport."""
        width, height = self.fit_area or self.viewport[2:]
        return min((width - 2 * self.margin) / self.extent[2],
                   (height - 2 * self.margin) / self.extent[3])

    def level_zoom(self, level: int) -> float:
        """The zoom of level k (0 = fit)."""
        return self.fit_zoom * LEVEL_STEP ** level

    def fit(self) -> None:
        """Show the whole board, centred."""
        self.zoom = self.level_zoom(0)
        x, y, w, h = self.extent
        self.centre_on((x + w / 2, y + h / 2))

    def centre_on(self, p: Point) -> None:
        """Put a board point in the middle of the viewport."""
        self.origin = (p[0] - self.viewport[2] / 2 / self.zoom,
                       p[1] - self.viewport[3] / 2 / self.zoom)
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels (drag right → the map moves right)."""
        self.origin = (self.origin[0] - dx / self.zoom, self.origin[1] - dy / self.zoom)
        self.clamp()

    def zoom_about(self, zoom: float, anchor: Point) -> None:
        """Set the zoom keeping the board point under screen position `anchor` in place."""
        fixed = self.to_board(anchor)
        self.zoom = zoom
        self.origin = (fixed[0] - (anchor[0] - self.viewport[0]) / zoom,
                       fixed[1] - (anchor[1] - self.viewport[1]) / zoom)
        self.clamp()

    def clamp(self) -> None:
        """Keep the board on screen: centred when smaller than the viewport, else no gaps."""
        self.origin = (self._clamp_axis(self.origin[0], self.extent[0], self.extent[2],
                                        self.viewport[2]),
                       self._clamp_axis(self.origin[1], self.extent[1], self.extent[3],
                                        self.viewport[3]))

    def _clamp_axis(self, origin: float, start: float, length: float, screen: int) -> float:
        visible = screen / self.zoom
        if visible >= length:
            return start + (length - visible) / 2
        return min(max(origin, start), start + length - visible)

    def snapped(self) -> Camera:
        """A copy whose origin lands on whole screen pixels (crisp 1:1 tile blits)."""
        ox = round(self.origin[0] * self.zoom) / self.zoom
        oy = round(self.origin[1] * self.zoom) / self.zoom
        return Camera(self.viewport, self.extent, self.zoom, (ox, oy), self.margin, self.fit_area)
