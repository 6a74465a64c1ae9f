"""Hidden cards as slots: commitments bind, openings verify, audits catch cheating."""

from __future__ import annotations

import pytest

from game.core.errors import CommitmentError, IllegalEntry
from game.core.records import evolve
from game.core.secrets import LocalSealer, SeatSecrets
from game.core.slots import (
    HiddenCards,
    Opening,
    audit,
    commit_shuffle,
    draw_slot,
    draw_slots,
    new_hidden,
    public_copies,
    reveal,
    show,
    start_shuffle,
)

GAME = b"game-id-16-bytes"
CARDS = ("a", "b", "b", "c")


def _committed() -> tuple[HiddenCards, SeatSecrets]:
    secrets = SeatSecrets(0, b"k" * 32)
    hidden = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", CARDS)
    pending = hidden.deck("deck").pending
    assert pending is not None
    commitments = secrets.shuffle(GAME, "deck", 0, pending.cards)
    return commit_shuffle(hidden, "deck", 0, commitments), secrets


def test_a_shuffle_awaits_commitments_then_every_slot_is_undrawn() -> None:
    hidden = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", CARDS)
    assert hidden.pending_commit() is not None
    hidden, _ = _committed()
    assert hidden.pending_commit() is None
    assert hidden.deck("deck").undrawn == ("deck:0:0", "deck:0:1", "deck:0:2", "deck:0:3")


def test_public_state_holds_no_card_identity() -> None:
    hidden, secrets = _committed()
    hidden, slot = draw_slot(hidden, "deck", 2)
    assert hidden.card_of(slot) is None
    assert secrets.opening(slot).card in CARDS


def test_several_draws_take_the_same_slots_as_one_draw_at_a_time() -> None:
    hidden, _ = _committed()
    one_by_one, taken = hidden, []
    for index in (2, 0, 1):
        one_by_one, slot = draw_slot(one_by_one, "deck", index)
        taken.append(slot)
    together, slots = draw_slots(hidden, "deck", (2, 0, 1))
    assert slots == tuple(taken) == ("deck:0:2", "deck:0:0", "deck:0:3")
    assert together == one_by_one
    with pytest.raises(IllegalEntry, match="no undrawn slot 2"):
        draw_slots(hidden, "deck", (3, 2, 2))


def test_a_record_made_from_another_knows_its_pending_shuffle_as_a_fresh_one_would() -> None:
    hidden, secrets = _committed()
    drawn, _ = draw_slots(hidden, "deck", (0,))
    opened = reveal(drawn, (secrets.opening("deck:0:1"),))
    waiting = start_shuffle(opened, "deck", CARDS)
    later = reveal(waiting, (secrets.opening("deck:0:2"),))
    for record in (drawn, opened, waiting, later, show(later, {"deck:0:3": "c"})):
        fresh = evolve(record, revealed=dict(record.revealed))  # a copy with no memos
        assert record.pending_commit() == fresh.pending_commit()
    assert later.pending_commit() is not None


def test_true_openings_reveal_and_forgeries_are_refused() -> None:
    hidden, secrets = _committed()
    honest = secrets.opening("deck:0:1")
    assert reveal(hidden, (honest,)).card_of("deck:0:1") == honest.card
    other = next(c for c in CARDS if c != honest.card)
    with pytest.raises(CommitmentError, match="does not match"):
        reveal(hidden, (Opening("deck:0:1", other, honest.salt),))
    with pytest.raises(CommitmentError, match="no committed slot"):
        reveal(hidden, (Opening("deck:7:1", honest.card, honest.salt),))


def test_show_reveals_like_openings_and_hands_the_copy_counts_on() -> None:
    hidden, secrets = _committed()
    openings = tuple(secrets.opening(f"deck:0:{i}") for i in (1, 2))
    opened = reveal(hidden, openings[:1])
    shown = show(opened, {o.slot: o.card for o in openings})
    assert shown.revealed == reveal(opened, openings[1:]).revealed
    assert public_copies(shown) == public_copies(evolve(shown, revealed=dict(shown.revealed)))
    assert show(hidden, {}) is hidden


def test_wrong_commitment_count_is_refused() -> None:
    hidden = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", CARDS)
    with pytest.raises(IllegalEntry, match="needs 4"):
        commit_shuffle(hidden, "deck", 0, (b"x" * 32,))


def test_audit_accepts_honest_decks_and_catches_a_stacked_one() -> None:
    hidden, secrets = _committed()
    openings = tuple(secrets.opening(f"deck:0:{i}") for i in range(4))
    audit(hidden, openings)
    with pytest.raises(CommitmentError, match="never opened"):
        audit(hidden, openings[:3])
    cheat = SeatSecrets(0, b"c" * 32)
    stacked = start_shuffle(new_hidden(GAME, (("deck", 0),)), "deck", CARDS)
    commitments = cheat.shuffle(GAME, "deck", 0, ("a", "a", "a", "a"))
    stacked = commit_shuffle(stacked, "deck", 0, commitments)
    with pytest.raises(CommitmentError):
        audit(stacked, tuple(cheat.opening(f"deck:0:{i}") for i in range(4)))


def test_a_handed_off_opening_is_verified_by_the_receiver() -> None:
    hidden, secrets = _committed()
    thief = SeatSecrets(1, b"t" * 32)
    opening = secrets.opening("deck:0:0")
    assert thief.receive(hidden, LocalSealer.seal(opening, 1)) == opening
    assert thief.known(("deck:0:0",)) == {"deck:0:0": opening.card}
    with pytest.raises(CommitmentError, match="could not be read"):
        thief.receive(hidden, b"garbage")
    forged = Opening("deck:0:0", "zzz", opening.salt)
    with pytest.raises(CommitmentError):
        thief.receive(hidden, LocalSealer.seal(forged, 1))
