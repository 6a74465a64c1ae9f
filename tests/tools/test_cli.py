"""The `mare` command line: demo, replay, validate, bench, help and one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_demo_prints_sentences_and_the_final_hash_last(tmp_path: Path, capsys) -> None:
    log = tmp_path / "game.log"
    assert main(["demo", "--seed", "00ff", "--log", str(log)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("final-hash ") and len(lines[-1].split()[1]) == 64
    assert any(line.startswith("Round 1: the Random Event roll is") for line in lines)
    assert any(line.startswith(("Carthage", "Rome", "Iberia")) and line.endswith(".")
               for line in lines)
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == lines[-1]


def test_the_same_seed_plays_the_same_game(capsys) -> None:
    main(["demo", "--seed", "abcd", "--quiet"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "abcd", "--quiet"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(("argv", "message"), [
    (["replay", "no-such.log"], "no such file"),
    (["demo", "--seed", "xyz"], "must be hexadecimal"),
    (["demo", "--ruleset", "chess"], "unknown rule set"),
    (["validate", "no-such-folder", "--ruleset", "mediterranean-empires"],
     "no such file or folder"),
    (["validate", "no-such-folder"], "no such file or folder"),
    (["validate", "README.md", "--ruleset", "mediterranean-empires"], "not a content folder"),
    (["validate", "docs"], "cannot tell which rule set"),
])
def test_user_mistakes_give_one_line_and_exit_1(argv: list[str], message: str, capsys) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "Traceback" not in err[0]


def test_a_corrupt_log_is_one_clear_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.log"
    bad.write_bytes(b'{"mare-log":1}\nnot json\n')
    assert main(["replay", str(bad)]) == 1
    assert "line 1: malformed header (no engine version)" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"], ["demo", "--help"], ["replay", "--help"],
                                  ["validate", "--help"], ["bench", "--help"]])
def test_help_everywhere(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0 and "usage: mare" in capsys.readouterr().out


def test_the_toy_rule_set_still_demos(capsys) -> None:
    assert main(["demo", "--ruleset", "toy", "--seed", "01"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("Seat") and line.endswith(".") for line in lines)


def test_python_dash_m_game_runs_the_same_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "demo", "--seed", "01", "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1].startswith("final-hash ")


def test_bench_engine_reports_decisions_per_second(capsys) -> None:
    assert main(["bench", "engine", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s" in out and "state hash" in out and "machine:" in out
