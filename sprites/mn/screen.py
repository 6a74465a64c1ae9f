"""The empire screens: behind the screen of the player at this table, every resource as a
token (those a click may pick now glow: a payment resource by resource, or a face-down
offer being composed); for every empire a line of what all may see — how many resources it
holds, its heroes and wonders."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.mn.look import resource_name, token
from sprites.mn.words import empire_name
from sprites.rtta.look import HIGHLIGHT, Scale, fit, glow, text
from sprites.rtta.sheet import heading


@dataclass(frozen=True)
class EmpireLine:
    """What every seat sees of an empire."""

    seat: int
    empire: str
    resources: int
    tiles: tuple[str, ...]
    """Its heroes and wonders by name."""
    bot: bool


def order(resources: Sequence[str]) -> list[tuple[str, int]]:
    """(resource, count) with coins first, then commodities by name, legendaries last."""
    counts = Counter(resources)
    return sorted(counts.items(), key=lambda kv: (kv[0] != "coin",
                                                  kv[0].startswith("legendary:"), kv[0]))


TOKEN_STEP = 86
TOKEN_ROW = 52
"""A token's room across and a row's height, in design pixels."""


def screen_height(u: Scale, width: int, resources: Sequence[str]) -> int:
    """The height the screen's tokens need: a heading and a row per line of kinds."""
    per_row = max(1, width // u(TOKEN_STEP))
    rows = max(1, -(-len(set(resources)) // per_row))
    return u(34) + rows * u(TOKEN_ROW)


def draw_own(surface: pygame.Surface, u: Scale, rect: pygame.Rect, title: str,
             resources: Sequence[str], live: set[str]) -> dict[str, pygame.Rect]:
    """The tokens behind one screen, counted; zones "res:ID" (one per kind)."""
    y = heading(surface, u, title, rect.x, rect.y, rect.w)
    if not resources:
        text(surface, "serif_italic", u(18), "Nothing behind the screen.", theme.INK_SOFT,
             topleft=(rect.x, y + u(4)))
        return {}
    return tokens(surface, u, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), resources,
                  live, "res")


def tokens(surface: pygame.Surface, u: Scale, rect: pygame.Rect, resources: Sequence[str],
           live: set[str], prefix: str) -> dict[str, pygame.Rect]:
    """Resource tokens with their counts in rows across `rect`; zones "PREFIX:ID"."""
    zones = {}
    x, y, step = rect.x, rect.y + u(4), u(TOKEN_STEP)
    for resource, count in order(resources):
        if x + step > rect.right:
            x, y = rect.x, y + u(TOKEN_ROW)
        if y + u(48) > rect.bottom:
            break
        spot = pygame.Rect(x, y, step - u(6), u(48))
        token(surface, u, (spot.x + u(20), spot.centery - u(4)), resource, u(16))
        text(surface, "serif_bold", u(20), f"×{count}", theme.INK,
             midleft=(spot.x + u(40), spot.centery - u(4)))
        name = fit("serif", u(12), resource_name(resource), spot.w)
        text(surface, "serif", u(12), name, theme.INK_SOFT, midbottom=(spot.centerx,
                                                                      spot.bottom + u(2)))
        key = f"{prefix}:{resource}"
        if key in live:
            glow(surface, spot, HIGHLIGHT, u(2))
        zones[key] = spot
        x += step
    return zones


def draw_lines(surface: pygame.Surface, u: Scale, rect: pygame.Rect,
               lines: Sequence[EmpireLine], colour: Callable[[int], RGB], turn: int | None
               ) -> int:
    """A line per empire; the y below them. `turn`: the seat deciding now (marked)."""
    y = heading(surface, u, "Empires", rect.x, rect.y, rect.w)
    for line in lines:
        row = pygame.Rect(rect.x, y, rect.w, u(28))
        if line.seat == turn:
            pygame.draw.rect(surface, mix(theme.GOLD_LIGHT, theme.PARCHMENT, 0.5), row,
                             border_radius=u(3))
        pygame.draw.rect(surface, colour(line.seat), (row.x + u(2), row.y + u(6), u(16), u(16)),
                         border_radius=u(3))
        who = empire_name(line.empire) + (" (bot)" if line.bot else "")
        text(surface, "serif_bold", u(18), who, theme.INK, midleft=(row.x + u(26),
                                                                   row.centery))
        held = f"{line.resources} resource{'s' * (line.resources != 1)}"
        said = f"{held} · " + (", ".join(line.tiles) or "no heroes")
        text(surface, "serif", u(17), fit("serif", u(17), said, row.w - u(190)),
             theme.INK_SOFT, midleft=(row.x + u(180), row.centery))
        y = row.bottom + u(2)
    return y
