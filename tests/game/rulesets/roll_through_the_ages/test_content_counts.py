"""`mare content-stats roll-through-the-ages`: the counts, asserted from the command's output."""

from __future__ import annotations

import json

import pytest

from game.rulesets.roll_through_the_ages.content import load_content
from tools.cli import main


@pytest.fixture(scope="module")
def stats() -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["content-stats", "roll-through-the-ages", "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_sheets_counts(stats: dict) -> None:
    assert (stats["developments"], stats["monuments"], stats["ports"], stats["provinces"],
            stats["disasters"]) == (17, 5, 6, 6, 5)
    assert stats["content_hash"] == load_content().content_hash


def test_colonies_by_size(stats: dict) -> None:
    colonies = stats["colonies"]
    assert (colonies["total"], colonies["holes"], colonies["four_players_only"]) == (19, 48, 4)
    assert colonies["by_size"] == {"1": 3, "2": 6, "3": 7, "4": 3}
    assert colonies["one_to_three_players"] == {"total": 15, "holes": 40,
                                                "by_size": {"1": 2, "2": 4, "3": 6, "4": 3}}
    assert sum(stats["rewards"].values()) == 48


def test_the_faces_of_each_die(stats: dict) -> None:
    assert stats["dice"] == {
        "empire": ["pop3", "food3", "food2_or_pop2", "innovation", "goods_per_port",
                   "good_pop_skull"],
        "fate": ["abundance", "drought", "omens", "conquest", "tribute", "fate_good_pop_skull"]}


def test_the_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content-stats", "roll-through-the-ages"]) == 0
    out = capsys.readouterr().out
    assert "developments 17, monuments 5, ports 6, provinces 6" in out
    assert "colonies: 19 (sizes 1/2/3/4: 3/6/7/3), 48 holes, 4 for 4 players only" in out


def test_no_scenarios_to_pick(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content-stats", "roll-through-the-ages", "--scenario", "1"]) == 1
    assert "no scenarios" in capsys.readouterr().err
