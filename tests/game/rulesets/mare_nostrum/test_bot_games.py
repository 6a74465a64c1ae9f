"""The greedy bot plays whole games: legally, deterministically, from its own view only."""

from __future__ import annotations

import pytest

from game.ai.bots import bot_names
from game.core.records import evolve
from game.core.ruleset import ViewRequest
from game.core.table import LazyView
from game.rulesets.mare_nostrum.bots import GreedyBot
from game.rulesets.mare_nostrum.bots.seen import read, state_from_view
from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.session import GameSession, bot_session, master_config

RULESET = bundled_ruleset()


def _session(scenario: str, bots: tuple[str, ...], seed: bytes) -> GameSession:
    config = master_config(RULESET, seed, scenario)
    return bot_session(RULESET, config, seed, bots, hash_every=0)


def test_the_rule_set_offers_the_greedy_bot() -> None:
    assert "bot:greedy" in bot_names("mare_nostrum")


@pytest.mark.parametrize(("scenario", "seat"), [("3", 0), ("5", 3)])
def test_greedy_plays_whole_games_legally_and_wins_against_random(scenario: str,
                                                                  seat: int) -> None:
    bots = ["bot:random"] * int(scenario)
    bots[seat] = "bot:greedy"
    session = _session(scenario, tuple(bots), b"greedy-" + scenario.encode())
    session.run()
    assert session.over
    greedy = session.bots[seat]
    assert isinstance(greedy, GreedyBot) and greedy.unplanned == 0
    assert session.outcome().winners == (seat,)


def test_greedy_mirror_games_end_and_repeat_exactly() -> None:
    finals = []
    for _ in range(2):
        session = _session("3", ("bot:greedy",) * 3, b"mirror")
        session.run()
        assert session.table.state.victory
        assert all(isinstance(b, GreedyBot) and b.unplanned == 0
                   for b in session.bots.values())
        finals.append(session.table.state)
    assert finals[0] == finals[1]


def test_the_view_hides_other_hands_and_the_bot_does_not_need_them() -> None:
    session = _session("3", ("bot:random",) * 3, b"hands")
    while session.table.state.phase != "build" or session.decision().kind != "action":
        session.step()
    state, seat = session.table.state, session.decision().actor
    seen = state_from_view(RULESET.view(state, ViewRequest(seat)))
    assert seen.player(seat) == state.player(seat)
    assert all(seen.player(s).resources == () for s in range(3) if s != seat)
    other = (seat + 1) % 3
    players = list(state.players)
    players[other] = evolve(players[other], resources=("gold",) * 12)
    richer = evolve(state, players=tuple(players))
    legal = RULESET.legal_actions(state, seat, {})
    assert GreedyBot(b"a").choose(RULESET.view(state, ViewRequest(seat)), legal) == \
        GreedyBot(b"b").choose(RULESET.view(richer, ViewRequest(seat)), legal)


def test_a_tables_view_reads_as_the_plain_view_does() -> None:
    session = _session("4", ("bot:random",) * 4, b"lazy")
    for _ in range(400):
        decision = session.decision()
        if decision.kind in ("action", "seal"):
            seat = decision.actor
            lazy = session.table.view_lazy(seat)
            assert isinstance(lazy, LazyView)
            plain = dict(RULESET.view(session.table.state, ViewRequest(seat)))
            assert read(RULESET.content, lazy, seat) == read(RULESET.content, plain, seat)
            assert read(RULESET.content, lazy).seat == seat
        session.step()
