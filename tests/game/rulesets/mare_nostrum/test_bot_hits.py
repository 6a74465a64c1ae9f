"""Expected hits for the greedy bot (rule 4.2): dice sums ÷ 5, the Fortress's +5 and the
hit it cancels."""

from __future__ import annotations

from game.rulesets.mare_nostrum.battle import Side
from game.rulesets.mare_nostrum.bots.hits import (
    expected_hits,
    expected_losses,
    face_sums,
    margin,
)
from game.rulesets.mare_nostrum.content import load_content

LAND = load_content().land_die


def test_one_die_scores_a_hit_only_on_its_five() -> None:
    assert LAND.faces == (2, 3, 3, 4, 4, 5)
    assert expected_hits(Side(0, 1), LAND) == 100 // 6


def test_the_sums_of_two_dice_count_every_way() -> None:
    sums = dict(face_sums(LAND.faces, 2))
    assert sum(sums.values()) == 36
    assert sums[4] == 1 and sums[10] == 1 and sums[7] == 10


def test_the_fortress_adds_five_points() -> None:
    alone = expected_hits(Side(1, 1), LAND)
    assert expected_hits(Side(1, 1, fortress=True), LAND) == alone + 100


def test_caesar_adds_one_a_die() -> None:
    assert expected_hits(Side(0, 3, per_die=1), LAND) > expected_hits(Side(0, 3), LAND)


def test_the_fortress_cancels_a_hit_and_nobody_loses_more_than_he_has() -> None:
    lone = Side(1, 1)
    walled = Side(1, 1, fortress=True)
    army = Side(0, 6)
    assert expected_losses(walled, army, LAND) < expected_losses(lone, army, LAND) + 100
    assert expected_losses(lone, army, LAND) <= 100


def test_the_bigger_army_has_the_better_margin() -> None:
    assert margin(Side(0, 4), Side(1, 1), LAND) > 0
    assert margin(Side(0, 1), Side(1, 4), LAND) < 0
