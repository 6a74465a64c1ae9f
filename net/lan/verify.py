"""Check a LAN game's ledger file offline (`mare replay --ledger`): the genesis signatures, every
record's signature and link, every beacon seed against its reveals, every author and state
hash, and the end-of-game audit when the machines' AUDIT frames are at its end."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.audit import AuditReport, audit_game
from game.core.encoding import state_hash
from game.core.entries import Entry
from game.core.errors import EngineError
from game.core.events import Event
from game.core.slots import Opening
from game.core.table import Table
from net.lan.beacon import ChainState, beacon_seed
from net.lan.errors import LanError, Rejected
from net.lan.frames import open_frame
from net.lan.genesis import Genesis, check_signatures
from net.lan.ledger import Record, verify_record
from net.lan.received import game_ruleset
from net.lan.store import read_audits, read_ledger


class BadRecord(LanError):
    """The first record that does not check, named by its index."""


@dataclass(frozen=True)
class Verdict:
    """What the check found: how many records, the final hash, the audit (when present)."""

    records: int
    finished: bool
    final_hash: str
    audit: AuditReport | None


def verify_ledger(path: Path, on_events: object = None) -> Verdict:
    """Check a whole ledger file; BadRecord naming the first record that fails, LanError when
    the user scenario it was played on is not on this machine."""
    genesis, signatures, records = read_ledger(path)
    check_signatures(genesis, signatures)
    table = Table(game_ruleset(genesis), genesis.config(), {})
    chain = ChainState.start({m.fingerprint: m.tip for m in genesis.machines})
    previous = genesis.digest
    for record in records:
        chain = _check_record(genesis, table, chain, previous, record)
        previous = record.digest
        _apply(table, record)
    audit = _audit(table, genesis, read_audits(path))
    return Verdict(len(records), table.decision().is_over, state_hash(table.state), audit)


def _check_record(genesis: Genesis, table: Table, chain: ChainState, previous: bytes,
                  record: Record) -> ChainState:
    index = len(table.records)
    where = f"record {index}"
    if record.index != index or record.body.get("prev") != previous.hex():
        raise BadRecord(f"{where}: the chain is broken (missing, reordered or edited records)")
    if record.body.get("game") != genesis.game_id.hex():
        raise BadRecord(f"{where}: belongs to another game")
    if record.kind == "CHANCE":
        return _check_chance(genesis, chain, previous, record, where)
    if not verify_record(genesis, record):
        raise BadRecord(f"{where}: the signature is not its machine's")
    _check_author(genesis, table, record, where)
    return chain


def _check_chance(genesis: Genesis, chain: ChainState, previous: bytes, record: Record,
                  where: str) -> ChainState:
    try:
        reveals = [(str(fp), bytes.fromhex(value)) for fp, value in record.body["reveals"]]
        chain = chain.advance(reveals)
        seed = beacon_seed(genesis.game_id, int(record.body["k"]), previous, reveals)
    except (Rejected, KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"{where}: the dice do not follow the machines' chains ({exc})") from None
    if record.body.get("seed") != seed.hex() or chain.k != int(record.body["k"]):
        raise BadRecord(f"{where}: the dice seed is not the one the reveals give")
    return chain


def _check_author(genesis: Genesis, table: Table, record: Record, where: str) -> None:
    decision = table.decision()
    author = record.body.get("author")
    if decision.is_chance or author != decision.actor:
        raise BadRecord(f"{where}: seat {author} could not act then")
    if genesis.owner(decision.actor) != record.signer:
        raise BadRecord(f"{where}: signed by a machine that does not hold seat {author}")
    if record.body.get("hash_before") != state_hash(table.state):
        raise BadRecord(f"{where}: the state before it differs (a desync from here)")


def _apply(table: Table, record: Record) -> tuple[Event, ...]:
    index = len(table.records)
    try:
        entry: Entry = record.entry()
        return table.submit(entry)
    except EngineError as exc:
        raise BadRecord(f"record {index}: not legal on replay: {exc}") from None


def _audit(table: Table, genesis: Genesis, frames: list[bytes]) -> AuditReport | None:
    if not frames:
        return None
    openings: list[Opening] = []
    senders = set()
    for raw in frames:
        message = open_frame(raw, genesis.key_of)
        senders.add(message.sender)
        openings += [Opening(str(s), str(c), bytes.fromhex(x))
                     for s, c, x in message.body["openings"]]
    if senders != set(genesis.fingerprints()):
        return None
    return audit_game(table.ruleset, table.log(), openings=openings)
