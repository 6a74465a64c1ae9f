"""A fast exact answer to "does the hand pay these costs at once?" for the bot's search.

Without Cleopatra or Hannibal a set is all coins or distinct commodity types (rule 3), so
once it is chosen which sets the coins pay, the commodity sets fit exactly when the
Gale-Ryser condition holds: the k largest sets never need more than the types can give
with at most one of each per set. The sets themselves are then filled largest first from
the most plentiful types, and each is checked with `sets.is_set`. With either power the
bot asks `sets.partition` (its searches are small enough for hands that rare).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from game.rulesets.mare_nostrum import sets
from game.rulesets.mare_nostrum.content_records import COIN, commodity_type

Sets = tuple[tuple[str, ...], ...]


def _counts(hand: tuple[str, ...]) -> tuple[int, tuple[tuple[str, int], ...]]:
    kinds = Counter(r if r == COIN else commodity_type(r) for r in hand)
    coins = kinds.pop(COIN, 0)
    return coins, tuple(sorted(kinds.items()))


def split(hand: tuple[str, ...], sizes: tuple[int, ...],
          powers: sets.Powers = sets.NO_POWERS) -> Sets | None:
    """Disjoint sets paying `sizes` (largest first, named by type), or None."""
    ordered = tuple(sorted(sizes, reverse=True))
    if sum(ordered) > len(hand):
        return None
    if powers:
        return sets.partition(hand, ordered, powers)
    coins, counts = _counts(hand)
    return _split(coins, counts, ordered)


@cache
def _split(coins: int, counts: tuple[tuple[str, int], ...], sizes: tuple[int, ...]
           ) -> Sets | None:
    for coin_sets in _coin_choices(sizes, coins):
        rest = list(sizes)
        for size in coin_sets:
            rest.remove(size)
        if _gale_ryser(tuple(rest), tuple(n for _, n in counts)):
            return _fill(sizes, coin_sets, counts) or sets.partition(
                (*(COIN,) * coins, *(t for t, n in counts for _ in range(n))), sizes)
    return None


def _coin_choices(sizes: tuple[int, ...], coins: int) -> list[tuple[int, ...]]:
    """The distinct groups of sets the coins can pay, fewest coins first."""
    found = {combo for k in range(len(sizes) + 1) for combo in combinations(sizes, k)
             if sum(combo) <= coins}
    return sorted(found, key=lambda c: (sum(c), c))


def _gale_ryser(sizes: tuple[int, ...], counts: tuple[int, ...]) -> bool:
    """Whether sets of these sizes (largest first) take distinct types from the counts."""
    need = 0
    for k, size in enumerate(sizes, start=1):
        need += size
        if need > sum(min(n, k) for n in counts):
            return False
    return True


def _fill(sizes: tuple[int, ...], coin_sets: tuple[int, ...],
          counts: tuple[tuple[str, int], ...]) -> Sets | None:
    """The sets themselves: coins for `coin_sets`, else the most plentiful types."""
    left, coined, paid = dict(counts), list(coin_sets), []
    for size in sizes:
        if size in coined:
            coined.remove(size)
            paid.append((COIN,) * size)
            continue
        chosen = sorted((t for t in left if left[t]), key=lambda t: (-left[t], t))[:size]
        for kind in chosen:
            left[kind] -= 1
        paid.append(tuple(sorted(chosen)))
    if all(sets.is_set(s, len(s)) for s in paid):
        return tuple(paid)
    return None
