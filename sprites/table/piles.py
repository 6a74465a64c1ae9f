"""Browse an empire's discard pile: every card face up (discards are public), scrollable;
arrows or clicks on the tabs switch empire, Esc or a click outside closes."""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.table.cards import blit_face, card_face, card_size
from sprites.ui.input import key_intents, tab_intents
from sprites.ui.text import render
from sprites.ui.widgets import panel

KEYS = {pygame.K_ESCAPE: intent("close"), pygame.K_LEFT: intent("switch", step=-1),
        pygame.K_RIGHT: intent("switch", step=1)}


class PileScene(Page):
    """A discard pile over the table."""

    opaque = False

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        super().__init__()
        self.seats = view["seats"]
        self.seat = seat
        self.scroll = 0
        self.tabs: list[pygame.Rect] = []

    def enter(self, app: Host) -> None:
        """Lay out over the middle of the window."""
        super().enter(app)
        w, h = app.size
        self.box = pygame.Rect(0, 0, w - app.ui(520), h - app.ui(160))
        self.box.center = (w // 2 + app.ui(200), h // 2)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Esc closes; arrows switch; the wheel scrolls; clicks pick a tab or close."""
        if event.type == pygame.KEYDOWN:
            return key_intents(event, KEYS)
        if event.type == pygame.MOUSEWHEEL:
            return [intent("scroll", step=-event.y)]
        return tab_intents(event, self.tabs, self.box, "switch")

    def apply(self, it: Intent) -> None:
        """Close, switch empire or scroll."""
        if it.name == "close":
            self.host.pop()
            return
        if it.name == "switch":
            to = it.arg("to")
            self.seat = to if to is not None else (self.seat + it.arg("step")) % len(self.seats)
            self.scroll = 0
        elif it.name == "scroll":
            self.scroll = max(0, self.scroll + it.arg("step"))
        self.full_redraw = True

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The panel with tabs and faces."""
        u = self.host.ui
        panel(surface, self.box)
        x = self.box.x + u(30)
        self.tabs = []
        for k, seat in enumerate(self.seats):
            words = f"{theme.empire_name(seat['empire'])} ({len(seat['discard'])})"
            text = render("display_bold" if k == self.seat else "display", u(22), words,
                          theme.WAX if k == self.seat else theme.INK)
            tab = text.get_rect(topleft=(x, self.box.y + u(24)))
            surface.blit(text, tab)
            self.tabs.append(tab.inflate(u(10), u(8)))
            x = tab.right + u(30)
        pile = self.seats[self.seat]["discard"]
        width = u(170)
        cw, ch = card_size(width)
        cols = max(1, (self.box.w - u(60)) // (cw + u(12)))
        rows_room = max(1, (self.box.h - u(110)) // (ch + u(12)))
        self.scroll = min(self.scroll, max(0, (len(pile) + cols - 1) // cols - rows_room))
        first = self.scroll * cols
        top = self.box.y + u(80)
        colour_blind = self.host.settings.colour_blind
        empire = self.seats[self.seat]["empire"]
        for k, card in enumerate(reversed(pile[:len(pile) - first] if first else pile)):
            if k >= cols * rows_room:
                break
            pos = (self.box.x + u(30) + (k % cols) * (cw + u(12)),
                   top + (k // cols) * (ch + u(12)))
            blit_face(surface, card_face(card, empire, width, colour_blind), pos)
        if not pile:
            text = render("serif_italic", u(26), "The discard pile is empty.", theme.INK_SOFT)
            surface.blit(text, text.get_rect(center=self.box.center))
        foot = render("serif_italic", u(18), "Newest first · wheel scrolls · ← → other empires "
                      "· Esc closes", theme.INK_SOFT)
        surface.blit(foot, foot.get_rect(midbottom=(self.box.centerx, self.box.bottom - u(10))))
        return [self.box.inflate(8, 8)]
