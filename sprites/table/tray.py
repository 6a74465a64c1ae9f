"""The tray: the cards committed face down to the expeditions and interceptions under way, in a
small row above the hand, one plaque per expedition ("Expedition to Neapolis — 3 cards face
down"). Their owner sees the faces (from its own knowledge of its cards); everyone else sees
backs. A tray card glows and takes a click only when the decision offers an action for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from sprites import theme
from sprites.table.cards import blit_face, card_back, card_face, card_size, deck_of
from sprites.table.names import Names
from sprites.ui.text import draw_text, render
from sprites.ui.widgets import panel

Scale = Callable[[float], int]
MINE = "Only you see their faces"
"""Under the title of the seat's own plaque."""
CARD = 84
"""A tray card's width, in layout pixels."""


@dataclass(frozen=True)
class TrayGroup:
    """One expedition's committed cards: (slot, card known here or None) each."""

    seat: int
    title: str
    cards: tuple[tuple[str, str | None], ...]
    mine: bool = False
    """The seat at the screen's own (it sees the faces)."""


@dataclass(frozen=True)
class TrayCard:
    """One card in the tray and where it lies."""

    slot: str
    card: str | None
    rect: pygame.Rect


def committed_frames(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The players' Expedition frames holding cards, bottom first (none while a combat is on
    the stack: the battle board shows the forces then)."""
    stack = view.get("stack") or []
    if any(f.get("kind") == "combat" for f in stack):
        return []
    return [f for f in stack if f.get("kind") == "expedition" and f.get("seat", -1) >= 0
            and (f.get("force") or {}).get("cards")]


def group_title(frame: Mapping[str, Any], names: Names, empires: tuple[str, ...],
                me: int | None) -> str:
    """'Expedition to Neapolis — 2 cards face down' (another seat's: 'Rome's expedition…')."""
    role, target = frame.get("role"), names.node(str(frame.get("target", "")))
    what = ("interception at sea" if role == "naval" else f"interception at {target}"
            if role == "land" else f"expedition to {target}")
    down = sum(1 for c in frame["force"]["cards"] if not c.get("use"))
    count = f"{down} card{'s' if down != 1 else ''} face down"
    if frame["seat"] == me:
        return f"{what[:1].upper()}{what[1:]} — {count}"
    return f"{names.empire(empires[frame['seat']])}'s {what} — {count}"


def tray_groups(view: Mapping[str, Any], known: Mapping[str, str], names: Names,
                empires: tuple[str, ...], me: int | None) -> list[TrayGroup]:
    """The tray's plaques for a view; `known` names the cards the seat at the screen knows."""
    seen = {**known, **(view.get("open_cards") or {})}
    return [TrayGroup(f["seat"], group_title(f, names, empires, me),
                      tuple((c["slot"], seen.get(c["slot"])) for c in f["force"]["cards"]),
                      f["seat"] == me)
            for f in committed_frames(view)]


class Tray:
    """The row of plaques, laid out leftwards from the bottom-right corner it is given."""

    def __init__(self) -> None:
        self.corner = (0, 0)
        self.u: Scale = lambda px: round(px)
        self.groups: list[TrayGroup] = []
        self.boxes: list[pygame.Rect] = []
        self.cards: list[TrayCard] = []
        self.hover: str | None = None

    def place(self, corner: tuple[int, int], u: Scale) -> None:
        """Where the tray's bottom-right corner goes, at which scale."""
        self.corner, self.u = corner, u
        self.show(self.groups)

    def show(self, groups: list[TrayGroup]) -> None:
        """Show these plaques (none: an empty tray)."""
        self.groups = groups
        self.boxes, self.cards = lay_out(groups, self.corner, self.u)
        if self.hover not in self.committed:
            self.hover = None

    @property
    def committed(self) -> set[str]:
        """The slots in the tray (they leave the hand)."""
        return {slot for group in self.groups for slot, _ in group.cards}

    def at(self, pos: tuple[int, int]) -> str | None:
        """The slot of the tray card under a point."""
        return next((c.slot for c in self.cards if c.rect.collidepoint(pos)), None)

    def point(self, pos: tuple[int, int] | None) -> bool:
        """Mark the card under the pointer (None: the pointer is elsewhere); whether that
        changed."""
        slot = self.at(pos) if pos is not None else None
        changed, self.hover = slot != self.hover, slot
        return changed

    def draw(self, surface: pygame.Surface, usable: Mapping[str, list[str]],
             colour_blind: bool) -> list[pygame.Rect]:
        """The plaques; cards with an action (slot → its words) glow, the hovered one shows
        enlarged when its face is known here, with what a click does."""
        u = self.u
        for box, group in zip(self.boxes, self.groups, strict=True):
            panel(surface, box)
            draw_text(surface, "serif_bold", u(16), group.title, theme.INK,
                      topleft=(box.x + u(10), box.y + u(8)))
            if group.mine:
                draw_text(surface, "serif_italic", u(14), MINE, theme.WAX,
                          topleft=(box.x + u(10), box.y + u(28)))
        for card in self.cards:
            _draw_card(surface, card, card.slot in usable, colour_blind)
        rects = [box.inflate(10, 12) for box in self.boxes]
        return rects + self._raised(surface, usable, colour_blind)

    def _raised(self, surface: pygame.Surface, usable: Mapping[str, list[str]],
                colour_blind: bool) -> list[pygame.Rect]:
        """The hovered card enlarged above the tray, and what a click on it does."""
        card = next((c for c in self.cards if c.slot == self.hover), None)
        if card is None:
            return []
        u, rects = self.u, []
        top = min(b.y for b in self.boxes) - u(8)
        if card.card is not None:
            face = card_face(card.card, deck_of(card.slot), u(220), colour_blind)
            box = face.surface.get_rect(midbottom=(card.rect.centerx, top))
            box.clamp_ip(surface.get_rect().inflate(-u(10), -u(10)))
            rects.append(blit_face(surface, face, box).inflate(4, 4))
            top = box.y - u(4)
        if usable.get(card.slot):
            rects.append(_tip(surface, "Click: " + " / ".join(usable[card.slot])[:90],
                              (card.rect.centerx, top), u))
        return rects


def lay_out(groups: list[TrayGroup], corner: tuple[int, int], u: Scale
            ) -> tuple[list[pygame.Rect], list[TrayCard]]:
    """Each plaque's box and its cards, the last plaque at the corner, the others leftwards."""
    boxes: list[pygame.Rect] = []
    cards: list[TrayCard] = []
    right = corner[0]
    for group in reversed(groups):
        box, laid = _plaque(group, (right, corner[1]), u)
        boxes.insert(0, box)
        cards[:0] = laid
        right = box.x - u(12)
    return boxes, cards


def _plaque(group: TrayGroup, corner: tuple[int, int], u: Scale
            ) -> tuple[pygame.Rect, list[TrayCard]]:
    """One plaque: its title over its cards in a row, its bottom-right at `corner`."""
    w, h = card_size(u(CARD))
    step = w + u(6)
    title = render("serif_bold", u(16), group.title, theme.INK).get_width()
    width = max(title, step * len(group.cards) - u(6)) + u(20)
    box = pygame.Rect(0, 0, width, h + u(64 if group.mine else 46))
    box.bottomright = corner
    x, y = box.x + u(10), box.bottom - u(10) - h
    laid = [TrayCard(slot, card, pygame.Rect(x + k * step, y, w, h))
            for k, (slot, card) in enumerate(group.cards)]
    return box, laid


def _draw_card(surface: pygame.Surface, card: TrayCard, usable: bool, colour_blind: bool
               ) -> None:
    """A tray card: its face when known here, else its back; a glow when it takes a click."""
    if usable:
        pygame.draw.rect(surface, theme.GOLD_LIGHT, card.rect.inflate(8, 8), 3, border_radius=8)
    if card.card is None:
        surface.blit(card_back(deck_of(card.slot), card.rect.w, colour_blind), card.rect)
    else:
        blit_face(surface, card_face(card.card, deck_of(card.slot), card.rect.w, colour_blind),
                  card.rect)


def _tip(surface: pygame.Surface, words: str, midbottom: tuple[int, int], u: Scale
         ) -> pygame.Rect:
    """What a click does, on a strip of parchment."""
    text = render("serif_bold", u(18), words, theme.WAX)
    tip = text.get_rect(midbottom=midbottom)
    tip.clamp_ip(surface.get_rect().inflate(-u(14), -u(10)))
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, tip.inflate(u(12), u(6)))
    return surface.blit(text, tip).inflate(u(14), u(8))
