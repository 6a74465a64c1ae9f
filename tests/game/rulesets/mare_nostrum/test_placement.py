"""Rules 3.1.1 and 3.1.2 on the starting board: where items go, and the pieces left."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import placement
from game.rulesets.mare_nostrum.state import put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench

ROME, GREECE = 0, 1


def _area(bench: Bench, province: str, **changes: object) -> None:
    provinces = bench.state.provinces
    at = [a.id for a in provinces].index(province)
    bench.edit(provinces=put(provinces, at, evolve(provinces[at], **changes)))


def test_the_capital_takes_every_item_even_when_occupied() -> None:
    bench = Bench()
    _area(bench, "italia", legions=(1, 2, 0, 0, 0), at_war=True)
    _area(bench, "sicilia", legions=(1, 2, 0, 0, 0), at_war=True)
    assert placement.buildable(CONTENT, bench.state, ROME, "italia")
    assert not placement.buildable(CONTENT, bench.state, ROME, "sicilia")
    assert ("regular_city", "italia.city2") in placement.site_places(CONTENT, bench.state, ROME)


def test_pieces_left() -> None:
    bench = Bench()
    assert placement.markers_left(CONTENT, bench.state, ROME) == 7 - 2
    legions = sum(a.legions[ROME] for a in bench.state.provinces)
    assert placement.units_left(CONTENT, bench.state, ROME, "legion") == 8 - legions
    assert placement.units_left(CONTENT, bench.state, ROME, "trireme") == 5 - 1


def test_a_site_a_legion_stands_on_is_not_empty() -> None:
    bench = Bench()
    _area(bench, "italia", posted=(("italia.caravan1", ROME),))
    sites = {site for _, site in placement.site_places(CONTENT, bench.state, ROME)}
    assert "italia.caravan1" not in sites
    assert "italia.temple1" in sites


def test_triremes_go_to_seas_next_to_unopposed_provinces() -> None:
    bench = Bench()
    seas = placement.unit_places(CONTENT, bench.state, GREECE, "trireme")
    assert set(seas) == {"mare_ionium", "mare_aegaeum", "mare_hadriaticum", "propontis",
                         "pontus_euxinus"}
