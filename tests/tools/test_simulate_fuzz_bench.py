"""`mare simulate`, `mare fuzz` and `mare bench`: whole games, checked games, figures."""

from __future__ import annotations

from pathlib import Path

import pytest

import tools.fuzz
from tools.cli import main


def test_simulate_prints_scores_and_the_hash_replay_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.log"
    argv = ["simulate", "--scenario", "1", "--seats", "bot:greedy,bot:random", "--seed", "05",
            "--log", str(log)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("final-hash ") and len(lines[-1].split()[1]) == 64
    assert lines[1].startswith("1. Carthage (bot:greedy): ") and "VP, " in lines[1]
    assert lines[2].startswith("2. Rome (bot:random): ") and lines[2].endswith(" key cities")
    assert lines[3] == "winners: Carthage (last turn)"
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == lines[-1]
    assert main(argv) == 0
    assert capsys.readouterr().out.strip().splitlines() == lines  # same seed, same game


@pytest.mark.parametrize(("seats", "message"), [
    ("bot:random", "scenario 1. First Punic War has 2 seats (Carthage, Rome); --seats "
                   "names 1"),
    ("bot:random,bot:clever",
     "unknown bot 'bot:clever' for mediterranean_empires (known: bot:random, bot:greedy, "
         "bot:search:easy"),
])
def test_simulate_mistakes_are_one_line(seats: str, message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--scenario", "1", "--seats", seats, "--seed", "01"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_fuzz_checks_games_across_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--ruleset", "toy", "--games", "3", "--seed", "0a"]) == 0
    assert capsys.readouterr().out.strip().startswith("fuzz: 3 games, 0 failed")


def test_fuzz_in_two_processes_checks_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--ruleset", "toy", "--games", "4", "--seed", "0a"]) == 0
    alone = capsys.readouterr().out.split(",")[:3]
    assert main(["fuzz", "--ruleset", "toy", "--games", "4", "--seed", "0a", "--workers",
                 "2"]) == 0
    assert capsys.readouterr().out.split(",")[:3] == alone


def test_fuzz_reports_the_seed_that_reproduces_a_failure(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("dead end")

    monkeypatch.setattr(tools.fuzz, "checked_game", broken)
    assert main(["fuzz", "--ruleset", "mediterranean-empires", "--games", "2", "--seed",
                 "0b"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("FAIL game 0 scenario first_punic_war seed ")
    assert "AssertionError: dead end" in lines[0]
    seed = lines[0].split(" seed ")[1].split(":")[0]
    assert lines[1].endswith(f"--scenario first_punic_war --bots random --game-seed {seed}")
    assert lines[-1].startswith("fuzz: 2 games, 2 failed")


def test_fuzz_replays_one_game_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fuzz", "--ruleset", "mediterranean-empires", "--scenario", "1", "--bots",
            "mixed", "--game-seed", "c0ffee"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("fuzz: 1 games, 0 failed")


def test_bench_prints_figures_and_a_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--ruleset", "mediterranean-empires", "--scenario", "1",
                 "--games", "1", "--profile"]) == 0
    out = capsys.readouterr().out
    assert "scenario 1" in out and "decisions/s" in out and "games/s" in out
    assert "profile of 1 games" in out and "ncalls" in out
