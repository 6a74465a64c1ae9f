"""The game session every front end drives: people, bots, chance, outcome, rebuild."""

from __future__ import annotations

import pytest

from game.core.encoding import state_hash
from game.core.errors import IllegalEntry, LogError
from game.core.log import dumps, loads
from game.core.outcome import IN_PROGRESS
from game.rulesets import get_ruleset
from game.session import HUMAN, GameSession, Secrets, bot_game, make_config, rebuild

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


def _session() -> GameSession:
    return GameSession.start("mediterranean_empires", "3", (HUMAN, "bot:random", "bot:greedy"),
                             KEYS)


def test_run_stops_for_a_person_and_refuses_others() -> None:
    session = _session()
    session.run()
    seat = session.human_turn()
    assert seat == 0 and session.legal(seat)
    before = state_hash(session.table.state)
    with pytest.raises(IllegalEntry, match="Rome may not act now"):
        session.act(1, session.legal(seat)[0])
    assert state_hash(session.table.state) == before
    session.act(seat, session.legal(seat)[0])
    assert session.history[-1][0] == len(session.table.records) - 1


def test_a_whole_bot_game_has_an_outcome() -> None:
    ruleset = get_ruleset("toy")
    config = make_config(ruleset, None, b"g" * 16, seats=3)
    assert config.seats == ("Seat 0", "Seat 1", "Seat 2")
    session = GameSession.new(config, ("bot:random",) * 3, Secrets.from_master(b"m", 3))
    assert session.outcome().reason == IN_PROGRESS
    session.run()
    outcome = session.outcome()
    assert session.over and outcome.over and outcome.winners
    assert outcome.ranking[0].place == 1


def test_seat_counts_and_options_are_checked() -> None:
    ruleset = get_ruleset("toy")
    with pytest.raises(ValueError, match="for 2-4 seats, not 5"):
        make_config(ruleset, None, b"g" * 16, seats=5)
    me = get_ruleset("mediterranean_empires")
    with pytest.raises(ValueError, match="played by its 3 seats, not 4"):
        make_config(me, "3", b"g" * 16, seats=4)
    config = make_config(me, "3", b"g" * 16, {"longer_play": 0, "free_passage": True})
    assert config.options == (("free_passage", True),)


def test_rebuild_gives_the_same_game_and_refuses_a_foreign_one() -> None:
    session = _session()
    for _ in range(40):
        session.run()
        if session.human_turn() is not None:
            session.act(0, session.legal(0)[-1])
    log = loads(dumps(session.log()))
    again = rebuild(log, session.players, KEYS)
    assert state_hash(again.table.state) == state_hash(session.table.state)
    assert len(again.history) == len(session.history)
    wrong = Secrets((b"x" * 32, *KEYS.keys[1:]), KEYS.chance, KEYS.bots)
    with pytest.raises(LogError, match="seat keys do not match"):
        rebuild(log, session.players, wrong)


def test_bot_game_is_reproducible() -> None:
    ruleset = get_ruleset("toy")
    config = make_config(ruleset, None, b"h" * 16, seats=2)
    _, first = bot_game(ruleset, config, b"master")
    _, second = bot_game(ruleset, config, b"master")
    assert first.final_hash and first.final_hash == second.final_hash
