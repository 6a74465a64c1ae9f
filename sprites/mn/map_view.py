"""Mare Nostrum's area map as one widget for the table: build it once, `draw` it into a
rectangle each frame from the latest view (with the areas to glow: legal targets, a trireme
chain), pass events to `handle` (wheel zoom, drag pan), and ask `hit` what a click is on (a
site id such as "italia.city1", else an area id)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import pygame

from game.rulesets.mare_nostrum.content_records import MnContent
from sprites.areamap.picture import AreaPicture
from sprites.areamap.view import AreaMapView
from sprites.mn.map_picture import bare_picture, geometry, picture_from_view


class MnMap:
    """The board of one table."""

    def __init__(self, content: MnContent, colour_blind: bool = False,
                 rect: pygame.Rect | None = None) -> None:
        self.content = content
        self.colour_blind = colour_blind
        self.view = AreaMapView(geometry(), rect or pygame.Rect(0, 0, 1280, 720))
        self.picture: AreaPicture = bare_picture(content, colour_blind)
        self._seen: tuple[Mapping[str, Any] | None, frozenset[str]] | None = None
        """The view and highlight the picture was made from (the same view object again
        reuses it)."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect,
             view: Mapping[str, Any] | None, highlight: Collection[str] = ()) -> None:
        """The board in `rect` as `view` shows it (None: the bare board); a view is read
        afresh when it is another object (views are not changed in place)."""
        self.view.resize(rect)
        seen = (view, frozenset(highlight))
        if self._seen is None or self._seen[0] is not view or self._seen[1] != seen[1]:
            self.picture = (picture_from_view(self.content, view, self.colour_blind, highlight)
                            if view is not None else bare_picture(self.content,
                                                                  self.colour_blind))
            self._seen = seen
        self.view.draw(surface, self.picture)

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The site id or area id under a screen position, or None."""
        return self.view.hit(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel zoom and drag pan; True when the map used the event."""
        return self.view.handle(event)

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom by levels about a screen point (default: the map's centre)."""
        self.view.zoom(steps, anchor)

    def centre_on(self, area_id: str) -> None:
        """Bring an area to the middle of the map."""
        self.view.centre_on(area_id)
