"""Rule 3.1.3's heroes and wonders: costs, what is on offer, Castor & Pollux's choices."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import recruit
from game.rulesets.mare_nostrum.state import Display, put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

ROME, GREECE = 0, 1


def _bench(*rome: str) -> Bench:
    bench = Bench()
    players = bench.state.players
    bench.edit(players=put(players, ROME, evolve(players[ROME], tiles=rome)),
               display=Display(face_up=("circe", "colossus", "pyramids")))
    return bench


def test_costs_rise_with_tiles_owned_and_the_pyramids_cost_twelve() -> None:
    bench = _bench("caesar", "circe")
    assert recruit.cost(CONTENT, bench.state, ROME, "colossus") == 8
    assert recruit.cost(CONTENT, bench.state, ROME, "pyramids") == 12


def test_with_five_tiles_only_the_pyramids_remain_and_four_means_any_tile_wins() -> None:
    full = _bench("caesar", "circe", "hercules", "antigone", "perseus")
    assert recruit.on_offer(CONTENT, full.state, ROME) == ("pyramids",)
    four = _bench("caesar", "hercules", "antigone", "perseus")
    assert recruit.winning(CONTENT, four.state, ROME) == ("circe", "colossus", "pyramids")
    assert recruit.winning(CONTENT, _bench("caesar").state, ROME) == ("pyramids",)


def test_castor_and_pollux_copy_neither_starting_heroes_wonders_nor_perseus() -> None:
    bench = _bench("caesar", "castor_pollux")
    players = bench.state.players
    bench.edit(players=put(players, GREECE, evolve(
        players[GREECE], tiles=("pericles", "perseus", "colossus", "ramses"))))
    assert recruit.copyable(CONTENT, bench.state, ROME) == ("ramses",)
