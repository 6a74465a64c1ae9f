"""The `mare` command line: demo, replay, validate, bench, help and one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_demo_prints_sentences_and_the_final_hash_last(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.log"
    assert main(["demo", "--seed", "00ff", "--log", str(log)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("final-hash ") and len(lines[-1].split()[1]) == 64
    assert any(line.startswith("Round 1: the Random Event roll is") for line in lines)
    assert any(line.startswith(("Carthage", "Rome", "Iberia")) and line.endswith(".")
               for line in lines)
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == lines[-1]


def test_the_same_seed_plays_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "abcd", "--quiet"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "abcd", "--quiet"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(("argv", "message"), [
    (["replay", "no-such.log"], "no such file"),
    (["demo", "--ruleset", "chess"], "unknown rule set"),
    (["validate", "no-such-folder", "--ruleset", "mediterranean-empires"],
     "no such file or folder"),
    (["validate", "no-such-folder"], "no such file or folder"),
    (["validate", "README.md", "--ruleset", "mediterranean-empires"], "not a content folder"),
    (["validate", "docs"], "cannot tell which rule set"),
])
def test_user_mistakes_give_one_line_and_exit_1(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "Traceback" not in err[0]


@pytest.mark.parametrize(("argv", "message"), [
    (["bench", "engine", "--games", "0"], "argument --games: expected 1 to 100000, got 0"),
    (["bench", "engine", "--games", "-3"], "argument --games: expected 1 to 100000, got -3"),
    (["fuzz", "--games", "0"], "argument --games: expected 1 to 1000000, got 0"),
    (["demo", "--seats", "0"], "argument --seats: expected 1 to 8, got 0"),
    (["demo", "--seats", "-1"], "argument --seats: expected 1 to 8, got -1"),
    (["demo", "--seats", "1000000"], "argument --seats: expected 1 to 8, got 1000000"),
    (["demo", "--seats", "many"], "argument --seats: expected a whole number, got 'many'"),
    (["demo", "--seats", "4"], "--seats: 3. The Second Punic War is played by its 3 seats"),
    (["demo", "--ruleset", "toy", "--seats", "5"], "--seats: Standard is for 2-4 seats, not 5"),
    (["demo", "--log", ""], "argument --log: the file name is empty"),
    (["simulate", "--log", " "], "argument --log: the file name is empty"),
    (["demo", "--seed", ""], "argument --seed: the seed is empty"),
    (["fuzz", "--seats", "3", "--games", "1"],
     "--seats: mediterranean_empires offers no table of 3 seats in any scenario"),
    (["fuzz", "--ruleset", "toy", "--scenario", "9", "--games", "1"],
     "--scenario: toy has no scenario '9'"),
])
def test_nonsense_is_a_usage_error(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code: int | str | None
    try:
        code = main(argv)
    except SystemExit as exit_info:
        code = exit_info.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and "Traceback" not in "".join(err)


@pytest.mark.parametrize(("seed", "says"), [("abc", "seed 0abc"), ("xyz", "is not hexadecimal"),
                                            ("Carthago delenda est", "is not hexadecimal")])
def test_any_seed_a_person_types_is_taken(seed: str, says: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", "toy", "--seed", seed, "--quiet"]) == 0
    first = capsys.readouterr().out
    assert says in first
    assert main(["demo", "--ruleset", "toy", "--seed", seed, "--quiet"]) == 0
    assert capsys.readouterr().out == first


def test_a_corrupt_log_is_one_clear_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.log"
    bad.write_bytes(b'{"mare-log":1}\nnot json\n')
    assert main(["replay", str(bad)]) == 1
    assert "line 1: malformed header (no engine version)" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"], ["demo", "--help"], ["replay", "--help"],
                                  ["validate", "--help"], ["bench", "--help"]])
def test_help_everywhere(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0 and "usage: mare" in capsys.readouterr().out


def test_the_toy_rule_set_still_demos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", "toy", "--seed", "01"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("Seat") and line.endswith(".") for line in lines)


def test_python_dash_m_tools_runs_the_same_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "tools", "demo", "--seed", "01", "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1].startswith("final-hash ")


def test_bench_engine_reports_decisions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s" in out and "state hash" in out and "machine:" in out


def test_replay_checks_the_dice_and_names_a_game_in_progress(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.log"
    assert main(["demo", "--ruleset", "toy", "--seed", "d1ce", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "dice: every roll derives from the committed seed" in capsys.readouterr().out
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:11]))  # cut at a line boundary: header and ten entries
    (tmp_path / "game.seats.json").unlink()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "game.log: in progress, 10 entries, every state hash verified" in out
    assert "dice: not verified (no game.seats.json with the dice seed beside the log)" in out
