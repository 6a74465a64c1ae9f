"""`mare replay` audits a game when its seats file is beside the log (`mare demo --log` and
`mare simulate --log` write one), and says so when it cannot."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.cli import main

TOY_B2 = "223cca083fa45b402eb5a6645766cd57b84db61625e3d97aec00d1b125392139"


def _demo(tmp_path: Path, name: str, seed: str = "b2") -> Path:
    log = tmp_path / f"{name}.log"
    assert main(["demo", "--ruleset", "toy", "--seed", seed, "--quiet", "--log", str(log)]) == 0
    return log


def _replay(log: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(["replay", str(log)])
    return code, capsys.readouterr().out.strip().splitlines()


def test_demo_writes_the_seats_file_and_replay_audits_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _demo(tmp_path, "game")
    assert "(42 entries; the secrets in game.seats.json)" in capsys.readouterr().out
    assert (tmp_path / "game.seats.json").exists()
    code, lines = _replay(log, capsys)
    assert code == 0
    assert lines[-2:] == ["audit: ok (42 entries, 2 decks)", f"final-hash {TOY_B2}"]


def test_without_the_seats_file_the_audit_is_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _demo(tmp_path, "lonely")
    (tmp_path / "lonely.seats.json").unlink()
    code, lines = _replay(log, capsys)
    assert code == 0
    assert lines[-2] == ("audit: skipped (the secrets are not present: no lonely.seats.json "
                         "beside the log)")


def test_secrets_of_another_game_fail_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _demo(tmp_path, "game")
    other = _demo(tmp_path, "other", seed="b3")
    (tmp_path / "game.seats.json").write_bytes(other.with_name("other.seats.json").read_bytes())
    code, lines = _replay(log, capsys)
    assert code == 1
    assert lines[-2].startswith("audit: entry 0: Seat 0's deck d0: opening of d0:0:")
    assert lines[-2].endswith("does not match its commitment")
    assert lines[-1] == f"final-hash {TOY_B2}"


def test_a_damaged_seats_file_is_one_clear_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _demo(tmp_path, "game")
    (tmp_path / "game.seats.json").write_bytes(b"{not json")
    code, lines = _replay(log, capsys)
    assert code == 1 and lines[-2] == "audit: not run: The seats file game.seats.json is damaged."


def test_simulate_writes_the_seats_file_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "sim.log"
    assert main(["simulate", "--ruleset", "toy", "--seed", "07", "--log", str(log)]) == 0
    code, lines = _replay(log, capsys)
    assert code == 0 and lines[-2].startswith("audit: ok (")
