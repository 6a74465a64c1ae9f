"""The game log: a readable header, then one hash-chained record per entry.

Format (UTF-8 JSON lines, each line canonical JSON):
  line 1: {"mare-log": FORMAT, ...header}
  line n: {"i": index, "prev": sha256(previous line), "e": entry, "h": state hash after}
  last:   {"end": entry count, "prev": …, "final": final state hash}   (absent while in play)
Pure encoding and decoding only (LogWriter is the one writer of the format); files are
written by net.files (atomically).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.entries import Entry, entry_from_plain, entry_to_plain
from game.core.errors import EncodingError, LogError
from game.core.records import quick_init
from game.core.ruleset import GameConfig

LOG_FORMAT = 1
ENGINE_VERSION = "0.1.0"


@dataclass(frozen=True)
class LogHeader:
    """Who played what: rule set and its versions, content hash, scenario, seats, options."""

    ruleset: str
    rules_version: str
    content_hash: str
    scenario: str
    seats: tuple[str, ...]
    game_id: bytes
    options: tuple[tuple[str, Any], ...] = ()
    engine: str = ENGINE_VERSION
    hash_every: int = 1
    dice: str = ""
    """The commitment to the dice master seed (`chance.dice_commitment`), "" when the dice
    come from elsewhere (a LAN beacon, a script)."""

    def config(self) -> GameConfig:
        """The set-up this log starts from."""
        return GameConfig(self.ruleset, self.scenario, self.seats, self.game_id, self.options)


@quick_init
@dataclass(frozen=True)
class LogRecord:
    """One entry and the state hash after it (empty when not recorded)."""

    entry: Entry
    state_hash: str = ""


@dataclass(frozen=True)
class GameLog:
    """A whole log: header, records, and the final hash once the game has ended."""

    header: LogHeader
    records: tuple[LogRecord, ...] = ()
    final_hash: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        """Whether the log was closed at game end."""
        return bool(self.final_hash)


def header_to_plain(header: LogHeader) -> dict[str, Any]:
    """The header line's content."""
    return {"mare-log": LOG_FORMAT, "engine": header.engine, "ruleset": header.ruleset,
            "rules-version": header.rules_version, "content-hash": header.content_hash,
            "scenario": header.scenario, "seats": list(header.seats),
            "game-id": header.game_id.hex(), "options": {k: v for k, v in header.options},
            "hash-every": header.hash_every, **({"dice": header.dice} if header.dice else {})}


class LogWriter:
    """The only writer of the line format: encodes a growing log, each record once.

    `encode(log)` gives the same bytes as encoding the whole log afresh; records already
    encoded are reused (autosave calls it after every entry)."""

    def __init__(self) -> None:
        self._lines: list[bytes] = []
        self._count = 0

    def encode(self, log: GameLog) -> bytes:
        """The log's bytes: header, chained records, and the end record once finished."""
        if not self._lines:
            self._lines.append(canonical_bytes(header_to_plain(log.header)))
        if len(log.records) < self._count:
            raise LogError("a log cannot lose records once written")
        for index in range(self._count, len(log.records)):
            self._lines.append(_record_line(index, log.records[index], self._lines[-1]))
        self._count = len(log.records)
        lines = list(self._lines)
        if log.finished:
            lines.append(canonical_bytes({"end": len(log.records), "prev": _line_hash(lines[-1]),
                                          "final": log.final_hash}))
        return b"\n".join(lines) + b"\n"


    def rewind(self, count: int) -> None:
        """Forget the records from `count` on (a person took decisions back)."""
        self._lines = self._lines[:count + 1] if self._lines else []
        self._count = min(self._count, count)


def _record_line(index: int, record: LogRecord, previous: bytes) -> bytes:
    body: dict[str, Any] = {"i": index, "prev": _line_hash(previous),
                            "e": entry_to_plain(record.entry)}
    if record.state_hash:
        body["h"] = record.state_hash
    return canonical_bytes(body)


def dumps(log: GameLog) -> bytes:
    """Encode a whole log (header, chained records, end record when finished)."""
    return LogWriter().encode(log)


def loads(data: bytes, source: str = "log") -> GameLog:
    """Decode a log; LogError naming the line when corrupt, truncated or incompatible."""
    if not data:
        raise LogError(f"{source} is empty")
    if not data.endswith(b"\n"):
        raise LogError(f"{source} is truncated (its last line is incomplete)")
    lines = data[:-1].split(b"\n")
    header = _header(_parse(lines[0], source, 1), source)
    records, final = _records(lines, source)
    return GameLog(header, tuple(records), final)


def _records(lines: list[bytes], source: str) -> tuple[list[LogRecord], str]:
    records: list[LogRecord] = []
    for number, line in enumerate(lines[1:], start=2):
        plain = _parse(line, source, number)
        if plain.get("prev") != _line_hash(lines[number - 2]):
            raise LogError(f"{source} line {number}: the hash chain is broken (edited or "
                           f"reordered lines)")
        if "end" in plain:
            if number != len(lines) or plain["end"] != len(records):
                raise LogError(f"{source} line {number}: misplaced end record")
            return records, str(plain["final"])
        if plain.get("i") != len(records):
            raise LogError(f"{source} line {number}: expected entry {len(records)}")
        try:
            entry = entry_from_plain(plain["e"])
        except (EncodingError, KeyError) as exc:
            raise LogError(f"{source} line {number}: {exc}") from None
        records.append(LogRecord(entry, str(plain.get("h", ""))))
    return records, ""


def _header(plain: dict[str, Any], source: str) -> LogHeader:
    version = plain.get("mare-log")
    if version != LOG_FORMAT:
        raise LogError(f"{source} is log format {version!r}; this build reads format "
                       f"{LOG_FORMAT} only")
    if "engine" not in plain:
        raise LogError(f"{source} line 1: malformed header (no engine version)")
    engine = str(plain["engine"])
    if engine.split(".")[:2] != ENGINE_VERSION.split(".")[:2]:
        raise LogError(f"{source} was written by engine {engine}; this build is "
                       f"{ENGINE_VERSION} and cannot replay it faithfully")
    try:
        return LogHeader(
            ruleset=str(plain["ruleset"]), rules_version=str(plain["rules-version"]),
            content_hash=str(plain["content-hash"]), scenario=str(plain["scenario"]),
            seats=tuple(str(s) for s in plain["seats"]),
            game_id=bytes.fromhex(plain["game-id"]),
            options=tuple(sorted(plain["options"].items())), engine=engine,
            hash_every=int(plain["hash-every"]), dice=str(plain.get("dice", "")))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise LogError(f"{source} line 1: malformed header ({exc})") from None


def _parse(line: bytes, source: str, number: int) -> dict[str, Any]:
    try:
        plain = parse_canonical(line)
    except EncodingError as exc:
        raise LogError(f"{source} line {number} is corrupt: {exc}") from None
    if not isinstance(plain, dict):
        raise LogError(f"{source} line {number} is not a record")
    return plain


def _line_hash(line: bytes) -> str:
    return hashlib.sha256(line).hexdigest()
