"""The Build phase's worked examples (facts file examples 8-12 and the Q&A build items of
21) on the 5-player board: Rome 0, Greece 1, Babylon 2, Egypt 3, Carthage 4."""

from __future__ import annotations

from typing import Any

from game.core.records import evolve
from game.rulesets.mare_nostrum import build, leadership, sets
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import NOBODY, Display, put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import (
    CONTENT,
    Bench,
    buy,
    start_turn,
)

ROME, GREECE, EGYPT, CARTHAGE = 0, 1, 3, 4
DAVID = ("coin", "coin", "coin", "grain", "grain", "wood", "sheep", "gold", "gladiator")


def _area(bench: Bench, province: str, **changes: Any) -> None:
    provinces = bench.state.provinces
    at = [a.id for a in provinces].index(province)
    bench.edit(provinces=put(provinces, at, evolve(provinces[at], **changes)))


def _items(bench: Bench, seat: int) -> set[tuple[str, str]]:
    return {(str(a.arg("item")), str(a.arg("place"))) for a in bench.legal(build, seat)
            if a.verb == "build"}


def _adjust(bench: Bench, seat: int) -> None:
    bench.run(build, lambda flow: leadership.adjust(flow, (seat,)))


def test_example_8_three_sets_of_three_and_no_set_of_six() -> None:
    assert sets.partition(DAVID, (3, 3, 3)) is not None
    assert sets.partition(DAVID, (6,)) is None
    bench = Bench()
    bench.hand(ROME, *DAVID)
    start_turn(bench, ROME)
    assert not {item for item, _ in _items(bench, ROME)} & {"market", "temple"}
    buy(bench, ROME, "caravan", "italia.caravan1", "coin", "coin", "coin")
    bench.act(build, ROME, "build", item="legion", place="italia")
    bench.act(build, ROME, "pay", resource="grain")
    assert [a.arg("resource") for a in bench.legal(build, ROME) if a.verb == "pay"] == \
        ["gladiator", "gold", "sheep", "wood"]
    for resource in ("wood", "sheep"):
        bench.act(build, ROME, "pay", resource=resource)
    bench.act(build, ROME, "confirm")
    buy(bench, ROME, "legion", "italia", "gladiator", "gold", "grain")
    assert bench.state.player(ROME).resources == ()
    assert bench.state.area("italia").legions[ROME] == 3
    assert "italia.caravan1" in bench.state.area("italia").buildings


def test_example_9_hannibal_pays_a_six_set_with_grain_twice() -> None:
    assert sets.partition(DAVID, (6, 3), frozenset({sets.HANNIBAL})) is not None
    bench = Bench()
    bench.hand(CARTHAGE, *DAVID)
    start_turn(bench, CARTHAGE)
    buy(bench, CARTHAGE, "market", "numidia.market1", "grain", "grain", "sheep", "gladiator",
        "gold", "wood")
    buy(bench, CARTHAGE, "legion", "africa", "coin", "coin", "coin")
    assert "numidia.market1" in bench.state.area("numidia").buildings


def _example_10(bench: Bench) -> None:
    _area(bench, "dacia", controller=GREECE)
    _area(bench, "dalmatia", controller=ROME)
    _area(bench, "macedonia", controller=NOBODY, legions=(1, 0, 0, 0, 0), fortress=NOBODY)
    bench.hand(GREECE, *("coin",) * 9)
    start_turn(bench, GREECE, {GREECE: ("achaea", "thracia", "dacia")})
    _adjust(bench, GREECE)


def test_example_10_control_goes_next_to_a_province_held_at_the_round_start() -> None:
    bench = Bench()
    _example_10(bench)
    controls = {place for item, place in _items(bench, GREECE) if item == "control"}
    assert "germania" in controls
    assert not controls & {"asia", "dalmatia", "macedonia"}


def test_examples_11_and_12_a_new_trireme_links_asia_for_control_and_troia() -> None:
    bench = Bench()
    _example_10(bench)
    before = bench.state.player(GREECE).tracks
    buy(bench, GREECE, "trireme", "mare_aegaeum", "coin", "coin", "coin")
    assert ("control", "asia") in _items(bench, GREECE)
    buy(bench, GREECE, "control", "asia", "coin", "coin", "coin")
    asia = {(item, place) for item, place in _items(bench, GREECE) if place.startswith("asia")}
    assert asia == {("legendary_city", "asia.city1"), ("legion", "asia"),
                    ("fortress", "asia")}
    buy(bench, GREECE, "legendary_city", "asia.city1", "coin", "coin", "coin")
    _adjust(bench, GREECE)
    after = bench.state.player(GREECE).tracks
    assert (after[0] - before[0], after[1] - before[1], after[2] - before[2]) == (0, 1, 1)


def test_example_12_egypt_builds_circe_for_trade_and_military() -> None:
    bench = Bench()
    bench.edit(display=Display(face_up=("circe",)))
    bench.hand(EGYPT, *("coin",) * 7)
    start_turn(bench, EGYPT)
    before = bench.state.player(EGYPT).tracks
    buy(bench, EGYPT, "tile", "circe", *("coin",) * 7)
    _adjust(bench, EGYPT)
    after = bench.state.player(EGYPT).tracks
    assert (after[0] - before[0], after[1] - before[1], after[2] - before[2]) == (1, 0, 1)
    assert bench.state.display.face_up == ()


def test_example_21_perseus_builds_first_and_wins_with_the_pyramids() -> None:
    bench = Bench()
    players = bench.state.players
    bench.edit(display=Display(face_up=("pyramids",)),
               players=put(players, GREECE, evolve(players[GREECE],
                                                   tiles=("pericles", "perseus"))))
    bench.hand(GREECE, *("coin",) * 12)
    start_turn(bench, GREECE)
    buy(bench, GREECE, "tile", "pyramids", *("coin",) * 12)
    assert (bench.state.winners, bench.state.victory) == ((GREECE,), "pyramids")


def test_example_21_supplies_are_limits() -> None:
    bench = Bench()
    _area(bench, "italia", legions=(8, 0, 0, 0, 0))
    bench.hand(ROME, *("coin",) * 3)
    start_turn(bench, ROME)
    assert not {item for item, _ in _items(bench, ROME)} & {"legion"}
    flow = Flow(CONTENT, bench.state)
    assert flow.take(ROME, ("ceramic",) * 4) == ("ceramic",) * 3
