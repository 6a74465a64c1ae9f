"""The facts file's worked examples on control and collection, sets, the Leader tracks,
the '+' side and the starting titles, with the printed numbers (examples 1, 2, 12, 17, 19,
20, 22)."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import collect, sets
from game.rulesets.mare_nostrum.leadership import adjust, claim_titles, level, track_values
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_mn import flow, legions, start


def test_example_1_aethiopia_collects_its_grain_and_gold() -> None:
    f = flow()
    egypt = f.state.seat_of("egypt")
    for area in f.state.provinces:
        if area.controller == egypt and area.id != "aethiopia":
            f.update_area(area.id, controller=NOBODY)
    assert f.area("aethiopia").buildings == ("aethiopia.caravan1", "aethiopia.caravan2")
    assert not f.area("aethiopia").legions[egypt]
    items, extras = collect.income(f.content, f.state, egypt)
    assert sorted(items) == ["gold", "grain"] and extras == ()


def test_example_2_a_legendary_sheep_counts_as_sheep() -> None:
    assert not sets.is_set(("legendary:sheep", "sheep", "wine"), 3)
    assert sets.is_set(("legendary:sheep", "grain", "wine"), 3)


def test_example_12_trireme_and_legendary_city_then_circe() -> None:
    f = flow()
    greece = f.state.seat_of("greece")
    before = f.player(greece).tracks
    f.update_sea("mare_aegaeum", triremes=legions(f.state, greece, 1))
    f.update_area("asia", controller=greece)
    f.place_building("asia.city1")
    adjust(f, (greece,))
    assert f.player(greece).tracks == (before[0], before[1] + 1, before[2] + 1)
    egypt = f.state.seat_of("egypt")
    before = f.player(egypt).tracks
    f.update(egypt, tiles=(*f.player(egypt).tiles, "circe"))
    adjust(f, (egypt,))
    assert f.player(egypt).tracks == (before[0] + 1, before[1], before[2] + 1)


def test_example_17_occupied_caravan_and_market() -> None:
    f = flow()
    rome, egypt = f.state.seat_of("rome"), f.state.seat_of("egypt")
    rome_before, egypt_before = f.player(rome).tracks, f.player(egypt).tracks
    f.update_area("cyrenaica", legions=legions(f.state, rome, 2), fortress=NOBODY,
                  occupied=(("cyrenaica.caravan1", rome), ("cyrenaica.market1", rome)))
    adjust(f, (rome, egypt))
    assert f.player(rome).tracks[0] == rome_before[0] + 2
    assert f.player(egypt).tracks[0] == egypt_before[0] - 2
    rome_items, _ = collect.income(f.content, f.state, rome)
    egypt_items, _ = collect.income(f.content, f.state, egypt)
    rome_start, _ = collect.income(f.content, start(), rome)
    assert sorted(rome_items) == sorted((*rome_start, "papyrus", "papyrus"))
    assert "papyrus" not in egypt_items


def test_example_19_rome_leads_trade_with_five() -> None:
    f = flow()
    tracks = {"rome": 5, "greece": 4, "babylon": 4, "egypt": 3, "carthage": 3}
    players = tuple(evolve(p, tracks=(tracks[p.empire], *p.tracks[1:]))
                    for p in f.state.players)
    f.set(players=players)
    claim_titles(f)
    assert f.state.titles[0] == f.state.seat_of("rome")


def test_example_20_military_fourteen_plus_four_legions_is_plus_three() -> None:
    f = flow()
    rome = f.state.seat_of("rome")
    for area in f.state.provinces:
        f.update_area(area.id, legions=legions(f.state, rome, 0),
                      fortress=NOBODY)
    seas = ("mare_tyrrhenum", "mare_ionium", "mare_africum", "mare_ligusticum",
            "mare_hadriaticum")
    for sea in (s.id for s in f.state.seas):
        f.update_sea(sea, triremes=legions(f.state, rome, 1 if sea in seas else 0))
    for province in ("italia", "sicilia", "cisalpina", "raetia", "corsica"):
        f.update_area(province, fortress=rome)
    f.update_area("italia", fortress=rome, legions=legions(f.state, rome, 4))
    assert track_values(f.content, f.state, rome)[2] == 14
    f.update_area("italia", legions=legions(f.state, rome, 8))
    value = track_values(f.content, f.state, rome)[2]
    assert value == 18 and level(value) == (True, 3)


def test_example_22_starting_titles_despite_the_printed_ties() -> None:
    five = start(5)
    assert five.titles == (five.seat_of("carthage"), five.seat_of("egypt"),
                           five.seat_of("rome"))
    three = start(3)
    assert three.titles[1] == three.seat_of("greece")
    f = flow()
    claim_titles(f)
    assert f.state.titles == five.titles
