"""The greedy bot's Trade phase (rule 2): the Exchange Marker, the sealed offer and the
claims. It offers what its coming Build phase needs least, claims what completes its sets,
and, when two claims help it alike, leaves the leader of the victory races unclaimed from
(a player nobody claims from gets nothing new, rule 2.2)."""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.sealed import Choice, SealedRequest
from game.rulesets.mare_nostrum import offers
from game.rulesets.mare_nostrum.bots.economy import Candidate, candidates, hand_value
from game.rulesets.mare_nostrum.bots.races import leader
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import removed
from game.rulesets.mare_nostrum.trade import ANTIGONE


def least_needed(seen: Seen, hand: tuple[str, ...], count: int,
                 cands: tuple[Candidate, ...]) -> tuple[str, ...]:
    """`count` resources whose loss costs the hand least, one at a time."""
    given: list[str] = []
    for _ in range(count):
        resource = max(sorted(set(hand)), key=lambda r: (
            hand_value(seen, removed(hand, (r,)), cands), hand.count(r)))
        given.append(resource)
        hand = removed(hand, (resource,))
    return tuple(sorted(given))


def offer_count(seen: Seen) -> int:
    """How many resources to offer: what the marker asks (Antigone: the same, rule 10)."""
    trade, held = seen.state.trade, len(seen.hand)
    allowed = offers.counts_allowed(trade.value, held, has_power(seen.state, seen.seat,
                                                                  ANTIGONE))
    wanted = min(trade.value, held)
    return min(allowed, key=lambda n: (abs(n - wanted), n))


def sealed_offer(seen: Seen, request: SealedRequest) -> Choice:
    """The sealed offer: the resources least needed; a sample if the check refuses it."""
    choice = least_needed(seen, seen.hand, offer_count(seen), candidates(seen))
    return choice if request.check(choice) is None else request.sample(lambda n: 0)


def marker_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The Trade Leader's marker: as many resources as its hand holds spares (repeats of
    a type it cannot use in one commodity set)."""
    spares = len(seen.hand) - len(set(seen.hand))
    return min(legal, key=lambda a: (abs(_int(a, "value") - spares), _int(a, "value")))


def claim_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The claim that adds most to the hand; among equals, not from the race leader."""
    cands, first = candidates(seen), leader(seen)
    return max(legal, key=lambda a: (
        hand_value(seen, (*seen.hand, str(a.arg("resource"))), cands),
        _int(a, "giver") != first, -legal.index(a)))


def give_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Rule 2.2.1: the Trade Leader gives the resource it needs least."""
    least = least_needed(seen, seen.hand, 1, candidates(seen))
    chosen = act("give", resource=least[0]) if least else None
    return chosen if chosen in legal else legal[0]


def _int(action: Action, name: str) -> int:
    value = action.arg(name)
    return value if isinstance(value, int) else 0

