"""The editor's dialogs, drawn over it: a picker (a city, an empire, a card, a scenario),
a question with buttons (save the changes? restore the autosave?) and a notice. A dialog
takes every click and key while it is open; its answer goes to the function it was made with
(None: cancelled)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from sprites import theme
from sprites.editor.controls import GREY, Spots, small_button
from sprites.resources import font
from sprites.scenes.base import Intent, intent
from sprites.ui.input import key_intents
from sprites.ui.text import draw_text, elide, wrap
from sprites.ui.widgets import panel

Scale = Callable[[float], int]
Answer = Callable[[Any], None]


@dataclass(frozen=True)
class Option:
    """One choice of a picker: its words, a note after them, its value, why it is greyed."""

    words: str
    value: Any
    note: str = ""
    why_not: str = ""


class Dialog:
    """A plaque in the middle of the screen; subclasses fill it."""

    def __init__(self, title: str, answer: Answer) -> None:
        self.title = title
        self.answer = answer
        self.spots = Spots()
        self.rect = pygame.Rect(0, 0, 0, 0)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Esc cancels; a click answers with the spot under it (greyed: nothing)."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spot = self.spots.at(event.pos)
            return [spot.intent] if spot is not None and spot.enabled else []
        return key_intents(event, {pygame.K_ESCAPE: intent("dialog", value=None)})

    def apply(self, it: Intent) -> bool:
        """An intent of the dialog's own (its lines); whether it took it."""
        return False

    def draw(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None
             ) -> pygame.Rect:
        """The plaque, its title and its content; the rectangle drawn."""
        self.spots = Spots()
        self.rect = self.place(surface.get_rect(), u)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((20, 14, 10, 110))
        surface.blit(shade, (0, 0))
        panel(surface, self.rect)
        draw_text(surface, "display_bold", u(28), elide("display_bold", u(28), self.title,
                                                        self.rect.w - u(48)),
                  theme.INK, midtop=(self.rect.centerx, self.rect.y + u(20)))
        rect = self.rect
        self.content(surface, u, hover, pygame.Rect(rect.x + u(24), rect.y + u(66),
                                                    rect.w - u(48), rect.h - u(86)))
        return surface.get_rect()

    def place(self, screen: pygame.Rect, u: Scale) -> pygame.Rect:
        """Where the plaque goes."""
        rect = pygame.Rect(0, 0, min(screen.w - u(80), u(900)), min(screen.h - u(80), u(560)))
        rect.center = screen.center
        return rect

    def content(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None,
                area: pygame.Rect) -> None:
        """What the dialog shows under its title."""


class Picker(Dialog):
    """Choose one option from a list in columns (the wheel scrolls a long one)."""

    def __init__(self, title: str, options: list[Option], answer: Answer, note: str = "",
                 columns: int = 2) -> None:
        super().__init__(title, answer)
        self.options = options
        self.note = note
        self.columns = columns
        self.scroll = 0

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The wheel scrolls; the rest as a dialog."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("dialog_scroll", steps=-event.y)]
        return super().intents(event)

    def place(self, screen: pygame.Rect, u: Scale) -> pygame.Rect:
        """Tall enough for the list (at most the screen)."""
        rows = -(-len(self.options) // self.columns)
        rect = pygame.Rect(0, 0, min(screen.w - u(80), u(1000)),
                           min(screen.h - u(60), u(200 + 40 * rows)))
        rect.center = screen.center
        return rect

    def content(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None,
                area: pygame.Rect) -> None:
        """The note, the options in columns, and Cancel."""
        if self.note:
            draw_text(surface, "serif_italic", u(19), elide("serif_italic", u(19), self.note,
                                                            area.w),
                      theme.INK_SOFT, midtop=(area.centerx, area.y))
        cancel = pygame.Rect(0, 0, u(180), u(44))
        cancel.midbottom = (area.centerx, area.bottom)
        small_button(surface, u, self.spots, cancel, "Cancel", intent("dialog", value=None),
                     hovered=hover is not None and cancel.collidepoint(hover), size=21)
        box = pygame.Rect(area.x, area.y + u(34), area.w, cancel.y - u(12) - area.y - u(34))
        self._options(surface, u, hover, box)

    def _options(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None,
                 box: pygame.Rect) -> None:
        rows = -(-len(self.options) // self.columns)
        width = box.w // self.columns
        self.scroll = max(0, min(self.scroll, rows * u(40) - box.h))
        clip = surface.get_clip()
        surface.set_clip(box)
        for k, option in enumerate(self.options):
            rect = pygame.Rect(box.x + (k // rows) * width, box.y + (k % rows) * u(40)
                               - self.scroll, width - u(10), u(36))
            if not rect.colliderect(box):
                continue
            lit = hover is not None and rect.collidepoint(hover) and not option.why_not
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT if lit else theme.PARCHMENT,
                             rect, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD if lit else theme.PARCHMENT_DARK, rect, 1,
                             border_radius=3)
            ink = GREY if option.why_not else theme.WAX if lit else theme.INK
            right = rect.right - u(10)
            if option.note:
                right = draw_text(surface, "serif_italic", u(17), option.note, theme.INK_SOFT,
                                  midright=(right, rect.centery)).x - u(8)
            draw_text(surface, "serif", u(20), elide("serif", u(20), option.words,
                                                     right - rect.x - u(12)),
                      ink, midleft=(rect.x + u(10), rect.centery))
            self.spots.add(rect.clip(box), intent("dialog", value=option.value),
                           option.why_not)
        surface.set_clip(clip)
        _scrollbar(surface, u, box, rows * u(40), self.scroll)


def _scrollbar(surface: pygame.Surface, u: Scale, box: pygame.Rect, height: int, scroll: int
               ) -> None:
    """A thin bar at the list's right when it is longer than its box (the wheel scrolls)."""
    if height <= box.h:
        return
    track = pygame.Rect(box.right - u(6), box.y, u(5), box.h)
    pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=u(3))
    size = max(u(30), box.h * box.h // height)
    top = box.y + (box.h - size) * scroll // max(1, height - box.h)
    pygame.draw.rect(surface, theme.GOLD, (track.x, top, track.w, size), border_radius=u(3))


class Question(Dialog):
    """Some sentences and a row of buttons, each answering with its value (Enter: the
    first)."""

    def __init__(self, title: str, sentences: list[str], buttons: list[tuple[str, Any]],
                 answer: Answer) -> None:
        super().__init__(title, answer)
        self.sentences = sentences
        self.buttons = buttons

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Enter answers with the first button."""
        first = intent("dialog", value=self.buttons[0][1])
        return key_intents(event, {pygame.K_RETURN: first, pygame.K_KP_ENTER: first}) \
            or super().intents(event)

    def place(self, screen: pygame.Rect, u: Scale) -> pygame.Rect:
        """As tall as its words."""
        width = min(screen.w - u(80), u(820))
        lines = sum(len(wrap("serif", u(22), s, width - u(48))) for s in self.sentences)
        height = u(190) + lines * font("serif", u(22)).get_linesize() \
            + u(6) * len(self.sentences)
        rect = pygame.Rect(0, 0, width, min(screen.h - u(40), height))
        rect.center = screen.center
        return rect

    def content(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None,
                area: pygame.Rect) -> None:
        """The sentences, then the buttons along the bottom."""
        y = area.y + u(4)
        for sentence in self.sentences:
            for line in wrap("serif", u(22), sentence, area.w):
                y = draw_text(surface, "serif", u(22), line, theme.INK,
                              midtop=(area.centerx, y)).bottom
            y += u(6)
        width = min(u(240), (area.w - u(16) * (len(self.buttons) - 1)) // len(self.buttons))
        total = len(self.buttons) * width + (len(self.buttons) - 1) * u(16)
        x = area.centerx - total // 2
        for words, value in self.buttons:
            rect = pygame.Rect(x, area.bottom - u(48), width, u(48))
            small_button(surface, u, self.spots, rect, words, intent("dialog", value=value),
                         hovered=hover is not None and rect.collidepoint(hover), size=21)
            x += width + u(16)
