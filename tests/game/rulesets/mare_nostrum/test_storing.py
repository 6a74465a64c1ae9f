"""Rule 3's end of the Build phase: two coins kept, the rest discarded; the Hanging Gardens."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import build
from game.rulesets.mare_nostrum.state import put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

ROME, GREECE = 0, 1


def test_everyone_keeps_two_coins_and_discards_the_rest() -> None:
    bench = Bench()
    bench.hand(ROME, "coin", "coin", "coin", "grain", "legendary:wine")
    bench.hand(GREECE, "coin", "oil")
    coins = bench.state.supply.coins
    bench.run(build, build.finish)
    assert bench.state.player(ROME).resources == ("coin", "coin")
    assert bench.state.player(GREECE).resources == ("coin",)
    assert bench.state.supply.coins == coins + 1
    assert "wine" in bench.state.supply.legendary_discard
    assert build.decision(CONTENT, bench.state) is None


def test_the_hanging_gardens_keep_two_different_commodities() -> None:
    bench = Bench()
    players = bench.state.players
    bench.edit(players=put(players, ROME, evolve(players[ROME],
                                                 tiles=("caesar", "hanging_gardens"))))
    bench.hand(ROME, "coin", "coin", "coin", "grain", "legendary:grain", "wine", "oil")
    bench.run(build, build.finish)
    assert bench.state.build.keeping == ROME
    choices = bench.legal(build, ROME)
    assert act("keep", items=("grain", "legendary:grain")) not in choices
    assert act("keep", items=()) in choices
    bench.act(build, ROME, "keep", items=("legendary:grain", "wine"))
    assert bench.state.player(ROME).resources == ("coin", "coin", "legendary:grain", "wine")
    assert build.decision(CONTENT, bench.state) is None
