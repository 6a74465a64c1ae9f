"""Where the bundled art lives, and font loading with a per-size cache."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent / "assets"
FONTS = {
    "display": "Cinzel-Regular.ttf",
    "display_bold": "Cinzel-Bold.ttf",
    "serif": "EBGaramond-Regular.ttf",
    "serif_italic": "EBGaramond-Italic.ttf",
    "serif_bold": "EBGaramond-SemiBold.ttf",
}


def asset_path(name: str) -> Path:
    """The path of a bundled asset file."""
    return ASSETS / name


@cache
def font(face: str, size: int) -> pygame.font.Font:
    """A bundled font (see FONTS) at a pixel size; loaded once per (face, size)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(ASSETS / "fonts" / FONTS[face]), max(6, int(size)))


def text(face: str, size: int, words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """Anti-aliased text on a transparent surface."""
    return font(face, size).render(words, True, colour)
