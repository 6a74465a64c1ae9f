"""Logs are tamper-evident offline: the header commits to the dice seed, and a roll rewritten
with the hash chain and every state hash recomputed is still caught."""

from __future__ import annotations

import dataclasses

from game.core.entries import ChanceEntry
from game.core.log import GameLog, LogRecord, dumps, loads
from game.core.table import check_dice, dice_commitment, replay
from game.rulesets import get_ruleset
from game.session import Secrets, bot_session, make_config

MASTER = b"dice-master"


def _game() -> GameLog:
    ruleset = get_ruleset("toy")
    config = make_config(ruleset, None, b"d" * 16, seats=2)
    session = bot_session(ruleset, config, MASTER)
    session.run()
    return loads(dumps(session.log()))


def test_the_header_commits_to_the_dice_seed() -> None:
    log = _game()
    secrets = Secrets.from_master(MASTER, 2)
    assert log.header.dice == dice_commitment(log.header.game_id, secrets.chance)
    assert check_dice(log, secrets.chance) is None
    assert check_dice(log, b"another seed") is not None


def test_a_rewritten_roll_with_recomputed_hashes_is_caught() -> None:
    log = _game()
    index = next(i for i, r in enumerate(log.records) if isinstance(r.entry, ChanceEntry))
    forged = list(log.records)
    forged[index] = LogRecord(ChanceEntry(seed=b"\x01" * 32))
    ruleset = get_ruleset("toy")
    edited = GameLog(log.header, tuple(dataclasses.replace(r, state_hash="") for r in forged))
    replay(ruleset, loads(dumps(edited)))  # the chain and hashes alone cannot tell
    problem = check_dice(edited, Secrets.from_master(MASTER, 2).chance)
    assert problem == f"entry {index}: the dice were not rolled from the committed seed"
