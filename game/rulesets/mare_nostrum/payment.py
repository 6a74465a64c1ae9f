"""Rule 3: the step-wise payment of one item — resources picked one by one, then confirmed.

An item is paid with one set (`sets`), or, once a round, with a single resource through a
cheap-unit power: Spartacus a Legion for 1 coin or 1 Gladiator, Gilgamesh a Fortress for
1 coin or 1 Stone, the Lighthouse of Pharos a Trireme for 1 coin or 1 Wood (rule 3.1.2;
ruling MN-B12). Nothing is spent before `confirm` (ruling MN-B11).
"""

from __future__ import annotations

from game.rulesets.mare_nostrum import sets
from game.rulesets.mare_nostrum.content_records import COIN, MnContent, commodity_type
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import MnState, Payment

SET = ""
"""`Payment.via` of an item paid with a set of its cost (rule 3)."""
CHEAP_UNITS = {"spartacus": ("legion", "gladiator"), "gilgamesh": ("fortress", "stone"),
               "pharos": ("trireme", "wood")}
"""Once-a-round powers: tile → (the unit it builds, the commodity that pays besides a coin)
(rule 3.1.2, rule 10 (Spartacus, Gilgamesh), rule 11 (Lighthouse of Pharos))."""


def tile_cost(content: MnContent, owned: int) -> int:
    """The cost of a player's next hero or wonder when he owns `owned` (his starting hero
    counts: the second costs the first of `costs.tiles`, rule 3.1.3)."""
    return content.costs.tiles[owned - 1]


def cheap_fits(via: str, resource: str) -> bool:
    """Whether one resource pays a cheap unit of the power `via` (rule 3.1.2)."""
    return resource == COIN or commodity_type(resource) == CHEAP_UNITS[via][1]


def picks(payment: Payment, hand: tuple[str, ...], powers: sets.Powers) -> tuple[str, ...]:
    """The resources of `hand` (what is not yet picked) that may be picked next."""
    if payment.via in CHEAP_UNITS:
        return () if payment.picked else tuple(r for r in sorted(set(hand))
                                               if cheap_fits(payment.via, r))
    return sets.next_picks(payment.picked, hand, payment.cost, powers)


def paid(payment: Payment, powers: sets.Powers) -> bool:
    """Whether the picked resources pay the item in full: `confirm` is open."""
    if payment.via in CHEAP_UNITS:
        return len(payment.picked) == 1
    return sets.is_set(payment.picked, payment.cost, powers)


def can_pay(hand: tuple[str, ...], cost: int, via: str, powers: sets.Powers) -> bool:
    """Whether the hand can pay an item of `cost` this way at all."""
    if via in CHEAP_UNITS:
        return any(cheap_fits(via, r) for r in hand)
    return sets.affordable(hand, cost, powers)


def without(hand: tuple[str, ...], spent: tuple[str, ...]) -> tuple[str, ...]:
    """The hand less the spent resources (each spent one once)."""
    left = list(hand)
    for resource in spent:
        left.remove(resource)
    return tuple(left)


def powers_of(state: MnState, seat: int) -> sets.Powers:
    """The set-changing powers a seat holds: Cleopatra, Hannibal (rule 3, rule 10)."""
    return frozenset(p for p in (sets.CLEOPATRA, sets.HANNIBAL) if has_power(state, seat, p))
