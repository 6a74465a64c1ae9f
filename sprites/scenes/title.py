"""The title screen: new game, load, settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.ui.decor import meander_frame, parchment_backdrop
from sprites.ui.text import label, render
from sprites.ui.widgets import Menu, MenuItem, rule

VERSION = "0.1"

if TYPE_CHECKING:
    from sprites.app import App


class TitleScene(Scene):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu([MenuItem("New Game", intent("new_game")),
                          MenuItem("Load Game", intent("load_game")),
                          MenuItem("Settings", intent("settings")),
                          MenuItem("Quit", intent("quit"))], 40)
        self._menu_dirty = False

    def enter(self, app: App) -> None:
        """Lay out for the current window."""
        super().enter(app)
        self.menu.size = app.ui(40)
        w, h = app.size
        self.menu.layout(w // 2, round(h * 0.52), app.ui(64))

    def resized(self) -> None:
        """Re-lay out after a settings change."""
        super().resized()
        if self.app is not None:
            self.enter(self.app)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Keys and clicks to menu intents."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.menu.at(event.pos)
            return [item.intent] if item else []
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                return [intent("move", step=-1)]
            if event.key in (pygame.K_DOWN, pygame.K_s):
                return [intent("move", step=1)]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return [intent("choose")]
            if event.key == pygame.K_ESCAPE:
                return [intent("quit")]
        return []

    def apply(self, it: Intent) -> None:
        """Menu choices open the other scenes."""
        assert self.app is not None
        if it.name == "choose":
            it = self.menu.items[self.menu.selected].intent
        if it.name == "hover":
            self._menu_dirty |= self.menu.hover(it.arg("pos"))
        elif it.name == "move":
            self.menu.move(it.arg("step"))
            self._menu_dirty = True
        elif it.name == "quit":
            self.app.quit()
        elif it.name == "new_game":
            from sprites.scenes.scenarios import ScenarioScene

            self.app.push(ScenarioScene())
        elif it.name == "settings":
            from sprites.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene())
        elif it.name == "load_game":
            from sprites.scenes.load import LoadScene

            self.app.push(LoadScene())
        elif it.name == "dismiss":
            self.app.message = None
            self.full_redraw = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The backdrop and title once; afterwards only the menu when it changes."""
        assert self.app is not None
        if self.full_redraw:
            self._draw_all(surface)
            self.full_redraw = self._menu_dirty = False
            return None
        if self._menu_dirty:
            self._menu_dirty = False
            return [self._draw_menu(surface)]
        return []

    def _draw_all(self, surface: pygame.Surface) -> None:
        app = self.app
        assert app is not None
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
            note = render("serif_bold", app.ui(22), app.message, theme.WAX)
            surface.blit(note, note.get_rect(center=(w // 2, h - app.ui(110))))

    def _draw_menu(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.menu.items[0].rect.unionall([i.rect for i in self.menu.items if i.rect])
        area = area.inflate(self.menu.size * 3, 8)
        surface.blit(parchment_backdrop(surface.get_size()), area, area)
        self.menu.draw(surface)
        return area
