"""The greedy bot's Build phase (rule 3): which items to buy with which sets.

Everything but two coins is discarded at the end of the phase (rule 3.3), so a hand is worth
the best group of items it pays at once. `best_plan` finds that group exactly: it tries the
number of items bought at each cost, best values first, and asks `sets.partition` whether
the hand splits into those sets (Cleopatra and Hannibal included).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from game.core.actions import Action, act
from game.core.records import evolve
from game.rulesets.mare_nostrum import placement, recruit, sets
from game.rulesets.mare_nostrum.bots.fitting import split
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.bots.worth import item_value
from game.rulesets.mare_nostrum.content_records import COIN, commodity_type
from game.rulesets.mare_nostrum.payment import CHEAP_UNITS
from game.rulesets.mare_nostrum.state import MnState


@dataclass(frozen=True)
class Candidate:
    """An item the seat could build: where, at what cost, and its worth."""

    item: str
    place: str
    cost: int
    value: int


@dataclass(frozen=True)
class Plan:
    """Items bought together, each with the set that pays it (named by resource type)."""

    items: tuple[Candidate, ...] = ()
    sets: tuple[tuple[str, ...], ...] = ()

    @property
    def value(self) -> int:
        """The items' total worth."""
        return sum(c.value for c in self.items)


def planning_state(state: MnState) -> MnState:
    """The state as a Build turn would see it: no payment open, Control bases = the
    provinces each seat holds now (rule 3.1.1 counts those of the round's start)."""
    bases = tuple(tuple(a.id for a in state.provinces if a.controller == seat)
                  for seat in range(state.seats))
    bases = state.build.bases if state.phase == "build" and state.build.bases else bases
    return evolve(state, build=evolve(state.build, payment=None, bases=bases))


def candidates(seen: Seen) -> tuple[Candidate, ...]:
    """Every item the seat may place now, affordable or not, with cost and worth."""
    content, state = seen.content, planning_state(seen.state)
    found = [Candidate(item, place, content.costs.of(item), item_value(seen, item, place))
             for item, place in placement.all_places(content, state, seen.seat)]
    found += [Candidate("tile", tile, recruit.cost(content, state, seen.seat, tile),
                        item_value(seen, "tile", tile))
              for tile in recruit.on_offer(content, state, seen.seat)]
    return tuple(found)


def _groups(cands: Iterable[Candidate], size: int) -> list[tuple[Candidate, ...]]:
    """Candidates by cost, best first, as many as the hand could pay; one tile at most
    (each further tile costs more, rule 3.1.3) besides the Pyramids."""
    by_key: dict[tuple[int, bool, bool], list[Candidate]] = {}
    for c in cands:
        key = (c.cost, c.item == "tile", c.place == recruit.PYRAMIDS)
        by_key.setdefault(key, []).append(c)
    groups = []
    for (cost, tile, _), found in sorted(by_key.items()):
        found.sort(key=lambda c: (-c.value, c.item, c.place))
        groups.append(tuple(found[:1 if tile else size // cost]))
    return groups


def best_plan(hand: tuple[str, ...], cands: Iterable[Candidate],
              powers: sets.Powers = sets.NO_POWERS) -> Plan:
    """The most valuable group of items the hand pays at once (an exact search)."""
    groups = _groups(cands, len(hand))
    tries = []
    for counts in product(*(range(len(g) + 1) for g in groups)):
        chosen = [c for g, n in zip(groups, counts, strict=True) for c in g[:n]]
        if 0 < sum(c.cost for c in chosen) <= len(hand):
            tries.append((-sum(c.value for c in chosen), counts, chosen))
    for _, _, chosen in sorted(tries, key=lambda t: (t[0], t[1])):
        chosen.sort(key=lambda c: -c.cost)
        paid = split(hand, tuple(c.cost for c in chosen), powers)
        if paid is not None:
            return Plan(tuple(chosen), paid)
    return Plan()


def hand_value(seen: Seen, hand: tuple[str, ...], cands: Iterable[Candidate]) -> int:
    """What a hand is worth in the coming Build phase (coins break ties: two are kept)."""
    return 10 * best_plan(hand, cands, seen.powers).value + min(hand.count(COIN), 2)


def build_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Free builds first, then the plan's most costly item, then cheap-unit powers."""
    free = [a for a in legal if a.verb == "build" and a.arg("via") in ("hammurabi",
                                                                         "penthesilea")]
    if free:
        return _best_build(seen, free)
    plan = best_plan(seen.hand, candidates(seen), seen.powers)
    for c in plan.items:
        planned = act("build", item=c.item, place=c.place)
        if planned in legal:
            return planned
    cheap = [a for a in legal if a.verb == "build" and a.arg("via") in CHEAP_UNITS]
    return _best_build(seen, cheap) if cheap else act("done")


def _best_build(seen: Seen, builds: list[Action]) -> Action:
    return max(builds, key=lambda a: (item_value(seen, str(a.arg("item")),
                                                 str(a.arg("place"))), -builds.index(a)))


def pay_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The next resource of the set the plan pays this item with, then `confirm`."""
    paying = seen.state.build.payment
    assert paying is not None
    owed = Counter(_target(seen)) - Counter(_kind(r) for r in paying.picked)
    pays = [a for a in legal if a.verb == "pay"]
    fitting = [a for a in pays if owed[_kind(str(a.arg("resource")))] > 0]
    if act("confirm") in legal and not fitting:
        return act("confirm")
    options = fitting or pays
    return min(options, key=_payment_order) if options else act("cancel")


def _payment_order(action: Action) -> tuple[bool, bool, str]:
    """Commodities before coins (coins may be kept), plain before Legendary."""
    resource = str(action.arg("resource"))
    return resource == COIN, resource != commodity_type(resource), resource


def _target(seen: Seen) -> tuple[str, ...]:
    """The set (by type) planned for the item being paid."""
    paying = seen.state.build.payment
    assert paying is not None
    if paying.via in CHEAP_UNITS:
        return (CHEAP_UNITS[paying.via][1],)
    plan = best_plan(seen.hand, candidates(seen), seen.powers)
    for c, paid in zip(plan.items, plan.sets, strict=True):
        if (c.item, c.place) == (paying.item, paying.place):
            return paid
    alone = split(seen.hand, (paying.cost,), seen.powers)
    return alone[0] if alone else ()


def _kind(resource: str) -> str:
    return resource if resource == COIN else commodity_type(resource)


def keep_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Hanging Gardens: keep as many commodities as allowed (rule 11)."""
    return max(legal, key=_kept)


def _kept(action: Action) -> int:
    items = action.arg("items")
    return len(items) if isinstance(items, tuple) else 0
