"""Rule 3, end of the Build phase: each player keeps up to two coins and discards every other
resource (Legendaries to their discard pile, rule 1.2); the owner of the Hanging Gardens
also keeps up to two commodities of different types, chosen (rule 11, Hanging Gardens;
ruling MN-B14).
"""

from __future__ import annotations

from itertools import combinations

from game.core.actions import Action, act
from game.rulesets.mare_nostrum.content_records import COIN, commodity_type
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, MnState, removed

HANGING_GARDENS = "hanging_gardens"
GARDEN_KEEPS = 2
"""Different commodities the Hanging Gardens keep besides the coins (rule 11)."""


def store_all(flow: Flow) -> None:
    """Everyone discards down to the coins he keeps; the Hanging Gardens' owner holding
    commodities first chooses which of them he keeps (`keeping`)."""
    for seat in range(flow.state.seats):
        gardener = has_power(flow.state, seat, HANGING_GARDENS)
        if gardener and _commodities(flow.state, seat):
            _discard(flow, seat, _commodities(flow.state, seat), keep_coins=True)
            flow.sub("build", keeping=seat)
        else:
            _discard(flow, seat, (), keep_coins=True)


def _commodities(state: MnState, seat: int) -> tuple[str, ...]:
    return tuple(r for r in state.player(seat).resources if r != COIN)


def _discard(flow: Flow, seat: int, spared: tuple[str, ...], keep_coins: bool) -> None:
    """Discard the hand but `spared` and its coins: all of them, or with `keep_coins` as
    many as one may keep (the Hanging Gardens' owner has already given up the others)."""
    hand = flow.player(seat).resources
    coins = hand.count(COIN)
    kept = min(coins, flow.content.costs.keep_coins) if keep_coins else coins
    gone = removed(hand, (*spared, *(COIN,) * kept))
    if gone:
        flow.spend(seat, gone)
        flow.emit("discarded", seat=seat, items=list(gone))


def keep_choices(state: MnState, seat: int) -> tuple[Action, ...]:
    """Every choice of up to two commodities of different types to keep."""
    held = sorted(set(_commodities(state, seat)))
    pairs = [pair for pair in combinations(held, GARDEN_KEEPS)
             if commodity_type(pair[0]) != commodity_type(pair[1])]
    picks = [(), *((r,) for r in held), *pairs]
    return tuple(act("keep", items=tuple(pick)) for pick in picks)


def keep(flow: Flow, action: Action) -> None:
    """The Hanging Gardens' owner keeps the chosen commodities; the others are discarded."""
    seat = flow.state.build.keeping
    chosen = action.arg("items")
    assert isinstance(chosen, tuple)
    kept = tuple(str(item) for item in chosen)
    _discard(flow, seat, kept, keep_coins=False)
    flow.sub("build", keeping=NOBODY)
    flow.emit("kept", seat=seat, items=list(kept))
