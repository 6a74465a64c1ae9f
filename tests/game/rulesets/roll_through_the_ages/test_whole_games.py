"""Whole games between random bots: 1, 2 and 4 seats, short and full, with and without the
Mediterranean; each ends, replays to the same hashes and passes the conformance checks."""

from __future__ import annotations

import pytest

from game.core.table import replay
from game.rulesets import get_ruleset
from game.session import master_config
from tools.conformance import check_log, checked_game

TABLES = [(1, "short", False), (1, "full", True), (2, "short", True), (2, "full", False),
          (4, "short", False), (4, "full", True), (3, "short", True)]


@pytest.mark.parametrize(("seats", "length", "mediterranean"), TABLES)
def test_random_games_end_replay_and_conform(seats: int, length: str,
                                             mediterranean: bool) -> None:
    ruleset = get_ruleset("roll_through_the_ages")
    master = f"rtta-{seats}-{length}-{mediterranean}".encode()
    config = master_config(ruleset, master, None, seats,
                           {"length": length, "mediterranean": mediterranean})
    report = checked_game(ruleset, config, master)
    assert report.log.finished
    check_log(ruleset, report)
    final, _ = replay(ruleset, report.log)
    outcome = ruleset.outcome(final)
    assert outcome.over and outcome.winners
    assert (outcome.target is not None) == (seats == 1)
