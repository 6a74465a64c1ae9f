"""The Mare Nostrum table's drawing kit: Roman numerals for the leader tracks, the colours
and short names of the thirteen commodities and the coin, and a resource token drawn by our
own code (a disc in the commodity's colour with its initials; a legendary one gilded), and
the tag of a sea a chain of triremes lets legions cross."""

from __future__ import annotations

import pygame

from game.rulesets.mare_nostrum.content_records import LEGENDARY_PREFIX
from sprites import theme
from sprites.colour import RGB, darker, lighter
from sprites.rtta.look import HIGHLIGHT, LAPIS, Scale, line, text

TRACK_TOP = 15
"""The last level on a leader track: beyond it a marker shows its '+' side (rule 5)."""
NUMERALS = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
            "XIII", "XIV", "XV")

COMMODITIES: dict[str, tuple[str, RGB]] = {
    "ceramic": ("Ceramic", (176, 92, 60)),
    "gems": ("Gems", (70, 140, 150)),
    "papyrus": ("Papyrus", (210, 196, 140)),
    "metal": ("Metal", (120, 124, 132)),
    "spices": ("Spices", (196, 110, 36)),
    "stone": ("Stone", (160, 152, 136)),
    "wood": ("Wood", (120, 84, 48)),
    "gold": ("Gold", (222, 178, 40)),
    "grain": ("Grain", (214, 186, 96)),
    "oil": ("Oil", (140, 150, 60)),
    "sheep": ("Sheep", (232, 226, 212)),
    "wine": ("Wine", (120, 40, 70)),
    "gladiator": ("Gladiator", (160, 56, 48)),
    "coin": ("Coin", (200, 160, 60)),
}
"""Each resource id: its name and its token's colour (drawing only)."""
LEGENDARY = LEGENDARY_PREFIX
"""The prefix of a legendary commodity's id (it counts as its type: rule 1.2)."""


def level_words(level: int) -> str:
    """A track level as the board shows it: I-XV, then the '+' side counting again (rule 5:
    XVIII is '+ III')."""
    if level <= 0:
        return "0"
    if level <= TRACK_TOP:
        return NUMERALS[level]
    return "+ " + level_words(level - TRACK_TOP)


def resource_name(resource: str) -> str:
    """A resource as people say it ("legendary:wine" → "Legendary Wine")."""
    kind = resource.removeprefix(LEGENDARY)
    name = COMMODITIES.get(kind, (kind.replace("_", " ").title(), theme.INK))[0]
    return f"Legendary {name}" if resource.startswith(LEGENDARY) else name


def resource_colour(resource: str) -> RGB:
    """The token colour of a resource (a legendary one: its type's)."""
    return COMMODITIES.get(resource.removeprefix(LEGENDARY), ("", theme.INK_SOFT))[1]


def token(surface: pygame.Surface, u: Scale, centre: tuple[int, int], resource: str,
          radius: int) -> pygame.Rect:
    """A resource token: a coloured disc with the name's first letters; a gold ring for a
    legendary commodity, a milled edge for a coin."""
    colour = resource_colour(resource)
    pygame.draw.circle(surface, darker(colour, 0.45), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, lighter(colour, 0.35), centre, radius, max(1, radius // 6))
    if resource.startswith(LEGENDARY):
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius + u(2), u(3))
    elif resource == "coin":
        pygame.draw.circle(surface, darker(colour, 0.3), centre, radius - u(3), 1)
    light = sum(colour) > 480
    letters = resource_name(resource).removeprefix("Legendary ")[:2]
    text(surface, "serif_bold", max(8, radius), letters,
         theme.INK if light else theme.PARCHMENT_LIGHT, center=centre)
    return pygame.Rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2)


def tag_size(u: Scale, words: str) -> tuple[int, int]:
    """The size of a chain tag saying `words`."""
    w, h = line("serif_bold", u(14), words, theme.PARCHMENT_LIGHT).get_size()
    return w + u(12), h + u(4)


def chain_tag(surface: pygame.Surface, u: Scale, tag: pygame.Rect, words: str) -> None:
    """A lapis tag beside a sea's name: legions cross this sea on the player's triremes
    (it lights beside the marches' targets, but is no target itself)."""
    image = line("serif_bold", u(14), words, theme.PARCHMENT_LIGHT)
    pygame.draw.rect(surface, darker(LAPIS, 0.4), tag.move(u(2), u(2)), border_radius=tag.h // 2)
    pygame.draw.rect(surface, LAPIS, tag, border_radius=tag.h // 2)
    pygame.draw.rect(surface, HIGHLIGHT, tag, u(2), border_radius=tag.h // 2)
    surface.blit(image, image.get_rect(center=tag.center))
