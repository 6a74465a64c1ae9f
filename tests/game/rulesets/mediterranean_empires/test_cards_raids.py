"""Neutral Attack and Pirates (rule 4.1) and Cilician Pirates: who steers, what may be hit."""

from __future__ import annotations

import pytest

from game.core.actions import act
from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.expedition.forces import NEUTRAL_FORCE, PIRATES
from game.rulesets.mediterranean_empires.flow import Flow, settle
from game.rulesets.mediterranean_empires.sequence.fighting_events import (
    neutral_sources,
    neutral_targets,
    pirate_targets,
    start_raid,
)
from game.rulesets.mediterranean_empires.state import NEUTRAL
from tests.game.rulesets.mediterranean_empires.helpers_cards import (
    CARTHAGE,
    IBERIA,
    RULES,
    do,
    fake_attack,
    give_cities,
    kinds,
    new_table,
    owner,
    roll,
    run_abilities,
    set_subdued,
    vp,
)
from tests.game.rulesets.mediterranean_empires.helpers_combat import pass_all

ROME = 1


def _raid(table: Table, event: str) -> tuple[Event, ...]:
    flow = Flow(RULES, table.state)
    start_raid(flow, event)
    settle(flow)
    table.state = flow.state
    return tuple(flow.events)


def test_pirates_come_up_on_14_and_a_random_player_steers_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_attack(monkeypatch, falls=True)
    table = new_table({})
    give_cities(table, ROME, "neapolis", "capua")
    roll(table, 2, 3)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    roll(table, 5, 6)  # 11 + round 2 + everyone passed = 14: Pirates
    decision = table.decision()
    assert decision.is_chance and decision.chance is not None
    assert len(decision.chance.draws) == 2
    roll(table, CARTHAGE, 5)  # Carthage steers; a 5: naval 8, city assault 6
    assert table.decision().actor == CARTHAGE
    targets = {str(a.arg("id")) for a in table.legal(CARTHAGE)}
    assert "neapolis" in targets and all(RULES.content.map.city(c).port for c in targets)
    before = vp(table, ROME)
    events = do(table, CARTHAGE, "target", id="neapolis")
    ((force, target, _origin, by_sea),) = fake.calls
    assert (force.seat, force.naval_cf, force.cf, by_sea) == (PIRATES, 8, 6, True)
    assert target == "neapolis"
    assert owner(table, "neapolis") == NEUTRAL and vp(table, ROME) == before - 1
    assert "raid_over" in kinds(events)


def test_pirates_have_no_effect_without_a_player_port() -> None:
    table = new_table({})
    roll(table, 2, 3)
    ports = [c.id for c in RULES.content.map.cities if c.port and owner(table, c.id) >= 0]
    give_cities(table, NEUTRAL, *ports)
    assert pirate_targets(RULES, table.state) == ()
    events = _raid(table, "pirates")
    assert kinds(events) == ["event_no_effect"] and table.state.top.kind == "action_phase"


def test_neutral_attack_reaches_through_subdued_areas_only() -> None:
    table = new_table({})
    give_cities(table, NEUTRAL, "siga", "iol", "rusicade")
    give_cities(table, CARTHAGE, "cirta")
    assert "cirta" not in neutral_targets(RULES, table.state, "siga")
    set_subdued(table, "massaesyli_numidae", 1)
    assert "cirta" in neutral_targets(RULES, table.state, "siga")
    assert "siga" in neutral_sources(RULES, table.state)


def test_neutral_attack_chooser_picks_the_city_then_its_target(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_attack(monkeypatch, falls=False)
    table = new_table({})
    roll(table, 2, 3)
    give_cities(table, NEUTRAL, "neapolis")
    give_cities(table, ROME, "capua")
    _raid(table, "neutral_attack")
    roll(table, IBERIA, 3)  # Iberia steers; a 3: CF 4
    assert act("target", id="neapolis") in table.legal(IBERIA)
    do(table, IBERIA, "target", id="neapolis")
    assert act("target", id="capua") in table.legal(IBERIA)
    do(table, IBERIA, "target", id="capua")
    ((force, target, origin, by_sea),) = fake.calls
    assert (force.seat, force.cf, force.base_die) == (NEUTRAL_FORCE, 4, True)
    assert (target, origin, by_sea) == ("capua", "neapolis", False)
    assert owner(table, "capua") == ROME


def test_cilician_pirates_put_the_player_in_control(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_attack(monkeypatch, falls=False)
    persia = 2  # scenario 4: Greece, Macedonia, Persia
    table = new_table({}, scenario="4")
    roll(table, 2, 3)
    run_abilities(table, persia, "cilician_pirates", "imperium")
    decision = table.decision()
    assert decision.is_chance and decision.chance is not None
    assert len(decision.chance.draws) == 1
    roll(table, 6)
    targets = {str(a.arg("id")) for a in table.legal(persia)}
    assert targets and all(owner(table, c) not in (persia, NEUTRAL) for c in targets)
    do(table, persia, "target", id=sorted(targets)[0])
    ((force, _, _, by_sea),) = fake.calls
    assert (force.naval_cf, force.cf, by_sea) == (9, 7, True)


def test_neutral_attack_event_runs_the_whole_attack() -> None:
    table = new_table({})
    give_cities(table, NEUTRAL, "neapolis", "reghium")
    give_cities(table, ROME, "capua")
    before = vp(table, ROME)
    events = roll(table, 3, 4)  # 7: Neutral Attack
    assert events[0].get("event") == "neutral_attack"
    roll(table, IBERIA, 6)  # Iberia steers; a 6: CF 7
    do(table, IBERIA, "target", id="neapolis")
    do(table, IBERIA, "target", id="capua")
    pass_all(table)  # the expedition-declared window
    do(table, ROME, "decline")  # no interception
    pass_all(table)  # the assault's card window
    events = roll(table, 1, 2, 2, 2)  # 7 + 1 = 8 against Capua's 3 dice = 6
    assert "raid_over" in kinds(events)
    assert owner(table, "capua") == NEUTRAL and vp(table, ROME) == before - 2
    assert table.state.top.kind == "action_phase"
