"""The ledger of a LAN game: signed ENTRY records and locally built CHANCE records, chained by
hash from the genesis, and the guard pipeline an incoming ENTRY passes (protocol.md, The ledger).

A record is kept as the exact bytes that were signed (ENTRY) or built (CHANCE), so the chain
and the signatures can be checked again by anyone holding the ledger and the genesis.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.encoding import canonical_bytes, parse_canonical, state_hash
from game.core.entries import ChanceEntry, Entry, entry_from_plain, entry_to_plain
from game.core.errors import EncodingError, IllegalEntry
from game.session import GameSession
from net.files.storage import StorageError
from net.lan.errors import LanError, Rejected
from net.lan.frames import Message
from net.lan.genesis import Genesis
from net.lan.identity import TAG_LEDGER, verify


@dataclass(frozen=True)
class Record:
    """One ledger record: its kind, the exact payload, and the author's signature (ENTRY)."""

    kind: str
    payload: bytes
    signature: bytes
    body: dict[str, Any]

    @property
    def digest(self) -> bytes:
        """The hash the next record names as `prev`."""
        return hashlib.sha256(self.payload).digest()

    @property
    def index(self) -> int:
        """Its place in the ledger."""
        return int(self.body["index"])

    @property
    def signer(self) -> str:
        """The machine that signed it ("" for a CHANCE record)."""
        return str(parse_canonical(self.payload).get("by", "")) if self.signature else ""

    def entry(self) -> Entry:
        """The core entry this record carries."""
        if self.kind == "CHANCE":
            return ChanceEntry(seed=bytes.fromhex(self.body["seed"]))
        return entry_from_plain(self.body["entry"])


def entry_record(message: Message) -> Record:
    """The record of an ENTRY message (kept as signed)."""
    return Record("ENTRY", message.payload, message.signature, message.body)


def entry_body(genesis: Genesis, index: int, prev: bytes, author: int, hash_before: str,
               entry: Entry) -> dict[str, Any]:
    """The body of an ENTRY message."""
    return {"game": genesis.game_id.hex(), "index": index, "prev": prev.hex(), "author": author,
            "hash_before": hash_before, "entry": entry_to_plain(entry)}


def chance_record(genesis: Genesis, index: int, prev: bytes, k: int,
                  reveals: list[tuple[str, bytes]], seed: bytes) -> Record:
    """The CHANCE record every machine builds alike from the beacon's reveals."""
    body = {"game": genesis.game_id.hex(), "index": index, "prev": prev.hex(), "k": k,
            "reveals": [[fp, value.hex()] for fp, value in reveals], "seed": seed.hex()}
    return Record("CHANCE", canonical_bytes({"t": "CHANCE", "b": body}), b"", body)


class Ledger:
    """The records so far, chained from the genesis; `append` also writes them when a file is
    attached (before anything is sent: a crash never leaves a signed entry unrecorded)."""

    def __init__(self, genesis: Genesis, file: LedgerFile | None = None) -> None:
        self.genesis = genesis
        self.records: list[Record] = []
        self.file = file
        self._chances = 0
        self._counted = 0

    def __len__(self) -> int:
        return len(self.records)

    @property
    def head(self) -> bytes:
        """The hash the next record must name as `prev`."""
        return self.records[-1].digest if self.records else self.genesis.digest

    def append(self, record: Record, durable: bool = False) -> None:
        """Add the next record and write it through; `durable` (this machine's own entries,
        before they are sent) waits until it is on the disk. Others' records and dice can be
        fetched again after a crash, so they are not worth an fsync each."""
        if record.index != len(self.records):
            raise LanError(f"record {record.index} appended at {len(self.records)}")
        if self.file is not None:
            self.file.append(record, durable)
        self.records.append(record)

    def chances(self) -> int:
        """How many CHANCE records there are (the beacon's k of the next roll is one more)."""
        if self._counted > len(self.records):  # records were cleared for a replay
            self._chances = self._counted = 0
        for record in self.records[self._counted:]:
            self._chances += record.kind == "CHANCE"
        self._counted = len(self.records)
        return self._chances


def check_entry(genesis: Genesis, ledger: Ledger, session: GameSession,
                message: Message, legal: bool = True) -> Record | None:
    """The ENTRY's record once it passes every guard (None for a duplicate already held);
    Rejected naming the first guard it fails. Signature and sender were checked on receipt.
    With `legal` False the engine's own check is left to the caller's submit (one apply)."""
    body = message.body
    _guard_game(genesis, body)
    index = _guard_index(ledger, message)
    if index is None:
        return None
    _guard_prev(ledger, body)
    _guard_author(genesis, session, message)
    _guard_state(session, body)
    entry = _guard_body(body)
    if legal:
        _guard_legal(session, entry)
    return entry_record(message)


def _guard_game(genesis: Genesis, body: dict[str, Any]) -> None:
    if body.get("game") != genesis.game_id.hex():
        raise Rejected("wrong-game", "an entry of another game")


def _guard_index(ledger: Ledger, message: Message) -> int | None:
    index = message.body.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise Rejected("malformed", "an entry without a valid index")
    if index < len(ledger):
        held = ledger.records[index]
        if held.payload == message.payload:
            return None
        if held.signer == message.sender:
            raise Equivocation(held, entry_record(message))
        raise Rejected("stale-index", f"an entry for index {index}, which is already decided")
    if index > len(ledger):
        raise Rejected("ahead", f"an entry for index {index}; this machine holds {len(ledger)}")
    return index


def _guard_prev(ledger: Ledger, body: dict[str, Any]) -> None:
    if body.get("prev") != ledger.head.hex():
        raise Rejected("bad-prev", "an entry that does not follow this ledger's last record")


def _guard_author(genesis: Genesis, session: GameSession, message: Message) -> None:
    decision = session.decision()
    author = message.body.get("author")
    if decision.is_chance:
        raise Rejected("chance-from-wire", "a die roll is never taken from the wire")
    if author != decision.actor:
        raise Rejected("out-of-turn", f"seat {author} may not act now: "
                                      f"{session.config.seats[decision.actor]} must")
    if genesis.owner(decision.actor) != message.sender:
        raise Rejected("wrong-author", f"{session.config.seats[decision.actor]} is not played "
                                       f"on the sending machine")


def _guard_state(session: GameSession, body: dict[str, Any]) -> None:
    if body.get("hash_before") != state_hash(session.table.state):
        raise Desync(int(body.get("index", -1)))


def _guard_body(body: dict[str, Any]) -> Entry:
    try:
        entry = entry_from_plain(body.get("entry"))
    except EncodingError as exc:
        raise Rejected("malformed-entry", str(exc)) from None
    if isinstance(entry, ChanceEntry):
        raise Rejected("chance-from-wire", "a die roll is never taken from the wire")
    return entry


def _guard_legal(session: GameSession, entry: Entry) -> None:
    from game.core.engine import apply

    try:
        apply(session.table.ruleset, session.table.state, entry)
    except IllegalEntry as exc:
        raise Rejected("illegal", str(exc)) from None


class Equivocation(LanError):
    """One machine signed two different entries for one index: the proof is both records."""

    def __init__(self, first: Record, second: Record) -> None:
        super().__init__(f"machine {first.signer[:8]} signed two different entries for "
                         f"index {first.index}")
        self.records = (first, second)


class Desync(LanError):
    """The author's state before an entry differs from this machine's: the tables disagree."""

    def __init__(self, index: int) -> None:
        super().__init__(f"the tables disagree from entry {index}")
        self.index = index


class LedgerFile:
    """The ledger on disk: the signed genesis on its first line, then one canonical JSON line
    per record, appended and fsynced — a whole game that `mare replay --ledger` can check."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def start(self, genesis: Genesis, signatures: dict[str, bytes]) -> None:
        """Write the first line (once: a resumed ledger keeps its own)."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._write(canonical_bytes({"genesis": genesis.to_plain(),
                                         "signatures": signatures}) + b"\n")

    def append(self, record: Record, durable: bool = True) -> None:
        """Write one record, synced to the disk when `durable` (StorageError on refusal)."""
        self._write(canonical_bytes({"k": record.kind, "p": parse_canonical(record.payload),
                                     "s": record.signature}) + b"\n", durable)

    def append_audits(self, frames: list[bytes]) -> None:
        """Write every machine's signed AUDIT frame after the last record (once)."""
        self._write(canonical_bytes({"audits": sorted(frames)}) + b"\n")

    def audits(self) -> list[bytes]:
        """The AUDIT frames at the end of the file (none while the game runs)."""
        if not self.path.exists():
            return []
        for line in reversed(self.path.read_bytes().split(b"\n")):
            if line.startswith(b'{"audits":'):
                try:
                    return [bytes.fromhex(f) for f in parse_canonical(line)["audits"]]
                except (EncodingError, KeyError, TypeError, ValueError):
                    return []
        return []

    def _write(self, line: bytes, durable: bool = True) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab") as handle:
                handle.write(line)
                handle.flush()
                if durable:
                    os.fsync(handle.fileno())
        except OSError as exc:
            raise StorageError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def load(self) -> list[Record]:
        """Every complete record on disk (a torn last line, from a crash, is dropped)."""
        if not self.path.exists():
            return []
        return list(_records(self.path.read_bytes()))


def _records(data: bytes) -> Iterator[Record]:
    for line in data.split(b"\n"):
        if not line.strip() or line.startswith((b'{"genesis":', b'{"audits":')):
            continue
        try:
            plain = parse_canonical(line)
            payload = canonical_bytes(plain["p"])
            body = plain["p"]["b"]
            yield Record(str(plain["k"]), payload, bytes.fromhex(plain["s"]), body)
        except (EncodingError, KeyError, TypeError, ValueError):
            return


def verify_record(genesis: Genesis, record: Record) -> bool:
    """Whether an ENTRY record's signature is its signer's (CHANCE records are not signed)."""
    if record.kind == "CHANCE":
        return not record.signature
    key = genesis.key_of(record.signer)
    return key is not None and verify(key, TAG_LEDGER, record.payload, record.signature)
