"""A LAN game on disk, one folder per game: the signed genesis, the append-only ledger, and this
machine's secrets for that game (0600), so a machine that crashed rejoins where it was."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.errors import EncodingError
from net.files.storage import StorageError, read_bytes, write_atomic
from net.lan.errors import LanError
from net.lan.facade import Resumable
from net.lan.genesis import Genesis, LanSecrets, check_signatures, genesis_from_plain
from net.lan.identity import data_dir, ensure_private
from net.lan.ledger import Ledger, LedgerFile, Record

GENESIS_FILE = "genesis.json"
SECRETS_FILE = "secrets.json"
LEDGER_FILE = "ledger.jsonl"
ENDED_FILE = "ended.txt"
ENDED = ("over", "abandoned", "stopped")
"""How a game ends for good (an adjourned or failed one can be resumed)."""


def games_dir() -> Path:
    """Where LAN games are kept: the user's data folder (never a cache that may be wiped)."""
    return data_dir() / "games"


@dataclass(frozen=True)
class GameFolder:
    """The files of one LAN game on this machine."""

    folder: Path
    ledger_path: Path | None = None

    @staticmethod
    def of(game_id: bytes, ledger: Path | None = None) -> GameFolder:
        """The folder of a game id (and an optional ledger path of its own)."""
        return GameFolder(games_dir() / game_id.hex(), ledger)

    @property
    def ledger_file(self) -> LedgerFile:
        """The append-only ledger."""
        return LedgerFile(self.ledger_path or self.folder / LEDGER_FILE)

    def save_start(self, genesis: Genesis, signatures: dict[str, bytes],
                   secrets: LanSecrets) -> None:
        """Write the signed genesis (in its own file and as the ledger's first line) and the
        secrets (0600) before the first entry."""
        plain = {"genesis": genesis.to_plain(), "signatures": signatures}
        write_atomic(self.folder / GENESIS_FILE, canonical_bytes(plain) + b"\n")
        write_atomic(self.folder / SECRETS_FILE, canonical_bytes(secrets.to_plain()) + b"\n")
        ensure_private(self.folder / SECRETS_FILE)
        self.ledger_file.start(genesis, signatures)

    def load(self) -> tuple[Genesis, dict[str, bytes], LanSecrets, Ledger]:
        """The game as this machine left it; LanError naming what is missing or damaged."""
        try:
            plain = parse_canonical(read_bytes(self.folder / GENESIS_FILE).rstrip(b"\n"))
            genesis = genesis_from_plain(plain["genesis"])
            signatures = {fp: bytes.fromhex(s) for fp, s in plain["signatures"].items()}
            check_signatures(genesis, signatures)
            secrets = LanSecrets.from_plain(parse_canonical(
                read_bytes(self.folder / SECRETS_FILE).rstrip(b"\n")))
        except (StorageError, EncodingError, KeyError, TypeError, ValueError) as exc:
            raise LanError(f"the saved LAN game in {self.folder} cannot be read: {exc}") from None
        ledger = Ledger(genesis, self.ledger_file)
        trim_torn_tail(self.ledger_file.path)
        ledger.records.extend(self.ledger_file.load())
        return genesis, signatures, secrets, ledger


    def mark_ended(self, status: str) -> None:
        """Note that the game ended for good (it is no longer offered for resuming)."""
        if status in ENDED:
            write_atomic(self.folder / ENDED_FILE, status.encode() + b"\n")

    def resumable(self, fingerprint: str) -> Resumable | None:
        """The game as the Resume list shows it, if this machine can rejoin it (None when it
        ended, is damaged, or this machine holds no seat in it)."""
        if (self.folder / ENDED_FILE).exists() or self.ledger_file.audits():
            return None
        try:
            plain = parse_canonical(read_bytes(self.folder / GENESIS_FILE).rstrip(b"\n"))
            genesis = genesis_from_plain(plain["genesis"])
            lines = read_bytes(self.ledger_file.path).count(b"\n")
        except (StorageError, EncodingError, LanError, KeyError, TypeError) as exc:
            del exc
            return None
        if not genesis.seats_of(fingerprint):
            return None
        title = f"{genesis.ruleset.replace('_', ' ').title()}, scenario {genesis.scenario}: " \
            + ", ".join(genesis.seat_names)
        return Resumable(genesis.game_id.hex(), title, max(lines - 1, 0),
                         tuple(m.name for m in genesis.machines))


def unfinished_games(fingerprint: str) -> list[Resumable]:
    """The LAN games this machine can rejoin, the most recently played first."""
    root = games_dir()
    folders = sorted((p for p in root.iterdir() if p.is_dir()),
                     key=lambda p: -_changed(p)) if root.is_dir() else []
    found = (GameFolder(p).resumable(fingerprint) for p in folders)
    return [game for game in found if game is not None]


def _changed(folder: Path) -> float:
    try:
        return (folder / LEDGER_FILE).stat().st_mtime
    except OSError:
        return 0.0


def trim_torn_tail(path: Path) -> None:
    """Cut off a last line that a crash left half-written, so that the next record starts a
    line of its own (appended to the torn one, it would be lost with it on the next load)."""
    try:
        with path.open("r+b") as handle:
            data = handle.read()
            end = data.rfind(b"\n") + 1
            if end < len(data):
                handle.truncate(end)
                os.fsync(handle.fileno())
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"cannot repair {path}: {exc.strerror or exc}") from None


def read_audits(path: Path) -> list[bytes]:
    """The machines' AUDIT frames kept at the end of a finished ledger."""
    return LedgerFile(path).audits()


def read_ledger(path: Path) -> tuple[Genesis, dict[str, bytes], list[Record]]:
    """A ledger file: its signed genesis (first line) and its records."""
    data = read_bytes(path)
    genesis, signatures = _genesis_line(data.split(b"\n", 1)[0], path)
    return genesis, signatures, LedgerFile(path).load()


def _genesis_line(line: bytes, path: Path) -> tuple[Genesis, dict[str, bytes]]:
    try:
        plain = parse_canonical(line)
        genesis = genesis_from_plain(plain["genesis"])
        return genesis, {fp: bytes.fromhex(s) for fp, s in plain["signatures"].items()}
    except (EncodingError, KeyError, TypeError, ValueError) as exc:
        raise LanError(f"{path} is not a signed genesis: {exc}") from None
