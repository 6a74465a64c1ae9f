"""The end of the game, over the table: each player's score part by part, the winner (or,
in solitaire, the score against the target), and the way back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.core.outcome import Outcome
from sprites import theme
from sprites.colour import RGB
from sprites.rtta.look import Scale, text
from sprites.rtta.sheet import SCORE_PARTS
from sprites.rtta.words import seat_name
from sprites.ui.widgets import panel


def rows(view: Mapping[str, Any]) -> list[str]:
    """The score parts any player has (bonuses by name), in the sheet's order."""
    keys = [key for key, _ in SCORE_PARTS
            if key != "colonies" or view["mediterranean"]]
    bonuses = sorted({b for p in view["players"] for b, v in p["score"]["bonuses"].items()
                      if v})
    return keys[:2] + [f"bonus:{b}" for b in bonuses] + keys[2:]


def _value(player: Mapping[str, Any], key: str) -> int:
    score = player["score"]
    if key.startswith("bonus:"):
        return int(score["bonuses"].get(key[6:], 0))
    return int(score[key])


def _label(key: str) -> str:
    names = dict(SCORE_PARTS)
    return names.get(key) or key[6:].replace("_", " ").title() + " bonus"


def verdict(view: Mapping[str, Any], outcome: Outcome) -> str:
    """One line: who won, or how the solitaire score stands against the target."""
    if outcome.target is not None:
        total = view["players"][0]["score"]["total"]
        beaten = "beats" if total >= outcome.target else "falls short of"
        return f"Your score of {total} {beaten} the target of {outcome.target}."
    names = " and ".join(seat_name(s) for s in outcome.winners)
    return f"{names} {'win' if len(outcome.winners) > 1 else 'wins'}."


def draw_end(surface: pygame.Surface, u: Scale, view: Mapping[str, Any], outcome: Outcome,
             colour: Callable[[int], RGB]) -> pygame.Rect:
    """The score table in a panel across the middle of the screen; the panel."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((30, 22, 16, 150))
    surface.blit(shade, (0, 0))
    players = view["players"]
    parts = rows(view)
    box = pygame.Rect(0, 0, u(360) + len(players) * u(190), u(300) + len(parts) * u(34))
    box.center = (w // 2, h // 2)
    panel(surface, box)
    text(surface, "display_bold", u(40), "THE GAME IS OVER", theme.INK,
         midtop=(box.centerx, box.y + u(24)))
    text(surface, "serif_italic", u(24), verdict(view, outcome), theme.WAX,
         midtop=(box.centerx, box.y + u(80)))
    x0, y = box.x + u(40), box.y + u(136)
    column = u(190)
    for seat in range(len(players)):
        cx = x0 + u(300) + seat * column + column // 2
        pygame.draw.rect(surface, colour(seat), (cx - u(50), y + u(4), u(100), u(6)))
        text(surface, "serif_bold", u(21), seat_name(seat), theme.INK, midtop=(cx, y + u(12)))
    y += u(46)
    for key in [*parts, "total"]:
        total = key == "total"
        face = "display_bold" if total else "serif"
        if total:
            pygame.draw.line(surface, theme.INK_SOFT, (x0, y), (box.right - u(40), y), 1)
        text(surface, face, u(21), "Total" if total else _label(key), theme.INK,
             topleft=(x0, y + u(4)))
        for seat, player in enumerate(players):
            cx = x0 + u(300) + seat * column + column // 2
            value = player["score"]["total"] if total else _value(player, key)
            ink = theme.WAX if total and seat in outcome.winners else theme.INK
            text(surface, face, u(21), str(value), ink, midtop=(cx, y + u(4)))
        y += u(34)
    return box
