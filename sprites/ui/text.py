"""Text rendering: halos for map labels, letter-spacing for titles, wrapping for prose, and
`draw_text`, whose lines a `TextRecorder` collects (tests read what the screen says)."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, ClassVar

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
    """Lines of at most `width` px; a word wider than a whole line is cut (after a space,
    / - _ or . where one is near), its first piece filling the line it starts on."""
    f = font(face, size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width:
                line = trial
            elif f.size(word)[0] > width:
                *full, line = _pieces(f, trial, width)
                lines.extend(full)
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _pieces(f: pygame.font.Font, words: str, width: int) -> list[str]:
    """Words cut into pieces no wider than `width`, each as full as a near break allows."""
    pieces: list[str] = []
    while len(words) > 1 and f.size(words)[0] > width:
        fits = max(1, bisect_right(range(1, len(words) + 1), width,
                                   key=lambda n: f.size(words[:n])[0]))
        soft = max(words.rfind(mark, 0, fits) for mark in " /\\-_.") + 1
        cut = soft if soft > fits // 2 else fits
        pieces.append(words[:cut].rstrip())
        words = words[cut:].lstrip()
    return [*pieces, words]


def elide(face: str, size: int, words: str, width: int) -> str:
    """The words, cut short with "…" if they are wider than `width` px."""
    f = font(face, size)
    if f.size(words)[0] <= width:
        return words
    keep = bisect_right(range(len(words) + 1), width, key=lambda n: f.size(words[:n] + "…")[0])
    return words[:max(0, keep - 1)].rstrip() + "…"


class TextRecorder:
    """Collects every line `draw_text` draws while it is active (`with TextRecorder() as r`)."""

    active: ClassVar[list[TextRecorder]] = []

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __enter__(self) -> TextRecorder:
        TextRecorder.active.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        TextRecorder.active.remove(self)

    @property
    def said(self) -> str:
        """Everything recorded, with no spaces (to find a wrapped sentence in it)."""
        return "".join("".join(self.texts).split())


def record(texts: tuple[str, ...] | list[str]) -> None:
    """Note texts drawn (for the recorders active now)."""
    for recorder in TextRecorder.active:
        recorder.texts.extend(texts)


def draw_text(surface: pygame.Surface, face: str, size: int, words: str, colour: RGB,
              **where: Any) -> pygame.Rect:
    """Draw one line placed by a Rect keyword (`center=…`), recorded; the rectangle drawn."""
    record([words])
    image = render(face, size, words, colour)
    return surface.blit(image, image.get_rect(**where))


def draw_lines(surface: pygame.Surface, face: str, size: int, lines: list[str], colour: RGB,
               top: int, x: int, anchor: str = "midtop") -> int:
    """Lines one under another from `top`, each placed at `x` by `anchor`; the y below them."""
    for line in lines:
        top = draw_text(surface, face, size, line, colour, **{anchor: (x, top)}).bottom
    return top
