"""Saves: autosave after every entry, resume at the same state hash with one replay, and
corrupt or incomplete saves giving a clear message, never a crash."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.core.encoding import state_hash
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import LogWriter, dumps
from game.core.table import Table
from game.session import GameSession, Secrets
from net.files.saves import GameFiles, SaveError, latest_unfinished, list_saves, load, read_info
from tests.net.files.user_helpers import played

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4, b"seat 3!!" * 4), b"chance" * 6, b"b" * 32)


def _played(folder: Path, entries: int) -> tuple[GameSession, GameFiles]:
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "bot:random", "bot:greedy"), KEYS)
    return played(session, folder, entries)


def test_the_encoder_writes_what_dumps_writes(tmp_path: Path) -> None:
    session, files = _played(tmp_path, 60)
    assert files.log_path.read_bytes() == dumps(session.table.log())
    encoder = LogWriter()
    assert encoder.encode(session.table.log()) == dumps(session.table.log())
    session.on_entry = None
    for _ in range(5):
        if session.step() is None:
            seat = session.human_turn()
            assert seat is not None
            session.act(seat, session.legal(seat)[0])
    assert encoder.encode(session.table.log()) == dumps(session.table.log())


def test_autosave_and_resume_at_the_same_state_hash(tmp_path: Path) -> None:
    session, files = _played(tmp_path, 150)
    resumed = load(files.log_path)
    assert state_hash(resumed.table.state) == state_hash(session.table.state)
    assert resumed.players == session.players
    seat = 0
    hand = tuple(session.table.state.seats[seat].hand)
    assert resumed.cards_of(seat, hand) == session.cards_of(seat, hand)
    [info] = list_saves(tmp_path)
    assert info.entries == 150 and not info.problem and info.scenario == "second_punic_war"


def test_opening_a_save_replays_the_game_once(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _, files = _played(tmp_path, 120)
    submitted: list[Entry] = []
    original = Table.submit

    def recording(self: Table, entry: Entry) -> tuple[Event, ...]:
        submitted.append(entry)
        return original(self, entry)

    monkeypatch.setattr(Table, "submit", recording)
    resumed = load(files.log_path)
    assert len(submitted) == len(resumed.table.records) == 120


@pytest.mark.parametrize("damage", ["garbage", "truncated", "edited", "no seats", "bad seats"])
def test_a_damaged_save_gives_one_clear_message(tmp_path: Path,
                                              damage: str) -> None:
    _, files = _played(tmp_path, 40)
    data = files.log_path.read_bytes()
    if damage == "garbage":
        files.log_path.write_bytes(b"\x00\xffnot a log\n")
    elif damage == "truncated":
        files.log_path.write_bytes(data[:-20])
    elif damage == "edited":
        files.log_path.write_bytes(data.replace(b'"i":7,', b'"i":8,', 1))
    elif damage == "no seats":
        files.seats_path.unlink()
    else:
        files.seats_path.write_text('{"format": 1, "players": ["human"]}')
    with pytest.raises(SaveError) as caught:
        load(files.log_path)
    message = str(caught.value)
    assert message and "Traceback" not in message


# -- what the load screen reads of a save ---------------------------------------------------

TWO = Secrets((b"seat one" * 4, b"seat two" * 4), b"chance" * 6, b"bots" * 8)


def _finished(folder: Path, name: str) -> GameSession:
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), TWO)
    session.run()
    files = GameFiles(folder, name)
    files.save(session, "Turn 3, round 8")
    assert files.saver.flush()
    return session


def _aged(path: Path, minutes: float) -> Path:
    when = time.time() - minutes * 60
    os.utime(path, (when, when))
    return path


def test_a_finished_game_notes_who_won(tmp_path: Path) -> None:
    session = _finished(tmp_path, "done")
    outcome = session.outcome()
    [info] = list_saves(tmp_path)
    assert info.finished and info.ending == outcome.reason == "last turn"
    assert info.winners == tuple(session.config.seats[k] for k in outcome.winners) != ()
    assert info.summary == "Turn 3, round 8" and not info.copy


def test_saves_from_before_the_notes_still_say_who_won_and_which_is_a_copy(
        tmp_path: Path) -> None:
    session = _finished(tmp_path, "old-copy")
    expected = read_info(tmp_path / "old-copy.log")
    plain = json.loads((tmp_path / "old-copy.seats.json").read_text())
    for key in ("winners", "ending"):
        del plain[key]
    (tmp_path / "old-copy.seats.json").write_text(json.dumps(plain))
    older = read_info(tmp_path / "old-copy.log")
    assert older.winners == expected.winners and older.ending == expected.ending
    assert older.copy and session.over  # named "-copy" before the seats file said so


def test_save_a_copy_is_marked_and_the_autosave_is_not(tmp_path: Path) -> None:
    session, files = _played(tmp_path, 30)
    copy = files.copy_to(session, "the-copy", "Turn 1, round 1")
    infos = {i.path.name: i for i in list_saves(tmp_path)}
    assert infos["the-copy.log"].copy and not infos["game.log"].copy
    assert infos["the-copy.log"].summary == "Turn 1, round 1" and copy.name == "the-copy.log"
    assert load(copy).players == session.players


def test_the_latest_unfinished_save_skips_finished_and_damaged_ones(tmp_path: Path) -> None:
    assert latest_unfinished(tmp_path / "none") is None
    session, files = _played(tmp_path, 20)
    _aged(files.log_path, 30)
    files.copy_to(session, "older", "")
    _aged(tmp_path / "older.log", 60)
    _finished(tmp_path, "finished")
    (tmp_path / "damaged.log").write_bytes(b"not a log\n")  # the newest of all
    latest = latest_unfinished(tmp_path)
    assert latest is not None and latest.path == files.log_path
