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
from net.lan.genesis import Genesis, LanSecrets, check_signatures, genesis_from_plain
from net.lan.identity import data_dir, ensure_private
from net.lan.ledger import Ledger, LedgerFile, Record

GENESIS_FILE = "genesis.json"
SECRETS_FILE = "secrets.json"
LEDGER_FILE = "ledger.jsonl"


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
