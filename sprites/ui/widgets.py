"""Panels, buttons, menus and tooltips in the game's style (parchment, ink and gold)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.scenes.base import Intent, intent
from sprites.textures import multiply_tiled
from sprites.ui.text import render, wrap

CHOOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""Keys that choose the selected item of a menu."""


def diamond(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: RGB
            ) -> None:
    """A small lozenge ornament."""
    x, y = centre
    points = [(x, y - size), (x + size * 0.7, y), (x, y + size), (x - size * 0.7, y)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.aalines(surface, colour, True, points)


def rule(surface: pygame.Surface, y: int, x0: int, x1: int, colour: RGB = theme.GOLD) -> None:
    """A thin horizontal rule with a lozenge in the middle."""
    mid = (x0 + x1) // 2
    pygame.draw.line(surface, colour, (x0, y), (mid - 10, y))
    pygame.draw.line(surface, colour, (mid + 10, y), (x1, y))
    diamond(surface, (mid, y), 4, colour)


def panel(surface: pygame.Surface, rect: pygame.Rect, shadow: bool = True) -> None:
    """A parchment plaque with an ink border and a gold inner line."""
    if shadow:
        dark = pygame.Surface(rect.size, pygame.SRCALPHA)
        dark.fill((0, 0, 0, 70))
        surface.blit(dark, rect.move(4, 5))
    paper = pygame.Surface(rect.size)
    paper.fill(theme.PARCHMENT)
    multiply_tiled(paper, rect.topleft)
    surface.blit(paper, rect)
    pygame.draw.rect(surface, theme.INK, rect, 2)
    pygame.draw.rect(surface, theme.GOLD, rect.inflate(-8, -8), 1)


@dataclass
class Button:
    """A clickable plaque that posts an intent."""

    rect: pygame.Rect
    text: str
    intent: Intent
    size: int = 22
    enabled: bool = True
    hovered: bool = False

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Draw; the rectangle drawn."""
        fill = theme.PARCHMENT_LIGHT if self.hovered and self.enabled else theme.PARCHMENT
        pygame.draw.rect(surface, fill, self.rect, border_radius=4)
        edge = theme.GOLD if self.hovered and self.enabled else theme.INK_SOFT
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=4)
        ink = theme.INK if self.enabled else mix(theme.INK, theme.PARCHMENT, 0.6)
        if self.hovered and self.enabled:
            ink = theme.WAX
        label = render("display_bold", self.size, self.text, ink)
        surface.blit(label, label.get_rect(center=self.rect.center))
        return self.rect.inflate(4, 4)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the button."""
        return self.enabled and self.rect.collidepoint(pos)


@dataclass
class MenuItem:
    """One line of a title-style menu."""

    text: str
    intent: Intent
    enabled: bool = True
    rect: pygame.Rect | None = None


class Menu:
    """A vertical list of words; hover or arrow keys select, click or Enter choose."""

    def __init__(self, items: list[MenuItem], size: int) -> None:
        self.items = items
        self.size = size
        self.selected = 0

    def layout(self, centre_x: int, top: int, spacing: int) -> pygame.Rect:
        """Place the items; the rectangle they span."""
        font_h = render("display", self.size, "Mg", theme.INK).get_height()
        rects = []
        for k, item in enumerate(self.items):
            width = render("display", self.size, item.text, theme.INK).get_width() + 60
            item.rect = pygame.Rect(0, 0, width, font_h + 8)
            item.rect.center = (centre_x, top + k * spacing + font_h // 2)
            rects.append(item.rect)
        return rects[0].unionall(rects[1:])

    def hover(self, pos: tuple[int, int]) -> bool:
        """Select the item under the pointer; whether the selection changed."""
        for k, item in enumerate(self.items):
            if item.rect and item.rect.collidepoint(pos) and item.enabled and k != self.selected:
                self.selected = k
                return True
        return False

    def at(self, pos: tuple[int, int]) -> MenuItem | None:
        """The enabled item under a point."""
        return next((i for i in self.items if i.rect and i.rect.collidepoint(pos)
                     and i.enabled), None)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Motion hovers, a click or Enter chooses, the arrows (or W and S) move."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.at(event.pos)
            return [item.intent] if item else []
        steps = {pygame.K_UP: -1, pygame.K_w: -1, pygame.K_DOWN: 1, pygame.K_s: 1}
        if event.type == pygame.KEYDOWN and event.key in steps:
            return [intent("move", step=steps[event.key])]
        if event.type == pygame.KEYDOWN and event.key in CHOOSE_KEYS:
            return [intent("pick")]
        return []

    def chosen(self, it: Intent) -> Intent:
        """What an intent stands for: a pick is the selected item's intent."""
        return self.items[self.selected].intent if it.name == "pick" else it

    def apply(self, it: Intent) -> bool:
        """Hover or move the selection; whether the selection changed."""
        if it.name == "move":
            self.move(it.arg("step"))
            return True
        return it.name == "hover" and self.hover(it.arg("pos"))

    def move(self, step: int) -> None:
        """Select the next enabled item up (-1) or down (+1)."""
        for _ in self.items:
            self.selected = (self.selected + step) % len(self.items)
            if self.items[self.selected].enabled:
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every item; the selected one in wax red between gold lozenges."""
        for k, item in enumerate(self.items):
            if item.rect is None:
                continue
            chosen = k == self.selected
            ink = theme.WAX if chosen else theme.INK
            if not item.enabled:
                ink = mix(theme.INK, theme.PARCHMENT, 0.55)
            words = render("display_bold" if chosen else "display", self.size, item.text, ink)
            box = words.get_rect(center=item.rect.center)
            surface.blit(words, box)
            if chosen:
                gap = self.size * 0.7
                diamond(surface, (box.left - gap, box.centery), self.size * 0.22, theme.GOLD)
                diamond(surface, (box.right + gap, box.centery), self.size * 0.22, theme.GOLD)


def scroll_bar(surface: pygame.Surface, u: Callable[[float], int], area: pygame.Rect, first: int,
               shown: int, count: int) -> pygame.Rect | None:
    """A gold thumb in a track beside a list `area` whose rows `first` on, `shown` of `count`,
    are showing; the track (None, and nothing drawn, when the whole list shows)."""
    if count <= shown:
        return None
    track = pygame.Rect(area.right - u(10), area.y, u(10), area.h)
    pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=u(5))
    thumb = pygame.Rect(track.x, track.y + track.h * first // count, track.w,
                        max(u(24), track.h * shown // count))
    pygame.draw.rect(surface, theme.GOLD, thumb.clamp(track), border_radius=u(5))
    return track


def tooltip(surface: pygame.Surface, anchor: tuple[int, int], title: str, lines: list[str],
            scale: float = 1.0) -> pygame.Rect:
    """A small parchment card near the pointer; the rectangle drawn (kept on screen)."""
    title_s = render("serif_bold", round(20 * scale), title, theme.INK)
    body = [render("serif", round(17 * scale), line, theme.INK_SOFT)
            for chunk in lines for line in wrap("serif", round(17 * scale), chunk,
                                                round(360 * scale))]
    pad = round(10 * scale)
    width = max([title_s.get_width(), *[b.get_width() for b in body]]) + 2 * pad
    height = title_s.get_height() + sum(b.get_height() for b in body) + 2 * pad + 4
    rect = pygame.Rect(anchor[0] + 18, anchor[1] + 18, width, height)
    rect.clamp_ip(surface.get_rect().inflate(-8, -8))
    if rect.collidepoint(anchor):
        rect.bottomright = (anchor[0] - 12, anchor[1] - 12)
        rect.clamp_ip(surface.get_rect().inflate(-8, -8))
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
    pygame.draw.rect(surface, theme.INK_SOFT, rect, 1, border_radius=3)
    y = rect.y + pad
    surface.blit(title_s, (rect.x + pad, y))
    y += title_s.get_height() + 4
    for line in body:
        surface.blit(line, (rect.x + pad, y))
        y += line.get_height()
    return rect.inflate(2, 2)
