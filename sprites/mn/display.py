"""The Heroes & Wonders display: the twelve heroes, five wonders and the Pyramids as
plaques — face up or down as the `display` option sets them — with their leader bonus,
who owns each, and the price of the next one (rule 3.1.3); a tooltip tells each power."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.rtta.look import Scale, fit, text
from sprites.rtta.sheet import heading

POWERS = {
    "caesar": "Your legions add 1 to each die while you are the active player (rule 10).",
    "hannibal": "One commodity type may appear twice in each commodity set (rule 10).",
    "pericles": "Your legions add 2 to each die while you are not the active player.",
    "cleopatra": "In each set, one coin may stand for a commodity or one commodity for a "
                 "coin.",
    "hammurabi": "Once a round, place one control marker for free where you could build "
                 "control.",
    "castor_pollux": "On recruiting, copy the power of a hero another empire holds (not a "
                     "starting hero, a wonder or Perseus).",
    "nebuchadnezzar": "Add 5 to your total in a land battle in a province you control, with "
                      "a unit there.",
    "circe": "Legions on empty caravan sites collect like caravans.",
    "penthesilea": "Once a round, a free legion in your capital's province for each of "
                   "your provinces opponents occupy.",
    "gilgamesh": "Once a round, a fortress for 1 coin or 1 stone.",
    "perseus": "Build first, ahead of the Culture Leader's order, to win with a fifth hero "
               "or the Pyramids.",
    "hamilcar": "Pillage yields twice as much.",
    "queen_of_sheba": "Once a round, convert a control marker as soon as you occupy it, "
                      "giving up that legion.",
    "hercules": "No power: a large leader bonus.",
    "ramses": "One more die in land battles where you have a unit.",
    "antigone": "Offer any number of resources from 0 to 5 in trade, whatever the marker.",
    "spartacus": "Once a round, a legion for 1 coin or 1 gladiator.",
    "colossus": "After collecting, take one commodity of your choice from the reserves.",
    "hanging_gardens": "Keep up to 2 different commodities after building, besides 2 coins.",
    "pharos": "Once a round, a trireme for 1 coin or 1 wood.",
    "statue_of_zeus": "At the start of Move & Battle, make peace with one opponent for the "
                      "round; its legions in your provinces go home.",
    "temple_of_artemis": "One extra coin every round.",
    "pyramids": "Whoever builds them wins at once (rule 6.1).",
}
"""Each tile's power in a line (our own words), by the first word of its id."""


@dataclass(frozen=True)
class TileShow:
    """A plaque of the display as the view shows it."""

    id: str
    name: str
    kind: str
    face_up: bool
    owner: int | None
    bonus: str
    """The leader bonus in short ("T+1 M+1"), or ""."""
    bonus_words: str = ""
    """The leader bonus in words ("Trade +1 · Military +1"), or "": drawn when it fits."""


def power(tile: str) -> str:
    """The power of a tile in a line ("" if unknown)."""
    return POWERS.get(tile, next((v for k, v in POWERS.items() if tile.startswith(k)), ""))


def draw_display(surface: pygame.Surface, u: Scale, rect: pygame.Rect,
                 tiles: Sequence[TileShow], price: str, colour: Callable[[int], RGB]
                 ) -> dict[str, pygame.Rect]:
    """The plaques in rows of six across `rect`; zones "tile:ID" (a face-down plaque's is
    "down:N": which tile lies there is not known)."""
    y = heading(surface, u, f"Heroes & Wonders · {price}", rect.x, rect.y, rect.w)
    per_row = 6
    width = (rect.w - u(6) * (per_row - 1)) // per_row
    rows = (len(tiles) + per_row - 1) // per_row
    height = min(u(64), (rect.bottom - y) // max(1, rows) - u(4))
    zones = {}
    for k, tile in enumerate(tiles):
        plaque = pygame.Rect(rect.x + (k % per_row) * (width + u(6)),
                             y + (k // per_row) * (height + u(4)), width, height)
        _plaque(surface, u, plaque, tile, colour)
        zones[f"tile:{tile.id}" if tile.face_up else f"down:{k}"] = plaque
    return zones


def _plaque(surface: pygame.Surface, u: Scale, plaque: pygame.Rect, tile: TileShow,
            colour: Callable[[int], RGB]) -> None:
    wonder = tile.kind != "hero"
    if not tile.face_up:
        pygame.draw.rect(surface, mix(theme.SEA_DEEP, theme.INK, 0.3), plaque,
                         border_radius=u(4))
        text(surface, "serif_italic", u(15), "face down", theme.PARCHMENT_LIGHT,
             center=plaque.center)
        return
    base = mix(theme.GOLD_LIGHT, theme.PARCHMENT, 0.5) if wonder else theme.PARCHMENT_LIGHT
    pygame.draw.rect(surface, base, plaque, border_radius=u(4))
    edge = colour(tile.owner) if tile.owner is not None else theme.INK_SOFT
    pygame.draw.rect(surface, edge, plaque, u(3) if tile.owner is not None else 1,
                     border_radius=u(4))
    text(surface, "serif_bold", u(15), fit("serif_bold", u(15), tile.name, plaque.w - u(8)),
         theme.INK, midtop=(plaque.centerx, plaque.y + u(3)))
    kind = {"hero": "Hero", "wonder": "Wonder"}.get(tile.kind, "Wins at once")
    text(surface, "serif_italic", u(13), kind, theme.INK_SOFT,
         midtop=(plaque.centerx, plaque.y + u(22)))
    if tile.bonus:
        words = tile.bonus_words if fit("serif", u(13), tile.bonus_words, plaque.w - u(8)) \
            == tile.bonus_words else tile.bonus
        text(surface, "serif", u(13), words, theme.WAX,
             midbottom=(plaque.centerx, plaque.bottom - u(2)))
