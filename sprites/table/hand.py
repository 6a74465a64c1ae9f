"""The seat's hand fanned along the bottom of the table: layout, hit test and drawing (the
hovered card rises; cards the decision can use glow, the others dim)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.table.cards import blit_face, card_back, card_face, card_size, deck_of
from sprites.table.fresh import draw_new
from sprites.ui.text import render

Scale = Callable[[float], int]


@dataclass(frozen=True)
class HandCard:
    """One card of the hand and where it rests."""

    slot: str
    card: str | None
    rect: pygame.Rect


class Hand:
    """The fan of the seat's cards, with the one under the pointer raised and enlarged."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 0, 0)
        self.width = 124
        self.lift = 60
        self.cards: list[HandCard] = []
        self.hover: str | None = None
        self.new: set[str] = set()
        """Slots badged "new" (shared with the table's NewCards: hovering one drops it)."""

    def place(self, area: pygame.Rect, width: int, lift: int) -> None:
        """Where the fan goes, how wide a card is, how far the hovered one rises."""
        self.area, self.width, self.lift = area, width, lift

    def deal(self, hand: list[tuple[str, str | None]]) -> None:
        """Show these (slot, card) in the fan (none: an empty hand or a covered screen)."""
        self.cards = lay_out(hand, self.area, self.width)
        if not hand:
            self.hover = None

    def at(self, pos: tuple[int, int]) -> str | None:
        """The slot of the card under a point."""
        return card_at(self.cards, pos, self.hover, self.lift)

    def point(self, pos: tuple[int, int]) -> bool:
        """Raise the card under the pointer; whether that changed."""
        slot = self.at(pos)
        changed, self.hover = slot != self.hover, slot
        self.new.discard(slot or "")
        return changed

    def draw(self, surface: pygame.Surface, usable: Mapping[str, list[str]], u: Scale,
             colour_blind: bool) -> list[pygame.Rect]:
        """The fan, and the raised card enlarged; `usable` cards (slot → the words of what a
        click does) glow and the others dim while there are any."""
        drawn = draw_hand(surface, self.cards, self.hover, self.lift, set(usable),
                          bool(usable), colour_blind)
        rects = [drawn] if drawn is not None else []
        rects += [draw_new(surface, c.rect, u) for c in self.cards if c.slot in self.new]
        raised = next((c for c in self.cards if c.slot == self.hover), None)
        if raised is None or raised.card is None:
            return rects
        face = card_face(raised.card, deck_of(raised.slot), u(300), colour_blind)
        box = face.surface.get_rect(midbottom=(raised.rect.centerx,
                                               raised.rect.y - self.lift - u(10)))
        box.clamp_ip(surface.get_rect().inflate(-u(10), -u(10)))
        rects.append(blit_face(surface, face, box).inflate(4, 4))
        if usable.get(raised.slot):
            words = "Click: " + " / ".join(usable[raised.slot])[:90]
            text = render("serif_bold", u(20), words, theme.WAX)
            tip = text.get_rect(midtop=(box.centerx, box.bottom + u(4)))
            tip.clamp_ip(surface.get_rect().inflate(-u(16), -u(10)))
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, tip.inflate(u(12), u(6)))
            rects.append(surface.blit(text, tip).inflate(u(14), u(8)))
        return rects


def lay_out(hand: list[tuple[str, str | None]], area: pygame.Rect, width: int
            ) -> list[HandCard]:
    """Cards centred in `area`, overlapping when they do not fit, in a gentle arc."""
    if not hand:
        return []
    w, h = card_size(width)
    n = len(hand)
    step = min(w + width // 10, (area.w - w) / max(1, n - 1)) if n > 1 else 0
    total = w + step * (n - 1)
    left = area.centerx - total / 2
    out = []
    for k, (slot, card) in enumerate(hand):
        offset = (k - (n - 1) / 2) / max(1, n / 2)
        sag = round(abs(offset) ** 2 * width * 0.12)
        rect = pygame.Rect(round(left + k * step), area.bottom - h + round(h * 0.28) + sag, w, h)
        out.append(HandCard(slot, card, rect))
    return out


def card_at(cards: list[HandCard], pos: tuple[int, int], hover: str | None,
            lift: int) -> str | None:
    """The slot of the card under the pointer (the raised one first, then the top-most)."""
    for card in cards:
        if card.slot == hover and card.rect.move(0, -lift).collidepoint(pos):
            return card.slot
    for card in reversed(cards):
        if card.rect.collidepoint(pos):
            return card.slot
    return None


def draw_hand(surface: pygame.Surface, cards: list[HandCard], hover: str | None, lift: int,
              usable: set[str], asking: bool, colour_blind: bool) -> pygame.Rect | None:
    """Draw the fan; `usable` cards glow while `asking`, the rest are dimmed."""
    drawn: pygame.Rect | None = None
    raised = None
    for card in cards:
        if card.slot == hover:
            raised = card
            continue
        rect = _draw_one(surface, card, card.rect, card.slot in usable, asking, colour_blind)
        drawn = rect if drawn is None else drawn.union(rect)
    if raised is not None:
        rect = _draw_one(surface, raised, raised.rect.move(0, -lift), raised.slot in usable,
                         asking, colour_blind)
        drawn = rect if drawn is None else drawn.union(rect)
    return drawn


def _draw_one(surface: pygame.Surface, card: HandCard, rect: pygame.Rect, usable: bool,
              asking: bool, colour_blind: bool) -> pygame.Rect:
    if usable and asking:
        glow = rect.inflate(10, 10)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, glow, 4, border_radius=10)
    if card.card is None:
        surface.blit(card_back(deck_of(card.slot), rect.w, colour_blind), rect)
    else:
        blit_face(surface, card_face(card.card, deck_of(card.slot), rect.w, colour_blind), rect)
    if asking and not usable:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((40, 33, 29, 90))
        surface.blit(shade, rect)
    return rect.inflate(12, 12)
