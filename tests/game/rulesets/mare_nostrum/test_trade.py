"""The Trade phase around the worked examples: the 0 side, Antigone, short hands, the sealed
hooks, and trading that stops at once."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import trade
from game.rulesets.mare_nostrum.state import NOBODY, put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

LEADER, OTHER, ANTIGONE_SEAT, POOR = 0, 1, 2, 3


def _bench() -> Bench:
    bench = Bench("4")
    players = bench.state.players
    bench.edit(titles=(LEADER, *bench.state.titles[1:]),
               players=put(players, ANTIGONE_SEAT, evolve(players[ANTIGONE_SEAT],
                                                          tiles=("cleopatra", "antigone"))))
    for seat in (LEADER, OTHER, ANTIGONE_SEAT):
        bench.hand(seat, "coin", "grain", "oil", "sheep", "stone", "wine", "wood")
    bench.hand(POOR, "gems")
    bench.run(trade, trade.begin)
    return bench


def test_the_zero_side_means_no_exchange() -> None:
    bench = _bench()
    bench.act(trade, LEADER, "marker", value=0)
    assert bench.state.trade.sealed is None
    assert trade.decision(CONTENT, bench.state) is None


def test_antigone_offers_zero_to_five_and_a_short_hand_offers_all() -> None:
    bench = _bench()
    bench.act(trade, LEADER, "marker", value=2)
    decision = trade.decision(CONTENT, bench.state)
    assert decision is not None and (decision.kind, decision.actor) == ("seal", LEADER)
    five = ("coin", "grain", "oil", "sheep", "wine")
    assert trade.check_offer(CONTENT, bench.state, ANTIGONE_SEAT, five) is None
    assert trade.check_offer(CONTENT, bench.state, ANTIGONE_SEAT, ()) is None
    assert trade.check_offer(CONTENT, bench.state, OTHER, five) is not None
    assert trade.check_offer(CONTENT, bench.state, POOR, ("gems",)) is None
    picks = iter([0, 0])
    assert trade.sample_offer(CONTENT, bench.state, POOR, lambda n: next(picks) % n) == \
        ("gems",)


def test_trading_stops_at_once_when_the_leader_has_nothing_to_claim() -> None:
    bench = _bench()
    bench.hand(OTHER)
    bench.hand(POOR)
    bench.act(trade, LEADER, "marker", value=2)
    bench.offer({LEADER: ("coin", "grain")})
    assert bench.state.trade.claimer == NOBODY
    assert bench.state.trade.short == NOBODY
    assert bench.state.player(LEADER).resources.count("coin") == 1
    assert trade.decision(CONTENT, bench.state) is None
