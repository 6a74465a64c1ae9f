"""Lines of choices (a setting, who plays a seat, an optional rule): a click cycles a line
through its values (a right-click or a click on its left half: backwards); up and down select
a line, left and right cycle the selected one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.scenes.base import Intent, intent
from sprites.ui.input import key_intents
from sprites.ui.text import render

Scale = Callable[[float], int]


def on_off(value: Any) -> str:
    """'On' or 'Off'."""
    return "On" if value else "Off"


@dataclass(frozen=True)
class Choice:
    """One line: its key, label, values, how a value reads, a note, a colour chip before the
    label, and colour swatches shown before a value."""

    key: str
    label: str
    values: tuple[Any, ...]
    words: Callable[[Any], str] = on_off
    note: str = ""
    mark: RGB | None = None
    swatches: Callable[[Any], tuple[RGB, ...]] | None = None


class ChoiceRows:
    """The lines, their current values and the selected line."""

    def __init__(self, choices: Sequence[Choice], values: Mapping[str, Any], size: int = 24
                 ) -> None:
        self.choices = tuple(choices)
        self.values = dict(values)
        self.size = size
        """The labels' type size in design pixels."""
        self.selected = 0
        self.rects: list[pygame.Rect] = []
        self.values_at: dict[int, pygame.Rect] = {}
        """Row → where its value and arrows were last drawn (◀ steps back, ▶ forward)."""

    def place(self, rects: list[pygame.Rect]) -> None:
        """Where each line is on the screen, in order."""
        self.rects = rects

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks on a line and the arrow keys."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for k, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    return [intent("cycle", row=k, step=self._step(k, event))]
        return key_intents(event, {pygame.K_UP: intent("select", step=-1),
                                   pygame.K_DOWN: intent("select", step=1),
                                   pygame.K_LEFT: intent("cycle", step=-1),
                                   pygame.K_RIGHT: intent("cycle", step=1)})

    def _step(self, row: int, event: pygame.event.Event) -> int:
        """Back for a right click or a click on the value's left (◀) half; else forward."""
        value = self.values_at.get(row)
        left = value is not None and value.collidepoint(event.pos) \
            and event.pos[0] < value.centerx
        return -1 if event.button == 3 or left else 1

    def apply(self, it: Intent) -> bool:
        """Select a line, cycle one, or set a value by key; whether the intent was for us."""
        if it.name == "select":
            self.selected = (self.selected + it.arg("step")) % len(self.choices)
        elif it.name == "cycle":
            self.selected = it.arg("row", self.selected)
            self._cycle(self.choices[self.selected], it.arg("step", 1))
        elif it.name == "set":
            self.values[it.arg("key")] = it.arg("value")
        return it.name in ("select", "cycle", "set")

    def _cycle(self, choice: Choice, step: int) -> None:
        current = self.values[choice.key]
        index = choice.values.index(current) if current in choice.values else 0
        self.values[choice.key] = choice.values[(index + step) % len(choice.values)]

    def draw(self, surface: pygame.Surface, u: Scale, note_at: int = 260) -> None:
        """Every line; notes start `note_at` design pixels into the line."""
        for k, (choice, rect) in enumerate(zip(self.choices, self.rects, strict=True)):
            self._plate(surface, rect, k == self.selected)
            self._label(surface, choice, rect, k == self.selected, u)
            if choice.note:
                note = render("serif_italic", u(self.size - 4), choice.note, theme.INK_SOFT)
                surface.blit(note, note.get_rect(midleft=(rect.x + u(note_at), rect.centery)))
            self.values_at[k] = self._value(surface, choice, rect, u)

    def _plate(self, surface: pygame.Surface, rect: pygame.Rect, chosen: bool) -> None:
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
        edge, width = (theme.GOLD, 2) if chosen else (theme.PARCHMENT_DARK, 1)
        pygame.draw.rect(surface, edge, rect, width, border_radius=3)

    def _label(self, surface: pygame.Surface, choice: Choice, rect: pygame.Rect, chosen: bool,
               u: Scale) -> None:
        x = rect.x + u(14)
        if choice.mark is not None:
            x = _chip(surface, choice.mark, (x, rect.centery), u(24)).right + u(12)
        name = render("serif_bold", u(self.size), choice.label,
                      theme.WAX if chosen else theme.INK)
        surface.blit(name, name.get_rect(midleft=(x, rect.centery)))

    def _value(self, surface: pygame.Surface, choice: Choice, rect: pygame.Rect, u: Scale
               ) -> pygame.Rect:
        """Draw the value between its arrows; the span from ◀ to ▶."""
        value = self.values[choice.key]
        words = render("display_bold", u(self.size - 3), choice.words(value), theme.WAX)
        box = words.get_rect(midright=(rect.right - u(44), rect.centery))
        surface.blit(words, box)
        _arrow(surface, (box.left - u(22), rect.centery), u(7), -1)
        _arrow(surface, (rect.right - u(22), rect.centery), u(7), 1)
        right = box.left - u(44)
        for colour in reversed(choice.swatches(value) if choice.swatches else ()):
            right = _chip(surface, colour, (right, rect.centery), u(18), "midright").x - u(4)
        return pygame.Rect(box.left - u(34), rect.y, rect.right - box.left + u(34), rect.h)


def _chip(surface: pygame.Surface, colour: RGB, at: tuple[int, int], size: int,
          anchor: str = "midleft") -> pygame.Rect:
    chip = pygame.Rect(0, 0, size, size)
    setattr(chip, anchor, at)
    pygame.draw.rect(surface, colour, chip, border_radius=3)
    pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=3)
    return chip


def _arrow(surface: pygame.Surface, centre: tuple[int, int], size: int, direction: int
          ) -> None:
    """A small triangle pointing left (-1) or right (1)."""
    x, y = centre
    points = [(x + direction * size, y), (x - direction * size * 0.6, y - size),
              (x - direction * size * 0.6, y + size)]
    pygame.draw.polygon(surface, theme.INK_SOFT, points)
