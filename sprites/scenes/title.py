"""The title screen: new game, load, LAN game, resume a LAN game, settings, quit."""

from __future__ import annotations

import pygame

from sprites import theme
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.ui.decor import meander_frame, parchment_backdrop
from sprites.ui.text import draw_lines, label, render, wrap
from sprites.ui.widgets import Menu, MenuItem, rule

VERSION = "0.1"


class TitleScene(Scene):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([MenuItem("New Game", intent("open", scene="new_game")),
                          MenuItem("Load Game", intent("open", scene="load")),
                          MenuItem("LAN Game", intent("open", scene="lan_browser")),
                          MenuItem("Resume LAN Game", intent("open", scene="lan_resume")),
                          MenuItem("Settings", intent("open", scene="settings")),
                          MenuItem("Quit", intent("quit"))], 40)
        self._menu_dirty = False

    def enter(self, app: Host) -> None:
        """Lay out for the current window."""
        super().enter(app)
        self.menu.size = app.ui(40)
        w, h = app.size
        self.menu_area = self.menu.layout(w // 2, round(h * 0.48), app.ui(58))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Keys and clicks to menu intents; Esc quits."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("quit")]
        return self.menu.intents(event)

    def apply(self, it: Intent) -> None:
        """Menu choices open the other scenes by name."""
        it = self.menu.chosen(it)
        if self.menu.apply(it):
            self._menu_dirty = True
        elif it.name == "quit":
            self.host.quit()
        elif it.name == "open":
            self.host.open(it.arg("scene"))
        elif it.name == "dismiss":
            self.host.message = None
            self.full_redraw = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The backdrop and title once; afterwards only the menu when it changes."""
        if self.full_redraw:
            self._draw_all(surface)
            self.full_redraw = self._menu_dirty = False
            return None
        if self._menu_dirty:
            self._menu_dirty = False
            return [self._draw_menu(surface)]
        return []

    def _draw_all(self, surface: pygame.Surface) -> None:
        app = self.host
        w, h = surface.get_size()
        surface.blit(parchment_backdrop((w, h)), (0, 0))
        surface.blit(meander_frame((w, h), app.ui(26), app.ui(22)), (0, 0))
        title = label("display_bold", app.ui(118), "MARE INTERNUM", theme.INK,
                      theme.GOLD_LIGHT, tracking=0.06, radius=2)
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.25))))
        sub = render("display", app.ui(30), "MEDITERRANEAN EMPIRES", theme.WAX, tracking=0.35)
        sub_rect = sub.get_rect(center=(w // 2, round(h * 0.25) + app.ui(92)))
        surface.blit(sub, sub_rect)
        rule(surface, sub_rect.bottom + app.ui(22), w // 2 - app.ui(260), w // 2 + app.ui(260))
        self._draw_menu(surface)
        foot = render("serif_italic", app.ui(20),
                      f"Eight empires, one sea  ·  version {VERSION}  ·  "
                      "arrows and Enter, or the mouse", theme.INK_SOFT)
        surface.blit(foot, foot.get_rect(center=(w // 2, h - app.ui(70))))
        if app.message:
            self._draw_notice(surface, app.message)

    def _draw_notice(self, surface: pygame.Surface, message: str) -> None:
        """A notice (settings that could not be read…) wrapped above the foot line."""
        u, (w, h) = self.host.ui, surface.get_size()
        lines = wrap("serif_bold", u(22), message, min(w - u(160), u(1400)))
        height = len(lines) * font("serif_bold", u(22)).get_linesize()
        top = max(self.menu_area.bottom + u(24), h - u(92) - height)
        draw_lines(surface, "serif_bold", u(22), lines, theme.WAX, top, w // 2)

    def _draw_menu(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.menu_area.inflate(self.menu.size * 3, 8)
        surface.blit(parchment_backdrop(surface.get_size()), area, area)
        self.menu.draw(surface)
        return area
