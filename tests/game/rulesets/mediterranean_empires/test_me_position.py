"""Positions: YAML in, a real committed state out, and back to the same YAML."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.ai.random_bot import RandomBot
from game.content import ContentError
from game.core.actions import act
from game.core.decision import CHANCE
from game.core.entries import ChanceEntry
from game.core.records import evolve
from game.core.secrets import SeatSecrets
from game.core.table import SeededChance, Table, next_entry
from game.rulesets.mediterranean_empires.frames import (
    ActionPhase,
    Foundation,
    RoundEnd,
    RoundStart,
)
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.position.write import PositionError, dump_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.state import MeState
from game.session import bot_session, derive, master_config

RULESET = MeRuleset()
RULES = RULESET.rules
SB_ROUND5 = (Path(__file__).parent / "positions" / "sb_round5.yaml").read_text()
CARTHAGE, ROME, IBERIA = 0, 1, 2


def _table(text: str) -> Table:
    loaded = load_position(RULES, text)
    table = Table(RULESET, loaded.config, loaded.secrets)
    table.state = loaded.state
    return table


def test_the_book_position_loads_at_the_event_roll() -> None:
    loaded = load_position(RULES, SB_ROUND5, "sb.yaml")
    state = loaded.state
    assert (state.turn, state.round, state.stack) == (1, 4, (RoundStart(),))
    assert [state.cities_of(s) for s in range(3)] == [12, 13, 11]
    assert state.board.forts[RULES.city_index("numantia")] == 2
    assert state.board.owner[RULES.city_index("massilia")] == -1
    assert [seat.vp for seat in state.seats] == [12, 13, 11]
    assert RULESET.decision(state).actor == CHANCE


def test_hands_are_slots_known_only_to_their_holder() -> None:
    loaded = load_position(RULES, SB_ROUND5)
    rome = loaded.state.seats[ROME]
    known = loaded.secrets[ROME].known(rome.hand)
    assert sorted(known.values()) == sorted(
        ["storm_at_sea", "engineering", "roman_diplomacy", "consul", "barbarian_allies",
         "treachery", "hastati", "velites", "militia"])
    assert not loaded.secrets[IBERIA].known(rome.hand)
    assert all(loaded.state.hidden.card_of(slot) is None for slot in rome.hand)


def test_discards_are_open_and_decks_hold_the_rest() -> None:
    state = load_position(RULES, SB_ROUND5).state
    carthage = state.seats[CARTHAGE]
    assert [state.hidden.card_of(s) for s in carthage.discard] == ["numidian_cavalry"]
    assert len(state.hidden.deck("carthage").undrawn) == 35 - 1 - 9 - 1  # truce removed


def test_writing_then_loading_is_a_fixed_point() -> None:
    loaded = load_position(RULES, SB_ROUND5)
    text = dump_position(RULES, loaded.state, loaded.secrets)
    again = load_position(RULES, text)
    assert dump_position(RULES, again.state, again.secrets) == text
    assert again.state.board == loaded.state.board


def test_an_action_phase_position_lists_the_rest_of_the_round() -> None:
    text = SB_ROUND5.replace("to_act: event", "to_act: rome\nevent: diplomacy_season")
    state = load_position(RULES, text).state
    assert state.round == 5 and state.event == "diplomacy_season"
    assert state.stack == (RoundEnd(), ActionPhase(IBERIA, 2, 0), ActionPhase(ROME, 2, 0))


def test_a_position_plays_on() -> None:
    table = _table(SB_ROUND5)
    table.submit(ChanceEntry(values=(3, 4)))  # 7 + 4 = 11
    assert table.state.round == 5 and table.decision().actor == CARTHAGE
    hand = table.state.seats[CARTHAGE].hand
    table.submit(table.action_entry(CARTHAGE, table.legal(CARTHAGE)[1]))
    assert table.state.seats[CARTHAGE].discard[-1] in hand


def test_a_card_taken_from_another_deck_is_known_to_its_holder() -> None:
    text = SB_ROUND5.replace("hastati, velites, militia]", "hastati, velites, carthage:truce]")
    with pytest.raises(ContentError, match="no copy of 'truce' left in the carthage deck"):
        load_position(RULES, text)
    text = SB_ROUND5.replace("hastati, velites, militia]",
                             "hastati, velites, carthage:garrison]")
    loaded = load_position(RULES, text)
    foreign = [s for s in loaded.state.seats[ROME].hand if s.startswith("carthage:")]
    assert loaded.secrets[ROME].known(tuple(foreign)) == {foreign[0]: "garrison"}
    assert "carthage:garrison" in dump_position(RULES, loaded.state, loaded.secrets)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("turn: 1", "turn: 9", "9 is outside 1..3"),
    ("to_act: event", "to_act: egypt", "'egypt' is not one of"),
    ("to_act: event", "to_act: rome", "event: this round's Random Event is needed"),
    ("nicaea]", "nicaea, carthago]", "carthago is already held by carthage"),
    ("nicaea]", "nicaea, athenai]", "athenai is outside this scenario's provinces"),
    ("nicaea]", "nicaea, atlantis]", "no city 'atlantis' on the map"),
    ("hastati, velites, militia]", "hastati, hastati, hastati, hastati]",
     "no copy of 'hastati' left in the rome deck"),
    ("    deck: rest\n", "    deck: [hannibal]\n", "cards of the carthage deck placed nowhere"),
    ("  iberia:\n", "  egypt:\n", "list exactly the scenario's empires"),
    ("enraged: 0", "enraged: 0\nwinner: rome", "unknown key(s) winner"),
    ("first: carthage", "first: egypt", "first: 'egypt' is not one of"),
])
def test_mistakes_name_the_key(old: str, new: str, message: str) -> None:
    assert old in SB_ROUND5
    with pytest.raises(ContentError, match=re.escape(message)) as info:
        load_position(RULES, SB_ROUND5.replace(old, new, 1), "bad.yaml")
    assert str(info.value).startswith("bad.yaml: ")


def test_states_of_a_real_game_round_trip_at_action_phases() -> None:
    ruleset_config = master_config(RULESET, b"position-game", "3")
    table = bot_session(RULESET, ruleset_config, b"position-game", hash_every=0).table
    bots = {s: RandomBot(derive(b"position-game", f"bot:{s}")) for s in range(3)}
    chance = SeededChance(b"position-chance")
    turns: set[int] = set()
    written, step = 0, 0
    while not table.decision().is_over:
        top = table.state.top
        step += 1
        if isinstance(top, ActionPhase | RoundStart) and step % 5 == 0:
            text = _written(table)
            if text:
                again = load_position(RULES, text)
                assert dump_position(RULES, again.state, again.secrets) == text
                _assert_same_game(table, again.state, again.secrets)
                written, turns = written + 1, turns | {table.state.turn}
        table.submit(next_entry(table, table.decision(), bots, chance))
    assert written >= 6 and len(turns) >= 2


def _assert_same_game(table: Table, state: MeState,
                      secrets: Mapping[int, SeatSecrets]) -> None:
    before = table.state
    assert (state.board, state.stack, state.turn, state.round, state.enraged) == (
        before.board, before.stack, before.turn, before.round, before.enraged)
    if isinstance(before.top, ActionPhase):  # at the roll, last round's event is spent
        assert state.event == before.event
    for seat, (old, new) in enumerate(zip(before.seats, state.seats, strict=True)):
        assert (old.vp, old.capital, old.hand_bonus) == (new.vp, new.capital, new.hand_bonus)
        assert sorted(table.secrets[seat].known(old.hand).values()) == sorted(
            secrets[seat].known(new.hand).values())
        deck = before.hidden.deck(old.empire).undrawn
        assert len(deck) == len(state.hidden.deck(new.empire).undrawn)


def _written(table: Table) -> str:
    try:
        return dump_position(RULES, table.state, table.secrets)
    except PositionError as exc:
        assert "positions start at" in str(exc) or "commitments" in str(exc)
        return ""


def test_a_state_inside_a_procedure_cannot_be_written() -> None:
    table = _table(SB_ROUND5)
    table.submit(ChanceEntry(values=(3, 4)))  # Campaign Season
    table.submit(table.action_entry(CARTHAGE, act("expedition")))
    with pytest.raises(PositionError, match=r"positions start at .* the state is in expedition"):
        dump_position(RULES, table.state, table.secrets)


# -- canonical deals: picks find the same cards whatever the game id ------------------------

def test_hands_keep_the_listed_order_by_deck_and_decks_are_by_card_id() -> None:
    text = SB_ROUND5.replace("hastati, velites, militia]", "hastati, velites, carthage:garrison]")
    for game_id in ("", "game_id: '01'\n", "game_id: abcdef\n"):
        loaded = load_position(RULES, text + game_id)
        hand = loaded.state.seats[ROME].hand
        assert [loaded.secrets[ROME].known(hand)[s] for s in hand] == [
            "garrison", "storm_at_sea", "engineering", "roman_diplomacy", "consul",
            "barbarian_allies", "treachery", "hastati", "velites"]
        deck = loaded.state.hidden.deck("rome").undrawn
        cards = [loaded.secrets[ROME].known(deck)[s] for s in deck]
        assert cards == sorted(cards) and deck[0] == "rome:0:0"


def test_an_explicit_deck_is_drawn_in_its_listed_order() -> None:
    loaded = load_position(RULES, SB_ROUND5)
    rest = sorted(loaded.secrets[ROME].known(loaded.state.hidden.deck("rome").undrawn).values())
    listed = list(reversed(rest))
    text = SB_ROUND5.replace("    cities_at_turn_start: 12\n  iberia:",
                             f"    deck: [{', '.join(listed)}]\n    cities_at_turn_start: 12\n"
                             "  iberia:")
    again = load_position(RULES, text)
    deck = again.state.hidden.deck("rome").undrawn
    assert [again.secrets[ROME].known(deck)[s] for s in deck] == listed


# -- impossible positions ---------------------------------------------------------------------

IBERIA_END = "    cities_at_turn_start: 11"
TRUCE = IBERIA_END + "\n    truces: [{with: rome, card: truce, until: %s}]"


@pytest.mark.parametrize(("old", "new", "message"), [
    (IBERIA_END, TRUCE % "round x",
     "empires.iberia.truces[0].until: 'round x' is not `round T.R` or `turn T` (numbers)"),
    (IBERIA_END, TRUCE % "round 1.4", "until: round 1.4 cannot be a truce's end here: truces "
     "in force now lapse at the end of round 5 of turn 1"),
    (IBERIA_END, TRUCE % "turn 2", "until: the position is in turn 1, and every truce ends"),
    (IBERIA_END, TRUCE % "round 1.99999", "is not `round T.R` or `turn T`"),
    (IBERIA_END, IBERIA_END + "\n    truces: [{with: iberia, card: truce}]",
     "truces[0].with: a truce binds two different empires"),
    (IBERIA_END, IBERIA_END + "\n    truces: [{with: rome, card: peace}]",
     "truces[0].card: no card 'peace'"),
    ("vp: 13", "vp: 0", "empires.rome.vp: 0 is outside 1..80"),
    ("vp: 13", "vp: 81", "empires.rome.vp: 81 is outside 1..80"),
    ("vp: 13", "vp: 123456789012345678901234567890", "is outside 1..80"),
    ("vp: 13", "vp: 13\n    capital: carthago", "empires.rome.capital: the capital carthago "
     "is held by carthage; a lost capital is written {city: carthago, held_by: carthage}"),
    ("vp: 13", "vp: 13\n    capital: {city: carthago, held_by: iberia}",
     "empires.rome.capital.held_by: carthago is held by carthage"),
    ("vp: 13", "vp: 13\n    capital: {city: roma, held_by: rome}",
     "rome holds roma itself (write `capital: roma`)"),
    ("vp: 13", "vp: 13\n    capital: athenai", "athenai is outside this scenario's provinces"),
    ("round: 5", "round: 0", "round: 0 is below the lowest allowed, 1"),
    ("round: 5", "round: 16", "round 15 of a turn always rolls End Turn, so no round 16 roll"),
    ("to_act: event", "to_act: rome\nevent: prosperity",
     "event: the roll of round 5 cannot give prosperity (it gives fine_weather"),
    ("enraged: 0", "enraged: 0\npasses: 1", "passes: passes count from 0 again at each"),
    ("to_act: event", "to_act: rome\nevent: pirates\npasses: 2",
     "passes: only 1 action phase(s) of this round are over"),
    ("round: 5", "round: 1\nall_passed: true", "all_passed: a turn's first roll has no"),
    (IBERIA_END, "    cities_at_turn_start: 500", "500 is outside 0..140"),
    (IBERIA_END, IBERIA_END + "\n    hand_bonus: 99", "hand_bonus: 99 is outside -14..14"),
    ("first: carthage", "first: carthage\ngame_id: 0g", "game_id: expected hexadecimal text"),
    ("first: carthage", "first: carthage\noptions: {1: 2}", "options: keys must be text"),
])
def test_impossible_positions_are_refused_with_the_key_path(old: str, new: str,
                                                            message: str) -> None:
    assert old in SB_ROUND5
    with pytest.raises(ContentError) as info:
        load_position(RULES, SB_ROUND5.replace(old, new, 1), "bad.yaml")
    assert str(info.value).startswith("bad.yaml: ") and message in str(info.value)
    assert "None" not in str(info.value)


def test_a_lost_capital_is_written_and_read_back() -> None:
    text = SB_ROUND5.replace("vp: 13", "vp: 13\n    capital: {city: carthago, held_by: "
                                       "carthage}")
    loaded = load_position(RULES, text)
    assert loaded.state.seats[ROME].capital == "carthago"
    written = dump_position(RULES, loaded.state, loaded.secrets)
    assert "capital: {city: carthago, held_by: carthage}" in written
    assert dump_position(RULES, load_position(RULES, written).state, loaded.secrets) == written


def test_a_truce_round_trips_and_lapses_when_it_says() -> None:
    text = SB_ROUND5.replace(IBERIA_END, TRUCE % "round 1.5")
    table = _table(text)
    assert table.state.truces[0].until == "round 1.5"
    written = dump_position(RULES, table.state, table.secrets)
    assert "until: round 1.5" in written
    table.submit(ChanceEntry(values=(3, 4)))
    for seat in (CARTHAGE, ROME, IBERIA):
        table.submit(table.action_entry(seat, act("pass")))
    assert table.state.truces == ()


def test_a_state_off_the_vp_track_cannot_be_written() -> None:
    loaded = load_position(RULES, SB_ROUND5)
    seats = list(loaded.state.seats)
    seats[ROME] = evolve(seats[ROME], vp=81)
    with pytest.raises(PositionError, match="rome has 81 VP, off the VP track"):
        dump_position(RULES, evolve(loaded.state, seats=tuple(seats)), loaded.secrets)


# -- the Empire Foundation step --------------------------------------------------------------

FOUNDATION = """scenario: 3
to_act: foundation
empires:
  carthage: {cities: {carthago: 1, utica: 2}}
  rome: {cities: [roma, tarquinii], markers_left: 10}
  iberia: {cities: [numantia, segontia]}
"""


def _foundation_table() -> Table:
    table = bot_session(RULESET, master_config(RULESET, b"found", "3"), b"found").table
    while table.decision().kind == "commit":
        table.submit(table.mechanical_entry(table.decision()))
    return table


def test_a_foundation_position_waits_for_the_next_marker() -> None:
    table = _table(FOUNDATION)
    assert table.state.top == Foundation(ROME, (9, 10, 10))
    assert table.decision().prompt == "rome: place a fortification marker (10 left)"
    assert all(not seat.hand for seat in table.state.seats)
    table.submit(table.action_entry(ROME, act("place", city="capua")))
    assert table.state.top == Foundation(IBERIA, (9, 9, 10))


def test_a_real_foundation_state_is_written_and_read_back() -> None:
    table = _foundation_table()
    for _ in range(4):
        actor = table.decision().actor
        table.submit(table.action_entry(actor, table.legal(actor)[-1]))
    text = dump_position(RULES, table.state, table.secrets)
    assert "to_act: foundation" in text and "markers_left: 9" in text
    again = load_position(RULES, text)
    assert dump_position(RULES, again.state, again.secrets) == text
    assert evolve(again.state, hidden=table.state.hidden) == table.state


def test_the_foundation_plays_on_into_the_first_turn() -> None:
    table = _table(FOUNDATION.replace("utica: 2", "utica: 10").replace(
        "[roma, tarquinii], markers_left: 10", "{roma: 10, tarquinii: 1}").replace(
        "[numantia, segontia]", "{numantia: 10, segontia: 1}"))
    for seat in (CARTHAGE, ROME, IBERIA):
        table.submit(table.action_entry(seat, table.legal(seat)[0]))
    assert table.decision().prompt == "carthage draws 14"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("markers_left: 10", "markers_left: 9",
     "empires.rome.markers_left: the cities hold 1 placed marker(s) of 11, so 10 are left"),
    ("{carthago: 1, utica: 2}", "{carthago: 1}", "empires place one marker each in seat order "
     "(carthage, rome, iberia): markers left 11, 10, 10 cannot happen"),
    ("[numantia, segontia]", "{numantia: 3, segontia: 1}", "markers left 9, 10, 8 cannot"),
    ("[numantia, segontia]", "[numantia, emporion]",
     "emporion: not linked to numantia through own cities"),
    ("[numantia, segontia]", "[numantia, segontia, roma]",
     "roma is another empire's capital or already held"),
    ("[numantia, segontia]", "[numantia, segontia, massilia]",
     "massilia is a key city: it stays neutral during the foundation"),
    ("utica: 2", "utica: 12", "12 markers placed, but an empire has only 11 to place"),
    ("to_act: foundation", "to_act: foundation\nturn: 1", "(top): unknown key(s) turn; "
     "allowed: scenario, to_act, options, game_id, empires"),
    ("markers_left: 10", "hand: [consul]", "unknown key(s) hand; allowed: cities, markers_left"),
])
def test_impossible_foundations_are_refused(old: str, new: str, message: str) -> None:
    assert old in FOUNDATION
    with pytest.raises(ContentError, match=re.escape(message)):
        load_position(RULES, FOUNDATION.replace(old, new, 1), "found.yaml")


def test_a_finished_foundation_is_not_a_foundation_position() -> None:
    text = "scenario: 3\nto_act: foundation\nempires:\n  carthage: {cities: {carthago: 12}}\n" \
           "  rome: {cities: {roma: 12}}\n  iberia: {cities: {numantia: 12}}\n"
    with pytest.raises(ContentError, match="every marker is placed"):
        load_position(RULES, text)
