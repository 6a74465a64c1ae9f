"""`mare balance`: refusals, the report's rows in text and Markdown, seeded games, seat lists."""

from __future__ import annotations

import pytest

from tools.balance import bot_kinds, plans, play, play_game
from tools.balance_report import (
    EmpireRow,
    GameResult,
    empire_rows,
    endings_line,
    length_line,
    win_shares,
)
from tools.cli import main
from tools.cli_args import UsageError

SMALL = "1"
"""First Punic War: two seats, the quickest scenario to play."""


def _result(winners: tuple[int, ...], reason: str = "last turn", turns: int = 3) -> GameResult:
    figures = (("vp", (10, 12)), ("cities", (5, 6)), ("founded", (5, 5)))
    return GameResult(winners, figures, turns, 300 + turns, reason)


@pytest.mark.parametrize(("argv", "message"), [
    (["--scenario", "99", "--bots", "bot:random"], "--scenario: no scenario '99'"),
    (["--scenario", "3", "--bots", "bot:chess"], "--bots: unknown bot kind 'bot:chess'"),
    (["--scenario", "3", "--bots", "bot:random,bot:greedy"],
     "--bots: 3. The Second Punic War has 3 seats (Carthage, Rome, Iberia); name one bot kind "
     "or 3, not 2"),
    (["--scenario", "all", "--bots", "bot:random,bot:greedy"], "takes one bot kind"),
    (["--scenario", "3", "--bots", "bot:random,"], "--bots: an empty bot kind"),
    (["--scenario", "3", "--bots", "bot:random", "--games", "0"],
     "argument --games: expected 1 to 100000, got 0"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code: int | str | None
    try:
        code = main(["balance", *argv])
    except SystemExit as exit_info:
        code = exit_info.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and "Traceback" not in "".join(err)


def test_bot_kinds_take_aliases_and_bare_names() -> None:
    assert bot_kinds("bot:search, greedy") == ("bot:search:normal", "bot:greedy")
    with pytest.raises(UsageError):
        bot_kinds("bot:search:impossible")


def test_all_is_every_bundled_scenario_in_turn() -> None:
    names = [p.name for p in plans("all", "bot:random", 5)]
    assert len(names) == 13 and names[0].startswith("1. ") and names[-1].startswith("13. ")


def test_a_small_run_reports_every_empire_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--scenario", SMALL, "--games", "2", "--bots", "bot:random",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "scenario 1. First Punic War: 2 seats (Carthage, Rome)"
    assert "2 games in 1 process" in out[2] and out[3].startswith("machine: ")
    rows = [line.split() for line in out if line.split()[:1] in (["Carthage"], ["Rome"])]
    assert [row[0] for row in rows] == ["Carthage", "Rome"]
    assert all(row[3] == "50%" for row in rows)
    assert sum(int(row[1].rstrip("%")) for row in rows) == 100
    assert any(line.startswith("length: ") for line in out)
    assert any(line.startswith("endings: ") for line in out)


def test_rows_add_up_over_the_games() -> None:
    run = play(plans(SMALL, "bot:random", 2)[0], 1)
    rows = empire_rows(run)
    assert [row.empire for row in rows] == ["Carthage", "Rome"]
    assert sum(row.share for row in rows) == pytest.approx(1.0)
    assert all(0.0 <= row.low <= row.share <= row.high <= 1.0 and row.fair == 0.5
               for row in rows)
    assert all(dict(result.figures)["founded"][0] > 0 and (result.turns or 0) >= 1
               for result in run.results)


def test_markdown_is_one_table_per_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--scenario", SMALL, "--games", "1", "--bots", "bot:random",
                 "--workers", "1", "--markdown"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "### 1. First Punic War"
    table = [line for line in out if line.startswith("|")]
    assert len(table) == 4 and table[1].startswith("|---|--:|")
    assert "Mean VP" in table[0] and "Founding cities" in table[0]
    assert len({line.count("|") for line in table}) == 1
    assert [line.split("|")[1].strip() for line in table[2:]] == ["Carthage", "Rome"]
    assert out[-2].startswith("Length: ") and "Endings: " in out[-2]


def test_the_same_index_plays_the_same_game() -> None:
    plan = plans(SMALL, "bot:greedy", 2)[0]
    assert play_game(plan, 1) == play_game(plan, 1)
    assert plan.seed(1) == b"balance:first_punic_war:1"


def test_one_bot_kind_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    plan = plans(SMALL, "bot:greedy,bot:random", 1)[0]
    assert plan.bots == ("bot:greedy", "bot:random")
    assert main(["balance", "--scenario", SMALL, "--games", "1", "--bots",
                 "bot:greedy,bot:random", "--workers", "1"]) == 0
    assert "bots: Carthage bot:greedy, Rome bot:random" in capsys.readouterr().out


def test_a_shared_win_counts_its_share_and_endings_are_counted() -> None:
    results = [_result((0,)), _result((0, 1), "automatic victory", 2), _result((1,))]
    assert win_shares(results, 2) == [1.5, 1.5]
    assert endings_line(results) == "endings: last turn 2, automatic victory 1"
    assert length_line(results) == "length: 2.7 turns (2-3), 303 log entries (302-303)"


def test_the_fair_share_is_printed_to_a_tenth_of_a_point() -> None:
    cells = [EmpireRow("Gaul", 0.0, 0.0, 0.3, fair, (1.0, 1.0, 1.0)).cells()[3]
             for fair in (1 / 2, 1 / 3, 1 / 8)]
    assert cells == ["50%", "33.3%", "12.5%"]


def test_the_mark_says_which_side_of_the_interval_the_fair_share_lies() -> None:
    def row(low: float, high: float) -> EmpireRow:
        return EmpireRow("Rome", (low + high) / 2, low, high, 0.5, (1.0, 1.0, 1.0))

    assert (row(0.6, 0.9).mark, row(0.1, 0.4).mark, row(0.3, 0.7).mark) \
        == ("favoured", "handicapped", "")


def test_another_rule_set_reports_its_own_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--ruleset", "roll-through-the-ages", "--scenario", "1", "--games",
                 "2", "--bots", "bot:greedy", "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "mean score" in out[4] and "mean VP" not in out[4]
    assert any(line.startswith("length: ") and " rounds (" in line for line in out)


def test_an_unknown_rule_set_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--ruleset", "chess", "--scenario", "1", "--bots",
                 "bot:random"]) == 2
    assert "--ruleset: unknown rule set 'chess'" in capsys.readouterr().err
