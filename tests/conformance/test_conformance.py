"""The conformance suite, run on every registered rule set."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.actions import Action
from game.core.log import dumps
from game.rulesets import get_ruleset, registered
from game.rulesets.mediterranean_empires.bots.search import Level, SearchBot
from game.session import bot_session, master_config
from tools.conformance import (
    ConformanceError,
    check_log,
    checked_game,
    configs,
    other_secrets_sealed,
)

GAMES_PER_CONFIG = {"toy": 12, "mediterranean_empires": 1, "mare_nostrum": 1}
"""Games per scenario; MARE_CONFORMANCE_GAMES raises it for every rule set (`mare fuzz` plays
many more)."""
ROOT = Path(__file__).resolve().parents[2]


def _cases() -> list[tuple[str, str, int]]:
    extra = int(os.environ.get("MARE_CONFORMANCE_GAMES", "0"))
    cases = []
    for ruleset_id in registered():
        games = max(extra, GAMES_PER_CONFIG.get(ruleset_id, 2))
        scenarios = [info.id for info in get_ruleset(ruleset_id).scenarios()]
        cases += [(ruleset_id, scenario, n) for n in range(games) for scenario in scenarios]
    return cases


@pytest.mark.parametrize(("ruleset_id", "scenario", "game"), _cases())
def test_random_games_end_without_error_dead_end_or_leak(ruleset_id: str, scenario: str,
                                                         game: int) -> None:
    ruleset = get_ruleset(ruleset_id)
    for config in configs(ruleset, b"conformance-%d" % game):
        if config.scenario != scenario:
            continue
        master = b"conformance-%d-%s-%d" % (game, scenario.encode(), len(config.seats))
        report = checked_game(ruleset, config, master)
        assert report.log.finished
        check_log(ruleset, report)


@pytest.mark.parametrize("scenario", ["3", "8"])
def test_greedy_and_random_bots_pass_the_checks(scenario: str) -> None:
    """Greedy bots fight far more (MEs confirmed, combats, conquests) than random ones."""
    ruleset = get_ruleset("mediterranean_empires")
    master = b"conformance-greedy-" + scenario.encode()
    config = master_config(ruleset, master, scenario)
    players = tuple(("bot:greedy", "bot:random")[seat % 2] for seat in range(len(config.seats)))
    report = checked_game(ruleset, config, master, players=players)
    assert report.log.finished
    check_log(ruleset, report)


def test_search_bots_pass_the_checks_and_never_ask_for_others_secrets() -> None:
    """Search bots simulate from the public state and their own knowledge: every other seat's
    secrets are sealed while they decide (tools.conformance.other_secrets_sealed)."""
    ruleset = get_ruleset("mediterranean_empires")
    master = b"conformance-search"
    config = master_config(ruleset, master, "3")
    quick = Level("quick", "a small search", worlds=1, width=2, depth=12)
    bots = {seat: SearchBot(b"search-%d" % seat, quick) for seat in (0, 2)}
    report = checked_game(ruleset, config, master, players=("bot:greedy",) * 3, bots=bots)
    assert sum(bot.searches for bot in bots.values()) > 50
    assert report.log.finished
    check_log(ruleset, report)


def test_a_bot_that_reads_anothers_secrets_is_caught() -> None:
    ruleset = get_ruleset("mediterranean_empires")
    config = master_config(ruleset, b"peek", "1")
    session = bot_session(ruleset, config, b"peek", ("bot:greedy", "bot:greedy"))
    table = session.table

    class Peeker:
        def choose(self, view: object, legal: tuple[Action, ...]) -> Action:
            table.secrets[1 - table.decision().actor].known()
            return legal[0]

    session.bots = {0: Peeker(), 1: Peeker()}
    while table.decision().kind != "action":
        session.step()
    with pytest.raises(ConformanceError, match="asked for seat"), \
            other_secrets_sealed(table, table.decision().actor):
        session.step()


@pytest.mark.parametrize("ruleset_id", registered())
def test_replay_is_identical_under_different_hash_seeds(ruleset_id: str, tmp_path: Path) -> None:
    ruleset = get_ruleset(ruleset_id)
    config = next(configs(ruleset, b"hashseed"))
    report = checked_game(ruleset, config, b"hashseed", check_views=False)
    log_file = tmp_path / "game.log"
    log_file.write_bytes(dumps(report.log))
    outputs = [_replay_hashes(log_file, seed) for seed in ("1", "4242")]
    assert outputs[0] == outputs[1] == list(report.hashes)


def _replay_hashes(log_file: Path, hash_seed: str) -> list[str]:
    script = ("import json,sys\n"
              "from game.core.log import loads\n"
              "from game.rulesets import get_ruleset\n"
              "from game.core.table import replay\n"
              "log = loads(open(sys.argv[1], 'rb').read())\n"
              "_, hashes = replay(get_ruleset(log.header.ruleset), log)\n"
              "print(json.dumps(hashes))\n")
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script, str(log_file)], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)
