"""game.core.sealed: the sealed round, its commitments and the withheld-reveal penalty."""

from __future__ import annotations

import pytest

from game.core.errors import CommitmentError, IllegalEntry
from game.core.outcome import ABANDONED, Outcome, rank
from game.core.sealed import (
    SealedRound,
    open_round,
    round_decision,
    sealed_commitment,
    with_choice,
    with_commitment,
    withheld,
    withheld_by,
)

GAME = b"sealed-test-game"
SALT = b"s" * 16


def _sealed_by_both() -> SealedRound:
    rnd = open_round("bid:1", (0, 1))
    rnd = with_commitment(rnd, 0, sealed_commitment(GAME, 0, "bid:1", ("2",), SALT))
    return with_commitment(rnd, 1, sealed_commitment(GAME, 1, "bid:1", ("0",), SALT))


def test_a_round_asks_every_seat_to_seal_then_to_reveal_in_order() -> None:
    rnd = open_round("bid:1", (1, 0))
    asked = round_decision(rnd, "seal a bid")
    assert asked is not None and (asked.actor, asked.kind, asked.sealed) == (1, "seal", "bid:1")
    rnd = with_commitment(rnd, 1, sealed_commitment(GAME, 1, "bid:1", ("1",), SALT))
    rnd = with_commitment(rnd, 0, sealed_commitment(GAME, 0, "bid:1", ("2",), SALT))
    asked = round_decision(rnd, "seal a bid")
    assert asked is not None and (asked.actor, asked.kind) == (1, "reveal")
    rnd = with_choice(rnd, GAME, 1, ("1",), SALT)
    rnd = with_choice(rnd, GAME, 0, ("2",), SALT)
    assert rnd.complete and rnd.revealed() == {1: ("1",), 0: ("2",)}
    assert round_decision(rnd, "seal a bid") is None


def test_the_commitment_binds_game_seat_round_choice_and_salt() -> None:
    base = sealed_commitment(GAME, 0, "bid:1", ("2",), SALT)
    assert len(base) == 32
    others = {sealed_commitment(b"other-game-id!!!", 0, "bid:1", ("2",), SALT),
              sealed_commitment(GAME, 1, "bid:1", ("2",), SALT),
              sealed_commitment(GAME, 0, "bid:2", ("2",), SALT),
              sealed_commitment(GAME, 0, "bid:1", ("1",), SALT),
              sealed_commitment(GAME, 0, "bid:1", ("2",), b"t" * 16)}
    assert base not in others and len(others) == 5


def test_a_reveal_that_does_not_match_its_seal_is_refused_by_name() -> None:
    rnd = _sealed_by_both()
    with pytest.raises(CommitmentError, match="seat 0's reveal of bid:1 does not match its seal"):
        with_choice(rnd, GAME, 0, ("1",), SALT)
    with pytest.raises(CommitmentError):
        with_choice(rnd, GAME, 0, ("2",), b"x" * 16)


def test_seals_and_reveals_out_of_turn_or_malformed_are_refused() -> None:
    rnd = open_round("bid:1", (0, 1))
    with pytest.raises(IllegalEntry, match="seat 1 may not seal bid:1 now"):
        with_commitment(rnd, 1, b"c" * 32)
    with pytest.raises(IllegalEntry, match="32-byte commitment"):
        with_commitment(rnd, 0, b"short")
    with pytest.raises(IllegalEntry, match="seat 0 may not reveal bid:1 now"):
        with_choice(with_commitment(rnd, 0, b"c" * 32), GAME, 0, ("1",), SALT)
    with pytest.raises(ValueError):
        open_round("bid:1", (0, 0))


def test_the_withheld_reveal_penalty_places_the_seat_last_and_out_of_the_winners() -> None:
    outcome = Outcome((0,), rank({0: (("points", 9),), 1: (("points", 5),),
                                  2: (("points", 5),)}), ABANDONED)
    penalised = withheld(outcome, 0)
    assert [(s.seat, s.place) for s in penalised.ranking] == [(1, 1), (2, 1), (0, 3)]
    assert penalised.winners == () and penalised.reason == ABANDONED
    assert [(s.seat, s.place) for s in withheld(outcome, 2).ranking] == [(0, 1), (1, 2), (2, 3)]


def test_only_a_pending_reveal_is_withheld() -> None:
    rnd = _sealed_by_both()
    reveal = round_decision(rnd, "seal")
    seal = round_decision(open_round("bid:1", (0, 1)), "seal")
    assert reveal is not None and seal is not None
    assert withheld_by(reveal) == 0 and withheld_by(seal) is None
