"""`mare simulate --option KEY=VALUE` and open seat counts (Roll Through the Ages)."""

from __future__ import annotations

import pytest

from tools.cli import main

RTTA = ["simulate", "--ruleset", "roll-through-the-ages", "--seed", "05"]


def test_a_mediterranean_solitaire_game_is_scored_against_125(capsys) -> None:
    assert main([*RTTA, "--seats", "bot:greedy", "--option", "mediterranean=true"]) == 0
    assert "against the target of 125" in capsys.readouterr().out


def test_the_seats_named_set_the_table_size_of_an_open_scenario(capsys) -> None:
    assert main([*RTTA, "--seats", "bot:greedy,bot:random,bot:random"]) == 0
    out = capsys.readouterr().out
    assert "3. Seat " in out and "target" not in out


@pytest.mark.parametrize(("option", "message"), [
    ("colour=blue", "has no option 'colour' (known: length, mediterranean)"),
    ("length=medium", "option length takes one of short, full, not 'medium'"),
])
def test_a_wrong_option_is_one_line(option: str, message: str, capsys) -> None:
    assert main([*RTTA, "--option", option]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]
