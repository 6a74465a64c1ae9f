"""Rule 2.2's claim chain: targets, the forbidden return claim, the end, rule 2.2.1."""

from __future__ import annotations

from game.rulesets.mare_nostrum.claims import (
    NOBODY,
    forbidden,
    received,
    short_of_one,
    take,
    targets,
)

OFFERS = (("coin",), ("grain", "wine"), ("wine", "wine"), ())


def test_targets_are_the_other_players_distinct_offers() -> None:
    assert targets(OFFERS, 0, ()) == ((1, "grain"), (1, "wine"), (2, "wine"))
    assert targets(OFFERS, 3, ()) == ((0, "coin"), (1, "grain"), (1, "wine"), (2, "wine"))


def test_a_return_claim_is_forbidden_only_after_a_back_and_forth() -> None:
    assert forbidden([(0, 1, "grain")]) == NOBODY
    assert forbidden([(0, 1, "grain"), (1, 0, "coin")]) == 1
    assert forbidden([(0, 1, "grain"), (1, 2, "wine")]) == NOBODY
    assert targets(OFFERS, 0, [(0, 1, "grain"), (1, 0, "coin")]) == ((2, "wine"),)


def test_take_removes_one_resource() -> None:
    assert take(OFFERS, 2, "wine")[2] == ("wine",)
    assert take(OFFERS, 1, "grain")[1] == ("wine",)


def test_short_of_one_is_the_last_claimer_unless_the_leader() -> None:
    claims = [(0, 1, "grain")]
    assert short_of_one(0, 3, claims) == 3
    assert short_of_one(0, 0, claims) == NOBODY
    assert short_of_one(0, 0, []) == NOBODY
    assert received([(0, 1, "grain"), (1, 0, "coin"), (0, 2, "wine")], 0) == ("grain", "wine")
