"""Why Trade and Build actions are refused: one sentence and the rule."""

from __future__ import annotations

from game.core.actions import act
from game.rulesets.mare_nostrum import trade
from game.rulesets.mare_nostrum.objections import build_objection, trade_objection
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench, start_turn

ROME, GREECE = 0, 1


def test_trade_objections_name_the_rule() -> None:
    bench = Bench("4")
    bench.run(trade, trade.begin)
    leader = bench.state.titles[0]
    claim_own = act("claim", giver=leader, resource="coin")
    assert trade_objection(CONTENT, bench.state, leader, claim_own)[1] == "2.2"
    assert trade_objection(CONTENT, bench.state, leader, act("marker", value=7))[1] == "2.1"


def test_build_objections_tell_place_from_price() -> None:
    bench = Bench()
    bench.hand(GREECE, "coin", "coin")
    start_turn(bench, GREECE)
    far = act("build", item="control", place="hispania")
    assert build_objection(CONTENT, bench.state, GREECE, far)[1] == "3.1.1"
    poor = act("build", item="legion", place="achaea")
    assert build_objection(CONTENT, bench.state, GREECE, poor) == (
        "It costs 3: you hold no set of 3 resources.", "3")
    elsewhere = act("build", item="legion", place="italia")
    assert build_objection(CONTENT, bench.state, GREECE, elsewhere)[1] == "3.1.2"
