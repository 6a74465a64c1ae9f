"""Text rendering: halos for map labels, letter-spacing for titles, wrapping for prose."""

from __future__ import annotations

import pygame

from sprites.colour import RGB
from sprites.resources import font


def render(face: str, size: int, words: str, colour: RGB, tracking: float = 0.0
           ) -> pygame.Surface:
    """Anti-aliased text; `tracking` adds that many ems between letters."""
    f = font(face, size)
    if not tracking:
        return f.render(words, True, colour)
    gap = round(size * tracking)
    glyphs = [f.render(ch, True, colour) for ch in words]
    width = sum(g.get_width() for g in glyphs) + gap * max(0, len(glyphs) - 1)
    out = pygame.Surface((max(1, width), f.get_height()), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        out.blit(glyph, (x, 0))
        x += glyph.get_width() + gap
    return out


def with_halo(text: pygame.Surface, halo: pygame.Surface, radius: int = 1) -> pygame.Surface:
    """Text over a soft outline of itself (readable on any background)."""
    w, h = text.get_size()
    out = pygame.Surface((w + 2 * radius, h + 2 * radius), pygame.SRCALPHA)
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if dx or dy:
                out.blit(halo, (radius + dx, radius + dy))
    out.blit(text, (radius, radius))
    return out


def label(face: str, size: int, words: str, colour: RGB, halo: RGB, tracking: float = 0.0,
          radius: int = 1, alpha: int = 255) -> pygame.Surface:
    """A map label: text with a halo, optionally translucent."""
    out = with_halo(render(face, size, words, colour, tracking),
                    render(face, size, words, halo, tracking), radius)
    if alpha < 255:
        out.set_alpha(alpha)
    return out


def wrap(face: str, size: int, words: str, width: int) -> list[str]:
    """Lines of at most `width` px (words never split)."""
    f = font(face, size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
