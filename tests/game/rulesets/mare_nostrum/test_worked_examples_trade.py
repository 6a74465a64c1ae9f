"""The Trade phase's worked examples (facts file examples 3-7) with Grady, Dave, Kirsten and
Bill in seats 0-3 of the 4-player board and Grady as the Trade Leader."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import trade
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

GRADY, DAVE, KIRSTEN, BILL = 0, 1, 2, 3


def _bench() -> Bench:
    bench = Bench("4")
    bench.edit(titles=(GRADY, *bench.state.titles[1:]))
    bench.hand(GRADY, "coin", "grain", "oil", "wine")
    bench.hand(DAVE, "coin", "gems", "sheep", "wood")
    bench.hand(KIRSTEN, "coin", "gold", "spices", "stone")
    bench.hand(BILL, "coin", "metal", "papyrus", "wine")
    bench.run(trade, trade.begin)
    return bench


def test_example_3_a_played_marker_waits_for_the_others() -> None:
    bench = _bench()
    values = [a.arg("value") for a in bench.legal(trade, GRADY)]
    assert values == [5, 0, 2, 1, 4, 3]
    bench.act(trade, GRADY, "marker", value=3)
    assert trade.check_offer(CONTENT, bench.state, DAVE, ("coin", "gems")) == \
        "offers 2 resources, the marker asks for 3"
    assert trade.check_offer(CONTENT, bench.state, DAVE, ("coin", "gems", "wood")) is None
    bench.edit(round=2)
    bench.run(trade, trade.begin)
    assert [a.arg("value") for a in bench.legal(trade, GRADY)] == [5, 0, 2, 1]


def test_example_4_the_robbed_player_claims_next() -> None:
    bench = _bench()
    bench.act(trade, GRADY, "marker", value=2)
    bench.offer({GRADY: ("coin", "oil"), DAVE: ("gems", "wood"),
                 KIRSTEN: ("gold", "stone"), BILL: ("metal", "wine")})
    bench.act(trade, GRADY, "claim", giver=DAVE, resource="gems")
    bench.act(trade, DAVE, "claim", giver=KIRSTEN, resource="gold")
    bench.act(trade, KIRSTEN, "claim", giver=DAVE, resource="wood")
    assert act("claim", giver=KIRSTEN, resource="stone") not in bench.legal(trade, DAVE)
    bench.act(trade, DAVE, "claim", giver=BILL, resource="wine")
    assert bench.state.trade.claimer == BILL


def test_example_5_no_return_claim_twice_in_a_row() -> None:
    bench = _bench()
    bench.act(trade, GRADY, "marker", value=2)
    bench.offer({GRADY: ("coin", "oil"), DAVE: ("gems", "wood"),
                 KIRSTEN: ("gold", "stone"), BILL: ("metal", "wine")})
    bench.act(trade, GRADY, "claim", giver=DAVE, resource="gems")
    bench.act(trade, DAVE, "claim", giver=GRADY, resource="oil")
    givers = {a.arg("giver") for a in bench.legal(trade, GRADY)}
    assert givers == {KIRSTEN, BILL}


def test_example_6_two_left_who_claimed_from_each_other_end_trading() -> None:
    bench = _bench()
    bench.act(trade, GRADY, "marker", value=1)
    bench.edit(trade=evolve(bench.state.trade, sealed=None, claimer=DAVE,
                            offers=((), ("wood",), (), ("metal", "wine")),
                            claims=((GRADY, KIRSTEN, "gold"), (KIRSTEN, GRADY, "oil"),
                                    (GRADY, DAVE, "gems"))))
    bench.act(trade, DAVE, "claim", giver=BILL, resource="metal")
    bench.act(trade, BILL, "claim", giver=DAVE, resource="wood")
    assert bench.kinds()[-1] == "trade_ended"
    assert bench.state.trade.claimer == NOBODY
    assert "wine" in bench.state.player(BILL).resources
    assert "metal" in bench.state.player(DAVE).resources


def test_example_7_the_leader_evens_the_uneven_case() -> None:
    bench = _bench()
    bench.act(trade, GRADY, "marker", value=1)
    bench.offer({GRADY: ("oil",), DAVE: ("gems",), KIRSTEN: ("gold",), BILL: ("metal",)})
    bench.act(trade, GRADY, "claim", giver=KIRSTEN, resource="gold")
    bench.act(trade, KIRSTEN, "claim", giver=GRADY, resource="oil")
    bench.act(trade, GRADY, "claim", giver=DAVE, resource="gems")
    bench.act(trade, DAVE, "claim", giver=BILL, resource="metal")
    assert bench.state.trade.short == BILL
    assert len(bench.state.player(GRADY).resources) == 5
    assert len(bench.state.player(BILL).resources) == 3
    bench.act(trade, GRADY, "give", resource="gold")
    assert "gold" in bench.state.player(BILL).resources
    assert len(bench.state.player(GRADY).resources) == 4
    assert trade.decision(CONTENT, bench.state) is None


def test_every_trade_event_reads_as_a_sentence() -> None:
    bench = _bench()
    seen = []
    bench.act(trade, GRADY, "marker", value=1)
    seen += bench.events
    bench.offer({GRADY: ("oil",), DAVE: ("gems",), KIRSTEN: ("gold",), BILL: ("metal",)})
    seen += bench.events
    for seat, giver, resource in ((GRADY, KIRSTEN, "gold"), (KIRSTEN, GRADY, "oil"),
                                  (GRADY, DAVE, "gems"), (DAVE, BILL, "metal")):
        bench.act(trade, seat, "claim", giver=giver, resource=resource)
        seen += bench.events
    bench.act(trade, GRADY, "give", resource="gold")
    seen += bench.events
    assert {ev.kind for ev in seen} == set(trade.SENTENCES) - {"offer_sealed"}
    assert all(trade.SENTENCES[ev.kind]({}, ev).endswith(".") for ev in seen)
