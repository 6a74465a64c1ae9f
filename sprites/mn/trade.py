"""The trade table (rule 2): the Exchange Marker played, each empire's offer — face down
until every offer is laid (the player at this table sees their own), then face up — whose
claim it is, the return claim the rules forbid now, and the claims made so far. A glowing
token of another empire's offer takes a click when the person may claim it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.mn.look import resource_name, token
from sprites.mn.words import empire_name
from sprites.rtta.look import HIGHLIGHT, Scale, fit, glow, text
from sprites.ui.widgets import panel

WORDS = {"marker": "waits for the Exchange Marker", "waiting": "choosing an offer…",
         "out": "offers nothing"}
"""What an offer's row says while it shows no tokens."""
STEP = 84
"""A token's room across an offer, with its name under it, in design pixels."""
Seats = tuple[Sequence[str], Callable[[int], RGB]]
"""The empires by seat and their colours."""


@dataclass(frozen=True)
class OfferShow:
    """One empire's offer as the seat at this table may see it."""

    seat: int
    empire: str
    state: str
    """"marker" (no marker played yet), "waiting" (not laid yet), "sealed" (face down),
    "open" (face up), "out" (no offer)."""
    items: tuple[str, ...] = ()
    """Face-up resources still on offer (or, while sealed, the viewer's own offer)."""
    count: int = 0
    """How many lie face down."""
    taken: tuple[tuple[str, int], ...] = field(default_factory=tuple)
    """(resource, by seat) claimed from this offer."""


@dataclass(frozen=True)
class TradeShow:
    """The trade phase as the table shows it."""

    value: int | None
    leader: int | None
    claimer: int | None
    forbidden: int | None
    """The seat the claimer may not take from now (rule 2.2: no return claim twice)."""
    offers: tuple[OfferShow, ...]


def draw_trade(surface: pygame.Surface, u: Scale, area: pygame.Rect, trade: TradeShow,
               empires: Sequence[str], colour: Callable[[int], RGB], live: set[str]
               ) -> tuple[dict[str, pygame.Rect], pygame.Rect]:
    """The table as a panel at the foot of `area`: its zones "offer:SEAT:RESOURCE" and the
    panel."""
    box = pygame.Rect(0, 0, area.w - u(60), u(84) + len(trade.offers) * u(58))
    box.midbottom = (area.centerx, area.bottom - u(24))
    panel(surface, box)
    x, y = box.x + u(24), box.y + u(16)
    text(surface, "display_bold", u(26), "TRADE", theme.INK, topleft=(x, y))
    text(surface, "serif", u(20), fit("serif", u(20), headline(trade, empires), box.w - u(160)),
         theme.INK_SOFT, topleft=(x + u(110), y + u(5)))
    y += u(44)
    zones: dict[str, pygame.Rect] = {}
    for offer in trade.offers:
        row = pygame.Rect(x, y, box.w - u(48), u(52))
        zones |= _row(surface, u, row, offer, trade, (empires, colour), live)
        y = row.bottom + u(6)
    return zones, box


def headline(trade: TradeShow, empires: Sequence[str]) -> str:
    """The marker played, whose claim it is and the claim forbidden now."""
    bits = []
    if trade.leader is not None and trade.value is not None:
        bits.append(f"{empire_name(empires[trade.leader])} played {trade.value}: "
                    f"each empire offers {trade.value}")
    if trade.claimer is not None:
        bits.append(f"{empire_name(empires[trade.claimer])} claims next")
        if trade.forbidden is not None:
            bits.append(f"not from {empire_name(empires[trade.forbidden])} again")
    if not bits and trade.leader is not None:
        return f"{empire_name(empires[trade.leader])}, the Trade Leader, plays an Exchange " \
            "Marker: how many resources each empire offers"
    return " · ".join(bits) or "Every offer is laid face down, then all turn face up."


def _row(surface: pygame.Surface, u: Scale, row: pygame.Rect, offer: OfferShow,
         trade: TradeShow, seats: Seats, live: set[str]) -> dict[str, pygame.Rect]:
    colour = seats[1]
    if offer.seat == trade.claimer:
        pygame.draw.rect(surface, mix(theme.GOLD_LIGHT, theme.PARCHMENT, 0.55), row,
                         border_radius=u(4))
    pygame.draw.rect(surface, colour(offer.seat), (row.x + u(4), row.y + u(14), u(20), u(20)),
                     border_radius=u(3))
    text(surface, "serif_bold", u(20), empire_name(offer.empire), theme.INK,
         midleft=(row.x + u(32), row.centery))
    x = row.x + u(170)
    if offer.seat == trade.forbidden:
        text(surface, "serif_italic", u(15), "no return claim now", theme.WAX,
             midleft=(row.right - u(160), row.centery))
    if offer.state in WORDS:
        said = WORDS[offer.state]
        text(surface, "serif_italic", u(18), said, theme.INK_SOFT, midleft=(x, row.centery))
        return {}
    if offer.state == "sealed":
        return _sealed(surface, u, row, x, offer)
    return _open(surface, u, row, x, offer, seats, live)


def _sealed(surface: pygame.Surface, u: Scale, row: pygame.Rect, x: int, offer: OfferShow
            ) -> dict[str, pygame.Rect]:
    """Backs for a face-down offer; the viewer's own faces, veiled, marked as theirs."""
    for k in range(offer.count):
        back = pygame.Rect(x + k * u(42), row.y + u(8), u(34), u(36))
        pygame.draw.rect(surface, theme.SEA_DEEP, back, border_radius=u(5))
        pygame.draw.rect(surface, theme.GOLD, back, 1, border_radius=u(5))
    x += offer.count * u(42) + u(12)
    for resource in offer.items:
        _named(surface, u, pygame.Rect(x, row.y, u(STEP), row.h), resource, u(15),
               resource_name(resource), theme.INK_SOFT)
        x += u(STEP)
    if offer.items:
        text(surface, "serif_italic", u(15), "face down — only you see these", theme.INK_SOFT,
             midleft=(x + u(8), row.centery))
    return {}


def _open(surface: pygame.Surface, u: Scale, row: pygame.Rect, x: int, offer: OfferShow,
          seats: Seats, live: set[str]) -> dict[str, pygame.Rect]:
    """Face-up tokens named (a click claims one when it glows) and, struck through in the
    claimer's colour, those claimed, each saying by whom."""
    zones = {}
    for resource in offer.items:
        spot = pygame.Rect(x, row.y, u(STEP) - u(6), row.h)
        _named(surface, u, spot, resource, u(16), resource_name(resource), theme.INK_SOFT)
        key = f"offer:{offer.seat}:{resource}"
        if key in live:
            glow(surface, spot, HIGHLIGHT, u(2))
            zones[key] = spot
        x += u(STEP)
    empires, colour = seats
    for resource, by in offer.taken:
        spot = pygame.Rect(x, row.y, u(STEP) - u(6), row.h)
        centre = _named(surface, u, spot, resource, u(12), f"to {empire_name(empires[by])}",
                        colour(by))
        pygame.draw.line(surface, colour(by), (centre[0] - u(14), centre[1] + u(14)),
                         (centre[0] + u(14), centre[1] - u(14)), u(3))
        x += u(STEP)
    return zones


def _named(surface: pygame.Surface, u: Scale, spot: pygame.Rect, resource: str, radius: int,
           caption: str, ink: RGB) -> tuple[int, int]:
    """A token with a caption under it (its name, or who claimed it); the token's centre."""
    centre = (spot.centerx, spot.y + u(19))
    token(surface, u, centre, resource, radius)
    words = fit("serif", u(13), caption, spot.w)
    text(surface, "serif", u(13), words, ink, midtop=(spot.centerx, spot.y + u(35)))
    return centre
