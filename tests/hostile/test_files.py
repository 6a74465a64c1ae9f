"""Files a user can hand us: logs, saves and seats files that are damaged, hostile or not files
at all give one line naming the file, in bounded time and memory, and hide no other save."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from game.core.encoding import canonical_bytes, parse_canonical
from game.session import GameSession, Secrets
from net.files.saves import GameFiles, SaveError, list_saves, load
from net.files.storage import READ_LIMIT, StorageError, read_bytes
from tools.cli import main

KEYS = Secrets((b"one" * 11, b"two" * 11, b"three" * 7), b"chance" * 6, b"b" * 32)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished-enough save: 60 entries of scenario 3 (log and seats file)."""
    folder = tmp_path_factory.mktemp("saves")
    session = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, KEYS)
    files = GameFiles(folder, "good")
    for _ in range(60):
        session.step()
    files.save(session)
    files.saver.flush()
    return folder


def _rechained(log: bytes, **header: object) -> bytes:
    """The log with header fields replaced and every link of the hash chain recomputed."""
    lines = log.rstrip(b"\n").split(b"\n")
    plain = [parse_canonical(line) for line in lines]
    plain[0].update(header)
    out = [canonical_bytes(plain[0])]
    for record in plain[1:]:
        record["prev"] = hashlib.sha256(out[-1]).hexdigest()
        out.append(canonical_bytes(record))
    return b"\n".join(out) + b"\n"


def _copy_save(saved: Path, folder: Path, name: str, log: bytes | None = None,
               seats: bytes | None = None) -> Path:
    good_log = (saved / "good.log").read_bytes()
    good_seats = (saved / "good.seats.json").read_bytes()
    (folder / f"{name}.log").write_bytes(good_log if log is None else log)
    (folder / f"{name}.seats.json").write_bytes(good_seats if seats is None else seats)
    return folder / f"{name}.log"


DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE = b'{"format": 1, "players": [' + b"9" * 5000 + b"]}"
CASES = {
    "unknown scenario": lambda log: (_rechained(log, scenario="atlantis"), None),
    "unknown rule set": lambda log: (_rechained(log, ruleset="chess"), None),
    "deep nested line": lambda log: (log.replace(b"\n", b"\n" + DEEP + b"\n", 1), None),
    "5000-digit number": lambda log: (log.replace(b'"i":3,', b'"i":' + b"3" * 5000 + b",", 1),
                                      None),
    "deep nested seats": lambda log: (log, DEEP),
    "huge number in seats": lambda log: (log, HUGE),
    "empty log": lambda log: (b"", None),
    "random bytes": lambda log: (os.urandom(4096), None),
    "non-UTF-8 seats": lambda log: (log, b"\xff\xfe\x00garbage"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_damaged_save_is_listed_as_damaged_and_hides_no_other(saved: Path, tmp_path: Path,
                                                                 case: str) -> None:
    good = _copy_save(saved, tmp_path, "fine")
    log, seats = CASES[case]((saved / "good.log").read_bytes())
    bad = _copy_save(saved, tmp_path, "broken", log, seats)
    infos = {info.path.name: info for info in list_saves(tmp_path)}
    assert set(infos) == {"fine.log", "broken.log"}
    assert not infos["fine.log"].problem and infos["broken.log"].problem
    assert "\n" not in infos["broken.log"].problem and len(infos["broken.log"].problem) < 300
    with pytest.raises(SaveError):
        load(bad)
    assert len(load(good).table.records) == 60


@pytest.mark.parametrize("case", sorted(c for c in CASES if "seats" not in c))
def test_replay_of_a_damaged_log_is_one_line(saved: Path, tmp_path: Path, case: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    log, _ = CASES[case]((saved / "good.log").read_bytes())
    path = tmp_path / "x.log"
    path.write_bytes(log)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0] and len(err[0]) < 400


def test_not_files_are_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    big = tmp_path / "big.log"
    with big.open("wb") as handle:
        handle.truncate(READ_LIMIT + 1)
    for path, says in ((tmp_path, "is a folder"), (Path("/dev/zero"), "larger than"),
                       (big, "larger than"), (tmp_path / "none.log", "no such file")):
        with pytest.raises(StorageError, match=says):
            read_bytes(path)
        assert main(["replay", str(path)]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and str(path) in err[0]


def test_a_missing_seats_file_says_what_it_holds(saved: Path, tmp_path: Path) -> None:
    bad = _copy_save(saved, tmp_path, "lonely")
    (tmp_path / "lonely.seats.json").unlink()
    with pytest.raises(SaveError, match="is missing: it holds the players' secret keys"):
        load(bad)


def test_a_seats_file_naming_other_players_is_refused(saved: Path, tmp_path: Path) -> None:
    plain = json.loads((saved / "good.seats.json").read_bytes())
    plain["players"][1] = "bot:cheater"
    bad = _copy_save(saved, tmp_path, "odd", seats=json.dumps(plain).encode())
    with pytest.raises(SaveError, match="does not match its game"):
        load(bad)
