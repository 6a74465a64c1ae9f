"""Empire colours stay far apart for protan and deutan vision (simulated), in both palettes."""

from __future__ import annotations

import itertools

import pytest

from sprites import theme
from sprites.colour import difference, hex_rgb

MIN_DELTA_E = 15.0
"""CIE76 ΔE: about 2.3 is a just-noticeable difference; 15 is plainly different."""


@pytest.mark.parametrize("palette", [theme.EMPIRE_COLOURS, theme.EMPIRE_COLOURS_SAFE],
                         ids=["default", "colour-blind-safe"])
@pytest.mark.parametrize("vision", [None, "protanopia", "deuteranopia"])
def test_every_pair_of_empires_differs_clearly(palette: dict, vision: str | None) -> None:
    assert set(palette) == set(theme.EMPIRES)
    worst = min(itertools.combinations(palette, 2),
                key=lambda pair: difference(palette[pair[0]], palette[pair[1]], vision))
    delta = difference(palette[worst[0]], palette[worst[1]], vision)
    assert delta >= MIN_DELTA_E, f"{worst} only {delta:.1f} apart ({vision})"


@pytest.mark.parametrize("palette", [theme.EMPIRE_COLOURS, theme.EMPIRE_COLOURS_SAFE])
def test_owned_cities_stand_out_from_neutral_ones(palette: dict) -> None:
    for vision in (None, "protanopia", "deuteranopia"):
        for colour in palette.values():
            assert difference(colour, theme.NEUTRAL, vision) >= MIN_DELTA_E


def test_the_simulation_is_sane() -> None:
    red, green = hex_rgb("#d62728"), hex_rgb("#2ca02c")
    assert difference(red, green) > 60
    assert difference(red, green, "deuteranopia") < difference(red, green) / 2
    assert difference(red, red, "protanopia") == 0
