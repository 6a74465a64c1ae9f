"""Rule 3: paying for an item with a set of resources.

A set is either coins only, or commodities of different types (a Legendary counts as its
type, rule 1.2). Cleopatra lets one coin stand for a commodity in a commodity set and one
commodity stand for a coin in a coin set; Hannibal lets one commodity type appear twice in a
commodity set (rule 3, rule 10). A hand is a multiset of resource ids: a tuple of strings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import combinations

from game.rulesets.mare_nostrum.content_records import COIN, commodity_type

CLEOPATRA = "cleopatra"
"""The power: one coin ↔ one commodity per set (rule 10, Cleopatra)."""
HANNIBAL = "hannibal"
"""The power: one commodity type twice per commodity set (rule 10, Hannibal)."""
Powers = frozenset[str]
NO_POWERS: Powers = frozenset()


def _split(items: Iterable[str]) -> tuple[int, Counter[str]]:
    """(coins, commodity type → count) of a multiset of resources."""
    coins, types = 0, Counter[str]()
    for item in items:
        if item == COIN:
            coins += 1
        else:
            types[commodity_type(item)] += 1
    return coins, types


def _substitutes(powers: Powers) -> int:
    return 1 if CLEOPATRA in powers else 0


def _doubles(powers: Powers) -> int:
    return 1 if HANNIBAL in powers else 0


def _types_fit(types: Counter[str], powers: Powers) -> bool:
    """Whether commodity types repeat no more than Hannibal allows (none without him)."""
    doubled = [t for t, n in types.items() if n > 1]
    return all(types[t] == 2 for t in doubled) and len(doubled) <= _doubles(powers)


def is_set(items: tuple[str, ...], size: int, powers: Powers = NO_POWERS) -> bool:
    """Whether `items` pay an item of cost `size` as one set (rule 3)."""
    return len(items) == size and can_complete(items, (), size, powers)


def can_complete(picked: tuple[str, ...], rest: tuple[str, ...], size: int,
                 powers: Powers = NO_POWERS) -> bool:
    """Whether some resources of `rest` complete `picked` into a set of `size` (rule 3)."""
    return _fits(_split(picked), _split(rest), size - len(picked), powers)


Split = tuple[int, Counter[str]]
"""(coins, commodity type → count) of a multiset of resources."""


def _fits(picked: Split, rest: Split, missing: int, powers: Powers) -> bool:
    """Whether `missing` more resources of `rest` can complete the set begun as `picked`."""
    if missing < 0:
        return False
    return (_coin_set_room(picked, rest, powers) >= missing
            or _commodity_set_room(picked, rest, powers) >= missing)


def _coin_set_room(picked: Split, rest: Split, powers: Powers) -> int:
    """How many more resources a coin set begun with `picked` can take from `rest`."""
    swaps_left = _substitutes(powers) - sum(picked[1].values())
    if swaps_left < 0:
        return -1
    return rest[0] + min(swaps_left, sum(rest[1].values()))


def _commodity_set_room(picked: Split, rest: Split, powers: Powers) -> int:
    """How many more resources a commodity set begun with `picked` can take from `rest`."""
    (picked_coins, picked_types), (rest_coins, rest_types) = picked, rest
    coin_slots = _substitutes(powers) - picked_coins
    if coin_slots < 0 or not _types_fit(picked_types, powers):
        return -1
    new_types = [t for t, n in rest_types.items() if n and not picked_types[t]]
    return len(new_types) + min(coin_slots, rest_coins) + _double_room(
        picked_types, rest_types, powers)


def _double_room(picked: Counter[str], rest: Counter[str], powers: Powers) -> int:
    """1 when Hannibal's double is still unused and some type can still be doubled."""
    if not _doubles(powers) or any(n > 1 for n in picked.values()):
        return 0
    return int(any(n >= (1 if picked[t] else 2) for t, n in rest.items()))


@lru_cache(maxsize=1 << 16)
def next_picks(picked: tuple[str, ...], hand: tuple[str, ...], size: int,
               powers: Powers = NO_POWERS) -> tuple[str, ...]:
    """The distinct resources of `hand` (what is left after `picked`) that keep a set of
    `size` possible: the step-wise payment's legal list (rule 3)."""
    before, rest = _split(picked), _split(hand)
    missing = size - len(picked) - 1
    return tuple(r for r in sorted(set(hand))
                 if _fits(_moved(before, r, 1), _moved(rest, r, -1), missing, powers))


def _moved(split: Split, resource: str, change: int) -> Split:
    """The split with one resource added (change 1) or taken out (change -1)."""
    if resource == COIN:
        return split[0] + change, split[1]
    types = split[1].copy()
    types[commodity_type(resource)] += change
    return split[0], types


@lru_cache(maxsize=1 << 16)
def affordable(hand: tuple[str, ...], size: int, powers: Powers = NO_POWERS) -> bool:
    """Whether the hand holds at least one set of `size` (rule 3)."""
    return can_complete((), hand, size, powers)


def partition(hand: tuple[str, ...], sizes: tuple[int, ...],
              powers: Powers = NO_POWERS) -> tuple[tuple[str, ...], ...] | None:
    """Disjoint sets of the hand paying each of `sizes` (largest first), or None when the
    hand cannot pay them all at once. Sets name commodity types: a Legendary pays as its
    type (rule 1.2), so which of the two is spent does not change what can be paid."""
    coins, types = _split(hand)
    counts = tuple(sorted(types.items()))
    return _partition(coins, counts, tuple(sorted(sizes, reverse=True)), powers)


@cache
def _partition(coins: int, counts: tuple[tuple[str, int], ...], sizes: tuple[int, ...],
               powers: Powers) -> tuple[tuple[str, ...], ...] | None:
    if not sizes:
        return ()
    for chosen in _candidates(coins, counts, sizes[0], powers):
        left_coins, left_counts = _remove(coins, counts, chosen)
        others = _partition(left_coins, left_counts, sizes[1:], powers)
        if others is not None:
            return (chosen, *others)
    return None


def _candidates(coins: int, counts: tuple[tuple[str, int], ...], size: int,
                powers: Powers) -> list[tuple[str, ...]]:
    """Every set of `size` the coins and type counts can form, named by type."""
    found = [(COIN,) * size] if coins >= size else []
    if _substitutes(powers) and coins >= size - 1:
        found += [(*(COIN,) * (size - 1), t) for t, _ in counts]
    for coin_part in range(min(coins, _substitutes(powers)) + 1):
        found += _commodity_candidates(counts, size - coin_part, powers, (COIN,) * coin_part)
    return found


def _commodity_candidates(counts: tuple[tuple[str, int], ...], size: int, powers: Powers,
                          coins: tuple[str, ...]) -> list[tuple[str, ...]]:
    present = [t for t, n in counts if n]
    found = [(*coins, *combo) for combo in combinations(present, size)]
    if _doubles(powers) and size >= 2:
        pairs = [t for t, n in counts if n >= 2]
        for double in pairs:
            others = [t for t in present if t != double]
            found += [(*coins, double, double, *combo)
                      for combo in combinations(others, size - 2)]
    return found


def _remove(coins: int, counts: tuple[tuple[str, int], ...],
            chosen: tuple[str, ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
    spent = Counter(chosen)
    left = tuple((t, n - spent[t]) for t, n in counts if n - spent[t] > 0)
    return coins - spent[COIN], left


def types_in(hand: Iterable[str]) -> frozenset[str]:
    """The commodity types a hand holds (Legendaries as their types)."""
    return frozenset(commodity_type(r) for r in hand if r != COIN)
