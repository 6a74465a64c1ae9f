"""The decision bar above the map: whose decision it is and why (the engine's
prompt in plain words), the buttons for the actions that are neither a place nor a card, and
the fast-forward switch; plus the little chooser that pops up when a card or place can be
used in several ways."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.actions import Action
from sprites import theme
from sprites.scenes.base import intent
from sprites.ui.text import render, wrap
from sprites.ui.widgets import Button

Scale = Callable[[float], int]
Layout = tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]
"""The bar's box and its lines of words with where each goes."""
MAX_BUTTONS = 12


class DecisionBar:
    """The bar's buttons (the actions offered, fast-forward) and the chooser over them."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.u: Scale = lambda px: round(px)
        self.fast = False
        self.actions: list[tuple[str, Action]] = []
        self.buttons: list[Button] = []
        self.choosing: list[Button] = []
        self.undo = False
        self._laid: tuple[tuple[object, ...], Layout] | None = None

    def place(self, rect: pygame.Rect, u: Scale) -> None:
        """Lay out across the top of the map's area."""
        self.rect, self.u = rect, u
        self.offer(self.actions)

    def offer(self, actions: list[tuple[str, Action]], undo: bool | None = None) -> None:
        """Buttons for (label, action) pairs, Undo when there is something to take back, and
        the fast-forward switch."""
        self.actions = actions
        self.undo = self.undo if undo is None else undo
        self.buttons = bar_buttons(self.rect, actions, self.u, self.fast, self.undo)

    def show_speed(self, fast: bool) -> None:
        """Show the fast-forward switch on or off."""
        self.fast = fast
        self.offer(self.actions)

    def choose(self, anchor: tuple[int, int], actions: list[tuple[str, Action]],
               screen: pygame.Rect) -> None:
        """Pop a chooser up above a point: the ways to use a card or a place, and Back."""
        self.choosing = chooser_buttons(anchor, actions, self.u, screen)

    def close(self) -> bool:
        """Close the chooser; whether it was open."""
        was_open, self.choosing = bool(self.choosing), []
        return was_open

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The button under a point (the chooser's while it is open)."""
        return next((b for b in self.choosing or self.buttons if b.hit(pos)), None)

    def actions_at(self, pos: tuple[int, int]) -> list[Action]:
        """The actions of the buttons under a point."""
        return [b.intent.arg("action") for b in self.choosing or self.buttons
                if b.intent.name == "choose" and b.rect.collidepoint(pos)]

    def bottom(self, words: tuple[str, str, str]) -> int:
        """The screen row where the bar ends with these words (it grows to hold them)."""
        return self._layout(words)[0].bottom

    def draw(self, surface: pygame.Surface, words: tuple[str, str, str]) -> pygame.Rect:
        """The bar with its words and buttons; the rectangle drawn."""
        box, texts = self._layout(words)
        _plate(surface, box)
        for text, spot in texts:
            surface.blit(text, spot)
        for button in self.buttons:
            button.draw(surface)
        return box

    def _layout(self, words: tuple[str, str, str]) -> Layout:
        """The bar's box and lines for these words (kept while words and buttons stay)."""
        key = (tuple(self.rect), words, id(self.buttons))
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, bar_layout(self.rect, *words, self.buttons, self.u))
        return self._laid[1]

    def draw_chooser(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The chooser, if open; the rectangles drawn."""
        return [button.draw(surface) for button in self.choosing]


def bar_buttons(rect: pygame.Rect, actions: list[tuple[str, Action]], u: Scale,
                fast: bool, undo: bool = False) -> list[Button]:
    """Buttons right-aligned in the bar, wrapping onto more rows leftwards; Undo (when there
    is something to take back) and fast-forward last."""
    size = u(19)
    height = u(38)
    gap = u(8)
    buttons: list[Button] = []
    items = [(words, intent("choose", action=action)) for words, action in
             actions[:MAX_BUTTONS]]
    if undo:
        items.append(("Undo", intent("undo")))
    items.append(("Fast-forward" if not fast else "Normal speed", intent("fast")))
    x = rect.right - u(14)
    y = rect.y + u(10)
    for words, it in reversed(items):
        width = render("display_bold", size, words, theme.INK).get_width() + u(28)
        if x - width < rect.x + rect.w // 2 and buttons:
            x = rect.right - u(14)
            y += height + gap
        button = Button(pygame.Rect(x - width, y, width, height), words, it, size)
        buttons.append(button)
        x -= width + gap
    return buttons


def bar_layout(rect: pygame.Rect, who: str, prompt: str, hint: str, buttons: list[Button],
               u: Scale) -> Layout:
    """The bar's box (at least `rect`, taller when its words or buttons need) and its lines of
    words with where each goes."""
    left = min([b.rect.x for b in buttons] or [rect.right]) - u(20)
    x = rect.x + u(20)
    room = max(u(200), left - x)
    head = render("display_bold", u(22), who, theme.WAX)
    lines = [render("serif", u(21), line, theme.INK) for line in wrap("serif", u(21), prompt, room)]
    tip = [render("serif_italic", u(18), line, theme.INK_SOFT)
           for line in (wrap("serif_italic", u(18), hint, room) if hint else [])]
    texts, y = [(head, (x, rect.y + u(8)))], rect.y + u(8) + head.get_height()
    for text in lines + tip:
        texts.append((text, (x, y)))
        y += text.get_height() - u(3)
    bottom = max([rect.bottom, y + u(12), *[b.rect.bottom + u(10) for b in buttons]])
    return pygame.Rect(rect.x, rect.y, rect.w, bottom - rect.y), texts


def _plate(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The bar's parchment and its ruled edge (inside the box: the map starts below it)."""
    surface.fill(theme.PARCHMENT_LIGHT, box)
    pygame.draw.line(surface, theme.INK, (box.x, box.bottom - 2), (box.right, box.bottom - 2), 2)
    pygame.draw.line(surface, theme.GOLD, (box.x, box.bottom - 6), (box.right, box.bottom - 6))


def chooser_buttons(anchor: tuple[int, int], actions: list[tuple[str, Action]], u: Scale,
                    screen: pygame.Rect) -> list[Button]:
    """A column of buttons above a point (one per way to use a card or place) and Back."""
    size = u(19)
    height = u(38)
    items = [(words, intent("choose", action=action)) for words, action in actions]
    items.append(("Back", intent("unchoose")))
    width = max(render("display_bold", size, w, theme.INK).get_width() for w, _ in items)
    width += u(30)
    total = len(items) * (height + u(6))
    box = pygame.Rect(anchor[0] - width // 2, anchor[1] - total - u(10), width, total)
    box.clamp_ip(screen.inflate(-u(10), -u(10)))
    return [Button(pygame.Rect(box.x, box.y + k * (height + u(6)), width, height), words, it,
                   size) for k, (words, it) in enumerate(items)]
