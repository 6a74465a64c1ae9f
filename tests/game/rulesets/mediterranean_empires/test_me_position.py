"""Positions: YAML in, a real committed state out, and back to the same YAML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ai.random_bot import RandomBot
from game.content import ContentError
from game.core.decision import CHANCE
from game.core.entries import ChanceEntry
from game.core.table import SeededChance, Table, next_entry
from game.rulesets.mediterranean_empires.frames import ActionPhase, RoundEnd, RoundStart
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.position.write import PositionError, dump_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
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
    written, turns, step = 0, set(), 0
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


def _assert_same_game(table: Table, state, secrets) -> None:
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
    table = bot_session(RULESET, master_config(RULESET, b"x", "3"), b"x").table
    with pytest.raises(PositionError, match="foundation"):
        while table.decision().kind == "commit":
            table.submit(table.mechanical_entry(table.decision()))
        dump_position(RULES, table.state, table.secrets)
