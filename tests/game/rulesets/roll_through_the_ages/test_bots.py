"""The greedy bot plays whole games: every seat count, both lengths, with and without the
Mediterranean, legally, deterministically, far better than the random bot; `mare simulate`
and `mare bench` report its score against the solitaire target."""

from __future__ import annotations

from functools import partial
from statistics import mean

import pytest

from game.ai.bots import bot_names
from game.core.table import LazyView
from game.rulesets.roll_through_the_ages.bots import GreedyBot
from game.rulesets.roll_through_the_ages.bots.from_view import state_from_view
from game.session import GameSession, bot_session, master_config
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET
from tools.cli import main


def _session(seats: int, length: str, mediterranean: bool, bots: tuple[str, ...],
             seed: int) -> GameSession:
    master = seed.to_bytes(4, "big") + b"rtta-bots"
    config = master_config(RULESET, master, None, seats,
                           {"length": length, "mediterranean": mediterranean})
    return bot_session(RULESET, config, master, bots, hash_every=0)


def _greedy_game(seats: int, length: str, mediterranean: bool, seed: int) -> GameSession:
    session = _session(seats, length, mediterranean, ("bot:greedy",) * seats, seed)
    session.run()
    return session


def test_the_rule_set_offers_the_greedy_bot() -> None:
    assert bot_names("roll-through-the-ages") == ("bot:random", "bot:greedy")


@pytest.mark.parametrize(("seats", "length", "mediterranean"), [
    (1, "short", False), (1, "full", True), (2, "full", False), (2, "short", True),
    (3, "short", False), (3, "full", True), (4, "short", True), (4, "full", False)])
def test_greedy_plays_whole_games_legally(seats: int, length: str, mediterranean: bool) -> None:
    session = _greedy_game(seats, length, mediterranean, seed=seats)
    assert session.over
    assert all(isinstance(bot, GreedyBot) and bot.unplanned == 0
               for bot in session.bots.values())


def test_greedy_is_deterministic() -> None:
    first = _greedy_game(2, "short", True, seed=7).log().final_hash
    assert _greedy_game(2, "short", True, seed=7).log().final_hash == first


def _solitaire_scores(bot: str, mediterranean: bool) -> list[int]:
    scores = []
    for seed in range(6):
        session = _session(1, "short", mediterranean, (bot,), seed)
        session.run()
        scores.append(RULESET.scores(session.table.state)[0])
    return scores


@pytest.mark.parametrize("mediterranean", [False, True])
def test_greedy_beats_random_clearly_alone(mediterranean: bool) -> None:
    greedy = _solitaire_scores("bot:greedy", mediterranean)
    random = _solitaire_scores("bot:random", mediterranean)
    assert mean(greedy) > mean(random) + 50
    assert min(greedy) > max(random)


def test_a_plain_view_gives_the_same_state_the_table_holds() -> None:
    session = _session(3, "short", True, ("bot:greedy",) * 3, seed=3)
    checked = 0
    while not session.over and checked < 120:
        state = session.table.state
        seat = session.decision().actor
        if session.decision().kind == "action":
            rebuilt = state_from_view(CONTENT, session.view(seat))
            assert (rebuilt.players, rebuilt.board, rebuilt.phase) == \
                (state.players, state.board, state.phase)
            assert rebuilt.current.dice == state.current.dice
            assert rebuilt.current.locked == state.current.locked
            plain = GreedyBot(b"plain").choose(session.view(seat), session.legal(seat))
            lazy = GreedyBot(b"lazy").choose(
                LazyView(partial(session.view, seat), state), session.legal(seat))
            assert plain == lazy
            checked += 1
        session.step()
    assert checked == 120


def test_simulate_prints_the_score_against_the_target(capsys: pytest.CaptureFixture) -> None:
    argv = ["simulate", "--ruleset", "roll-through-the-ages", "--seats", "bot:greedy",
            "--seed", "07"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    target = next(line for line in lines if line.startswith("score "))
    assert " against the target of 100: " in target
    assert target.endswith("reached") or " short by " in target or " beaten by " in target


def test_bench_prints_the_solitaire_lines(capsys: pytest.CaptureFixture) -> None:
    assert main(["bench", "engine", "--ruleset", "roll-through-the-ages", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy bot alone (mediterranean=False): mean score " in out
    assert "against the target of 125, reached in " in out
