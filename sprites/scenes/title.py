"""The title screen: continue the latest unfinished game (when there is one), new game, learn
to play, load, LAN game, resume a LAN game, settings, quit."""

from __future__ import annotations

from pathlib import Path

import pygame

from sprites import theme
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.settings import saves_dir
from sprites.ui.decor import meander_frame, parchment_backdrop
from sprites.ui.text import draw_lines, label, render, wrap
from sprites.ui.widgets import Menu, MenuItem, rule

VERSION = "0.1"


def menu_items(resumable: bool) -> list[MenuItem]:
    """The menu, led by Continue when a saved game can go on."""
    items = [MenuItem("New Game", intent("open", scene="new_game")),
             MenuItem("Learn to Play", intent("open", scene="lessons")),
             MenuItem("Load Game", intent("open", scene="load")),
             MenuItem("LAN Game", intent("open", scene="lan_browser")),
             MenuItem("Resume LAN Game", intent("open", scene="lan_resume")),
             MenuItem("Settings", intent("open", scene="settings")),
             MenuItem("Editor", intent("open", scene="editor")),
             MenuItem("Quit", intent("quit"))]
    return [MenuItem("Continue", intent("continue")), *items] if resumable else items


class TitleScene(Scene):
    """The first screen."""

    LEAVE_WORDS = "Leave to Title"
    """What a game's menu calls going back here."""

    def __init__(self) -> None:
        super().__init__()
        self.menu = Menu(menu_items(False), 40)
        self._menu_dirty = False
        self.latest: Path | None = None
        """The log of the most recently saved unfinished game (what Continue opens)."""

    def enter(self, app: Host) -> None:
        """Look for a game to continue; lay out for the current window."""
        super().enter(app)
        self._find_latest()
        self.menu.size = app.ui(40)
        w, h = app.size
        spacing = app.ui(58)
        # Continue moves the menu up half a line: its centre stays where six items put it
        top = round(h * 0.48) - (len(self.menu.items) - 6) * spacing // 2
        self.menu_area = self.menu.layout(w // 2, top, spacing)

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
        elif it.name == "continue":
            self._continue()
        elif it.name == "open":
            self.host.open(it.arg("scene"))
        elif it.name == "dismiss":
            self.host.message = None
            self.full_redraw = True

    def _find_latest(self) -> None:
        """Lead the menu with Continue while an unfinished save exists (selected when it
        comes or goes; otherwise the selection stays on its item)."""
        from net.files.saves import latest_unfinished

        latest = latest_unfinished(saves_dir())
        self.latest = latest.path if latest is not None else None
        chosen = self.menu.items[self.menu.selected].text
        items = menu_items(self.latest is not None)
        same = len(items) == len(self.menu.items)
        self.menu.items = items
        self.menu.selected = next((k for k, i in enumerate(items) if same and i.text == chosen),
                                  0)

    def _continue(self) -> None:
        """Open the latest unfinished game as the Load screen opens a save, or say why not."""
        from sprites.scenes.load_rows import open_save

        problem = open_save(self.host, self.latest) if self.latest is not None else ""
        if problem:
            self.host.message = problem
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
