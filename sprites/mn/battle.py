"""The battle dialog (rule 4.2): both sides' dice as rolled (beige land dice, blue sea dice),
what each hero and the fortress add, the total, the total ÷ 5 rounded down as hits, and the
hit a fortress negates — the figures the rule set computed, never worked out here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB, darker
from sprites.mn.look import level_words
from sprites.mn.words import empire_name
from sprites.rtta.look import Scale, fit, text
from sprites.ui.widgets import panel

LAND_DIE: RGB = (226, 206, 160)
SEA_DIE: RGB = (120, 160, 206)


@dataclass(frozen=True)
class SideShow:
    """One side of a battle as the rule set reports it."""

    seat: int
    empire: str
    dice: tuple[int, ...]
    additions: tuple[tuple[str, int], ...]
    """(why, how much) added to the dice: a hero's bonus, the fortress's 5."""
    total: int
    hits: int
    negated: int
    """Hits the other side scored that destroy nothing: the fortress's, or beyond the
    units (rule 4.2)."""
    losses: int


@dataclass(frozen=True)
class BattleShow:
    """A battle: where (named, and the area's id), land or sea, attacker first."""

    place: str
    sea: bool
    sides: tuple[SideShow, ...]
    area: str = ""


def draw_battle(surface: pygame.Surface, u: Scale, area: pygame.Rect, battle: BattleShow,
                colour: Callable[[int], RGB]) -> pygame.Rect:
    """The dialog across the top of `area`; its rectangle."""
    lines = max(len(side.additions) + bool(side.negated) for side in battle.sides)
    box = pygame.Rect(0, 0, min(area.w - u(40), u(1000)), u(250) + lines * u(26))
    box.midtop = (area.centerx, area.y + u(20))
    panel(surface, box)
    kind = "Sea battle" if battle.sea else "Land battle"
    text(surface, "display_bold", u(28), f"{kind} in {battle.place}".upper(), theme.INK,
         midtop=(box.centerx, box.y + u(14)))
    width = (box.w - u(60)) // max(1, len(battle.sides))
    for k, side in enumerate(battle.sides):
        column = pygame.Rect(box.x + u(30) + k * width, box.y + u(62), width - u(20),
                             box.h - u(80))
        _side(surface, u, column, side, "Attacker" if k == 0 else "Defender",
              colour(side.seat), battle.sea)
    return box


def _side(surface: pygame.Surface, u: Scale, column: pygame.Rect, side: SideShow, role: str,
          colour: RGB, sea: bool) -> None:
    fortress = any(why == "fortress" for why, _ in side.additions)
    die_colour, unit = (SEA_DIE, "trireme") if sea else (LAND_DIE,
                                                         "unit" if fortress else "legion")
    pygame.draw.rect(surface, colour, (column.x, column.y, column.w, u(6)))
    text(surface, "serif_bold", u(22), f"{empire_name(side.empire)} · {role}", theme.INK,
         topleft=(column.x, column.y + u(12)))
    y = column.y + u(48)
    size = min(u(52), (column.w - u(8)) // max(1, len(side.dice)) - u(8))
    for k, face in enumerate(side.dice):
        _die(surface, u, pygame.Rect(column.x + k * (size + u(8)), y, size, size), face,
             die_colour)
    if not side.dice:
        text(surface, "serif_italic", u(18), f"no dice (no {unit}s)",
             theme.INK_SOFT, topleft=(column.x, y + u(12)))
    y += u(64)
    for why, much in side.additions:
        words = fit("serif", u(19), f"+{much} {why}", column.w)
        y = text(surface, "serif", u(19), words, theme.INK_SOFT, topleft=(column.x, y)).bottom
    sums = f"Total {side.total} ÷ 5 = {side.hits} hit{'s' * (side.hits != 1)}"
    y = text(surface, "serif_bold", u(22), sums, theme.WAX, topleft=(column.x, y + u(6))).bottom
    if side.negated:
        said = f"{side.negated} hit{'s' * (side.negated != 1)} against it stopped by the " \
            "fortress or beyond its units"
        y = text(surface, "serif_italic", u(18), fit("serif_italic", u(18), said, column.w),
                 theme.INK, topleft=(column.x, y + u(2))).bottom
    text(surface, "serif_bold", u(19), f"Loses {side.losses} {unit}{'s' * (side.losses != 1)}",
         theme.INK, topleft=(column.x, y + u(2)))


def _die(surface: pygame.Surface, u: Scale, rect: pygame.Rect, face: int, fill: RGB) -> None:
    """A battle die showing its face in Roman numerals, as the printed dice do."""
    pygame.draw.rect(surface, darker(fill, 0.5), rect.move(u(2), u(3)), border_radius=u(6))
    pygame.draw.rect(surface, fill, rect, border_radius=u(6))
    pygame.draw.rect(surface, theme.INK_SOFT, rect, u(2), border_radius=u(6))
    text(surface, "display_bold", max(8, rect.h * 2 // 5), level_words(face), theme.INK,
         center=rect.center)
