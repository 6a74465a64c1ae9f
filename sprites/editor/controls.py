"""The editor's small controls, drawn in the game's style: steppers (◀ value ▶), tick boxes,
tags with a cross, small buttons and section headings. Each control drawn leaves a `Spot` — a
rectangle, the intent a click there means, and when it is greyed, why — which the form and
the dialogs collect to turn clicks into intents and to explain greyed controls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.scenes.base import Intent
from sprites.scenes.lan_common import arrow, tick_box
from sprites.ui.text import draw_text, elide, render

Scale = Callable[[float], int]
GREY: RGB = mix(theme.INK, theme.PARCHMENT, 0.55)


@dataclass
class Spot:
    """A place to click: what it means, and why it is greyed ("" when it is not)."""

    rect: pygame.Rect
    intent: Intent
    why_not: str = ""
    tip: str = ""
    """Words shown while the pointer rests on it (the reason, when greyed)."""

    @property
    def enabled(self) -> bool:
        """Whether a click does something."""
        return not self.why_not


class Spots:
    """The spots drawn on one surface, in drawing order (the last drawn is on top)."""

    def __init__(self) -> None:
        self.spots: list[Spot] = []

    def add(self, rect: pygame.Rect, it: Intent, why_not: str = "", tip: str = "") -> Spot:
        """Note a spot."""
        spot = Spot(pygame.Rect(rect), it, why_not, tip or why_not)
        self.spots.append(spot)
        return spot

    def at(self, pos: tuple[int, int]) -> Spot | None:
        """The spot under a point (greyed ones too)."""
        return next((s for s in reversed(self.spots) if s.rect.collidepoint(pos)), None)

    def find(self, name: str, **args: object) -> Spot | None:
        """The first spot whose intent has that name and those arguments (the pilots)."""
        return next((s for s in self.spots if s.intent.name == name
                     and all(s.intent.arg(k) == v for k, v in args.items())), None)


def heading(surface: pygame.Surface, u: Scale, words: str, x: int, y: int) -> int:
    """A section's title in wax-red capitals; the y under it."""
    text = render("display_bold", u(19), words.upper(), theme.WAX, tracking=0.08)
    surface.blit(text, (x, y))
    return y + text.get_height() + u(6)


def label(surface: pygame.Surface, u: Scale, words: str, x: int, centre_y: int,
          ink: RGB = theme.INK, size: int = 21, face: str = "serif_bold", width: int = 0
          ) -> pygame.Rect:
    """A line of words at the left of a row (cut short to `width` when given)."""
    shown = elide(face, u(size), words, width) if width else words
    return draw_text(surface, face, u(size), shown, ink, midleft=(x, centre_y))


def stepper(surface: pygame.Surface, u: Scale, spots: Spots, rect: pygame.Rect, words: str,
            down: Intent, up: Intent, why_down: str = "", why_up: str = "") -> None:
    """◀ value ▶ in a plate: a click on the left half steps down, on the right half up."""
    plate(surface, rect)
    draw_text(surface, "serif_bold", u(20), elide("serif_bold", u(20), words, rect.w - u(56)),
              theme.WAX, center=rect.center)
    half = rect.w // 2
    for direction, it, why in ((-1, down, why_down), (1, up, why_up)):
        x = rect.x + u(14) if direction < 0 else rect.right - u(14)
        if not why:
            arrow(surface, (x, rect.centery), u(6), direction)
        area = pygame.Rect(rect.x if direction < 0 else rect.x + half, rect.y, half, rect.h)
        spots.add(area, it, why)


def plate(surface: pygame.Surface, rect: pygame.Rect, chosen: bool = False,
          fill: RGB = theme.PARCHMENT_LIGHT) -> None:
    """A row's light plate, gold-edged when chosen."""
    pygame.draw.rect(surface, fill, rect, border_radius=3)
    edge, width = (theme.GOLD, 2) if chosen else (theme.PARCHMENT_DARK, 1)
    pygame.draw.rect(surface, edge, rect, width, border_radius=3)


def tick(surface: pygame.Surface, u: Scale, spots: Spots, rect: pygame.Rect, words: str,
         ticked: bool, it: Intent, why_not: str = "", note: str = "",
         colour: RGB | None = None) -> None:
    """A tick box and its words (and a note at the right); the whole line clicks."""
    box = pygame.Rect(rect.x + u(4), 0, u(20), u(20))
    box.centery = rect.centery
    tick_box(surface, box, ticked, GREY if why_not and not ticked else theme.INK)
    x = box.right + u(10)
    if colour is not None:
        swatch = pygame.Rect(x, rect.centery - u(7), u(14), u(14))
        pygame.draw.rect(surface, colour, swatch, border_radius=2)
        x = swatch.right + u(8)
    right = rect.right
    if note:
        right = draw_text(surface, "serif_italic", u(18), note, theme.INK_SOFT,
                          midright=(rect.right - u(4), rect.centery)).x - u(8)
    ink = theme.INK if ticked else theme.INK_SOFT
    draw_text(surface, "serif", u(20), elide("serif", u(20), words, max(u(20), right - x)),
              ink, midleft=(x, rect.centery))
    spots.add(rect, it, why_not)


def tag(surface: pygame.Surface, u: Scale, spots: Spots, x: int, y: int, words: str,
        it: Intent, tip: str = "", colour: RGB | None = None) -> pygame.Rect:
    """A name in a rounded tag with a small cross that removes it; the tag's rectangle."""
    text = render("serif", u(19), words, theme.INK)
    dot = u(12) if colour is not None else 0
    rect = pygame.Rect(x, y, text.get_width() + u(42) + dot, u(30))
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=u(12))
    pygame.draw.rect(surface, theme.PARCHMENT_DARK, rect, 1, border_radius=u(12))
    left = rect.x + u(10)
    if colour is not None:
        pygame.draw.circle(surface, colour, (left + u(4), rect.centery), u(5))
        left += dot
    draw_text(surface, "serif", u(19), words, theme.INK, midleft=(left, rect.centery))
    cx, cy, r = rect.right - u(14), rect.centery, u(5)
    for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
        pygame.draw.line(surface, theme.WAX, a, b, max(1, u(2)))
    spots.add(rect, it, tip=tip)
    return rect


def small_button(surface: pygame.Surface, u: Scale, spots: Spots, rect: pygame.Rect,
                 words: str, it: Intent, why_not: str = "", hovered: bool = False,
                 size: int = 19, face: str = "display_bold") -> None:
    """A small parchment button; greyed (and saying why on hover) when `why_not`. Words
    "up", "down" and "remove" are drawn as an arrow or a cross."""
    lit = hovered and not why_not
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT if lit else theme.PARCHMENT, rect,
                     border_radius=4)
    pygame.draw.rect(surface, theme.GOLD if lit else theme.INK_SOFT, rect, max(1, u(2)),
                     border_radius=4)
    ink = GREY if why_not else theme.WAX if lit else theme.INK
    if words in ICONS:
        ICONS[words](surface, rect.center, u(7), ink, max(1, u(2)))
    else:
        draw_text(surface, face, u(size), elide(face, u(size), words, rect.w - u(10)), ink,
                  center=rect.center)
    spots.add(rect, it, why_not)


def _triangle(direction: int) -> Callable[[pygame.Surface, tuple[int, int], int, RGB, int],
                                          None]:
    def draw(surface: pygame.Surface, centre: tuple[int, int], size: int, ink: RGB,
             _width: int) -> None:
        x, y = centre
        points = [(x, y + direction * size), (x - size, y - direction * size * 0.6),
                  (x + size, y - direction * size * 0.6)]
        pygame.draw.polygon(surface, ink, points)
    return draw


def _cross(surface: pygame.Surface, centre: tuple[int, int], size: int, ink: RGB,
           width: int) -> None:
    x, y = centre
    for a, b in (((x - size, y - size), (x + size, y + size)),
                 ((x - size, y + size), (x + size, y - size))):
        pygame.draw.line(surface, ink, a, b, width + 1)


ICONS = {"up": _triangle(-1), "down": _triangle(1), "remove": _cross}


def flow_tags(surface: pygame.Surface, u: Scale, spots: Spots, area: pygame.Rect,
              items: list[tuple[str, Intent, RGB | None]], tip: str) -> int:
    """Tags laid out in lines inside `area`'s width from its top; the y under them."""
    x, y = area.x, area.y
    for words, it, colour in items:
        width = render("serif", u(19), words, theme.INK).get_width() + u(42) \
            + (u(12) if colour is not None else 0)
        if x > area.x and x + width > area.right:
            x, y = area.x, y + u(36)
        x = tag(surface, u, spots, x, y, words, it, tip, colour).right + u(8)
    return y + (u(36) if items else 0)
