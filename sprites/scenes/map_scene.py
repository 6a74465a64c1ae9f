"""The map of a scenario at set-up (or the bare map): pan, zoom, hover for details, with the
side panel of its empires, legend and notes."""

from __future__ import annotations

import pygame

from sprites import content, user_content
from sprites.map.pane import MapPane
from sprites.map.picture import scenario_picture, whole_map
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.scenes.map_hud import draw_hud


class MapScene(Scene):
    """A scenario's map with its starting ownership (None: the bare map)."""

    def __init__(self, scenario: str | None = None) -> None:
        super().__init__()
        data = content.content() if scenario is None else user_content.content_of(scenario)
        picture = whole_map(data) if scenario is None else scenario_picture(data, scenario)
        model = content.map_model() if scenario is None else user_content.map_model_of(scenario)
        self.map = MapPane(model, picture)
        self.capitals: dict[str, str] = {}
        self.notes: tuple[tuple[str, str], ...] = ()
        if scenario is not None:
            setup = data.setup(scenario)
            self.capitals = {e.empire: data.map.city(e.capital).name for e in setup.empires}
            keys = ", ".join(data.map.city(c).name for c in setup.key_cities)
            self.notes = (("Key cities", keys), ("The scenario", setup.description))

    def enter(self, app: Host) -> None:
        """Build the view for the window (first time) and the side panel."""
        super().enter(app)
        w, h = app.size
        self.hud_rect = pygame.Rect(0, 0, app.ui(380), h)
        viewport = pygame.Rect(self.hud_rect.right, 0, w - self.hud_rect.right, h)
        settings = app.settings
        if self.map.place(viewport, (w, h), settings.colour_blind, settings.animation_speed):
            self.map.map_view.prepare()
        self.hud = pygame.Surface(self.hud_rect.size)
        draw_hud(self.hud, self.hud.get_rect(), self.map.picture, self.capitals, app.ui,
                 settings.colour_blind, self.notes)

    def resized(self) -> None:
        """A new view for a new window size or settings."""
        self.map.view = None
        super().resized()

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Esc goes back; the rest moves the map."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("back")]
        return self.map.intents(event)

    def apply(self, it: Intent) -> None:
        """Back, or pan, zoom and hover."""
        if it.name == "back":
            self.host.pop()
        else:
            self.map.apply(it)

    def update(self, dt: float) -> None:
        """The map animates."""
        self.map.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose when the camera moved; else redraw overlays in dirty rectangles."""
        rects = self.map.present(surface, self.full_redraw, self.hud, self.hud_rect,
                                 self._overlays)
        self.full_redraw = False
        return rects

    def _overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects = self.map.marks(surface)
        rects += self.map.tooltip(surface, self.host.ui(100) / 100)
        return [r.clip(surface.get_rect()) for r in rects]
