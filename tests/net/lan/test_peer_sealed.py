"""Sealed choices between `GamePeer`s in one process (Tribute's scenario "sealed"): a machine
that sends a reveal that does not match its seal is refused with the engine's words and
changes nothing; one that withholds its reveal leaves the table waiting for it, and the penalty
of the abandoned game places its seat last."""

from __future__ import annotations

import pytest

from game.core.engine import apply
from game.core.entries import RevealEntry
from game.core.errors import IllegalEntry
from game.core.records import evolve
from game.core.sealed import withheld, withheld_by
from net.lan.frames import Message
from net.lan.peer import GamePeer
from tests.net.lan.lanhelp import Router, table_of
from tests.net.lan.test_hostile_peers import forge, fp, hand, seat, snapshot


def _is_reveal(sender: str, to: str, message: Message) -> bool:
    entry = message.body.get("entry") if message.type == "ENTRY" else None
    return isinstance(entry, dict) and entry.get("k") == "reveal"


def _withholding() -> tuple[GamePeer, GamePeer, Router]:
    """Two machines with bots; every reveal is held back: (the first revealer's machine, the
    other, the router) once the other waits for the first reveal of bid:1."""
    a, b = table_of("toy", "sealed", 2, seats=2, seed=b"sealed-peers")
    router = Router([a, b], hold=_is_reveal)
    router.start()
    router.run()
    cheat = a if seat(a) == 0 else b
    honest = b if cheat is a else a
    decision = honest.session.decision()
    assert (decision.kind, decision.actor, decision.sealed) == ("reveal", 0, "bid:1")
    return cheat, honest, router


def test_a_reveal_that_does_not_match_its_seal_is_refused_and_changes_nothing() -> None:
    cheat, honest, router = _withholding()
    true = cheat.session.table.reveal_entry(0, "bid:1")
    before = snapshot(honest)
    for lie in (evolve(true, salt=bytes(16)), evolve(true, choice=("1",))):
        hand(honest, forge(cheat, honest, 0, lie))
    assert [(s, r) for s, r, _ in honest.log.rejections] == [(fp(cheat), "illegal")] * 2
    assert "does not match its seal" in honest.log.rejections[0][2]
    assert snapshot(honest) == before
    router.hold = lambda sender, to, message: False
    router.release()
    assert honest.over and cheat.over and honest.final_hash() == cheat.final_hash()


def test_a_withheld_reveal_keeps_the_table_waiting_and_its_penalty_places_the_seat_last(
        ) -> None:
    cheat, honest, _ = _withholding()
    assert honest.waiting_machine() == fp(cheat)
    waiting = honest.waiting_for()
    assert waiting is not None and "machine" in waiting
    decision = honest.session.decision()
    assert withheld_by(decision) == 0
    outcome = withheld(honest.session.outcome().abandoned(), 0)
    assert outcome.ranking[-1].seat == 0 and 0 not in outcome.winners


def test_the_engine_refuses_a_forged_reveal_for_another_seat() -> None:
    _, honest, _ = _withholding()
    entry = RevealEntry(1, "bid:1", ("0",), bytes(16))
    with pytest.raises(IllegalEntry, match="seat 1 may not act now"):
        apply(honest.session.table.ruleset, honest.session.table.state, entry)
