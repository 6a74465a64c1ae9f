"""What New Game's two players pages share (a scenario's, players.py; a rule set's played at
open seats, ruleset_pages.py): the seat lines then the option lines on one plaque, clicks
and arrows changing them, Start and Back, and the new game opened at its table, saved as it
goes."""

from __future__ import annotations

from typing import Any

import pygame

from game.session import GameSession
from sprites import theme
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.settings import saves_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.rows import ChoiceRows
from sprites.ui.text import render
from sprites.ui.widgets import Button, panel, rule

BOT_WORDS = {"bot:random": "Bot — Random — any legal move",
             "bot:greedy": "Bot — Greedy — the move that looks best now"}
"""The simple bots' lines, said the way the search levels say what they do."""


class SeatsPage(Page):
    """A page of seat lines then option lines (the subclass makes `rows`, sets how many of
    them are `seats`, and starts the game)."""

    rows: ChoiceRows | None
    seats: int

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[Button] = []

    def lines(self) -> ChoiceRows:
        """The seat and option lines (made by the first entering at the latest)."""
        assert self.rows is not None
        return self.rows

    def _place(self, app: Host) -> None:
        """Lay out the lines, a gap between the seats' and the options', and the buttons."""
        w, h = app.size
        u, rows = app.ui, self.lines()
        count = len(rows.choices)
        self.box = pygame.Rect(0, 0, min(w - u(120), u(1100)), min(h - u(200), u(count * 50 + 250)))
        self.box.midtop = (w // 2, u(150))
        tops = [u(70 + 50 * k + (70 if k >= self.seats else 0)) for k in range(count)]
        rows.place([pygame.Rect(self.box.x + u(40), self.box.y + t, self.box.w - u(80), u(46))
                    for t in tops])
        self.buttons = [
            Button(pygame.Rect(w - u(90) - u(300), h - u(110), u(300), u(60)), "Start the Game",
                   intent("start"), u(24)),
            Button(pygame.Rect(u(90), h - u(110), u(200), u(60)), "Back", intent("back"), u(24))]

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks and arrows change a line; Enter starts; Esc goes back."""
        return (key_intents(event, {pygame.K_RETURN: intent("start"),
                                    pygame.K_ESCAPE: intent("back")})
                or button_intents(event, self.buttons) or self.lines().intents(event))

    def apply(self, it: Intent) -> None:
        """Change a seat or an option, start, or go back."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
        elif it.name == "back":
            self.host.pop()
        elif it.name == "start":
            self.start()
        else:
            self.full_redraw |= self.lines().apply(it)

    def start(self) -> None:
        """Open the table with a new game of the lines' choosing."""

    def options(self) -> dict[str, Any]:
        """The options as the lines say."""
        return {k: v for k, v in self.lines().values.items() if not k.startswith("seat:")}

    def _open(self, session: GameSession, name: str) -> None:
        """Open a new game at its table, saved (under a new name from `name`) as it goes."""
        from net.files.saves import GameFiles, new_name

        files = GameFiles(saves_dir(), new_name(name))
        files.save(session, "Set-up")
        self.host.open_game(session, files)

    def _paint_page(self, surface: pygame.Surface, title: str, headings: tuple[str, str],
                    tip: str) -> None:
        """The page's heading over `title`, the plaque of lines under their two `headings`,
        the `tip` at its foot and the buttons."""
        u, rows = self.host.ui, self.lines()
        w, _ = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        head = render("display_bold", u(50), "PLAYERS AND RULES", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(w // 2, u(70))))
        sub = render("serif_italic", u(24), title, theme.INK_SOFT)
        surface.blit(sub, sub.get_rect(center=(w // 2, u(118))))
        panel(surface, self.box)
        first_option = rows.rects[self.seats]
        self._heading(surface, headings[0], self.box.y + u(30))
        rule(surface, first_option.y - u(48), self.box.x + u(40), self.box.right - u(40))
        self._heading(surface, headings[1], first_option.y - u(34))
        rows.draw(surface, u)
        said = render("serif_italic", u(20), tip, theme.INK_SOFT)
        surface.blit(said, said.get_rect(midbottom=(self.box.centerx, self.box.bottom - u(14))))
        for button in self.buttons:
            button.draw(surface)

    def _heading(self, surface: pygame.Surface, words: str, y: int) -> None:
        u = self.host.ui
        text = render("display_bold", u(20), words, theme.WAX, tracking=0.08)
        surface.blit(text, (self.box.x + u(40), y))
