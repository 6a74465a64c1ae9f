"""Rule 3's sets: coins only or distinct commodities; Cleopatra, Hannibal, Legendaries."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.mare_nostrum.sets import (
    CLEOPATRA,
    HANNIBAL,
    affordable,
    can_complete,
    is_set,
    next_picks,
    partition,
)

BOTH = frozenset({CLEOPATRA, HANNIBAL})


def test_coins_only_or_distinct_commodities() -> None:
    assert is_set(("coin", "coin", "coin"), 3)
    assert is_set(("grain", "wood", "sheep"), 3)
    assert not is_set(("coin", "grain", "wood"), 3)
    assert not is_set(("grain", "grain", "wood"), 3)
    assert not is_set(("coin", "coin"), 3)


def test_a_legendary_counts_as_its_type() -> None:
    assert not is_set(("legendary:sheep", "sheep", "wood"), 3)
    assert is_set(("legendary:sheep", "grain", "wood"), 3)


def test_cleopatra_swaps_one_resource_per_set() -> None:
    cleopatra = frozenset({CLEOPATRA})
    assert is_set(("coin", "grain", "wood"), 3, cleopatra)
    assert is_set(("coin", "coin", "grain"), 3, cleopatra)
    assert not is_set(("coin", "coin", "grain", "wood"), 4, cleopatra)
    assert not is_set(("coin", "grain", "grain"), 3, cleopatra)


def test_hannibal_doubles_one_type_per_commodity_set() -> None:
    hannibal = frozenset({HANNIBAL})
    assert is_set(("metal", "metal", "wood"), 3, hannibal)
    assert not is_set(("metal", "metal", "wood", "wood"), 4, hannibal)
    assert not is_set(("metal", "metal", "metal"), 3, hannibal)
    assert not is_set(("coin", "coin", "grain"), 3, hannibal)


def test_cleopatra_and_hannibal_together() -> None:
    assert is_set(("coin", "metal", "metal", "wood"), 4, BOTH)
    assert not is_set(("coin", "coin", "metal", "metal"), 4, BOTH)


def test_can_complete_counts_what_is_left() -> None:
    assert can_complete(("grain",), ("wood", "sheep"), 3)
    assert not can_complete(("grain",), ("grain", "sheep"), 3)
    assert can_complete(("grain",), ("grain", "sheep"), 3, frozenset({HANNIBAL}))
    assert not can_complete(("coin",), ("grain", "sheep"), 3)
    assert not can_complete(("coin", "coin", "coin"), ("coin",), 3 - 1)


def test_next_picks_offer_only_what_can_still_form_a_set() -> None:
    hand = ("coin", "coin", "grain", "wood", "sheep")
    assert next_picks((), hand, 3) == ("grain", "sheep", "wood")
    assert next_picks((), hand, 2) == ("coin", "grain", "sheep", "wood")
    assert next_picks(("grain",), ("coin", "coin", "wood", "sheep"), 3) == ("sheep", "wood")


def test_affordable() -> None:
    assert affordable(("coin",) * 7, 7)
    assert not affordable(("coin",) * 6 + ("grain",), 7)
    assert affordable(("coin",) * 6 + ("grain",), 7, frozenset({CLEOPATRA}))


def test_partition_finds_disjoint_sets() -> None:
    hand = ("coin", "coin", "grain", "wood", "legendary:wood", "sheep")
    found = partition(hand, (3, 3))
    assert found is None
    assert partition(hand, (3, 3), frozenset({CLEOPATRA})) is not None
    assert partition(("grain", "legendary:wood", "sheep"), (3,)) == (("grain", "sheep",
                                                                      "wood"),)


POOL = ("coin", "grain", "wood", "sheep", "legendary:grain")


def _brute_picks(hand: tuple[str, ...], size: int, powers: frozenset[str]) -> set[str]:
    """Resources that begin at least one valid set of `size` drawn from the hand."""
    found = set()
    for combo in set(combinations(sorted(hand), size)):
        if is_set(combo, size, powers):
            found |= set(combo)
    return found


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(POOL), max_size=7), st.integers(2, 4),
       st.sampled_from([frozenset(), frozenset({CLEOPATRA}), frozenset({HANNIBAL}), BOTH]))
def test_next_picks_agree_with_a_brute_force_search(hand: list[str], size: int,
                                                    powers: frozenset[str]) -> None:
    ordered = tuple(sorted(hand))
    assert set(next_picks((), ordered, size, powers)) == _brute_picks(ordered, size, powers)
    assert affordable(ordered, size, powers) == bool(_brute_picks(ordered, size, powers))
    assert (partition(ordered, (size,), powers) is not None) == affordable(ordered, size,
                                                                           powers)
