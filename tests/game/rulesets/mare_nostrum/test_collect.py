"""Rule 1: collection, doubling, legendaries drawn openly, finite reserves, Circe, Artemis,
the Colossus."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import collect
from game.rulesets.mare_nostrum.content_records import COMMODITIES
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_mn import flow, legions


def test_round_one_gives_each_empire_its_nine_resources() -> None:
    f = flow()
    collect.start(f)
    assert [len(p.resources) for p in f.state.players] == [9] * 5
    assert f.state.collect.queue == ()


def test_trade_leader_collects_first() -> None:
    state = flow().state
    assert collect.order(state)[0] == state.titles[0]


def test_a_legendary_city_queues_a_draw_and_its_temple_a_choice() -> None:
    f = flow()
    f.update_area("judaea", controller=0)
    f.place_building("judaea.city1")
    f.place_building("judaea.temple1")
    assert collect.income(f.content, f.state, 0)[1] == ("legendary", "temple")
    collect.start(f)
    assert (0, "legendary") in f.state.collect.queue


def test_legendary_draw_is_a_public_pick_and_reshuffles_when_empty() -> None:
    f = flow()
    f.sub("collect", queue=((1, "legendary"),))
    pile = f.state.supply.legendary_pile
    assert collect.draw_request(f.state).draws[0].sides == len(pile)
    collect.drew(f, 0)
    assert "legendary:" + pile[0] in f.player(1).resources
    f.set(supply=evolve(f.state.supply, legendary_pile=(), legendary_discard=("wine",)))
    f.sub("collect", queue=((1, "legendary"),))
    assert collect.settle(f)
    assert f.state.supply.legendary_pile == ("wine",)


def test_temple_choice_of_a_legendary_queues_a_draw() -> None:
    f = flow()
    f.sub("collect", queue=((2, "temple"),))
    assert collect.choices(f.state) == (act("temple_bonus", take="coin"),
                                        act("temple_bonus", take="legendary"))
    collect.chosen(f, act("temple_bonus", take="legendary"))
    assert f.state.collect.queue == ((2, "legendary"),)


def test_empty_reserve_leaves_later_players_short() -> None:
    f = flow()
    stock = tuple(0 if kind == "papyrus" else n
                  for kind, n in zip(COMMODITIES, f.state.supply.commodities, strict=True))
    f.set(supply=evolve(f.state.supply, commodities=stock))
    collect.start(f)
    egypt = f.state.seat_of("egypt")
    assert "papyrus" not in f.player(egypt).resources
    assert any(ev.kind == "collected" and ev.get("short") for ev in f.events)


def test_circe_legions_on_empty_caravan_sites_collect() -> None:
    f = flow()
    f.update(0, tiles=("caesar", "circe"))
    f.update_area("aethiopia", posted=(("aethiopia.caravan1", 0),),
                  legions=legions(f.state, 0, 1))
    f.remove_building("aethiopia.caravan1")
    items, _ = collect.income(f.content, f.state, 0)
    assert "grain" in items


def test_temple_of_artemis_adds_a_coin_and_colossus_waits_for_a_choice() -> None:
    f = flow()
    before, _ = collect.income(f.content, f.state, 0)
    f.update(0, tiles=("caesar", "temple_of_artemis", "colossus"))
    after, _ = collect.income(f.content, f.state, 0)
    assert after.count("coin") == before.count("coin") + 1
    collect.start(f)
    assert f.state.collect.queue == ((0, "colossus"),)
    collect.chosen(f, act("colossus", commodity="ceramic"))
    assert f.player(0).resources.count("ceramic") >= 1
    assert f.state.collect.queue == ()


def test_uncontrolled_buildings_yield_nothing() -> None:
    f = flow()
    f.update_area("aethiopia", controller=NOBODY)
    egypt = f.state.seat_of("egypt")
    items, _ = collect.income(f.content, f.state, egypt)
    assert "gold" not in items
