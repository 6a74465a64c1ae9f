"""The score sheet's drawing kit: a scale for the window, small inked icons (food, people,
goods, skulls…), dice faces, boxes, peg holes and highlights, in the project's palette."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pygame

from sprites import theme
from sprites.colour import RGB, darker, lighter, mix
from sprites.ui.text import elide, render

WHEAT: RGB = (196, 150, 48)
LEAF: RGB = (92, 120, 58)
CLAY: RGB = (150, 96, 58)
LAPIS: RGB = (52, 86, 150)
BONE: RGB = (244, 238, 222)
IVORY: RGB = (250, 244, 228)
HIGHLIGHT: RGB = (214, 150, 30)
"""The glow around what a click may choose now."""
SELECTED: RGB = theme.WAX


class Scale:
    """Design pixels (for a 1920×1080 window) to this window's pixels."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.factor = min(size[0] / 1920, size[1] / 1080)

    def __call__(self, px: float) -> int:
        return max(1, round(px * self.factor))


_LINES: dict[tuple[str, int, str, RGB], pygame.Surface] = {}
"""Lines rendered lately (the sheet redraws the same words every frame)."""
LINES_KEPT = 4000


def forget_lines() -> None:
    """Drop the rendered lines (a new window size, or a test that watches the rendering)."""
    _LINES.clear()


def line(face: str, size: int, words: str, colour: RGB) -> pygame.Surface:
    """A rendered line, from the cache when it was drawn lately."""
    key = (face, size, words, colour)
    image = _LINES.get(key)
    if image is None:
        if len(_LINES) >= LINES_KEPT:
            _LINES.clear()
        image = _LINES[key] = render(face, size, words, colour)
    return image


def text(surface: pygame.Surface, face: str, size: int, words: str, colour: RGB,
         **where: tuple[int, int]) -> pygame.Rect:
    """One line placed by a Rect keyword; the rectangle drawn."""
    image = line(face, size, words, colour)
    return surface.blit(image, image.get_rect(**where))


@functools.lru_cache(maxsize=2000)
def fit(face: str, size: int, words: str, width: int) -> str:
    """The words, cut short with an ellipsis to fit `width` (remembered)."""
    return elide(face, size, words, width)


def glow(surface: pygame.Surface, rect: pygame.Rect, colour: RGB = HIGHLIGHT,
         width: int = 3) -> None:
    """A bright rounded frame with a faint wash inside: this can be clicked now."""
    frame = rect.inflate(width * 2, width * 2)
    wash = pygame.Surface(frame.size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*colour, 34), wash.get_rect(), border_radius=width * 2)
    surface.blit(wash, frame)
    pygame.draw.rect(surface, colour, frame, width, border_radius=width * 2)


def box(surface: pygame.Surface, rect: pygame.Rect, filled: bool, colour: RGB = theme.INK
        ) -> None:
    """A sheet box: empty, or crossed out in ink."""
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect)
    pygame.draw.rect(surface, theme.INK_SOFT, rect, 1)
    if filled:
        inset = rect.inflate(-max(2, rect.w // 5), -max(2, rect.h // 5))
        width = max(1, rect.w // 8)
        pygame.draw.line(surface, colour, inset.topleft, inset.bottomright, width)
        pygame.draw.line(surface, colour, inset.bottomleft, inset.topright, width)


def hole(surface: pygame.Surface, centre: tuple[int, int], radius: int,
         peg: RGB | None = None) -> None:
    """A peg hole, with a peg in it when `peg` is its colour."""
    pygame.draw.circle(surface, darker(theme.PARCHMENT_DARK, 0.25), centre, radius)
    pygame.draw.circle(surface, theme.INK_SOFT, centre, radius, 1)
    if peg is not None:
        big = round(radius * 1.35)
        pygame.draw.circle(surface, darker(peg, 0.45), (centre[0] + 1, centre[1] + 2), big)
        pygame.draw.circle(surface, peg, centre, big)
        pygame.draw.circle(surface, lighter(peg, 0.5),
                           (centre[0] - big // 3, centre[1] - big // 3), max(1, big // 3))


# -- icons ---------------------------------------------------------------------------------

def _food(s: pygame.Surface, r: pygame.Rect) -> None:
    cx, w = r.centerx, max(2, r.w // 6)
    pygame.draw.line(s, LEAF, (cx, r.bottom - 1), (cx, r.y + r.h // 3), max(1, w // 2))
    for k in range(3):
        y = r.y + r.h * (0.12 + 0.2 * k)
        for side in (-1, 1):
            grain = pygame.Rect(0, 0, w * 2, w)
            grain.center = (round(cx + side * w * 0.9), round(y + w))
            pygame.draw.ellipse(s, WHEAT, grain)
            pygame.draw.ellipse(s, darker(WHEAT, 0.4), grain, 1)
    tip = pygame.Rect(0, 0, w, w * 2)
    tip.midtop = (cx, r.y)
    pygame.draw.ellipse(s, WHEAT, tip)


def _people(s: pygame.Surface, r: pygame.Rect) -> None:
    head = max(2, r.w // 5)
    pygame.draw.circle(s, theme.INK, (r.centerx, r.y + head + 1), head)
    top = r.y + head * 2 + max(1, r.h // 12)
    shoulders = pygame.Rect(r.x + r.w // 8, top, r.w * 3 // 4, r.h // 3)
    pygame.draw.ellipse(s, theme.INK, shoulders)
    pygame.draw.rect(s, theme.INK, (shoulders.x, shoulders.centery, shoulders.w,
                                    r.bottom - shoulders.centery))


def _goods(s: pygame.Surface, r: pygame.Rect) -> None:
    jar = r.inflate(-r.w // 4, -r.h // 8)
    pygame.draw.ellipse(s, CLAY, jar.inflate(0, -jar.h // 4).move(0, jar.h // 8))
    neck = pygame.Rect(0, 0, jar.w // 2, jar.h // 3)
    neck.midtop = jar.midtop
    pygame.draw.rect(s, CLAY, neck)
    pygame.draw.line(s, darker(CLAY, 0.4), neck.topleft, neck.topright, max(1, r.w // 10))
    pygame.draw.ellipse(s, darker(CLAY, 0.4), jar.inflate(0, -jar.h // 4).move(0, jar.h // 8), 1)


def _innovation(s: pygame.Surface, r: pygame.Rect) -> None:
    c, rad = r.center, r.w // 3
    for k in range(8):
        a = k * math.pi / 4
        end = (c[0] + math.cos(a) * rad * 1.45, c[1] + math.sin(a) * rad * 1.45)
        pygame.draw.line(s, LAPIS, c, end, max(1, r.w // 7))
    pygame.draw.circle(s, LAPIS, c, rad)
    pygame.draw.circle(s, IVORY, c, max(1, rad // 2))


def _skull(s: pygame.Surface, r: pygame.Rect) -> None:
    head = pygame.Rect(0, 0, r.w * 4 // 5, r.h * 2 // 3)
    head.midtop = (r.centerx, r.y)
    jaw = pygame.Rect(0, 0, r.w // 2, r.h // 3)
    jaw.midtop = (r.centerx, head.bottom - r.h // 8)
    for part in (head, jaw):
        pygame.draw.ellipse(s, BONE, part) if part is head else pygame.draw.rect(s, BONE, part)
    pygame.draw.ellipse(s, theme.INK, head, 1)
    eye = max(2, r.w // 7)
    for side in (-1, 1):
        pygame.draw.circle(s, theme.INK, (r.centerx + side * r.w // 6, head.centery), eye)


def _anchor(s: pygame.Surface, r: pygame.Rect) -> None:
    w = max(1, r.w // 9)
    pygame.draw.line(s, LAPIS, (r.centerx, r.y + r.h // 5), (r.centerx, r.bottom - 2), w)
    pygame.draw.circle(s, LAPIS, (r.centerx, r.y + r.h // 8), max(2, r.w // 8), w)
    pygame.draw.line(s, LAPIS, (r.x + r.w // 4, r.y + r.h * 2 // 5),
                     (r.right - r.w // 4, r.y + r.h * 2 // 5), w)
    arc = pygame.Rect(r.x + r.w // 8, r.y + r.h // 4, r.w * 3 // 4, r.h * 3 // 4 - 2)
    pygame.draw.arc(s, LAPIS, arc, math.pi * 1.05, math.pi * 1.95, w)


def _coin(s: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.circle(s, theme.GOLD, r.center, r.w * 2 // 5)
    pygame.draw.circle(s, theme.GOLD_LIGHT, r.center, r.w * 2 // 5 - max(1, r.w // 10))
    pygame.draw.circle(s, darker(theme.GOLD, 0.3), r.center, r.w * 2 // 5, 1)


def _army(s: pygame.Surface, r: pygame.Rect) -> None:
    w = max(1, r.w // 9)
    for side in (-1, 1):
        pygame.draw.line(s, theme.INK_SOFT, (r.centerx - side * r.w * 0.38, r.bottom - 2),
                         (r.centerx + side * r.w * 0.38, r.y + 2), w + 1)
    shield = pygame.Rect(0, 0, r.w // 2, r.h // 2)
    shield.center = r.center
    pygame.draw.ellipse(s, theme.WAX, shield)
    pygame.draw.ellipse(s, theme.INK, shield, 1)


def _ship(s: pygame.Surface, r: pygame.Rect) -> None:
    hull = [(r.x + 1, r.y + r.h * 0.62), (r.right - 1, r.y + r.h * 0.62),
            (r.right - r.w * 0.2, r.bottom - 2), (r.x + r.w * 0.2, r.bottom - 2)]
    pygame.draw.polygon(s, CLAY, hull)
    pygame.draw.line(s, theme.INK, (r.centerx, r.y + 2), (r.centerx, r.y + r.h * 0.62), 1)
    pygame.draw.polygon(s, BONE, [(r.centerx + 1, r.y + 3), (r.right - r.w * 0.15,
                                                             r.y + r.h * 0.55),
                                  (r.centerx + 1, r.y + r.h * 0.55)])


def _mine(s: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.polygon(s, theme.INK_SOFT, [(r.x + 1, r.bottom - 1), (r.centerx, r.y + 2),
                                            (r.right - 1, r.bottom - 1)])
    pygame.draw.circle(s, theme.GOLD_LIGHT, (r.centerx, r.y + r.h * 2 // 3), max(1, r.w // 7))


def _eye(s: pygame.Surface, r: pygame.Rect) -> None:
    lid = r.inflate(0, -r.h // 3)
    pygame.draw.ellipse(s, IVORY, lid)
    pygame.draw.ellipse(s, (96, 56, 120), lid, max(1, r.w // 10))
    pygame.draw.circle(s, (96, 56, 120), r.center, r.h // 5)


def _sun(s: pygame.Surface, r: pygame.Rect) -> None:
    c = r.center
    for k in range(12):
        a = k * math.pi / 6
        pygame.draw.line(s, (196, 96, 40), c, (c[0] + math.cos(a) * r.w / 2,
                                               c[1] + math.sin(a) * r.h / 2), 1)
    pygame.draw.circle(s, (214, 120, 46), c, r.w // 3)


def _plus_food(s: pygame.Surface, r: pygame.Rect) -> None:
    _food(s, r)
    pygame.draw.circle(s, LEAF, (r.right - r.w // 6, r.y + r.h // 6), max(2, r.w // 6))


ICONS: dict[str, Callable[[pygame.Surface, pygame.Rect], None]] = {
    "food": _food, "population": _people, "good": _goods, "innovation": _innovation,
    "skull": _skull, "port": _anchor, "wealth": _coin, "army": _army, "ship": _ship,
    "mine": _mine, "omens": _eye, "drought": _sun, "abundance": _plus_food,
    "tribute": _coin, "conquest": _army,
}
"""Little drawings by name: the sheet's resources, the colony rewards, the Fate's calls."""


def icon(surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    """Draw an icon (nothing for an unknown name)."""
    draw = ICONS.get(name)
    if draw is not None:
        draw(surface, rect)


# -- dice ----------------------------------------------------------------------------------

FACES: dict[str, tuple[tuple[str, str], ...]] = {
    "pop3": (("3", "population"),),
    "food3": (("3", "food"),),
    "food2_or_pop2": (("2", "food"), ("/", ""), ("2", "population")),
    "innovation": (("1", "innovation"),),
    "goods_per_port": (("1", "good"), ("/", ""), ("", "port")),
    "good_pop_skull": (("", "good"), ("", "population"), ("", "skull")),
    "abundance": (("", "abundance"),),
    "drought": (("", "drought"),),
    "omens": (("", "omens"),),
    "conquest": (("", "conquest"),),
    "tribute": (("", "tribute"),),
    "fate_good_pop_skull": (("", "good"), ("", "population"), ("", "skull")),
}
"""How each face is drawn: (figure, icon) pieces; "/" is the either-or stroke."""
FATE_CAPTIONS = {"abundance": "Abundance", "drought": "Drought", "omens": "Omens",
                 "conquest": "Conquest", "tribute": "Tribute"}


def die(surface: pygame.Surface, rect: pygame.Rect, face_id: str, fate: bool = False,
        dim: bool = False, name: str = "") -> None:
    """A die showing a face: ivory (the Fate die: lapis-edged), figures and icons."""
    shadow = rect.move(max(2, rect.w // 24), max(3, rect.w // 18))
    pygame.draw.rect(surface, darker(theme.INK, 0.2), shadow, border_radius=rect.w // 6)
    fill = mix(IVORY, theme.PARCHMENT_DARK, 0.5) if dim else IVORY
    pygame.draw.rect(surface, fill, rect, border_radius=rect.w // 6)
    edge = LAPIS if fate else theme.INK_SOFT
    pygame.draw.rect(surface, edge, rect, max(2, rect.w // 24), border_radius=rect.w // 6)
    pieces = FACES.get(face_id)
    if pieces is None:
        text(surface, "serif_bold", rect.h // 5, name or face_id, theme.INK, center=rect.center)
        return
    _face(surface, rect, pieces, face_id)


def _face(surface: pygame.Surface, rect: pygame.Rect, pieces: tuple[tuple[str, str], ...],
          face_id: str) -> None:
    """Figures beside their icons, left to right, the either-or stroke between."""
    caption = FATE_CAPTIONS.get(face_id)
    area = rect.inflate(-rect.w // 7, -rect.h // 4)
    if caption:
        area.h -= rect.h // 6
    widths = [0.45 if figure == "/" else 1.0 + (0.6 if figure else 0.0)
              for figure, _ in pieces]
    size = min(area.w / sum(widths), area.h * (0.62 if len(pieces) > 1 else 0.78))
    x = area.centerx - size * sum(widths) / 2
    for (figure, name), width in zip(pieces, widths, strict=True):
        if figure == "/":
            middle = round(x + size * width / 2)
            pygame.draw.line(surface, theme.INK_SOFT, (middle + size // 4, area.y + size * 0.1),
                             (middle - size // 4, area.bottom - size * 0.1),
                             max(1, rect.w // 30))
        else:
            if figure:
                text(surface, "display_bold", max(8, round(size * 0.8)), figure, theme.INK,
                     midleft=(round(x), area.centery))
            spot = pygame.Rect(0, 0, round(size), round(size))
            spot.midright = (round(x + size * width), area.centery)
            icon(surface, name, spot)
        x += size * width
    if caption:
        text(surface, "display_bold", max(7, rect.h // 8), caption.upper(), LAPIS,
             midbottom=(rect.centerx, rect.bottom - rect.h // 14))


def lock(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A skull die set aside: a wax seal over its corner."""
    c = (rect.right - rect.w // 8, rect.y + rect.h // 8)
    rad = max(4, rect.w // 7)
    pygame.draw.circle(surface, theme.WAX, c, rad)
    pygame.draw.circle(surface, darker(theme.WAX, 0.4), c, rad, 1)
    body = pygame.Rect(0, 0, rad, rad * 3 // 4)
    body.midtop = (c[0], c[1] - rad // 5)
    pygame.draw.rect(surface, IVORY, body)
    pygame.draw.arc(surface, IVORY, pygame.Rect(c[0] - rad // 3, c[1] - rad * 2 // 3,
                                                rad * 2 // 3, rad * 2 // 3), 0, math.pi, 2)
