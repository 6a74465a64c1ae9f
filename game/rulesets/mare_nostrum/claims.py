"""Rule 2.2: the claim chain over the face-up offers, and rule 2.2.1's uneven case.

The Trade Leader claims first; whoever was just robbed claims next. Two players may not
claim from each other twice in a row (X from Y, Y from X, then X may not take from Y again).
Trading ends when the claimer has no offer left to claim from (ruling MN-B1): only his own
offers, or only those of the player he may not take from (the two-left end). Each claim
moved one resource from its giver to its taker, so everyone has received as many as were
taken from him, except the Trade Leader (one more: he began) and the last claimer (one
fewer: his turn never came) — rule 2.2.1's uneven case (ruling MN-B2).
"""

from __future__ import annotations

from collections.abc import Sequence

NOBODY = -1

Claim = tuple[int, int, str]
"""(taker, giver, resource): one claim of the chain."""


def forbidden(claims: Sequence[Claim]) -> int:
    """The player the next claimer may not claim from (NOBODY when free): after X took from
    Y and Y took back from X, X may not take from Y at once (rule 2.2)."""
    if len(claims) < 2:
        return NOBODY
    (taker, giver, _), (last_taker, last_giver, _) = claims[-2], claims[-1]
    return last_taker if (taker, giver) == (last_giver, last_taker) else NOBODY


def targets(offers: Sequence[Sequence[str]], claimer: int,
            claims: Sequence[Claim]) -> tuple[tuple[int, str], ...]:
    """Every (giver, resource) the claimer may claim now: another player's remaining offer,
    not the forbidden player's (rule 2.2)."""
    barred = {claimer, forbidden(claims)}
    return tuple((seat, resource) for seat, offer in enumerate(offers) if seat not in barred
                 for resource in sorted(set(offer)))


def take(offers: Sequence[tuple[str, ...]], giver: int,
         resource: str) -> tuple[tuple[str, ...], ...]:
    """The offers with one `resource` removed from the giver's."""
    left = list(offers[giver])
    left.remove(resource)
    return tuple(tuple(left) if seat == giver else offer for seat, offer in enumerate(offers))


def short_of_one(leader: int, claimer: int, claims: Sequence[Claim]) -> int:
    """The player the Trade Leader owes one resource once trading ends (rule 2.2.1), or
    NOBODY: the last claimer, unless that is the Trade Leader himself."""
    return claimer if claims and claimer != leader else NOBODY


def received(claims: Sequence[Claim], seat: int) -> tuple[str, ...]:
    """The resources a player claimed, in claim order."""
    return tuple(resource for taker, _, resource in claims if taker == seat)
