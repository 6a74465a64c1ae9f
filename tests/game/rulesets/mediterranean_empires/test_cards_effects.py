"""One test (or more) per non-battle card effect (card_effects, city_effects, steal, truces)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.actions import act
from game.core.table import Table
from game.rulesets.mediterranean_empires.cards.truces import EVERYONE, in_truce
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.state import NEUTRAL
from tests.game.rulesets.mediterranean_empires.helpers_cards import (
    CARTHAGE,
    IBERIA,
    ROME,
    do,
    give_cities,
    kinds,
    new_table,
    owner,
    roll,
    run_abilities,
    slot_of,
    to_discard,
    vp,
)

FINE_WEATHER = (2, 3)


def _table(hands: Mapping[int, Sequence[str]] | None = None) -> Table:
    table = new_table(hands or {})
    roll(table, *FINE_WEATHER)
    return table


def _rules(table: Table) -> Rules:
    """The Mediterranean Empires rules the table plays by."""
    assert isinstance(table.ruleset, MeRuleset)
    return table.ruleset.rules


def _targets(table: Table, seat: int) -> set[str]:
    return {str(a.arg("id")) for a in table.legal(seat) if a.verb == "target"}


# -- take_city ---------------------------------------------------------------------------------

def _neapolis_table() -> Table:
    table = _table()
    give_cities(table, ROME, "capua")
    give_cities(table, NEUTRAL, "neapolis", "reghium")
    return table


def test_take_city_by_roll_fails_below_its_number() -> None:
    table = _neapolis_table()
    run_abilities(table, ROME, "roman_diplomacy", "imperium")
    assert "neapolis" in _targets(table, ROME)
    do(table, ROME, "target", id="neapolis")
    events = roll(table, 2)  # needs 2 + size 1 (Scenarios Book, round 5)
    assert "city_changed" not in kinds(events) and owner(table, "neapolis") == NEUTRAL


def test_take_city_by_roll_counts_as_a_conquest() -> None:
    table = _neapolis_table()
    before = vp(table, ROME)
    run_abilities(table, ROME, "roman_diplomacy", "imperium")
    do(table, ROME, "target", id="neapolis")
    roll(table, 3)
    assert owner(table, "neapolis") == ROME and vp(table, ROME) == before + 1


def test_take_city_limits_province_size_capitals_and_connection() -> None:
    table = _neapolis_table()
    give_cities(table, NEUTRAL, "roma", "tarquinii", "terentum")
    give_cities(table, CARTHAGE, "brundisium")
    run_abilities(table, ROME, "italian_allies", "imperium")
    targets = _targets(table, ROME)
    assert "neapolis" in targets and "terentum" in targets  # linked to Capua
    assert "brundisium" not in targets  # not linked to a Roman city
    assert "roma" not in targets  # a capital, and size 3
    assert all(t in {c.id for c in _rules(table).content.map.cities_in("italia")}
               for t in targets)


def test_take_city_without_roll_takes_any_neutral_small_port() -> None:
    table = _table()
    run_abilities(table, CARTHAGE, "carthaginian_colonies", "imperium")
    targets = _targets(table, CARTHAGE)
    city_map = _rules(table).content.map
    assert targets and all(city_map.city(c).port and city_map.city(c).size == 1
                           and owner(table, c) == NEUTRAL for c in targets)
    target = sorted(targets)[0]
    do(table, CARTHAGE, "target", id=target)
    assert owner(table, target) == CARTHAGE


def test_sack_and_plunder_may_follow_a_card_conquest() -> None:
    table = _table({IBERIA: ["sack_and_plunder"]})
    give_cities(table, NEUTRAL, "massilia")
    give_cities(table, IBERIA, "emporion")
    run_abilities(table, IBERIA, "surrender", "imperium")
    do(table, IBERIA, "target", id="massilia")
    roll(table, 4)
    assert owner(table, "massilia") == IBERIA
    assert table.decision().actor == IBERIA and act("pass") in table.legal(IBERIA)
    hand = len(table.state.seats[IBERIA].hand)
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "sack_and_plunder"))
    roll(table, 0, 0, 0)  # one card plus Massilia's size 2
    assert len(table.state.seats[IBERIA].hand) == hand - 1 + 3
    do(table, IBERIA, "pass")
    assert table.state.top.kind == "action_phase"


# -- revolt_city ---------------------------------------------------------------------------------

def test_revolt_turns_another_players_city_neutral() -> None:
    table = _table()
    give_cities(table, CARTHAGE, "neapolis")
    before = vp(table, CARTHAGE)
    run_abilities(table, IBERIA, "slave_revolt", "imperium")
    targets = _targets(table, IBERIA)
    assert "neapolis" in targets and "carthago" not in targets  # capitals are immune
    assert all(owner(table, c) not in (IBERIA, NEUTRAL) for c in targets)
    do(table, IBERIA, "target", id="neapolis")
    roll(table, 4)  # needs 3 + size 1
    assert owner(table, "neapolis") == NEUTRAL and vp(table, CARTHAGE) == before - 1


# -- steal_random_card ---------------------------------------------------------------------------

def test_steal_takes_random_cards_that_only_the_thief_learns() -> None:
    table = _table()
    victim_hand = table.state.seats[CARTHAGE].hand
    run_abilities(table, ROME, "rebellious_plot", "imperium")
    assert _targets(table, ROME) == {"0", "1"}
    do(table, ROME, "target", id="1")
    do(table, ROME, "target", id="carthage")
    events = roll(table, 0)
    events += roll(table, 0)
    assert kinds(events).count("card_stolen") == 2
    taken = set(victim_hand) - set(table.state.seats[CARTHAGE].hand)
    assert len(taken) == 2 and taken <= set(table.state.seats[ROME].hand)
    assert all(table.secrets[ROME].knows(s) and table.state.hidden.card_of(s) is None
               for s in taken)


# -- fortifications, capital, recovery, draws, VP, pass ------------------------------------------

def test_add_fortification_places_a_marker_on_an_own_city() -> None:
    table = _table()
    index = _rules(table).city_index("numantia")
    before = table.state.board.forts[index]
    run_abilities(table, IBERIA, "fortifications", "imperium")
    assert all(owner(table, c) == IBERIA for c in _targets(table, IBERIA))
    do(table, IBERIA, "target", id="numantia")
    assert table.state.board.forts[index] == before + 1


def test_move_capital_needs_an_own_city_of_the_size() -> None:
    table = _table()
    give_cities(table, ROME, "capua", "neapolis")
    run_abilities(table, ROME, "new_capital", "imperium")
    targets = _targets(table, ROME)
    assert "capua" in targets and "neapolis" not in targets and "roma" not in targets
    do(table, ROME, "target", id="capua")
    assert table.state.seats[ROME].capital == "capua"


def test_recover_from_discard_takes_troops_one_at_a_time() -> None:
    table = new_table({CARTHAGE: ["gaul_mercenaries", "libyan_spearmen", "garrison",
                                  "numidian_cavalry"]})
    roll(table, *FINE_WEATHER)
    pile = to_discard(table, CARTHAGE, ["gaul_mercenaries", "libyan_spearmen", "garrison",
                                        "numidian_cavalry"])
    run_abilities(table, CARTHAGE, "mercenary_recruitment", "imperium")
    assert _targets(table, CARTHAGE) == {pile[0], pile[1], pile[3]}  # Garrison is no Troop
    do(table, CARTHAGE, "target", id=pile[0])
    assert _targets(table, CARTHAGE) == {pile[1], pile[3]}
    do(table, CARTHAGE, "target", id=pile[3])
    assert table.state.seats[CARTHAGE].discard == (pile[1], pile[2])
    assert {pile[0], pile[3]} <= set(table.state.seats[CARTHAGE].hand)


def test_draw_cards_adds_the_city_size_after_a_conquest() -> None:
    table = _table()
    hand = len(table.state.seats[IBERIA].hand)
    run_abilities(table, IBERIA, "sack_and_plunder", "after_conquest", city="massilia")
    roll(table, 0, 0, 0)  # Scenarios Book: 3 cards after size-2 Massilia
    assert len(table.state.seats[IBERIA].hand) == hand + 3


def test_choose_one_offers_each_possible_option() -> None:
    table = _table()
    before = vp(table, ROME)
    run_abilities(table, ROME, "druids", "imperium")
    assert _targets(table, ROME) == {"0", "1"}
    do(table, ROME, "target", id="1")
    assert vp(table, ROME) == before + 2


def test_count_as_pass_counts_toward_everyone_passing() -> None:
    greece, macedonia, persia, egypt = 0, 1, 2, 3  # scenario 7
    table = new_table({egypt: ["nile_harvest"]}, scenario="7", seats=4)
    roll(table, *FINE_WEATHER)
    for seat in (greece, macedonia, persia):
        do(table, seat, "pass")
    do(table, egypt, "imperium", slot=slot_of(table, egypt, "nile_harvest"))
    events = roll(table, 0)
    assert kinds(events)[-1] == "counted_as_pass" and "drew" in kinds(events)
    assert table.state.all_passed is True


# -- truces ----------------------------------------------------------------------------------------

def test_truce_with_one_player_lasts_to_the_end_of_the_turn() -> None:
    table = _table()
    events = run_abilities(table, ROME, "political_marriage", "imperium")
    assert _targets(table, ROME) == {"carthage", "iberia"}
    events = do(table, ROME, "target", id="iberia")
    assert "vp" in kinds(events)
    assert in_truce(table.state, ROME, IBERIA) and in_truce(table.state, IBERIA, ROME)
    assert not in_truce(table.state, ROME, CARTHAGE)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    roll(table, 1, 1)  # 2 + round 2 + everyone passed: Fine Weather
    assert in_truce(table.state, ROME, IBERIA)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    roll(table, 6, 6)  # End Turn
    assert table.state.truces == ()


def test_pax_binds_everyone_until_the_end_of_the_next_round() -> None:
    table = _table()
    run_abilities(table, ROME, "pax", "imperium")
    (truce,) = table.state.truces
    assert truce.other == EVERYONE and in_truce(table.state, CARTHAGE, ROME)
    assert not in_truce(table.state, CARTHAGE, IBERIA)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    roll(table, 1, 1)
    assert in_truce(table.state, IBERIA, ROME)
    for seat in (CARTHAGE, ROME, IBERIA):
        do(table, seat, "pass")
    assert table.state.truces == ()
