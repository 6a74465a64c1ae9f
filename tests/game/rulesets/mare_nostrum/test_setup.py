"""Set-up (set-up 1-5, 3-4 players): empires, tracks, titles, reserves, display, scenarios."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.errors import IllegalEntry
from game.rulesets.mare_nostrum.setup import initial_state, scenarios
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_mn import config, content, start


def test_scenarios_seat_the_empires_by_player_count() -> None:
    shown = {s.id: s.seats for s in scenarios(content())}
    assert shown == {"5": ("Rome", "Greece", "Babylon", "Egypt", "Carthage"),
                     "4": ("Rome", "Greece", "Egypt", "Carthage"),
                     "3": ("Rome", "Greece", "Carthage")}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tracks_start_at_the_printed_values(players: int) -> None:
    state = start(players)
    for player in state.players:
        leader = content().empire(player.empire).leader
        assert player.tracks == (leader.trade, leader.culture, leader.military)


def test_each_empire_controls_its_three_provinces_and_leads_with_its_hero() -> None:
    state = start()
    for seat, player in enumerate(state.players):
        empire = content().empire(player.empire)
        owned = {a.id for a in state.provinces if a.controller == seat}
        assert owned == {p.province for p in empire.provinces}
        assert player.tiles == (empire.starting_hero,)


def test_reserves_lose_the_placed_buildings() -> None:
    state = start()
    placed = sum(len(a.buildings) for a in state.provinces)
    supplies = content().supplies
    total = sum(supplies.building(piece) for piece, _ in supplies.buildings)
    assert sum(state.supply.buildings) == total - placed
    assert len(state.supply.legendary_pile) == 13


def test_first_games_display_turns_five_by_chance_beside_the_pyramids() -> None:
    display = start(mode="first games").display
    assert display.face_up == ("pyramids",) and display.to_turn == 5
    assert len(display.face_down) == 17


def test_experienced_display_shows_every_tile() -> None:
    display = start(mode="experienced").display
    assert len(display.face_up) == 18 and not display.face_down and display.to_turn == 0


def test_wrong_seat_count_or_option_is_refused() -> None:
    with pytest.raises(IllegalEntry):
        initial_state(content(), replace(config(4), seats=("bot:random",) * 3))
    with pytest.raises(IllegalEntry):
        initial_state(content(), config(5, mode="sometimes"))


def test_three_players_leave_babylon_and_egypt_empty() -> None:
    state = start(3)
    for area in state.provinces:
        if not content().province(area.id).in_play(3):
            assert area.controller == NOBODY and not area.buildings
