"""The greedy bot's fast set check agrees with the rule set's own partition (rule 3)."""

from __future__ import annotations

from itertools import product

import pytest

from game.rulesets.mare_nostrum import sets
from game.rulesets.mare_nostrum.bots.fitting import split

HANDS = (
    ("coin", "coin", "coin", "gems", "grain", "wine"),
    ("gems", "gems", "grain", "grain", "wine", "wine"),
    ("ceramic", "gems", "gold", "grain", "metal", "oil", "sheep", "stone", "wine"),
    ("coin", "gems", "gems", "gems", "grain", "legendary:wine", "wine"),
    ("coin",) * 7 + ("gems", "grain"),
)
SIZES = ((3,), (3, 3), (6,), (6, 3), (3, 3, 3), (7,), (12,))


@pytest.mark.parametrize(("hand", "sizes"), list(product(HANDS, SIZES)))
def test_split_pays_exactly_when_partition_does(hand: tuple[str, ...],
                                                sizes: tuple[int, ...]) -> None:
    paid = split(hand, sizes)
    assert (paid is None) == (sets.partition(hand, sizes) is None)
    if paid is not None:
        assert sorted(len(s) for s in paid) == sorted(sizes)
        assert all(sets.is_set(s, len(s)) for s in paid)


def test_coins_pay_one_set_and_types_the_other() -> None:
    assert split(("coin", "coin", "coin", "gems", "grain", "wine"), (3, 3)) == (
        ("coin", "coin", "coin"), ("gems", "grain", "wine"))


def test_a_legendary_pays_as_its_type() -> None:
    assert split(("gems", "grain", "legendary:grain"), (3,)) is None
    assert split(("gems", "legendary:wine", "grain"), (3,)) == (("gems", "grain", "wine"),)


def test_hannibal_goes_through_the_rule_sets_partition() -> None:
    hand = ("gems", "gems", "grain")
    assert split(hand, (3,)) is None
    assert split(hand, (3,), frozenset({sets.HANNIBAL})) is not None
