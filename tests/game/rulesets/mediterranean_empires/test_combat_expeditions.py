"""Military Expedition rules: targets, seasons, shipwrecks, Special Events, interception."""

from __future__ import annotations

from game.core.actions import act
from game.core.events import Event
from game.core.records import evolve
from game.core.table import Table
from game.rulesets.mediterranean_empires.cards.reactions import declared_window
from game.rulesets.mediterranean_empires.expedition import muster
from game.rulesets.mediterranean_empires.expedition.forces import Force, ForceCard
from game.rulesets.mediterranean_empires.expedition.shipwreck import start_shipwreck
from game.rulesets.mediterranean_empires.frames import ActionPhase, Combat
from game.rulesets.mediterranean_empires.state import Truce

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    action,
    add_cards,
    cards_in_hand,
    discards,
    do,
    first,
    new_table,
    pass_all,
    push,
    roll,
    set_board,
    slot_of,
    start_round,
    take,
    to_phase,
)

GREECE = 0  # scenario 4


def test_targets_skip_own_cities_subdued_areas_and_truces() -> None:
    table = new_table({})
    set_board(table, {ROME: ("capua",), CARTHAGE: ("messana",)})
    found = muster.targets(RULES, table.state, ROME)
    assert "capua" not in found and "roma" not in found
    assert "neapolis" in found and "carthago" in found  # by land, and by sea
    table.state = evolve(table.state, truces=(Truce(CARTHAGE, ROME, "truce", "end_of_turn"),))
    found = muster.targets(RULES, table.state, ROME)
    assert "carthago" not in found and "messana" not in found and "neapolis" in found


def test_without_its_capital_a_seat_may_only_attack_it() -> None:
    table = new_table({ROME: ("hastati",)})
    set_board(table, {CARTHAGE: ("roma",), ROME: ("capua",)})
    assert muster.targets(RULES, table.state, ROME) == ("roma",)
    start_round(table)
    to_phase(table, ROME)
    do(table, ROME, "expedition")
    do(table, ROME, "target", to="roma")
    assert {a.arg("via") for a in table.legal(ROME) if a.verb == "route"} == {"land", "sea"}


def test_cancel_leaves_the_action_phase_untouched() -> None:
    table = new_table({CARTHAGE: ("libyan_spearmen",)})
    set_board(table, {})
    start_round(table)
    hand = table.state.seats[CARTHAGE].hand
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="utica")
    do(table, CARTHAGE, "route", via="land")
    add_cards(table, CARTHAGE, ("libyan_spearmen",))
    do(table, CARTHAGE, "cancel")
    top = table.state.top
    assert isinstance(top, ActionPhase) and top.seat == CARTHAGE and not top.acted
    assert table.state.seats[CARTHAGE].hand == hand


def test_seasons_limit_expeditions() -> None:
    table = new_table({CARTHAGE: ("libyan_spearmen",)})
    start_round(table, "diplomacy_season")
    assert act("expedition") not in table.legal(CARTHAGE)
    table = new_table({CARTHAGE: ("libyan_spearmen", "gaul_mercenaries")})
    set_board(table, {})
    start_round(table, "campaign_season")
    _attack_utica(table, "libyan_spearmen")
    top = table.state.top
    assert isinstance(top, ActionPhase) and top.acted and top.expeditions_left == 1
    assert act("expedition") in table.legal(CARTHAGE)


def _attack_utica(table: Table, card: str) -> None:
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="utica")
    do(table, CARTHAGE, "route", via="land")
    add_cards(table, CARTHAGE, (card,))
    do(table, CARTHAGE, "confirm")
    pass_all(table)
    pass_all(table)
    chance = table.decision().chance
    assert chance is not None
    count = chance.value_count()
    roll(table, 6, *([1] * (count - 1)))  # 1d6 + CF against Utica's dice


def test_fine_weather_means_no_shipwreck_rolls() -> None:
    table = new_table({CARTHAGE: ("gaul_mercenaries",)})
    set_board(table, {CARTHAGE: ("panormos", "messana")})
    start_round(table, "fine_weather")
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="reghium")
    do(table, CARTHAGE, "route", via="land")
    add_cards(table, CARTHAGE, ("gaul_mercenaries",))
    events = do(table, CARTHAGE, "confirm")
    assert first(events, "no_shipwreck_rolls").get("crossings") == 2


def test_foul_weather_adds_dice_and_two_ones_sink_everything() -> None:
    table = new_table({CARTHAGE: ("gaul_mercenaries", "libyan_spearmen")})
    table.state = evolve(table.state, event="foul_weather")
    force = Force(CARTHAGE, tuple(ForceCard(s) for s in take(
        table, CARTHAGE, ("gaul_mercenaries", "libyan_spearmen"), opened=False)))
    push(table, lambda flow: start_shipwreck(flow, force, 1))
    chance = table.decision().chance
    assert chance is not None and chance.value_count() == 2  # 2d6 for the one crossing
    roll(table, 1, 4)
    chance = table.decision().chance
    assert chance is not None and chance.value_count() == 3  # 3d6 for the 1
    events = roll(table, 1, 1, 5)
    assert first(events, "shipwreck_checks").get("sunk") is True
    assert sorted(discards(table, CARTHAGE)) == ["gaul_mercenaries", "libyan_spearmen"]
    assert table.state.outcome.attacker_won is False


def test_ignore_shipwreck_card_shown_skips_the_rolls() -> None:
    table = new_table({GREECE: ("island_allies", "peltasts")}, scenario="4")
    slots = take(table, GREECE, ("island_allies", "peltasts"), opened=False)
    force = Force(GREECE, tuple(ForceCard(s) for s in slots))
    push(table, lambda flow: start_shipwreck(flow, force, 2))
    assert act("show", slot=slots[0]) in table.legal(GREECE)
    events = do(table, GREECE, "show", slot=slots[0])
    assert first(events, "shipwreck_avoided").get("card") == "island_allies"
    outcome = table.state.outcome
    assert outcome.attacker_won and outcome.attacker.cards[0].use == "F"


def _viriato(table: Table, roll_value: int) -> tuple[Event, ...]:
    force = Force(ROME, tuple(ForceCard(s) for s in take(table, ROME, ("hastati", "principes"),
                                                         opened=False)))
    push(table, lambda flow: declared_window(flow, force, True, False, ROME, IBERIA))
    assert table.decision().actor == IBERIA
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "viriato"),
       window="land_expedition_declared")
    return roll(table, roll_value)


def test_cancel_expedition_sends_the_cards_home() -> None:
    table = new_table({ROME: ("hastati", "principes"), IBERIA: ("viriato",)})
    events = _viriato(table, 4)
    assert first(events, "combat_card_roll").get("outcome") == "cancel_expedition"
    assert {"hastati", "principes"} <= set(cards_in_hand(table, ROME))
    assert table.state.outcome.attacker_won is False


def test_discard_from_expedition_costs_one_random_card() -> None:
    table = new_table({ROME: ("hastati", "principes"), IBERIA: ("viriato",)})
    _viriato(table, 5)
    events = roll(table, 1)  # Principes is picked; Rome shows it
    assert first(events, "card_lost").get("card") == "principes"
    pass_all(table)
    outcome = table.state.outcome
    assert outcome.attacker_won and len(outcome.attacker.cards) == 1


def test_discard_expedition_loses_every_card() -> None:
    table = new_table({ROME: ("hastati", "principes"), IBERIA: ("viriato",)})
    _viriato(table, 6)
    assert sorted(discards(table, ROME)) == ["hastati", "principes"]
    assert table.state.outcome.attacker_won is False


def test_storm_at_sea_follows_the_weather_and_the_route() -> None:
    table = new_table({ROME: ("liburna", "hastati"), IBERIA: ("storm_at_sea", "viriato")})
    table.state = evolve(table.state, event="foul_weather")
    force = Force(ROME, tuple(ForceCard(s) for s in take(table, ROME, ("liburna", "hastati"),
                                                         opened=False)))
    push(table, lambda flow: declared_window(flow, force, False, True, ROME, IBERIA))
    windows = {a.arg("window") for a in table.legal(IBERIA) if a.verb == "play"}
    assert windows == {"naval_expedition_declared"}  # Viriato only answers land expeditions
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "storm_at_sea"),
       window="naval_expedition_declared")
    events = roll(table, 3)
    assert first(events, "combat_card_roll").get("total") == 4  # +1 in Foul Weather: one card lost


def test_direct_assault_needs_fleet_city_cf_and_blocks_land_interception() -> None:
    table = new_table({CARTHAGE: ("phoenician_quadrireme", "libyan_spearmen"),
                       IBERIA: ("slingers",)})
    set_board(table, {IBERIA: ("segeda", "saguntum", "massilia")})
    start_round(table)
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="massilia")
    do(table, CARTHAGE, "embark", port="carthago")
    do(table, CARTHAGE, "land_at", port="massilia")
    add_cards(table, CARTHAGE, ("phoenician_quadrireme", "libyan_spearmen"))
    do(table, CARTHAGE, "confirm")
    direct = action(table, CARTHAGE, "direct")
    events = table.submit(table.action_entry(CARTHAGE, direct))
    assert first(events, "direct_assault").get("fleets") == ("phoenician_quadrireme",)
    pass_all(table)
    places = {a.arg("at") for a in table.legal(IBERIA) if a.verb == "intercept"}
    assert "massilia" not in places and "sea" in places


def test_no_interception_without_the_capital() -> None:
    table = new_table({CARTHAGE: ("libyan_spearmen", "phoenician_quadrireme"), ROME: ("hastati",)})
    set_board(table, {ROME: ("capua", "neapolis"), CARTHAGE: ("roma",)})
    start_round(table)
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="capua")
    do(table, CARTHAGE, "embark", port="carthago")
    do(table, CARTHAGE, "land_at", port="roma")
    add_cards(table, CARTHAGE, ("libyan_spearmen", "phoenician_quadrireme"))  # a naval leg
    do(table, CARTHAGE, "confirm")
    pass_all(table)
    top = table.state.top
    assert isinstance(top, Combat) and top.fight == "assault"  # Rome was never asked


def test_one_interception_of_each_kind() -> None:
    table = new_table({IBERIA: ("greek_allies", "scutarii"), ROME: ("hastati", "principes",
                                                                      "liburna", "velites")})
    set_board(table, {IBERIA: ("segeda", "saguntum", "neapolis"), ROME: ("capua",)})
    start_round(table)
    to_phase(table, IBERIA)
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="capua")
    do(table, IBERIA, "embark", port="saguntum")
    do(table, IBERIA, "land_at", port="neapolis")
    add_cards(table, IBERIA, ("greek_allies", "scutarii"))
    do(table, IBERIA, "confirm")
    pass_all(table)
    do(table, ROME, "intercept", at="capua")
    do(table, ROME, "route", via="land")
    add_cards(table, ROME, ("hastati",))
    do(table, ROME, "confirm")
    pass_all(table)  # Greek Allies, the one possible Fleet, is one unasked (rule 5.4.1)
    pass_all(table)
    roll(table, 6, 1)  # Iberia 5 + 6 beats Rome 4 + 1
    roll(table, 6)  # no additional casualty (6 > 1 card)
    roll(table, 1)  # Hastati is not recovered
    kinds = {a.arg("at") for a in table.legal(ROME) if a.verb == "intercept"}
    assert kinds == {"sea"}  # a second land interception is not allowed
