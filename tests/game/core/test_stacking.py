"""A stacked deck is caught at the first extra copy: publicly opened, or handed to a seat."""

from __future__ import annotations

import pytest

from game.core.entries import ChanceEntry
from game.core.errors import CommitmentError
from game.core.secrets import SeatSecrets
from game.core.slots import (
    HiddenCards,
    Opening,
    check_handed,
    commit_shuffle,
    commitment,
    new_hidden,
    public_copies,
    reveal,
    start_shuffle,
)
from tests.game.core.helpers_toy import deal, do, in_hand, to_steal, toy_table

GAME = b"game-id-16-bytes"
DECLARED = ("a", "b", "b", "c")
STACKED = ("a", "a", "b", "c")
"""What a cheating owner commits its four slots to: two a, of which the shuffle holds one."""


def _stacked() -> tuple[HiddenCards, tuple[Opening, ...]]:
    hidden = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", DECLARED)
    openings = tuple(Opening(f"deck:0:{i}", card, bytes([i]) * 16)
                     for i, card in enumerate(STACKED))
    commitments = tuple(commitment(GAME, 0, o.slot, o.card, o.salt) for o in openings)
    return commit_shuffle(hidden, "deck", 0, commitments), openings


def test_the_second_public_copy_is_refused() -> None:
    hidden, openings = _stacked()
    once = reveal(hidden, openings[:1])
    with pytest.raises(CommitmentError, match=r"stacked deck: deck:0:1 opens 'a' once more "
                                              r"than shuffle 0 of deck holds \(1\)"):
        reveal(once, openings[1:2])
    with pytest.raises(CommitmentError, match="stacked deck"):
        reveal(hidden, openings[:2])


def test_declared_copies_and_reopenings_are_not_extra() -> None:
    hidden, openings = _stacked()
    shown = reveal(reveal(hidden, openings[2:3]), openings[3:])
    again = reveal(reveal(shown, openings[:1]), openings[:1] + openings[2:3])
    assert public_copies(again) == {("deck", 0, "a"): 1, ("deck", 0, "b"): 1,
                                    ("deck", 0, "c"): 1}


def test_copies_are_counted_afresh_for_a_decoded_state() -> None:
    hidden, openings = _stacked()
    shown = reveal(hidden, openings[:1])
    fresh = HiddenCards(shown.game_id, shown.decks, dict(shown.revealed))
    assert public_copies(fresh) == public_copies(shown) == {("deck", 0, "a"): 1}
    with pytest.raises(CommitmentError, match="stacked deck"):
        reveal(fresh, openings[1:2])


def test_a_handed_copy_is_refused_when_all_show_publicly_or_privately() -> None:
    hidden, openings = _stacked()
    check_handed(hidden, openings[1], {})
    with pytest.raises(CommitmentError, match="stacked deck"):
        check_handed(reveal(hidden, openings[:1]), openings[1], {})
    with pytest.raises(CommitmentError, match="stacked deck"):
        check_handed(hidden, openings[1], {"deck:0:0": "a"})
    check_handed(reveal(hidden, openings[1:2]), openings[1], {"deck:0:1": "a"})


def test_the_engine_refuses_the_second_thief_of_a_stacked_deck() -> None:
    table = toy_table(cheat=1)
    deal(table, 0, ("coin1", "coin2", "coin3"))
    deal(table, 1, ("thief", "thief", "raid"))
    table.submit(ChanceEntry(values=(0,)))
    do(table, 0, "pass")
    table.submit(ChanceEntry(values=(0,)))
    do(table, 1, "play", in_hand(table, 1, "thief"))
    table.submit(ChanceEntry(values=(0,)))
    table.submit(table.mechanical_entry(table.decision()))
    table.submit(ChanceEntry(values=(0,)))
    do(table, 0, "pass")
    table.submit(ChanceEntry(values=(0,)))
    count, state = len(table.records), table.state
    with pytest.raises(CommitmentError, match=r"stacked deck: d1:0:.* opens 'd1/thief/6' once"):
        do(table, 1, "play", in_hand(table, 1, "thief"))
    assert (len(table.records), table.state) == (count, state)


def test_a_handed_extra_copy_is_reported_by_its_recipient() -> None:
    table = toy_table(cheat=1)
    deal(table, 0, ("thief", "coin2", "coin3"))
    deal(table, 1, ("thief", "thief", "raid"))
    table.submit(ChanceEntry(values=(0,)))
    first, second = in_hand(table, 1, "thief"), in_hand(table, 1, "thief", 1)
    table.submit(table.mechanical_entry(to_steal(table, first)))
    assert table.disputes == [] and table.secrets[0].knows(first)
    table.submit(ChanceEntry(values=(0,)))
    do(table, 1, "pass")
    table.submit(ChanceEntry(values=(0,)))
    table.submit(table.mechanical_entry(to_steal(table, second)))
    [problem] = table.disputes
    assert problem.slot == second and "stacked deck" in problem.reason
    assert not table.secrets[0].knows(second)


def test_honest_secrets_deal_no_extra_copy() -> None:
    secrets = SeatSecrets(0, b"k" * 32)
    hidden = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", DECLARED)
    hidden = commit_shuffle(hidden, "deck", 0, secrets.shuffle(GAME, "deck", 0, DECLARED))
    shown = reveal(hidden, secrets.openings())
    assert sum(public_copies(shown).values()) == 4
