"""Load game: the saved games, newest first; opening one replays its log and resumes the
rule set's table at the same state hash. A save that cannot be opened says why, in plain
words."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from sprites import content, theme
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.settings import saves_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import render, wrap
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from net.files.saves import SaveInfo

SHOWN = 9
KEYS = {pygame.K_ESCAPE: intent("back"), pygame.K_RETURN: intent("open"),
        pygame.K_UP: intent("select", step=-1), pygame.K_DOWN: intent("select", step=1)}


class LoadScene(Page):
    """The saved games; click one (or arrows and Enter) to resume it."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SaveInfo] = []
        self.selected = 0
        self.rows: list[pygame.Rect] = []
        self.message = ""

    def enter(self, app: Host) -> None:
        """Lay out and read the saves folder."""
        super().enter(app)
        from net.files.saves import list_saves

        u = app.ui
        w, h = app.size
        self.box = pygame.Rect(0, 0, min(w - u(100), u(1100)), min(h - u(80), u(820)))
        self.box.center = (w // 2, h // 2)
        self.saves = list_saves(saves_dir())
        top = self.box.y + u(140)
        self.rows = [pygame.Rect(self.box.x + u(40), top + k * u(58), self.box.w - u(80), u(52))
                     for k in range(min(SHOWN, len(self.saves)))]
        self.buttons = [Button(pygame.Rect(0, 0, u(220), u(58)), "Back", intent("back"), u(24)),
                        Button(pygame.Rect(0, 0, u(220), u(58)), "Open", intent("open"), u(24),
                               enabled=bool(self.saves))]
        self.buttons[0].rect.bottomleft = (self.box.x + u(40), self.box.bottom - u(30))
        self.buttons[1].rect.bottomright = (self.box.right - u(40), self.box.bottom - u(30))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Esc back; arrows select; Enter or a click opens."""
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "open"))

    def apply(self, it: Intent) -> None:
        """Back, select or open."""
        if it.name == "back":
            self.host.pop()
        elif it.name == "select" and self.rows:
            self.selected = (self.selected + it.arg("step")) % len(self.rows)
            self.full_redraw = True
        elif it.name == "open" and self.saves:
            self.selected = it.arg("index", self.selected)
            self.open(self.saves[self.selected].path)
        elif it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))

    def open(self, path: Path) -> None:
        """Resume a save at its rule set's table, or say why it cannot be opened."""
        from net.files.saves import GameFiles, SaveError, load

        try:
            session = load(path)
        except SaveError as exc:
            self.message = str(exc)
            self.full_redraw = True
            return
        self.host.open_game(session, GameFiles(path.parent, path.name.removesuffix(".log")))

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The saves, a message, the buttons."""
        u = self.host.ui
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(44), "LOAD GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(60))))
        rule(surface, self.box.y + u(104), self.box.centerx - u(180), self.box.centerx + u(180))
        if not self.saves:
            y = self.box.y + u(160)
            for line in wrap("serif", u(26), "No saved games yet. Games are saved "
                             f"automatically in {saves_dir()} as you play.", self.box.w - u(120)):
                text = render("serif", u(26), line, theme.INK)
                surface.blit(text, text.get_rect(midtop=(self.box.centerx, y)))
                y += text.get_height() + u(4)
        for k, (info, row) in enumerate(zip(self.saves, self.rows, strict=False)):
            self._row(surface, info, row, k == self.selected)
        if self.message:
            y = self.rows[-1].bottom + u(16) if self.rows else self.box.y + u(300)
            for line in wrap("serif_bold", u(22), self.message, self.box.w - u(100)):
                text = render("serif_bold", u(22), line, theme.WAX)
                surface.blit(text, text.get_rect(midtop=(self.box.centerx, y)))
                y += text.get_height()
        for button in self.buttons:
            button.draw(surface)
        return None

    def _row(self, surface: pygame.Surface, info: SaveInfo, row: pygame.Rect, chosen: bool
             ) -> None:
        u = self.host.ui
        if chosen:
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
        when = time.strftime("%d %b %Y, %H:%M", time.localtime(info.saved))
        if info.problem:
            title, detail = info.path.name, "cannot be opened"
        else:
            setup = content.content().setup(info.scenario)
            people = sum(1 for p in info.players if p == "human")
            title = f"{setup.number}. {setup.name}"
            state = "finished" if info.finished else (info.summary or f"{info.entries} moves")
            detail = f"{state} · {people} at the screen, {len(info.players) - people} bots"
        name = render("serif_bold", u(24), title, theme.WAX if chosen else theme.INK)
        surface.blit(name, name.get_rect(midleft=(row.x + u(14), row.centery)))
        info_text = render("serif_italic", u(20), f"{detail} · {when}", theme.INK_SOFT)
        surface.blit(info_text, info_text.get_rect(midright=(row.right - u(14), row.centery)))
