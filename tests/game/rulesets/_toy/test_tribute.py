"""Tribute played step by step with scripted chance: every core feature in one small game."""

from __future__ import annotations

import pytest

from game.core.actions import act
from game.core.entries import ActionEntry, ChanceEntry
from game.core.errors import CommitmentError, IllegalEntry
from game.core.ruleset import GameConfig
from game.core.secrets import SeatSecrets
from game.core.slots import Opening
from game.core.table import Table
from game.rulesets import get_ruleset
from game.rulesets._toy import cards
from tests.game.core.helpers_toy import deal


def _table() -> Table:
    ruleset = get_ruleset("toy")
    config = GameConfig("toy", "standard", ("Ann", "Bob"), b"tribute-test-id!", (("rounds", 3),))
    return Table(ruleset, config, {s: SeatSecrets(s, bytes([s + 1]) * 32) for s in (0, 1)})


def _settle(table: Table) -> None:
    """Answer shuffle commitments until a real decision is pending."""
    while table.decision().kind == "commit":
        table.submit(table.mechanical_entry(table.decision()))


def _index_of(table: Table, seat: int, kind: str) -> int:
    """The undrawn index of the seat's deck holding a card of `kind`."""
    undrawn = table.ruleset.hidden(table.state).deck(cards.deck_id(seat)).undrawn
    secrets = table.secrets[seat]
    return next(i for i, s in enumerate(undrawn) if cards.kind_of(secrets.opening(s).card) == kind)


def _slot(table: Table, seat: int, kind: str) -> str:
    return next(s for s in table.state.hands[seat]
                if cards.kind_of(table.secrets[seat].opening(s).card) == kind)


def _play(table: Table, seat: int, verb: str, slot: str) -> tuple:
    return table.submit(table.action_entry(seat, act(verb, slot=slot)))


@pytest.fixture
def dealt() -> Table:
    table = _table()
    _settle(table)
    deal(table, 0, ("thief", "raid", "coin3"))
    deal(table, 1, ("plague", "coin2", "coin1"))
    return table


def test_raid_with_the_printed_dice(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(_index_of(table, 0, "coin1"),)))
    events = _play(table, 0, "play", _slot(table, 0, "raid"))
    assert table.decision().prompt == "raid"
    events = table.submit(ChanceEntry(values=(4, 3)))
    assert [e.kind for e in events][:2] == ["raided", "scored"]
    assert events[0].get("dice") == (4, 3) and table.state.scores == (3, 0)


def test_wager_is_face_down_then_opened_and_rolled(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(0,)))
    _play(table, 0, "play", _slot(table, 0, "coin3"))
    table.submit(ChanceEntry(values=(0,)))
    wager = _slot(table, 1, "coin2")
    _play(table, 1, "wager", wager)
    assert table.ruleset.hidden(table.state).card_of(wager) is None
    assert table.view(0)["wagers"] == [False, True]
    assert "coin2" not in str(table.view(0)["wager"])
    table.submit(ChanceEntry(values=(0,)))
    table.submit(table.action_entry(0, act("pass")))
    assert table.decision().kind == "open" and table.decision().slots == (wager,)
    table.submit(table.mechanical_entry(table.decision()))
    events = table.submit(ChanceEntry(values=(5,)))
    assert events[0].get("points") == 4 and table.state.scores == (3, 4)


def test_thief_steals_through_a_private_handoff(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(0,)))
    _play(table, 0, "play", _slot(table, 0, "thief"))
    victim_hand = table.state.hands[1]
    target = _slot(table, 1, "plague")
    table.submit(ChanceEntry(values=(victim_hand.index(target),)))
    decision = table.decision()
    assert (decision.kind, decision.actor, decision.to) == ("handoff", 1, 0)
    table.submit(table.mechanical_entry(decision))
    assert target in table.state.hands[0] and target not in table.state.hands[1]
    assert table.secrets[0].known((target,)) == {target: table.secrets[1].opening(target).card}
    assert table.ruleset.hidden(table.state).card_of(target) is None


def test_plague_makes_the_victim_open_a_random_card(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(0,)))
    table.submit(table.action_entry(0, act("pass")))
    table.submit(ChanceEntry(values=(0,)))
    _play(table, 1, "play", _slot(table, 1, "plague"))
    target = _slot(table, 0, "coin3")
    table.submit(ChanceEntry(values=(table.state.hands[0].index(target),)))
    assert table.decision().kind == "open" and table.decision().actor == 0
    events = table.submit(table.mechanical_entry(table.decision()))
    assert events[0].kind == "plagued" and cards.kind_of(events[0].get("card")) == "coin3"
    assert target in table.state.discards[0]


def test_illegal_entries_are_refused_and_change_nothing(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(0,)))
    before = table.state
    slot = _slot(table, 0, "coin3")
    opening = table.secrets[0].opening(slot)
    with pytest.raises(IllegalEntry, match="seat 1 may not act now"):
        table.submit(ActionEntry(1, act("pass")))
    with pytest.raises(IllegalEntry, match="must come with the openings"):
        table.submit(ActionEntry(0, act("play", slot=slot)))
    with pytest.raises(CommitmentError):
        table.submit(ActionEntry(0, act("play", slot=slot), (Opening(slot, "d0/raid/4",
                                                                     opening.salt),)))
    with pytest.raises(IllegalEntry, match="not a legal action"):
        table.submit(ActionEntry(0, act("discard", slot=slot)))
    with pytest.raises(IllegalEntry, match="expected an action entry"):
        table.submit(ChanceEntry(values=(1,)))
    assert table.state is before


def test_chance_values_out_of_range_are_refused(dealt: Table) -> None:
    table = dealt
    table.submit(ChanceEntry(values=(0,)))
    _play(table, 0, "play", _slot(table, 0, "raid"))
    before = table.state
    with pytest.raises(IllegalEntry, match=r"outside 1\.\.6"):
        table.submit(ChanceEntry(values=(7, 1)))
    with pytest.raises(IllegalEntry, match="expected 2 chance values"):
        table.submit(ChanceEntry(values=(3,)))
    assert table.state is before
