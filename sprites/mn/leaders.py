"""The Leader board: the Trade, Culture and Military tracks from I to XV with each empire's
marker (turned to its '+' side beyond XV, rule 5), who holds each title, and the three
Exchange Markers — which the Trade Leader may still play and which are used (rule 2.1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.mn.look import NUMERALS, TRACK_TOP
from sprites.mn.words import empire_name
from sprites.rtta.look import Scale, fit, text
from sprites.rtta.sheet import heading

TRACK_NAMES = (("trade", "Trade"), ("culture", "Culture"), ("military", "Military"))
Colours = Callable[[int], RGB]


def draw_leaders(surface: pygame.Surface, u: Scale, rect: pygame.Rect,
                 levels: Sequence[Mapping[str, int]], titles: Mapping[str, int | None],
                 colour: Colours, empires: Sequence[str]) -> int:
    """The three tracks in rows across `rect`; the y below them. `levels[seat][track]` is
    the seat's level, `titles[track]` the seat holding that title (or None)."""
    y = heading(surface, u, "Leader board", rect.x, rect.y, rect.w)
    label_w = u(170)
    cell = (rect.w - label_w) // TRACK_TOP
    for track, name in TRACK_NAMES:
        row = pygame.Rect(rect.x, y, rect.w, u(46))
        holder = titles.get(track)
        _label(surface, u, row, name, None if holder is None else empires[holder],
               None if holder is None else colour(holder))
        for level in range(1, TRACK_TOP + 1):
            spot = pygame.Rect(row.x + label_w + (level - 1) * cell, row.y + u(2), cell - u(2),
                               row.h - u(4))
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, spot, border_radius=u(3))
            pygame.draw.rect(surface, theme.INK_SOFT, spot, 1, border_radius=u(3))
            text(surface, "serif", u(12), NUMERALS[level], theme.INK_SOFT,
                 midtop=(spot.centerx, spot.y + u(1)))
            _markers(surface, u, spot, [(s, lv[track]) for s, lv in enumerate(levels)
                                        if _cell(lv[track]) == level], colour)
        y = row.bottom + u(2)
    return y


def _cell(level: int) -> int:
    """The cell a level sits on (a '+' marker counts again from I)."""
    return (level - 1) % TRACK_TOP + 1 if level > 0 else 0


def _label(surface: pygame.Surface, u: Scale, row: pygame.Rect, name: str,
           holder: str | None, colour: RGB | None) -> None:
    text(surface, "display_bold", u(19), name.upper(), theme.INK,
         topleft=(row.x, row.y + u(2)))
    if holder is None or colour is None:
        return
    chip = pygame.Rect(row.x, row.y + u(26), u(14), u(14))
    pygame.draw.rect(surface, colour, chip, border_radius=u(2))
    words = fit("serif_italic", u(16), f"Leader: {empire_name(holder)}", u(150))
    text(surface, "serif_italic", u(16), words, theme.WAX, midleft=(chip.right + u(5),
                                                                    chip.centery))


def _markers(surface: pygame.Surface, u: Scale, spot: pygame.Rect,
             here: list[tuple[int, int]], colour: Colours) -> None:
    """The markers on one cell, side by side (a '+' on those beyond XV)."""
    if not here:
        return
    radius = u(7)
    step = min(radius * 2 + u(1), (spot.w - radius * 2) // max(1, len(here) - 1) or 1)
    x0 = spot.centerx - step * (len(here) - 1) // 2
    for k, (seat, level) in enumerate(here):
        centre = (x0 + k * step, spot.bottom - radius - u(4))
        pygame.draw.circle(surface, colour(seat), centre, radius)
        pygame.draw.circle(surface, theme.PARCHMENT_LIGHT, centre, radius, 1)
        if level > TRACK_TOP:
            light = sum(colour(seat)) > 480
            text(surface, "serif_bold", radius * 2, "+", theme.INK if light else
                 theme.PARCHMENT_LIGHT, center=centre)


def draw_exchange_markers(surface: pygame.Surface, u: Scale, rect: pygame.Rect,
                          markers: Sequence[tuple[tuple[int, int], str]]) -> None:
    """The three Exchange Markers in a row: each `(values, state)` with state "available",
    "used" or "played:N" (this round's, N face up)."""
    text(surface, "display_bold", u(16), "EXCHANGE MARKERS", theme.WAX,
         midleft=(rect.x, rect.centery))
    x = rect.x + u(190)
    for (front, back), state in markers:
        plaque = pygame.Rect(x, rect.y, u(110), rect.h)
        used = state == "used"
        fill = mix(theme.PARCHMENT_DARK, theme.PARCHMENT, 0.4) if used else theme.PARCHMENT_LIGHT
        pygame.draw.rect(surface, fill, plaque, border_radius=u(4))
        edge = theme.WAX if state.startswith("played") else theme.INK_SOFT
        pygame.draw.rect(surface, edge, plaque, u(2), border_radius=u(4))
        words = f"{front} / {back}"
        if state.startswith("played"):
            words = f"{state.partition(':')[2]} played"
        ink = theme.INK_SOFT if used else theme.INK
        text(surface, "serif_bold", u(18), words + (" · used" if used else ""), ink,
             center=plaque.center)
        x = plaque.right + u(10)
    said = fit("serif_italic", u(15), "sides: the size of each offer",
               rect.right - x)
    text(surface, "serif_italic", u(15), said, theme.INK_SOFT, midleft=(x, rect.centery))
