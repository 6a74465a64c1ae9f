"""The in-game menu (Esc at the table): resume, save a copy, load, settings, leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from net.files.saves import new_name
from net.files.storage import StorageError
from sprites import theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.ui.text import render
from sprites.ui.widgets import Menu, MenuItem, panel

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.table.scene import TableScene


class GameMenu(Scene):
    """A small menu over the table."""

    opaque = False

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table
        self.note = ""
        self.menu = Menu([MenuItem("Resume", intent("resume")),
                          MenuItem("Save a Copy", intent("save"),
                                   enabled=table.files is not None),
                          MenuItem("Load Game", intent("load")),
                          MenuItem("Settings", intent("settings")),
                          MenuItem("Leave to Title", intent("leave"))], 30)

    def enter(self, app: App) -> None:
        """Lay out in the middle of the window."""
        super().enter(app)
        w, h = app.size
        self.menu.size = app.ui(30)
        self.box = pygame.Rect(0, 0, app.ui(520), app.ui(470))
        self.box.center = (w // 2, h // 2)
        self.menu.layout(w // 2, self.box.y + app.ui(110), app.ui(56))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows, Enter, Esc and the mouse."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.menu.at(event.pos)
            return [item.intent] if item else []
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_UP: intent("move", step=-1), pygame.K_DOWN: intent("move", step=1),
                    pygame.K_RETURN: intent("pick"), pygame.K_ESCAPE: intent("resume")}
            return [keys[event.key]] if event.key in keys else []
        return []

    def apply(self, it: Intent) -> None:
        """Carry out a menu choice."""
        assert self.app is not None
        if it.name == "pick":
            it = self.menu.items[self.menu.selected].intent
        if it.name == "hover":
            self.menu.hover(it.arg("pos"))
        elif it.name == "move":
            self.menu.move(it.arg("step"))
        elif it.name == "resume":
            self.app.pop()
            return
        elif it.name == "save":
            self._save()
        elif it.name == "load":
            from sprites.scenes.load import LoadScene

            self.app.push(LoadScene())
            return
        elif it.name == "settings":
            from sprites.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene())
            return
        elif it.name == "leave":
            leave_to_title(self.app)
            return
        self.full_redraw = True

    def _save(self) -> None:
        files, session = self.table.files, self.table.session
        if files is None:
            return
        state = session.table.state
        name = new_name(state.scenario) + f"-turn{state.turn}-copy"
        try:
            path = files.copy_to(session, name, f"Turn {state.turn}, round {state.round}")
            self.note = f"Saved as {path.name}"
        except StorageError as exc:
            self.note = f"Could not save: {exc}"

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The plaque and its items."""
        assert self.app is not None
        u = self.app.ui
        panel(surface, self.box)
        head = render("display_bold", u(34), "THE GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(50))))
        self.menu.draw(surface)
        if self.note:
            note = render("serif_italic", u(19), self.note, theme.WAX)
            surface.blit(note, note.get_rect(midbottom=(self.box.centerx,
                                                        self.box.bottom - u(16))))
        return [self.box.inflate(10, 10)]


def leave_to_title(app: App) -> None:
    """Close every scene above the title screen (the game stays saved)."""
    from sprites.scenes.title import TitleScene

    while len(app.stack) > 1 and not isinstance(app.stack.top, TitleScene):
        app.pop()
