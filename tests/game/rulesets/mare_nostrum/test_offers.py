"""Rule 2.1: Exchange Markers open to the Trade Leader, and the sealed offers' check/sample."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from game.core.sealed import Choice
from game.rulesets.mare_nostrum.offers import (
    check_offer,
    counts_allowed,
    open_markers,
    sample_offer,
)

HAND = ("coin", "grain", "grain", "wine")


def test_a_played_marker_stays_out_until_all_are_played_or_the_leader_changes() -> None:
    assert open_markers(3, (), 0, 0) == (0, 1, 2)
    assert open_markers(3, (2,), 0, 0) == (0, 1)
    assert open_markers(3, (2, 0), 0, 0) == (1,)
    assert open_markers(3, (2, 0, 1), 0, 0) == (0, 1, 2)
    assert open_markers(3, (2, 0), 0, 3) == (0, 1, 2)


def test_counts_allowed() -> None:
    assert counts_allowed(3, 9, False) == (3,)
    assert counts_allowed(3, 2, False) == (2,)
    assert counts_allowed(0, 9, True) == (0,)
    assert counts_allowed(1, 9, True) == (0, 1, 2, 3, 4, 5)
    assert counts_allowed(4, 2, True) == (0, 1, 2)


def test_check_offer_lines() -> None:
    assert check_offer(HAND, ("coin", "grain"), (2,)) is None
    assert check_offer(HAND, ("grain", "coin"), (2,)) == \
        "an offer lists its resources in sorted order"
    assert check_offer(HAND, ("coin",), (2,)) == "offers 1 resource, the marker asks for 2"
    assert check_offer(HAND, ("wine", "wine"), (2,)) == "offers wine it does not hold"
    assert check_offer(HAND, (), (0, 1, 2, 3, 4)) is None


def test_sample_offer_reaches_every_valid_offer() -> None:
    seen: set[Choice] = set()
    for script in product(range(4), repeat=3):
        steps = iter(script)

        def pick(n: int, steps: Iterator[int] = steps) -> int:
            return next(steps) % n

        offer = sample_offer(HAND, (2,), pick)
        assert check_offer(HAND, offer, (2,)) is None
        seen.add(offer)
    assert seen == {("coin", "grain"), ("coin", "wine"), ("grain", "grain"),
                    ("grain", "wine")}
