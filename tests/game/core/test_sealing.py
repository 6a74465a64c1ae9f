"""Sealed handoffs: the plaintext sealer binds its context, a Sealer can be injected, and a
handoff its recipient refuses is reported by the table without undoing the recorded entry."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.encoding import state_hash
from game.core.entries import ActionEntry, ChanceEntry, HandoffEntry
from game.core.errors import CommitmentError
from game.core.sealing import HandoffProblem, LocalSealer, SealContext, Sealer
from game.core.slots import Opening
from game.core.table import Table
from tests.game.core.helpers_toy import GAME_ID, deal, finish, in_hand, to_steal, toy_table

OPENING = Opening("d1:0:5", "d1/coin1/1", bytes.fromhex("5fcc9af4884aede2d63cdc87ca0011a7"))
CONTEXT = SealContext(GAME_ID, 13, "d1:0:5", 0)
LEGACY = (b'{"card":"d1/coin1/1","salt":"5fcc9af4884aede2d63cdc87ca0011a7","slot":"d1:0:5",'
          b'"to":0}')
"""A payload as logs written before context binding carry it (`mare demo --ruleset toy --seed
b2`, entry 13)."""


def test_the_plaintext_sealer_round_trips_in_its_context() -> None:
    sealed = LocalSealer().seal(OPENING, 0, CONTEXT)
    assert LocalSealer().unseal(sealed, CONTEXT) == OPENING
    assert b'"game":"' + GAME_ID.hex().encode() in sealed and b'"index":13' in sealed


@pytest.mark.parametrize(("context", "says"), [
    (SealContext(GAME_ID, 14, "d1:0:5", 0), "sealed for entry 13, not entry 14"),
    (SealContext(b"another-game-id!", 13, "d1:0:5", 0), "sealed for another game"),
    (SealContext(GAME_ID, 13, "d1:0:5", 1), "is for seat 0, not seat 1"),
    (SealContext(GAME_ID, 13, "d1:0:6", 0), "is of d1:0:5, not d1:0:6"),
])
def test_a_payload_replayed_or_misdirected_is_refused(context: SealContext, says: str) -> None:
    sealed = LocalSealer.seal(OPENING, 0, CONTEXT)
    with pytest.raises(CommitmentError, match=says):
        LocalSealer.unseal(sealed, context)


@pytest.mark.parametrize("garbled", [b"garbage", b"{}", b'{"card":1,"salt":"00","slot":"s","to":0}',
                                     LEGACY.replace(b'"to":0', b'"to":"0"'),
                                     LEGACY.replace(b"5fcc", b"zzzz")])
def test_a_garbled_payload_is_refused(garbled: bytes) -> None:
    with pytest.raises(CommitmentError, match="could not be read"):
        LocalSealer.unseal(garbled, CONTEXT)


def test_payloads_of_older_logs_read_the_same_and_check_what_they_name() -> None:
    assert LocalSealer.seal(OPENING, 0) == LEGACY
    assert LocalSealer.unseal(LEGACY, CONTEXT) == OPENING
    with pytest.raises(CommitmentError, match="not seat 1"):
        LocalSealer.unseal(LEGACY, SealContext(GAME_ID, 13, "d1:0:5", 1))


def test_sealing_for_a_context_of_another_seat_is_refused() -> None:
    with pytest.raises(CommitmentError, match="not seat 1"):
        LocalSealer.seal(OPENING, 0, SealContext(GAME_ID, 13, "d1:0:5", 1))


class XorSealer:
    """A stand-in for the LAN sealer: scrambles the payload with its context."""

    def seal(self, opening: Opening, to: int, context: SealContext) -> bytes:
        return _xor(LocalSealer.seal(opening, to, context), context)

    def unseal(self, sealed: bytes, context: SealContext) -> Opening:
        return LocalSealer.unseal(_xor(sealed, context), context)


def _xor(data: bytes, context: SealContext) -> bytes:
    pad = (context.game_id + str(context.index).encode()) * (len(data) // 16 + 1)
    return bytes(a ^ b for a, b in zip(data, pad, strict=False))


def _stealing(sealer: Sealer | None = None) -> tuple[Table, str]:
    table = toy_table(sealer=sealer)
    deal(table, 0, ("thief", "raid", "coin3"))
    deal(table, 1, ("plague", "coin2", "coin1"))
    table.submit(ChanceEntry(values=(0,)))
    return table, in_hand(table, 1, "coin2")


def test_an_injected_sealer_carries_the_handoff() -> None:
    table, target = _stealing(XorSealer())
    entry = table.mechanical_entry(to_steal(table, target))
    assert isinstance(entry, HandoffEntry) and b"coin2" not in entry.sealed
    table.submit(entry)
    assert table.secrets[0].known((target,)) == {target: table.secrets[1].opening(target).card}
    assert table.disputes == []


def _honest_hash() -> str:
    table, target = _stealing()
    table.submit(table.mechanical_entry(to_steal(table, target)))
    return state_hash(table.state)


@pytest.mark.parametrize(("payload", "says"), [
    (lambda table, entry: b"\x00garbled", "could not be read"),
    (lambda table, entry: LocalSealer.seal(table.secrets[1].opening(entry.slot), 0,
                                           SealContext(GAME_ID, 3, entry.slot, 0)),
     "sealed for entry 3, not entry"),
    (lambda table, entry: LocalSealer.seal(table.secrets[1].opening(entry.slot), 1,
                                           SealContext(GAME_ID, len(table.records), entry.slot,
                                                       1)),
     "is for seat 1, not seat 0"),
])
def test_a_refused_handoff_is_recorded_and_reported_not_raised(
        payload: Callable[[Table, HandoffEntry], bytes], says: str) -> None:
    table, target = _stealing()
    honest = table.mechanical_entry(to_steal(table, target))
    assert isinstance(honest, HandoffEntry)
    index = len(table.records)
    bad = HandoffEntry(honest.seat, honest.slot, honest.to, payload(table, honest))
    events = table.submit(bad)
    assert [e.kind for e in events][:1] == ["stole"]
    assert table.records[-1].entry == bad and len(table.records) == index + 1
    [problem] = table.disputes
    assert isinstance(problem, HandoffProblem)
    assert (problem.index, problem.seat, problem.to, problem.slot) == (index, 1, 0, target)
    assert says in problem.reason and str(problem).startswith(f"entry {index}: seat 0 could not")
    assert not table.secrets[0].knows(target) and target in table.state.hands[0]
    assert state_hash(table.state) == _honest_hash()


def test_a_game_goes_on_after_a_refused_handoff() -> None:
    table, target = _stealing()
    honest = table.mechanical_entry(to_steal(table, target))
    assert isinstance(honest, HandoffEntry)
    table.submit(HandoffEntry(honest.seat, honest.slot, honest.to, b"garbled"))
    log = finish(table)
    assert log.finished and len(table.disputes) == 1
    actions = [r.entry for r in log.records if isinstance(r.entry, ActionEntry)]
    assert all(str(e.action) != f"play slot={target}" for e in actions)


def test_a_handoff_to_a_seat_not_at_this_table_is_not_opened() -> None:
    table, target = _stealing()
    entry = table.mechanical_entry(to_steal(table, target))
    assert isinstance(entry, HandoffEntry)
    del table.secrets[0]
    table.submit(HandoffEntry(entry.seat, entry.slot, entry.to, b"garbled"))
    assert table.disputes == []


class LegacySealer:
    """Seals as builds before context binding did (the payloads older logs carry)."""

    def seal(self, opening: Opening, to: int, context: SealContext) -> bytes:
        return LocalSealer.seal(opening, to)

    def unseal(self, sealed: bytes, context: SealContext) -> Opening:
        return LocalSealer.unseal(sealed, context)


def test_handoffs_of_older_logs_are_still_taken() -> None:
    table, target = _stealing()
    table.sealer = LegacySealer()
    entry = table.mechanical_entry(to_steal(table, target))
    assert isinstance(entry, HandoffEntry) and b'"index"' not in entry.sealed
    table.submit(entry)
    assert table.disputes == [] and table.secrets[0].knows(target)
