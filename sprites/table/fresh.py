"""Cards newly drawn into a seat's hand, badged "new" in the fan until the person has hovered
them or the next turn has started (cards drawn at a turn's end stay new through the turn
that follows)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pygame

from game.core.events import Event
from sprites import theme
from sprites.ui.text import render

Scale = Callable[[float], int]


class NewCards:
    """Per seat, the slots of its hand and those that arrived lately."""

    def __init__(self) -> None:
        self.hands: dict[int, set[str]] = {}
        self.new: dict[int, set[str]] = {}
        self._before_end: dict[int, set[str]] = {}
        """The new cards when the last turn ended (they stop being new as the next starts)."""

    def see(self, view: Mapping[str, Any]) -> None:
        """A view of the game as its seat sees it: cards not in that seat's hand before are new
        (not when the hand was empty or not seen yet: a first hand is all new, so none is)."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            return
        slots = {str(h["slot"]) for h in view.get("hand", ())}
        new = self.of(seat)
        if self.hands.get(seat):
            new |= slots - self.hands[seat]
        new &= slots
        self.hands[seat] = slots

    def told(self, events: Iterable[Event]) -> None:
        """The events of an entry, before its view is seen: a turn's end and the next start."""
        for ev in events:
            if ev.kind == "turn_ended":
                self._before_end = {seat: set(new) for seat, new in self.new.items()}
            elif ev.kind == "turn_started":
                for seat, old in self._before_end.items():
                    self.of(seat).difference_update(old)
                self._before_end = {}

    def of(self, seat: int | None) -> set[str]:
        """The new cards of a seat (the set itself: the hand drops a card once hovered)."""
        if seat is None:
            return set()
        return self.new.setdefault(seat, set())


def draw_new(surface: pygame.Surface, card: pygame.Rect, u: Scale) -> pygame.Rect:
    """A small wax "NEW" tag on a card's top edge, at its left (clear of its name); the
    rectangle drawn."""
    text = render("display_bold", u(15), "NEW", theme.PARCHMENT_LIGHT, tracking=0.12)
    tag = text.get_rect().inflate(u(12), u(4))
    tag.bottomleft = (card.x + u(2), card.y + u(5))
    pygame.draw.rect(surface, theme.WAX, tag, border_radius=u(5))
    pygame.draw.rect(surface, theme.GOLD_LIGHT, tag, max(1, u(2)), border_radius=u(5))
    surface.blit(text, text.get_rect(center=tag.center))
    return tag.inflate(2, 2)
