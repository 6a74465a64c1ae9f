"""Saved games: the public game log (`NAME.log`, written by game.core.log.LogWriter) beside the
local secrets (`NAME.seats.json`: every seat's key, the chance and bot seeds, who plays each seat,
and notes for the load screen: where the game stands, a copy mark, who won a finished game) and,
once a player names the save, `NAME.info.json` (net.files.save_names).

A hot-seat save holds every seat's secrets: whoever reads the seats file can work out every
hand. Autosave writes both after every entry, in a background thread (latest write wins, each
one atomic via net.files.storage.write_atomic); loading replays the log once and checks
every state hash.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.core.errors import EngineError
from game.core.log import GameLog, LogHeader, LogWriter, loads
from game.core.ruleset import Ruleset
from game.core.table import replay
from game.session import GameSession, Secrets, player_specs, rebuild
from net.files.autosave import AutoSaver
from net.files.save_names import clean_save_name, info_path_of, read_name, write_name
from net.files.storage import StorageError, read_bytes, write_atomic
from net.files.user_scenarios import UserScenarioError, ruleset_for

SEATS_FORMAT = 1
SEATS_LIMIT = 64 * 1024
"""A seats file holds eight keys and a few seeds: anything larger is not one."""


class SaveError(Exception):
    """A save that cannot be opened; the message says why in plain words."""


def new_secrets(seats: int) -> Secrets:
    """The secrets of a new game, from the operating system's randomness."""
    return Secrets(tuple(os.urandom(32) for _ in range(seats)), os.urandom(32), os.urandom(32))


@dataclass(frozen=True)
class SaveInfo:
    """A save as the load screen lists it."""

    path: Path
    scenario: str
    seats: tuple[str, ...]
    players: tuple[str, ...]
    entries: int
    finished: bool
    saved: float
    summary: str = ""
    problem: str = ""
    name: str = ""
    """The name a player gave the save ("": none; see net.files.save_names)."""
    copy: bool = False
    """Written by Save a Copy (else it is the autosave of its game)."""
    winners: tuple[str, ...] = ()
    """The seats that won a finished game (none: abandoned, or not known)."""
    ending: str = ""
    """Why a finished game ended ("last turn", "automatic victory", "abandoned")."""


@dataclass(frozen=True)
class Notes:
    """What a seats file says of its game for the load screen (nothing secret)."""

    summary: str = ""
    copy: bool = False
    winners: tuple[str, ...] = ()
    ending: str = ""


def paths(folder: Path, name: str) -> tuple[Path, Path]:
    """The log and seats files of a save."""
    return folder / f"{name}.log", folder / f"{name}.seats.json"


def new_name(scenario: str, when: float | None = None) -> str:
    """A file name for a new game: date, time and scenario."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when or time.time()))
    return f"{stamp}-{scenario}"


class GameFiles:
    """Keeps a session's save up to date: call `save(session)` after every entry."""

    def __init__(self, folder: Path, name: str, saver: AutoSaver | None = None) -> None:
        self.folder = folder
        self.name = name
        self.log_path, self.seats_path = paths(folder, name)
        self.saver = saver or AutoSaver()
        self._encoder = LogWriter()
        self._seats_written = b""

    def save(self, session: GameSession, summary: str = "") -> None:
        """Queue the log and (when changed) the seats file."""
        self.saver.write(self.log_path, self._encoder.encode(session.log()))
        seats = seats_bytes(session, summary)
        if seats != self._seats_written:
            self.saver.write(self.seats_path, seats)
            self._seats_written = seats

    def rewind(self, session: GameSession, summary: str = "") -> None:
        """Save the game after decisions were taken back (the log is shorter now)."""
        self._encoder.rewind(len(session.table.records))
        self.save(session, summary)

    def copy_to(self, session: GameSession, name: str, summary: str = "") -> Path:
        """Write the game now under another name (the menu's Save); the log path."""
        log_path, seats_path = paths(self.folder, name)
        write_atomic(log_path, LogWriter().encode(session.log()))
        write_atomic(seats_path, seats_bytes(session, summary, copy=True))
        return log_path


def seats_bytes(session: GameSession, summary: str = "", copy: bool = False) -> bytes:
    """The seats file: who plays each seat, every local secret, and what the load screen
    shows (where the game stands, whether this is a copy, who won a finished game)."""
    marks: dict[str, Any] = {"copy": True} if copy else {}
    return players_seats_bytes(session.players, session.secrets, summary,
                               **marks, **_ending(session))


def _ending(session: GameSession) -> dict[str, Any]:
    """Who won and why the game ended, once it has ended (else nothing)."""
    if not session.decision().is_over:
        return {}
    outcome, seats = session.outcome(), session.config.seats
    return {"winners": [seats[k] for k in outcome.winners], "ending": outcome.reason}


def players_seats_bytes(players: tuple[str, ...], secrets: Secrets, summary: str = "",
                        **notes: Any) -> bytes:
    """The seats file of given players and secrets (`mare demo --log` writes one), with
    `notes` for the load screen (see Notes)."""
    plain = {"format": SEATS_FORMAT, "players": list(players),
             "keys": [k.hex() for k in secrets.keys],
             "chance": secrets.chance.hex(), "bots": secrets.bots.hex(), "summary": summary,
             **notes}
    return json.dumps(plain, indent=1).encode() + b"\n"


def read_info(log_path: Path) -> SaveInfo:
    """What the load screen shows of a save (a problem instead when it is unreadable)."""
    saved, name = _saved_at(log_path), read_name(log_path)
    try:
        log = loads(read_bytes(log_path), log_path.name)
        players, _, notes = _seats(seats_path_of(log_path), log.header.ruleset,
                                   len(log.header.seats))
        _check_scenario(ruleset_of_game(log.header), log.header.scenario, log.header.seats)
    except (SaveError, EngineError, StorageError) as exc:
        return SaveInfo(log_path, "", (), (), 0, False, saved, problem=str(exc), name=name)
    if log.finished and not notes.ending:
        notes = _replayed_ending(log, notes)
    return SaveInfo(log_path, log.header.scenario, log.header.seats, players,
                    len(log.records), log.finished, saved, notes.summary, name=name,
                    copy=notes.copy, winners=notes.winners, ending=notes.ending)


def _saved_at(log_path: Path) -> float:
    """When a log was last written (0: it cannot be told)."""
    try:
        return log_path.stat().st_mtime
    except OSError:
        return 0.0


def _replayed_ending(log: GameLog, notes: Notes) -> Notes:
    """A finished game's winners worked out from its log (saves from before the seats file
    noted them); the notes unchanged if the log does not replay."""
    try:
        rules = ruleset_of_game(log.header)
        outcome = rules.outcome(replay(rules, log)[0])
    except (EngineError, KeyError, ValueError, SaveError):
        return notes
    winners = tuple(log.header.seats[k] for k in outcome.winners)
    return replace(notes, winners=winners, ending=outcome.reason)


def _logs(folder: Path) -> list[Path]:
    """The game logs in a folder (none when it is not one)."""
    return list(folder.glob("*.log")) if folder.is_dir() else []


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every save in a folder, newest first."""
    infos = [read_info(p) for p in _logs(folder)]
    return sorted(infos, key=lambda i: i.saved, reverse=True)


def latest_unfinished(folder: Path) -> SaveInfo | None:
    """The most recently saved game that can go on (damaged and finished ones skipped)."""
    newest = sorted(_logs(folder), key=_saved_at, reverse=True)
    return next((i for i in map(read_info, newest) if not (i.problem or i.finished)), None)


def rename_save(log_path: Path, name: str) -> str:
    """Give a save a name, kept beside it (its files keep theirs), or take its name away with
    ""; the name as kept (cleaned). SaveError saying why, and nothing changed, if it fails."""
    kept = clean_save_name(name)
    if not log_path.is_file():
        raise SaveError(f"{log_path.name} is gone: it was deleted or moved.")
    try:
        write_name(log_path, kept)
    except StorageError as exc:
        raise SaveError(f"The new name could not be kept: {exc.reason}.") from None
    except OSError as exc:
        raise SaveError(f"The name could not be taken away: {exc.strerror or exc}.") from None
    return kept


def delete_save(log_path: Path) -> None:
    """Remove a save: its log, then its seats file, then its name (any may be missing
    already); SaveError saying why when one cannot be removed."""
    for path in (log_path, seats_path_of(log_path), info_path_of(log_path)):
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(f"{path.name} could not be deleted: "
                            f"{exc.strerror or exc}.") from None


def load(log_path: Path, on_entry: Callable[[GameSession], None] | None = None
         ) -> GameSession:
    """Resume a saved game at the same state hash; SaveError with a clear message when the
    files are missing, corrupt, edited or from another version."""
    seats_path = seats_path_of(log_path)
    try:
        log = loads(read_bytes(log_path), log_path.name)
    except StorageError as exc:
        raise SaveError(f"The save could not be read: {exc}.") from None
    except EngineError as exc:
        raise SaveError(f"The save is damaged and cannot be opened ({exc}).") from None
    players, secrets, _ = read_seats(seats_path, log.header.ruleset, len(log.header.seats))
    ruleset = ruleset_of_game(log.header)
    try:
        session = rebuild(log, players, secrets, ruleset)
    except (EngineError, KeyError, ValueError) as exc:
        raise SaveError(f"The save does not replay faithfully and cannot be opened "
                        f"({exc}).") from None
    session.on_entry = on_entry
    return session


def seats_path_of(log_path: Path) -> Path:
    """The seats file beside a log."""
    return log_path.with_name(log_path.name.removesuffix(".log") + ".seats.json")


def read_seats(path: Path, ruleset_id: str, seats: int) -> tuple[tuple[str, ...], Secrets, str]:
    """(players, secrets, summary) of a seats file; SaveError saying what is wrong."""
    players, secrets, notes = _seats(path, ruleset_id, seats)
    return players, secrets, notes.summary


def _seats(path: Path, ruleset_id: str, seats: int) -> tuple[tuple[str, ...], Secrets, Notes]:
    """(players, secrets, notes) of a seats file; SaveError saying what is wrong."""
    try:
        plain = json.loads(read_bytes(path, SEATS_LIMIT))
    except StorageError as exc:
        if path.exists():
            raise SaveError(f"The seats file {path.name} cannot be read ({exc}).") from None
        raise SaveError(f"The seats file {path.name} is missing: it holds the players' "
                        "secret keys, and the game cannot go on without it.") from None
    except (ValueError, RecursionError):
        raise SaveError(f"The seats file {path.name} is damaged.") from None
    try:
        if plain["format"] != SEATS_FORMAT:
            raise SaveError(f"The seats file {path.name} has format {plain['format']!r}; "
                            f"this version reads format {SEATS_FORMAT}.")
        players = tuple(str(p) for p in plain["players"])
        keys = tuple(bytes.fromhex(k) for k in plain["keys"])
        secrets = Secrets(keys, bytes.fromhex(plain["chance"]), bytes.fromhex(plain["bots"]))
        notes = _notes(plain, path)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError(f"The seats file {path.name} is damaged.") from None
    known = _known_players(ruleset_id)
    if len(players) != seats or len(keys) != seats or any(p not in known for p in players):
        raise SaveError(f"The seats file {path.name} does not match its game.")
    return players, secrets, notes


def _notes(plain: dict[str, Any], path: Path) -> Notes:
    """A seats file's notes, read leniently: they are only shown. A file without the copy
    mark is a copy when its name says so (as Save a Copy named them before the mark)."""
    winners = plain.get("winners")
    copy = plain.get("copy", path.name.endswith("-copy.seats.json"))
    return Notes(str(plain.get("summary", "")), copy is True,
                 tuple(str(w) for w in winners) if isinstance(winners, list) else (),
                 str(plain.get("ending", "")))


def ruleset_of_game(header: LogHeader) -> Ruleset:
    """The rule set a saved game is played with (a user scenario's from the user's folder);
    SaveError saying why there is none (the user scenario it needs is gone or changed)."""
    try:
        return ruleset_for(header.ruleset, header.scenario, header.content_hash)
    except UserScenarioError as exc:
        raise SaveError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
    except KeyError:
        raise SaveError(f"The save is a game of {header.ruleset!r}, a rule set this version "
                        "does not have.") from None


def _check_scenario(ruleset: Ruleset, scenario: str, seats: tuple[str, ...]) -> None:
    """SaveError unless this version has the save's scenario with those seats."""
    info = next((s for s in ruleset.scenarios() if s.id == scenario), None)
    if info is None:
        raise SaveError(f"The save is a game of scenario {scenario!r}, which this version "
                        "does not have.")
    if info.seats and info.seats != seats:
        raise SaveError(f"The save's seats ({', '.join(seats)}) are not those of "
                        f"{info.name}.")


def _known_players(ruleset_id: str) -> tuple[str, ...]:
    try:
        return player_specs(ruleset_id)
    except KeyError:
        raise SaveError(f"The save is a game of {ruleset_id!r}, a rule set this version "
                        "does not have.") from None
