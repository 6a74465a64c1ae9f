"""The in-game menu (Esc at the table): resume, save a copy, load, settings, leave."""

from __future__ import annotations

import pygame

from net.files.saves import new_name
from net.files.storage import StorageError
from sprites import theme
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.controller import TableController
from sprites.ui.text import render
from sprites.ui.widgets import Menu, MenuItem, panel


class GameMenu(Scene):
    """A small menu over the table."""

    opaque = False

    def __init__(self, control: TableController) -> None:
        super().__init__()
        self.control = control
        self.note = ""
        self.menu = Menu([MenuItem("Resume", intent("resume")),
                          MenuItem("Save a Copy", intent("save"),
                                   enabled=control.files is not None),
                          MenuItem("Load Game", intent("open", scene="load")),
                          MenuItem("Settings", intent("open", scene="settings")),
                          MenuItem("Leave to Title", intent("leave"))], 30)

    def enter(self, app: Host) -> None:
        """Lay out in the middle of the window."""
        super().enter(app)
        w, h = app.size
        self.menu.size = app.ui(30)
        self.box = pygame.Rect(0, 0, app.ui(520), app.ui(470))
        self.box.center = (w // 2, h // 2)
        self.menu.layout(w // 2, self.box.y + app.ui(110), app.ui(56))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows, Enter, the mouse; Esc resumes."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("resume")]
        return self.menu.intents(event)

    def apply(self, it: Intent) -> None:
        """Carry out a menu choice."""
        it = self.menu.chosen(it)
        if self.menu.apply(it):
            return
        if it.name == "resume":
            self.host.pop()
        elif it.name == "save":
            self._save()
        elif it.name == "open":
            self.host.open(it.arg("scene"))
        elif it.name == "leave":
            self.host.back_to("title")

    def _save(self) -> None:
        files, session = self.control.files, self.control.session
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
        u = self.host.ui
        panel(surface, self.box)
        head = render("display_bold", u(34), "THE GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(50))))
        self.menu.draw(surface)
        if self.note:
            note = render("serif_italic", u(19), self.note, theme.WAX)
            surface.blit(note, note.get_rect(midbottom=(self.box.centerx,
                                                        self.box.bottom - u(16))))
        return [self.box.inflate(10, 10)]
