"""Rule 3's Build turn: payments step by step, the once-a-round powers, rule 3.1.2's limits
on places, Castor & Pollux, and the end of the turn."""

from __future__ import annotations

from typing import Any

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import build
from game.rulesets.mare_nostrum.state import Display, put
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT, Bench, buy, start_turn

ROME, GREECE, BABYLON, EGYPT = range(4)


def _area(bench: Bench, province: str, **changes: Any) -> None:
    provinces = bench.state.provinces
    at = [a.id for a in provinces].index(province)
    bench.edit(provinces=put(provinces, at, evolve(provinces[at], **changes)))


def _tiles(bench: Bench, seat: int, *tiles: str) -> None:
    players = bench.state.players
    bench.edit(players=put(players, seat, evolve(players[seat], tiles=tiles)))


def _builds(bench: Bench, seat: int) -> set[tuple[str, str, str]]:
    return {(str(a.arg("item")), str(a.arg("place")), str(a.arg("via", "")))
            for a in bench.legal(build, seat) if a.verb == "build"}


def test_nothing_is_spent_before_confirm_and_cancel_drops_the_item() -> None:
    bench = Bench()
    bench.hand(ROME, "coin", "coin", "coin")
    start_turn(bench, ROME)
    bench.act(build, ROME, "build", item="legion", place="italia")
    bench.act(build, ROME, "pay", resource="coin")
    assert act("confirm") not in bench.legal(build, ROME)
    bench.act(build, ROME, "cancel")
    assert bench.state.build.payment is None
    assert bench.state.player(ROME).resources == ("coin",) * 3


def test_done_ends_the_turn() -> None:
    bench = Bench()
    start_turn(bench, ROME)
    assert build.legal(CONTENT, bench.state, GREECE) == ()
    bench.act(build, ROME, "done")
    assert build.decision(CONTENT, bench.state) is None


def test_cleopatra_pays_a_commodity_set_with_one_coin() -> None:
    bench = Bench()
    bench.hand(EGYPT, "coin", "grain", "wine")
    start_turn(bench, EGYPT)
    buy(bench, EGYPT, "legion", "aegyptus", "coin", "grain", "wine")
    assert bench.state.area("aegyptus").legions[EGYPT] == 1


def test_cheap_unit_powers_once_a_round() -> None:
    bench = Bench()
    _tiles(bench, ROME, "caesar", "spartacus", "gilgamesh", "pharos")
    bench.hand(ROME, "legendary:gladiator", "stone", "wood", "coin")
    start_turn(bench, ROME)
    buy(bench, ROME, "legion", "italia", "legendary:gladiator", via="spartacus")
    assert ("legion", "italia", "spartacus") not in _builds(bench, ROME)
    buy(bench, ROME, "fortress", "sicilia", "stone", via="gilgamesh")
    buy(bench, ROME, "trireme", "mare_ionium", "wood", via="pharos")
    assert bench.state.player(ROME).resources == ("coin",)
    assert bench.state.area("sicilia").fortress == ROME
    assert ("fortress", "sicilia", "") not in _builds(bench, ROME)


def test_hammurabi_builds_one_control_free_a_round() -> None:
    bench = Bench()
    start_turn(bench, BABYLON)
    assert ("control", "cilicia", "hammurabi") in _builds(bench, BABYLON)
    bench.act(build, BABYLON, "build", item="control", place="cilicia", via="hammurabi")
    assert bench.state.area("cilicia").controller == BABYLON
    assert not {b for b in _builds(bench, BABYLON) if b[2] == "hammurabi"}


def test_penthesilea_raises_a_free_legion_per_occupied_province() -> None:
    bench = Bench()
    _tiles(bench, GREECE, "pericles", "penthesilea")
    _area(bench, "thracia", legions=(1, 0, 0, 0, 0))
    _area(bench, "macedonia", legions=(0, 1, 2, 0, 0))
    start_turn(bench, GREECE)
    before = bench.state.area("achaea").legions[GREECE]
    bench.act(build, GREECE, "build", item="legion", place="achaea", via="penthesilea")
    assert bench.state.area("achaea").legions[GREECE] == before + 2


def test_no_units_or_buildings_where_an_opponent_stands_but_the_capital() -> None:
    bench = Bench()
    bench.hand(GREECE, *("coin",) * 3)
    _area(bench, "thracia", legions=(1, 0, 0, 0, 0), at_war=True)
    _area(bench, "achaea", legions=(2, 1, 0, 0, 0), at_war=True)
    start_turn(bench, GREECE)
    builds = _builds(bench, GREECE)
    assert not {b for b in builds if b[1].startswith("thracia")}
    assert ("legion", "achaea", "") in builds
    assert ("trireme", "propontis", "") not in builds
    assert ("fortress", "achaea", "") not in builds


def test_castor_and_pollux_copy_another_players_hero() -> None:
    bench = Bench()
    _tiles(bench, GREECE, "pericles", "spartacus")
    bench.edit(display=Display(face_up=("castor_pollux",)))
    bench.hand(ROME, *("coin",) * 7)
    start_turn(bench, ROME)
    buy(bench, ROME, "tile", "castor_pollux", *("coin",) * 7)
    assert bench.legal(build, ROME) == (act("copy", tile="spartacus"),)
    bench.act(build, ROME, "copy", tile="spartacus")
    assert bench.state.player(ROME).copied == "spartacus"


def test_a_fifth_tile_is_noted_for_the_end_of_the_phase() -> None:
    bench = Bench()
    _tiles(bench, ROME, "caesar", "hercules", "circe", "antigone")
    bench.edit(display=Display(face_up=("colossus",)))
    bench.hand(ROME, *("coin",) * 10)
    start_turn(bench, ROME)
    buy(bench, ROME, "tile", "colossus", *("coin",) * 10)
    assert bench.state.build.fifth == (ROME,)
    assert bench.state.winners == ()
    assert ("tile", "pyramids", "") not in _builds(bench, ROME)


def test_perseus_first_wins_at_once_with_a_fifth_tile() -> None:
    bench = Bench()
    _tiles(bench, ROME, "caesar", "hercules", "perseus", "antigone")
    bench.edit(display=Display(face_up=("colossus",)))
    bench.hand(ROME, *("coin",) * 10)
    start_turn(bench, ROME)
    buy(bench, ROME, "tile", "colossus", *("coin",) * 10)
    assert (bench.state.winners, bench.state.victory) == ((ROME,), "heroes")


def test_control_needs_a_free_marker() -> None:
    bench = Bench()
    for province in ("gallia", "raetia", "germania", "pannonia"):
        _area(bench, province, controller=ROME)
    bench.hand(ROME, *("coin",) * 3)
    start_turn(bench, ROME)
    assert ("control", "corsica", "") in _builds(bench, ROME)
    _area(bench, "dalmatia", controller=ROME)
    start_turn(bench, ROME)
    assert not {b for b in _builds(bench, ROME) if b[0] == "control"}


def test_every_build_event_reads_as_a_sentence() -> None:
    bench = Bench()
    bench.edit(display=Display(face_up=("castor_pollux",)))
    _tiles(bench, GREECE, "pericles", "spartacus")
    bench.hand(ROME, *("coin",) * 10, "grain")
    start_turn(bench, ROME)
    seen = []
    for item, place, paid in (("legion", "italia", ("coin",) * 3),
                              ("tile", "castor_pollux", ("coin",) * 7)):
        buy(bench, ROME, item, place, *paid)
        seen += bench.events
    bench.act(build, ROME, "copy", tile="spartacus")
    seen += bench.events
    bench.run(build, build.finish)
    seen += bench.events
    assert {ev.kind for ev in seen} >= {"built", "recruited", "copied", "discarded"}
    assert all(build.SENTENCES[ev.kind]({}, ev).endswith(".") for ev in seen
               if ev.kind in build.SENTENCES)
