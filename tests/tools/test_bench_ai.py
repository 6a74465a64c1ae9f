"""`mare bench ai`: Wilson intervals and the report's lines in the issue's exact form."""

from __future__ import annotations

import pytest

from tools.bench_ai import GameResult, Match, matches, selected, share_line, time_line, wilson


def test_wilson_interval_brackets_the_share() -> None:
    low, high = wilson(43, 60)
    assert 0.58 < low < 0.6 and 0.80 < high < 0.83
    assert wilson(0, 0) == (0.0, 1.0)


def test_lines_read_as_the_issue_writes_them() -> None:
    match = Match("bot:search:hard", "bot:greedy", "3", 60)
    results = [GameResult(1.0 if k < 43 else 0.0, 3, {}) for k in range(60)]
    assert share_line(match, results) == ("hard vs greedy, scenario 3: win share 72% (fair 33%), "
                                          "95% CI 59-81%, 60 games")
    assert time_line("hard", [0.82] * 19 + [2.1]) == "hard decision time: median 0.82 s, p95 0.82 s"


def test_the_report_covers_eight_players_and_the_level_order() -> None:
    labels = [(m.label, m.scenario) for m in matches(4, "3")]
    assert labels == [("hard vs greedy", "3"), ("hard vs greedy", "13"),
                      ("normal vs easy", "3"), ("hard vs normal", "3")]


def test_one_line_can_be_played_alone() -> None:
    lines = matches(4, "3")
    assert [(m.label, m.scenario) for m in selected(lines, "hard vs greedy, scenario 3")] \
        == [("hard vs greedy", "3")]
    assert [m.scenario for m in selected(lines, "scenario 13")] == ["13"]
    assert selected(lines, None) == lines
    with pytest.raises(ValueError):
        selected(lines, "hard vs random")
