"""Load game: lists saved games; until the table lands there are none to open."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from sprites import theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.settings import config_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import render, wrap
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from sprites.app import App


def saves_dir() -> Path:
    """Where games are saved."""
    return config_dir() / "saves"


class LoadScene(Scene):
    """The saved games, newest first."""

    def enter(self, app: App) -> None:
        """Lay out and look for saves."""
        super().enter(app)
        u = app.ui
        w, h = app.size
        self.box = pygame.Rect(0, 0, u(900), u(520))
        self.box.center = (w // 2, h // 2)
        folder = saves_dir()
        self.saves = sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime,
                            reverse=True) if folder.is_dir() else []
        self.back = Button(pygame.Rect(0, 0, u(220), u(58)), "Back", intent("back"), u(24))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - u(34))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Esc, Enter or the button go back."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            return [intent("back")]
        if event.type == pygame.MOUSEBUTTONDOWN and self.back.hit(event.pos):
            return [intent("back")]
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        return []

    def apply(self, it: Intent) -> None:
        """Back to the title."""
        assert self.app is not None
        if it.name == "back":
            self.app.pop()
        elif it.name == "hover" and self.back.hovered != self.back.rect.collidepoint(
                it.arg("pos")):
            self.back.hovered = not self.back.hovered
            self.full_redraw = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A static page."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        u = self.app.ui  # type: ignore[union-attr]
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(44), "LOAD GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(60))))
        rule(surface, self.box.y + u(104), self.box.centerx - u(180), self.box.centerx + u(180))
        y = self.box.y + u(150)
        if self.saves:
            lines = [p.stem for p in self.saves[:8]]
        else:
            lines = wrap("serif", u(26), "No saved games yet. Games will be saved "
                         f"automatically in {saves_dir()} once you play at the table.",
                         self.box.w - u(120))
        for line in lines:
            text = render("serif", u(26), line, theme.INK)
            surface.blit(text, text.get_rect(midtop=(self.box.centerx, y)))
            y += text.get_height() + u(4)
        self.back.draw(surface)
        return None
