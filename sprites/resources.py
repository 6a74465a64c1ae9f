"""Where the bundled art lives, and font loading with a per-size cache."""

from __future__ import annotations

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


_FONTS: dict[tuple[str, int], pygame.font.Font] = {}
"""The fonts loaded since the font module was last started."""


def font(face: str, size: int) -> pygame.font.Font:
    """A bundled font (see FONTS) at a pixel size; loaded once per (face, size) while the font
    module runs (fonts loaded before a `pygame.quit()` are dead and loaded again)."""
    if not pygame.font.get_init():
        _FONTS.clear()
        pygame.font.init()
    key = (face, max(6, int(size)))
    if key not in _FONTS:
        _FONTS[key] = pygame.font.Font(str(ASSETS / "fonts" / FONTS[face]), key[1])
    return _FONTS[key]


def text(face: str, size: int, words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """Anti-aliased text on a transparent surface."""
    return font(face, size).render(words, True, colour)
