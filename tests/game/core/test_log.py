"""The game log: round-trips, and refuses corrupt, truncated, edited or foreign logs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.errors import LogError, ReplayMismatch
from game.core.log import GameLog, LogRecord, dumps, loads
from game.core.table import replay
from game.rulesets import get_ruleset
from game.session import bot_game, master_config


@pytest.fixture(scope="module")
def finished() -> GameLog:
    ruleset = get_ruleset("toy")
    _, log = bot_game(ruleset, master_config(ruleset, b"log-test"), b"log-test")
    return log


def test_round_trip_and_replay(finished: GameLog) -> None:
    data = dumps(finished)
    assert loads(data) == finished
    _state, hashes = replay(get_ruleset("toy"), loads(data))
    assert hashes[-1] == finished.final_hash == finished.records[-1].state_hash


def test_header_is_readable(finished: GameLog) -> None:
    header = dumps(finished).split(b"\n")[0].decode()
    for text in ('"mare-log":1', '"ruleset":"toy"', '"content-hash":', '"scenario":"standard"',
                 '"seats":[', '"engine":"0.1.0"'):
        assert text in header


def test_an_unfinished_log_loads_for_resuming(finished: GameLog) -> None:
    partial = GameLog(finished.header, finished.records[:10])
    assert not loads(dumps(partial)).finished


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d[:-1], "truncated"),
    (lambda d: d[: len(d) // 2], "truncated|corrupt"),
    (lambda d: b"", "empty"),
    (lambda d: d.replace(b'"k":"chance"', b'"k": "chance"', 1), "not in canonical form"),
    (lambda d: _swap_lines(d, 3, 4), "hash chain is broken"),
    (lambda d: d.replace(b'"mare-log":1', b'"mare-log":9'), "format 9"),
    (lambda d: d.replace(b'"engine":"0.1.0"', b'"engine":"7.0.0"'), "engine 7.0.0"),
    (lambda d: d.replace(b"\n", b"\n\xff", 1), "corrupt"),
])
def test_damaged_logs_are_refused_with_a_clear_message(
        finished: GameLog, damage: Callable[[bytes], bytes], message: str) -> None:
    with pytest.raises(LogError, match=message):
        loads(damage(dumps(finished)))


def test_a_recorded_hash_that_differs_is_caught_on_replay(finished: GameLog) -> None:
    records = list(finished.records)
    records[5] = LogRecord(records[5].entry, "0" * 64)
    with pytest.raises(ReplayMismatch, match="after entry 5"):
        replay(get_ruleset("toy"), GameLog(finished.header, tuple(records)))


def test_a_log_for_other_content_is_refused(finished: GameLog) -> None:
    from dataclasses import replace

    foreign = replace(finished, header=replace(finished.header, content_hash="ab" * 32))
    with pytest.raises(LogError, match="other toy rules content"):
        replay(get_ruleset("toy"), foreign)


def _swap_lines(data: bytes, a: int, b: int) -> bytes:
    lines = data.split(b"\n")
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)
