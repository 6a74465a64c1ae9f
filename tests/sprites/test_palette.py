"""Empire colours stay far apart for protan and deutan vision (simulated), in both palettes;
the empires that share a scenario stay widely separated (CIEDE2000), scenario by scenario."""

from __future__ import annotations

import itertools

import pygame
import pytest

from sprites import content, theme
from sprites.colour import RGB, delta_e2000, difference, hex_rgb

MIN_DELTA_E = 15.0
"""CIE76 ΔE: about 2.3 is a just-noticeable difference; 15 is plainly different."""
SCENARIO_DELTA_E = {(False, None): 25.0, (True, None): 20.0, (True, "protanopia"): 15.0,
                    (True, "deuteranopia"): 15.0}
"""Least CIEDE2000 ΔE between two empires of one scenario, by (colour-blind palette, vision).
ΔE2000 ≈ 1 is a just-noticeable difference for large patches side by side; markers are small
(10-30 px) and seen apart on a busy map, where differences must be several times larger to
be told apart at a glance (Szafir 2018, "Modeling Color Difference for Visualization
Design"), so 25 in the normal palette. The colour-blind palette keeps 20 for normal vision and
15 for simulated dichromats, whose colours collapse onto lightness and blue-yellow: the
markers' letters (the empire's initial) carry the rest."""


def _scenario_worst(palette: dict[str, RGB], vision: str | None
                    ) -> list[tuple[float, int, str, str]]:
    """Each scenario's closest pair of empires: (ΔE2000, scenario number, empire, empire)."""
    worst = []
    for setup in content.content().setups:
        empires = [e.empire for e in setup.empires]
        delta, a, b = min((delta_e2000(palette[a], palette[b], vision), a, b)
                          for a, b in itertools.combinations(empires, 2))
        worst.append((delta, setup.number, a, b))
    return worst


@pytest.mark.parametrize(("colour_blind", "vision"), sorted(SCENARIO_DELTA_E, key=str))
def test_the_empires_of_every_scenario_are_far_apart(colour_blind: bool, vision: str | None
                                                     ) -> None:
    palette = theme.EMPIRE_COLOURS_SAFE if colour_blind else theme.EMPIRE_COLOURS
    floor = SCENARIO_DELTA_E[(colour_blind, vision)]
    close = [f"scenario {n}: {a}-{b} {d:.1f}" for d, n, a, b in _scenario_worst(palette, vision)
             if d < floor]
    assert not close, f"below {floor} ΔE2000 ({vision or 'normal vision'}): {close}"


def test_every_scenario_is_checked() -> None:
    setups = content.content().setups
    assert len(setups) == 13 and any(len(s.empires) == len(theme.EMPIRES) for s in setups)
    assert {e.empire for s in setups for e in s.empires} <= set(theme.EMPIRES)


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
def test_owned_cities_stand_out_from_neutral_ones_and_the_parchment(palette: dict) -> None:
    for vision in (None, "protanopia", "deuteranopia"):
        for colour in palette.values():
            assert difference(colour, theme.NEUTRAL, vision) >= MIN_DELTA_E
            assert delta_e2000(colour, theme.NEUTRAL, vision) >= MIN_DELTA_E
    for colour in palette.values():
        assert delta_e2000(colour, theme.PARCHMENT) >= MIN_DELTA_E


def test_no_empire_passes_for_a_barbarian_shield() -> None:
    """Barbarian areas are wax-red shields: Rome's red keeps clear of them."""
    for colour in theme.EMPIRE_COLOURS.values():
        assert delta_e2000(colour, theme.WAX) >= 20


def test_the_simulation_is_sane() -> None:
    red, green = hex_rgb("#d62728"), hex_rgb("#2ca02c")
    assert difference(red, green) > 60
    assert difference(red, green, "deuteranopia") < difference(red, green) / 2
    assert difference(red, red, "protanopia") == 0


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_sharmas_reference_pairs(lab1: tuple[float, float, float],
                                                    lab2: tuple[float, float, float],
                                                    expected: float) -> None:
    from sprites.colour import ciede2000

    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def _drawn_words(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """Every text a module renders from now on (its `render` wrapped)."""
    from sprites.ui import text

    words: list[str] = []
    real = text.render

    def render(face: str, size: int, line: str, *args: object, **kwargs: object
               ) -> pygame.Surface:
        words.append(line)
        return real(face, size, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "render", render)
    return words


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_vp_track_letters_its_markers_in_every_mode(
        display: pygame.Surface, monkeypatch: pytest.MonkeyPatch, colour_blind: bool) -> None:
    from sprites.table import hud

    seats = [hud.SeatLine(e, vp, 1, 5, 20, 0, "human")
             for e, vp in (("rome", 10), ("carthage", 10), ("iberia", 10), ("egypt", 45))]
    model = hud.HudModel("3. The Second Punic War", 1, 6, 1, "", "", 0, 4, seats,
                         colour_blind=colour_blind)
    words = _drawn_words(monkeypatch, hud)
    hud.draw_hud(pygame.Surface((420, 900)), model, lambda px: round(px))
    track = words[words.index("VICTORY POINTS"):words.index("CHRONICLE")]
    initials = [w for w in track if w in theme.EMPIRE_INITIALS.values()]
    assert initials == ["E", "R", "C", "I", "R", "C", "I"]  # on the grid, then the crowd of 10
    assert "10:" in track


def test_city_markers_are_lettered_large_in_colour_blind_mode_only(
        display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    from sprites.map import markers
    from sprites.map.picture import NEUTRAL, CityState
    from sprites.ui import text

    words = _drawn_words(monkeypatch, text)
    markers.city_sprite.cache_clear()
    markers.city_sprite(2, 12, CityState("persia"), False, False)
    markers.city_sprite(2, 12, CityState(NEUTRAL), False, True)
    assert words == []
    sprite = markers.city_sprite(2, 12, CityState("persia"), False, True)
    assert words == ["P", "P"]  # the letter and its halo
    ink = sprite.get_bounding_rect()
    assert ink.w >= 24  # the disc, letter and all
    markers.city_sprite.cache_clear()
