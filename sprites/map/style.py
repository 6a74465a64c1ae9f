"""Sizes that grow gently with zoom: strokes, symbols and type stay readable at every level."""

from __future__ import annotations

from sprites import theme
from sprites.colour import RGB

REFERENCE_SCALE = 0.3
"""Screen px per board unit at which the base sizes below hold (the whole map at 1080 px)."""

LAND_ROUTE: RGB = (112, 88, 66)
COASTAL_ROUTE: RGB = (44, 84, 104)
BARBARIAN_ROUTE: RGB = theme.WAX
SEA_INK: RGB = (62, 96, 108)
LABEL_INK: RGB = theme.INK
AREA_INK: RGB = (120, 40, 30)


def growth(scale: float, power: float = 0.5, cap: float = 3.0) -> float:
    """How much bigger than at the reference scale things are drawn (a damped zoom)."""
    return min(cap, max(0.8, (scale / REFERENCE_SCALE) ** power))


def route_width(scale: float) -> float:
    """Route stroke width in px."""
    return 1.4 * growth(scale, 0.45)


def city_radius(size: int, scale: float) -> int:
    """City symbol radius in px by city size (1-3)."""
    return round((3.6 + 1.5 * size) * growth(scale, 0.55))


def area_radius(scale: float) -> int:
    """Barbarian emblem radius in px."""
    return round(7.5 * growth(scale, 0.55))


def city_font(size: int, scale: float) -> int:
    """City label type size in px."""
    return round((11.5 + 1.5 * size) * growth(scale, 0.4, 1.8))


def province_font(scale: float) -> int:
    """Province name type size in px."""
    return round(21 * growth(scale, 0.45, 1.9))


def sea_font(scale: float, major: bool) -> int:
    """Sea name type size in px."""
    return round((24 if major else 15) * growth(scale, 0.6, 2.6))


def area_font(scale: float) -> int:
    """Barbarian area label type size in px."""
    return round(12.5 * growth(scale, 0.4, 1.8))
