"""Imperium cards as the action (rule 5.3), seasons (rule 4.1) and the cancel window."""

from __future__ import annotations

from game.core.actions import act
from game.core.table import Table
from game.rulesets.mediterranean_empires.cards.cards import card_in
from tests.game.rulesets.mediterranean_empires.helpers_cards import (
    CARTHAGE,
    IBERIA,
    ROME,
    do,
    kinds,
    new_table,
    phase,
    play_card,
    roll,
    slot_of,
)

FINE_WEATHER, DIPLOMACY, CAMPAIGN = (2, 3), (4, 5), (5, 6)


def _imperium_slots(table: Table, seat: int) -> set[str]:
    return {str(a.arg("slot")) for a in table.legal(seat) if a.verb == "imperium"}


def test_an_imperium_card_is_the_whole_action_of_a_normal_round() -> None:
    table = new_table({CARTHAGE: ["commerce_and_tributes"]})
    roll(table, *FINE_WEATHER)
    slot = slot_of(table, CARTHAGE, "commerce_and_tributes")
    assert slot in _imperium_slots(table, CARTHAGE)
    events = do(table, CARTHAGE, "imperium", slot=slot)
    assert "imperium_played" in kinds(events)
    roll(table, 0, 0, 0)
    assert len(table.state.seats[CARTHAGE].hand) == 14 - 1 + 3
    assert table.state.seats[CARTHAGE].discard == (slot,)
    assert phase(table).seat == ROME


def test_campaign_season_forbids_imperium_cards() -> None:
    table = new_table({CARTHAGE: ["commerce_and_tributes"]})
    roll(table, *CAMPAIGN)
    assert not _imperium_slots(table, CARTHAGE)


def test_a_card_with_nothing_to_act_on_is_not_offered() -> None:
    table = new_table({CARTHAGE: ["mercenary_recruitment", "commerce_and_tributes"]})
    roll(table, *FINE_WEATHER)
    offered = _imperium_slots(table, CARTHAGE)
    assert slot_of(table, CARTHAGE, "mercenary_recruitment") not in offered
    assert slot_of(table, CARTHAGE, "commerce_and_tributes") in offered


def test_diplomacy_season_second_card_may_be_the_one_just_stolen() -> None:
    table = new_table({ROME: ["treachery"], IBERIA: ["fortifications"]})
    roll(table, *DIPLOMACY)
    do(table, CARTHAGE, "pass")
    play_card(table, ROME, "imperium", "treachery")
    do(table, ROME, "target", id="iberia")
    stolen = slot_of(table, IBERIA, "fortifications")
    roll(table, table.state.seats[IBERIA].hand.index(stolen))
    assert phase(table).imperium_left == 1 and phase(table).acted
    assert stolen in table.state.seats[ROME].hand
    assert table.secrets[ROME].knows(stolen)
    assert stolen in _imperium_slots(table, ROME)
    do(table, ROME, "imperium", slot=stolen)
    do(table, ROME, "target", id="roma")
    assert stolen in table.state.seats[IBERIA].discard  # the deck owner's pile
    assert phase(table).seat == IBERIA


def test_done_ends_a_diplomacy_season_action_after_one_card() -> None:
    table = new_table({CARTHAGE: ["commerce_and_tributes"]})
    roll(table, *DIPLOMACY)
    play_card(table, CARTHAGE, "imperium", "commerce_and_tributes")
    roll(table, 0, 0, 0)
    assert act("done") in table.legal(CARTHAGE)
    do(table, CARTHAGE, "done")
    assert phase(table).seat == ROME


# -- the card_played window: Broken Truce, Oracle of Delphi -------------------------------------

WEST_ROME, WEST_CARTHAGE, WEST_IBERIA, WEST_GAUL = 0, 1, 2, 3  # scenario 6


def _truce_table() -> Table:
    table = new_table({WEST_CARTHAGE: ["truce"], WEST_IBERIA: ["broken_truce"]},
                      scenario="6", seats=4)
    roll(table, *FINE_WEATHER)
    do(table, WEST_ROME, "pass")
    play_card(table, WEST_CARTHAGE, "imperium", "truce")
    return table


def test_only_players_who_may_hold_a_cancelling_card_are_asked() -> None:
    table = _truce_table()
    top = table.state.top
    assert top.kind == "imperium_play"
    assert top.asking == (WEST_IBERIA, WEST_GAUL)  # Rome's deck has no Broken Truce


def test_broken_truce_cancels_a_truce_as_it_is_played() -> None:
    table = _truce_table()
    assert table.decision().actor == WEST_IBERIA
    events = play_card(table, WEST_IBERIA, "cancel", "broken_truce")
    assert "card_cancelled" in kinds(events)
    assert table.state.truces == ()
    assert [card_in(table.state, s) for s in table.state.seats[WEST_IBERIA].discard] == \
        ["broken_truce"]
    assert phase(table).seat == WEST_IBERIA


def test_a_truce_stands_when_everyone_passes() -> None:
    table = _truce_table()
    assert act("pass") in table.legal(WEST_IBERIA)
    do(table, WEST_IBERIA, "pass")
    assert table.legal(WEST_GAUL) == (act("pass"),) or act("pass") in table.legal(WEST_GAUL)
    do(table, WEST_GAUL, "pass")
    do(table, WEST_CARTHAGE, "target", id="rome")
    (truce,) = table.state.truces
    assert (truce.seat, truce.other, truce.card) == (WEST_CARTHAGE, WEST_ROME, "truce")


def test_oracle_of_delphi_cancels_a_city_taking_card() -> None:
    greece, rome = 0, 2  # scenario 8: Greece, Carthage, Rome, Macedonia
    table = new_table({greece: ["oracle_of_delphi"], rome: ["roman_diplomacy"]},
                      scenario="8", seats=4)
    roll(table, *FINE_WEATHER)
    do(table, greece, "pass")
    do(table, 1, "pass")
    play_card(table, rome, "imperium", "roman_diplomacy")
    assert table.decision().actor == greece
    play_card(table, greece, "cancel", "oracle_of_delphi")
    assert table.state.top.kind == "action_phase" and phase(table).seat == 3
