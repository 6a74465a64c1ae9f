"""The conformance suite, run on every registered rule set."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.log import dumps
from game.core.ruleset import get_ruleset, registered
from tools.conformance import check_log, checked_game, configs

GAMES_PER_CONFIG = {"toy": 12}
ROOT = Path(__file__).resolve().parents[2]


def _cases() -> list[tuple[str, int]]:
    cases = []
    for ruleset_id in registered():
        games = GAMES_PER_CONFIG.get(ruleset_id, 2)
        cases += [(ruleset_id, n) for n in range(games)]
    return cases


@pytest.mark.parametrize(("ruleset_id", "game"), _cases())
def test_random_games_end_without_error_dead_end_or_leak(ruleset_id: str, game: int) -> None:
    ruleset = get_ruleset(ruleset_id)
    for config in configs(ruleset, b"conformance-%d" % game):
        master = b"conformance-%d-%s" % (game, config.scenario.encode())
        report = checked_game(ruleset, config, master)
        assert report.log.finished
        check_log(ruleset, report)


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
              "from game.core.ruleset import get_ruleset\n"
              "from game.core.table import replay\n"
              "log = loads(open(sys.argv[1], 'rb').read())\n"
              "_, hashes = replay(get_ruleset(log.header.ruleset), log)\n"
              "print(json.dumps(hashes))\n")
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script, str(log_file)], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)
