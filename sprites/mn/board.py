"""Around the map: the header (the round, the phase, whose decision it is), the decision
panel's words, the printed names of places and tiles, and the chronicle (Roll Through the
Ages' own)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.mn.map_picture import sides
from sprites.mn.words import PHASE_TITLES
from sprites.rtta.board import chronicle
from sprites.rtta.look import Scale, text

__all__ = ["chronicle", "empire_colour", "header", "prompt_words"]


def empire_colour(empire: str, colour_blind: bool = False) -> RGB:
    """An empire's colour, as the map tints its provinces (layout.yaml; ink if unknown)."""
    side = sides(colour_blind).get(empire)
    return side.colour if side is not None else theme.INK


def header(surface: pygame.Surface, u: Scale, rect: pygame.Rect, view: Mapping[str, Any],
           who: str) -> None:
    """The strip along the top: the game's name, the round and phase, whose decision."""
    text(surface, "display_bold", u(30), "MARE NOSTRUM", theme.INK,
         midleft=(rect.x + u(24), rect.centery - u(8)))
    text(surface, "serif_italic", u(18), "Empires", theme.INK_SOFT,
         midleft=(rect.x + u(26), rect.centery + u(20)))
    phase = PHASE_TITLES.get(str(view.get("phase", "")), "")
    middle = " · ".join(b for b in (f"Round {view.get('round', 1)}", phase, who) if b)
    text(surface, "serif_bold", u(26), middle, theme.INK, center=rect.center)
    pygame.draw.line(surface, theme.GOLD, (rect.x + u(16), rect.bottom - 2),
                     (rect.right - u(16), rect.bottom - 2), 2)


HINTS = {"claim": "Click a glowing resource in another empire's offer to claim it.",
         "give": "Click the resource on your screen you give.",
         "pay": "Click glowing resources on your screen one by one, then confirm.",
         "build": "Click a glowing province or sea to build there, a tile of the display "
                  "(Heroes & Wonders) to recruit it, or be done.",
         "march": "Click a glowing province to march a legion there.",
         "sail": "Click a glowing sea to sail a trireme there."}
"""The hint under the prompt, by the first verb of the legal actions that has one."""
SEALING = "Click resources on your screen to offer them face down; Take back returns one."


def prompt_words(prompt: str, who: str, verbs: Collection[str], sealing: bool
                 ) -> tuple[str, str, str]:
    """(who, why, hint) over the decision panel; `verbs`: those of the legal actions."""
    if sealing:
        return f"{who}: your offer", prompt, SEALING
    if not verbs:
        return who, prompt, ""
    hint = next((words for verb, words in HINTS.items() if verb in verbs),
                "Choose with a button.")
    return f"{who}: your decision", prompt, hint
