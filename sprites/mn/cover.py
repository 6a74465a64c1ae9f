"""The hot seat's "pass the screen" plaque: while it is up only what everyone sees is drawn;
its one button, lit after a moment, shows the next person their own screen."""

from __future__ import annotations

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.rtta.look import Scale, text
from sprites.rtta.panel import ActionButton
from sprites.scenes.base import intent
from sprites.ui.widgets import panel


def draw_cover(surface: pygame.Surface, u: Scale, centre: tuple[int, int], name: str,
               colour: RGB, ready: bool) -> ActionButton:
    """The plaque, framed in the empire's colour; its button (greyed until `ready`)."""
    box = pygame.Rect(0, 0, u(780), u(300))
    box.center = centre
    panel(surface, box)
    pygame.draw.rect(surface, colour, box.inflate(-u(24), -u(24)), u(6))
    text(surface, "display_bold", u(40), f"Pass the screen to {name}", theme.INK,
         center=(box.centerx, box.y + u(80)))
    text(surface, "serif_italic", u(24), "Resources stay behind each empire's screen until "
         "its player is here.", theme.INK_SOFT, center=(box.centerx, box.y + u(132)))
    button = pygame.Rect(0, 0, u(520), u(56))
    button.center = (box.centerx, box.y + u(210))
    shown = ActionButton(button, f"I am {name} — show my screen", intent("reveal"), ready)
    shown.draw(surface, u)
    return shown
