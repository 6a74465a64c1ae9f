"""The colony board: the seed's names and facts, and the authored design SOURCES.md explains."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rulesets.roll_through_the_ages.content import RttaContent, load_content

SEED_ORDER = ("Massalia", "Barcelona", "Mastia", "Palma", "Rusadir", "Ikosim", "Corsis",
              "Sardus", "Carthage", "Syracuse", "Melita", "Oea", "Cyrene", "Crete", "Rhodes",
              "Alexandria", "Arvad", "Cyprus", "Antioch")
SEEDED_REWARDS = {  # the seed's introduction and historical notes
    "crete": "ship", "barcelona": "mine", "mastia": "mine", "carthage": "food",
    "massalia": "army", "syracuse": "innovation", "alexandria": "innovation",
    "sardus": "mine", "cyprus": "mine", "oea": "food", "antioch": "good",
}


@pytest.fixture(scope="module")
def content() -> RttaContent:
    return load_content()


def test_the_19_colonies_north_west_to_east(content: RttaContent) -> None:
    assert tuple(colony.name for colony in content.colonies) == SEED_ORDER


@pytest.mark.parametrize(("colony", "symbol"), sorted(SEEDED_REWARDS.items()))
def test_the_seeds_rewards(content: RttaContent, colony: str, symbol: str) -> None:
    assert symbol in content.colony(colony).rewards
    assert not content.colony(colony).four_players_only


def test_melita_is_a_size_1_colony(content: RttaContent) -> None:
    assert content.colony("melita").size == 1


def test_every_size_for_the_solitaire_die(content: RttaContent) -> None:
    sizes = Counter(c.size for c in content.colonies if not c.four_players_only)
    assert sorted(sizes) == [1, 2, 3, 4]
    assert sizes == {1: 2, 2: 4, 3: 6, 4: 3}


def test_one_reward_symbol_per_hole(content: RttaContent) -> None:
    assert all(len(c.rewards) == c.size for c in content.colonies)


def test_holes_for_15_pegs_a_player(content: RttaContent) -> None:
    """48 holes for 4 players (60 pegs), 40 for 1-3 (SOURCES.md gives the arithmetic)."""
    assert sum(c.size for c in content.colonies) == 48
    assert sum(c.size for c in content.colonies if not c.four_players_only) == 40
    assert [c.id for c in content.colonies if c.four_players_only] == [
        "palma", "corsis", "cyrene", "arvad"]


def test_the_reward_mix(content: RttaContent) -> None:
    rewards = Counter(r for c in content.colonies for r in c.rewards)
    assert rewards == {"good": 16, "army": 9, "food": 9, "mine": 6, "ship": 5, "innovation": 3}


def test_unknown_colony(content: RttaContent) -> None:
    with pytest.raises(KeyError):
        content.colony("tyre")
