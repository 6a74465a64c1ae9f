"""Barbarian areas (rule 7): attacks set on by cards, Ambush, subduing and the Subduing table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from game.core.actions import act
from game.core.records import evolve
from game.core.table import Table
from game.rulesets.mediterranean_empires.barbarians.areas import barbarian_dice
from game.rulesets.mediterranean_empires.barbarians.subduing import roll_subduing
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS
from game.rulesets.mediterranean_empires.flow import Flow, settle
from game.rulesets.mediterranean_empires.state import NEUTRAL
from tests.game.rulesets.mediterranean_empires.helpers_cards import (
    CARTHAGE,
    IBERIA,
    RULES,
    FakeAttack,
    do,
    fake_attack,
    give_cities,
    kinds,
    new_table,
    owner,
    play_card,
    roll,
    run_abilities,
    set_subdued,
    subdued,
    vp,
)

FINE_WEATHER = (2, 3)
ROME = 1


def _allies_table(monkeypatch: pytest.MonkeyPatch, falls: bool = False,
                  hands: Mapping[int, Sequence[str]] | None = None) -> tuple[Table, FakeAttack]:
    fake = fake_attack(monkeypatch, falls)
    table = new_table(hands or {ROME: ["barbarian_allies"], IBERIA: ["ambush"]})
    roll(table, *FINE_WEATHER)
    do(table, CARTHAGE, "pass")
    play_card(table, ROME, "imperium", "barbarian_allies")
    do(table, ROME, "target", id="0")  # a barbarian area attacks a city
    return table, fake


def test_barbarian_allies_sets_a_free_area_on_a_linked_city(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table, _fake = _allies_table(monkeypatch)
    areas = {str(a.arg("id")) for a in table.legal(ROME)}
    assert "vascones" in areas and all(subdued(table, a) == 0 for a in areas)
    do(table, ROME, "target", id="vascones")
    cities = {str(a.arg("id")) for a in table.legal(ROME)}
    assert "numantia" in cities and all(owner(table, c) not in (ROME, NEUTRAL) for c in cities)
    events = do(table, ROME, "target", id="numantia")
    assert "barbarian_attack" in kinds(events)
    assert table.decision().actor == IBERIA  # Iberia may hold an Ambush


def test_ambush_removes_barbarian_dice_then_the_attack_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table, fake = _allies_table(monkeypatch)
    do(table, ROME, "target", id="vascones")
    do(table, ROME, "target", id="numantia")
    assert table.state.top.dice == 4  # Vascones: strength 4, Enraged level 0
    play_card(table, IBERIA, "play", "ambush")
    events = roll(table, 5)  # Scenarios Book, round 6: 4 dice become 3
    assert "barbarian_dice_lost" in kinds(events) and table.state.top.dice == 3
    assert act("pass") in table.legal(IBERIA)  # another Ambush could follow
    events = do(table, IBERIA, "pass")
    ((force, target, origin, by_sea),) = fake.calls
    assert (force.seat, force.dice, force.base_die) == (BARBARIANS, 3, False)
    assert (target, origin, by_sea) == ("numantia", "vascones", False)
    assert "barbarian_attack_over" in kinds(events) and owner(table, "numantia") == IBERIA


def test_an_ambush_roll_of_1_to_3_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = _allies_table(monkeypatch)
    do(table, ROME, "target", id="vascones")
    do(table, ROME, "target", id="numantia")
    play_card(table, IBERIA, "play", "ambush")
    events = roll(table, 3)
    assert "no_effect" in kinds(events) and table.state.top.dice == 4


def test_a_fallen_city_turns_neutral(monkeypatch: pytest.MonkeyPatch) -> None:
    table, fake = _allies_table(monkeypatch, falls=True)
    do(table, ROME, "target", id="vascones")
    do(table, ROME, "target", id="numantia")
    do(table, IBERIA, "pass")
    assert owner(table, "numantia") == NEUTRAL and fake.calls


def test_no_window_for_a_defender_who_cannot_hold_an_ambush(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_attack(monkeypatch, falls=False)
    table = new_table({IBERIA: ["barbarian_allies"]})
    roll(table, *FINE_WEATHER)
    give_cities(table, CARTHAGE, "cirta")
    run_abilities(table, IBERIA, "barbarian_allies", "imperium")
    do(table, IBERIA, "target", id="0")
    do(table, IBERIA, "target", id="massaesyli_numidae")
    do(table, IBERIA, "target", id="cirta")
    assert fake.calls and table.state.top.kind == "action_phase"


def test_enraged_barbarians_roll_more_dice() -> None:
    table = new_table({})
    state = evolve(table.state, enraged=2)
    assert barbarian_dice(RULES, state, "vascones") == 6


# -- subduing --------------------------------------------------------------------------------------

def test_barbarian_allies_may_subdue_any_free_area_for_2_vp() -> None:
    table = new_table({})
    roll(table, *FINE_WEATHER)
    before = vp(table, ROME)
    run_abilities(table, ROME, "barbarian_allies", "imperium")
    do(table, ROME, "target", id="1")
    assert "vascones" in {str(a.arg("id")) for a in table.legal(ROME)}
    do(table, ROME, "target", id="vascones")  # not linked to Rome: allowed
    assert subdued(table, "vascones") == 1 and vp(table, ROME) == before + 2


def test_subduing_card_rolls_on_the_subduing_table() -> None:
    table = new_table({})
    roll(table, *FINE_WEATHER)
    set_subdued(table, "vascones", 1)
    before = vp(table, IBERIA)
    run_abilities(table, IBERIA, "subduing", "imperium")
    areas = {str(a.arg("id")) for a in table.legal(IBERIA)}
    assert "asturi" in areas and "vascones" not in areas
    assert all(any(owner(table, c) == IBERIA for c in RULES.content.map.neighbours(a, "barbarian")
                   if RULES.is_city(c)) for a in areas)
    do(table, IBERIA, "target", id="asturi")
    events = roll(table, 2)  # Migration: 2 VP, withdraw a linked Subdued marker
    assert "subduing_roll" in kinds(events) and subdued(table, "asturi") == 1
    assert {str(a.arg("id")) for a in table.legal(IBERIA)} == {"vascones"}
    assert act("decline") not in table.legal(IBERIA)
    do(table, IBERIA, "target", id="vascones")
    assert subdued(table, "vascones") == 0 and vp(table, IBERIA) == before + 2


def _subduing_flow(table: Table, seat: int, area: str, leader: bool = False) -> None:
    flow = Flow(RULES, table.state)
    roll_subduing(flow, seat, area, leader)
    settle(flow)
    table.state = flow.state


def test_terror_spreads_may_subdue_a_linked_area() -> None:
    table = new_table({})
    roll(table, *FINE_WEATHER)
    set_subdued(table, "asturi", 1)
    _subduing_flow(table, IBERIA, "asturi")
    roll(table, 5)
    roll(table, 0, 0)  # draws 2
    assert act("decline") in table.legal(IBERIA)
    do(table, IBERIA, "target", id="gallaeci")
    assert subdued(table, "gallaeci") == 1


def test_subduing_modifiers_enraged_leader_and_strong_areas() -> None:
    table = new_table({})
    roll(table, *FINE_WEATHER)
    table.state = evolve(table.state, enraged=2)
    set_subdued(table, "vascones", 1)
    _subduing_flow(table, IBERIA, "vascones", leader=True)
    events = roll(table, 3)  # 3 - 2 (Enraged) + 1 (Leader) + 1 (strength 4) = 3
    (ev,) = [e for e in events if e.kind == "subduing_roll"]
    assert (ev.get("modifier"), ev.get("total"), ev.get("result")) == (0, 3, "pacification")


def test_difficult_campaign_offers_a_choice() -> None:
    table = new_table({})
    roll(table, *FINE_WEATHER)
    set_subdued(table, "conii", 1)
    before = vp(table, IBERIA)
    _subduing_flow(table, IBERIA, "conii")
    roll(table, 1)
    assert set(table.legal(IBERIA)) == {act("choose", option=0), act("choose", option=1)}
    do(table, IBERIA, "choose", option=1)
    roll(table, 0)  # the random discard
    assert vp(table, IBERIA) == before + 2 and len(table.state.seats[IBERIA].discard) == 1
