"""The victory banner over the table: who won and by which of the four victories (rule 6),
then every empire's place with the figures it was ranked by."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.outcome import ABANDONED, Outcome
from game.rulesets.mare_nostrum.scoring import KEY_WORDS
from sprites import theme
from sprites.colour import RGB
from sprites.mn.words import empire_name
from sprites.rtta.look import Scale, fit, text
from sprites.ui.widgets import panel

VICTORIES = {"pyramids": "by building the Pyramids (rule 6.1)",
             "heroes": "with a fifth hero or wonder (rule 6.2)",
             "cities": "holding four capitals or legendary cities (rule 6.3)",
             "titles": "holding all three leader titles (rule 6.4)"}
"""How each victory reads after the winners' names."""
RANKED = "Behind the winners, places go by titles, then heroes & wonders, great cities and " \
    "the leader tracks' total."


def verdict(outcome: Outcome, empires: Sequence[str], victory: str) -> str:
    """One line: who won and how (or that the game was abandoned)."""
    if outcome.reason == ABANDONED:
        return "The game was abandoned."
    names = " and ".join(empire_name(empires[s]) for s in outcome.winners) or "Nobody"
    verb = "win together" if len(outcome.winners) > 1 else "wins"
    how = VICTORIES.get(victory, "")
    return f"{names} {verb} {how}".rstrip() + "."


def draw_banner(surface: pygame.Surface, u: Scale, outcome: Outcome, empires: Sequence[str],
                victory: str, colour: Callable[[int], RGB]) -> pygame.Rect:
    """The banner and the standings in a panel across the middle; the panel."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((30, 22, 16, 150))
    surface.blit(shade, (0, 0))
    box = pygame.Rect(0, 0, u(1100), u(300) + len(outcome.ranking) * u(40))
    box.center = (w // 2, h // 2)
    panel(surface, box)
    winners = outcome.winners
    ribbon = pygame.Rect(box.x + u(30), box.y + u(24), box.w - u(60), u(70))
    pygame.draw.rect(surface, colour(winners[0]) if winners else theme.INK_SOFT, ribbon,
                     border_radius=u(6))
    pygame.draw.rect(surface, theme.GOLD, ribbon, u(3), border_radius=u(6))
    title = "VICTORY" if winners else "THE GAME IS OVER"
    text(surface, "display_bold", u(44), title, theme.PARCHMENT_LIGHT, center=ribbon.center)
    said = fit("serif_italic", u(26), verdict(outcome, empires, victory), box.w - u(80))
    text(surface, "serif_italic", u(26), said, theme.WAX, midtop=(box.centerx, ribbon.bottom
                                                                 + u(16)))
    y = ribbon.bottom + u(70)
    for standing in outcome.ranking:
        _standing(surface, u, box, y, standing.place, empires[standing.seat],
                  standing.keys, colour(standing.seat), standing.seat in winners)
        y += u(40)
    if outcome.ranking and outcome.reason != ABANDONED:
        text(surface, "serif_italic", u(18), RANKED, theme.INK_SOFT,
             topleft=(box.x + u(60), y + u(4)))
    return box


def _standing(surface: pygame.Surface, u: Scale, box: pygame.Rect, y: int, place: int,
              empire: str, keys: tuple[tuple[str, int], ...], colour: RGB, won: bool) -> None:
    x = box.x + u(60)
    ink = theme.WAX if won else theme.INK
    text(surface, "display_bold", u(24), f"{place}.", ink, topleft=(x, y))
    pygame.draw.rect(surface, colour, (x + u(44), y + u(6), u(22), u(22)), border_radius=u(3))
    text(surface, "serif_bold", u(24), empire_name(empire), ink, topleft=(x + u(76), y))
    figures = " · ".join(f"{KEY_WORDS.get(key, key)} {value}"
                         for key, value in keys if key != "won")
    text(surface, "serif", u(21), fit("serif", u(21), figures, box.w - u(360)),
         theme.INK_SOFT, topleft=(x + u(250), y + u(3)))
