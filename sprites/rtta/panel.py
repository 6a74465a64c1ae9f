"""The decision panel: whose decision it is and what the engine asks, then the answers as
buttons in words, laid out in rows (a chooser when one click could mean several actions)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import mix
from sprites.rtta.look import Scale, fit, text
from sprites.scenes.base import Intent
from sprites.ui.text import wrap


@dataclass
class ActionButton:
    """A plaque with a sentence on it that posts an intent."""

    rect: pygame.Rect
    words: str
    intent: Intent
    enabled: bool = True
    hovered: bool = False

    def draw(self, surface: pygame.Surface, u: Scale) -> None:
        """Parchment, ink edge, gold when hovered; greyed when disabled."""
        live = self.enabled and self.hovered
        fill = theme.PARCHMENT_LIGHT if live else theme.PARCHMENT
        pygame.draw.rect(surface, fill, self.rect, border_radius=u(5))
        edge = theme.GOLD if live else theme.INK_SOFT
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=u(5))
        ink = theme.WAX if live else theme.INK if self.enabled else mix(theme.INK,
                                                                         theme.PARCHMENT, 0.55)
        words = fit("serif_bold", u(21), self.words, self.rect.w - u(16))
        text(surface, "serif_bold", u(21), words, ink, center=self.rect.center)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the (enabled) button."""
        return self.enabled and self.rect.collidepoint(pos)


def flow(u: Scale, area: pygame.Rect, items: list[tuple[str, Intent, bool]]
         ) -> list[ActionButton]:
    """Buttons for (words, intent, enabled) placed left to right in rows across `area`."""
    buttons: list[ActionButton] = []
    x, y, height = area.x, area.y, u(44)
    for words, it, enabled in items:
        from sprites.resources import font

        width = min(area.w, font("serif_bold", u(21)).size(words)[0] + u(34))
        if x + width > area.right and x > area.x:
            x, y = area.x, y + height + u(8)
        if y + height > area.bottom:
            break
        buttons.append(ActionButton(pygame.Rect(x, y, width, height), words, it, enabled))
        x += width + u(10)
    return buttons


def prompt(surface: pygame.Surface, u: Scale, area: pygame.Rect, who: str, why: str,
           hint: str) -> int:
    """The panel's heading lines; the y below them."""
    y = text(surface, "display_bold", u(25), who, theme.INK, topleft=area.topleft).bottom
    for line in wrap("serif", u(21), why, area.w)[:2]:
        y = text(surface, "serif", u(21), line, theme.INK, topleft=(area.x, y)).bottom
    if hint:
        y = text(surface, "serif_italic", u(19), fit("serif_italic", u(19), hint, area.w),
                 theme.INK_SOFT, topleft=(area.x, y)).bottom
    return y + u(8)
