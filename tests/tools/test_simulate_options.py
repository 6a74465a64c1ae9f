"""`mare simulate`: options, open seat counts (Roll Through the Ages), and the standing lines."""

from __future__ import annotations

import pytest

from tools.cli import main

RTTA = ["simulate", "--ruleset", "roll-through-the-ages", "--seed", "05"]


def test_a_mediterranean_solitaire_game_is_scored_against_125(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RTTA, "--seats", "bot:greedy", "--option", "mediterranean=true"]) == 0
    assert "against the target of 125" in capsys.readouterr().out


def test_the_seats_named_set_the_table_size_of_an_open_scenario(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RTTA, "--seats", "bot:greedy,bot:random,bot:random"]) == 0
    out = capsys.readouterr().out
    assert "3. Player " in out and "target" not in out


@pytest.mark.parametrize(("option", "message"), [
    ("colour=blue", "has no option 'colour' (known: length, mediterranean)"),
    ("length=medium", "option length takes one of short, full, not 'medium'"),
])
def test_a_wrong_option_is_one_line(
        option: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RTTA, "--option", option]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_a_mare_nostrum_game_names_its_standing_figures_in_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    seats = "bot:greedy,bot:greedy,bot:greedy"
    assert main(["simulate", "--ruleset", "mare_nostrum", "--scenario", "3", "--seats", seats,
                 "--seed", "abc"]) == 0
    out = capsys.readouterr().out
    assert "heroes & wonders" in out and "track total" in out and "_" not in out.split("seed")[0]
