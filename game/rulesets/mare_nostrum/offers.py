"""Rule 2.1: the Exchange Markers and the sealed offers they ask for.

A marker played stays out until all three have been played or a new Trade Leader takes
them all back. Every player then seals an offer of that many of his resources; one who holds
fewer offers all he has (ruling MN-B3); Antigone offers 0 to 5 of her choice (rule 10,
Antigone); a marker of 0 means no exchange this round, Antigone's included (ruling MN-B4).
An offer, as a sealed choice, is the sorted tuple of its resource ids.
"""

from __future__ import annotations

from collections import Counter

from game.core.sealed import Choice, Pick

ANTIGONE_MOST = 5
"""Antigone offers from 0 up to this many resources (rule 10, Antigone)."""


def open_markers(count: int, used: tuple[int, ...], holder: int, leader: int) -> tuple[int, ...]:
    """The marker indices the Trade Leader may play: all once every one was played or the
    leader changed, else those not yet played (rule 2.1)."""
    if holder != leader or len(set(used)) >= count:
        return tuple(range(count))
    return tuple(i for i in range(count) if i not in used)


def counts_allowed(value: int, held: int, antigone: bool) -> tuple[int, ...]:
    """How many resources a player may offer for a marker `value` (rule 2.1, MN-B3/B4)."""
    if value == 0:
        return (0,)
    if antigone:
        return tuple(range(min(ANTIGONE_MOST, held) + 1))
    return (min(value, held),)


def check_offer(hand: tuple[str, ...], choice: Choice, counts: tuple[int, ...]) -> str | None:
    """None when `choice` is a valid offer from `hand`, else the reason."""
    if list(choice) != sorted(choice):
        return "an offer lists its resources in sorted order"
    if len(choice) not in counts:
        wanted = " to ".join(str(n) for n in sorted({counts[0], counts[-1]}))
        noun = "resource" if len(choice) == 1 else "resources"
        return f"offers {len(choice)} {noun}, the marker asks for {wanted}"
    missing = Counter(choice) - Counter(hand)
    if missing:
        return f"offers {', '.join(sorted(missing))} it does not hold"
    return None


def sample_offer(hand: tuple[str, ...], counts: tuple[int, ...], pick: Pick) -> Choice:
    """A valid offer steered by `pick`: first how many, then each resource among those left
    (every valid offer can come out)."""
    size = counts[pick(len(counts))]
    left, chosen = list(hand), []
    for _ in range(size):
        kinds = sorted(set(left))
        resource = kinds[pick(len(kinds))]
        left.remove(resource)
        chosen.append(resource)
    return tuple(sorted(chosen))
