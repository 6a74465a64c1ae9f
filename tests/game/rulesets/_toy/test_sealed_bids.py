"""Tribute's sealed bids (scenario "sealed"): who may bid what, and who wins the pot."""

from __future__ import annotations

from game.core.records import evolve
from game.core.sealed import Pick, SealedRound
from game.rulesets import get_ruleset
from game.rulesets._toy import bids
from game.session import GameSession, Secrets


def test_a_bid_is_0_to_2_and_never_more_than_the_points_held() -> None:
    assert bids.check(5, ("2",)) is None and bids.check(1, ("1",)) is None
    assert bids.check(1, ("2",)) == "a bid of 2 is more than 1 (at most 2, at most the " \
                                    "points held)"
    for nonsense in ((), ("1", "1"), ("3",), ("01",), ("-1",), ("²",)):
        assert bids.check(9, nonsense) is not None


def _picking(i: int) -> Pick:
    """A pick that always takes `i` modulo the number of choices."""
    return lambda n: i % n


def test_sampling_reaches_every_valid_bid_and_only_those() -> None:
    assert {bids.sample(9, _picking(i)) for i in range(5)} == {("0",), ("1",), ("2",)}
    assert {bids.sample(0, lambda n: n - 1)} == {("0",)}


def test_the_single_highest_bid_takes_the_others_and_a_tie_moves_nothing() -> None:
    assert bids.winnings({0: 2, 1: 1, 2: 0}) == {0: 1, 1: -1, 2: 0}
    assert bids.winnings({0: 2, 1: 2, 2: 1}) == {0: 0, 1: 0, 2: 0}
    assert bids.winnings({0: 0, 1: 0}) == {0: 0, 1: 0}


def test_every_round_opens_with_sealed_bids_and_the_standard_game_has_none() -> None:
    ruleset = get_ruleset("toy")
    assert [s.id for s in ruleset.scenarios()] == ["standard", "sealed"]
    session = GameSession.start("toy", "sealed", ("human", "human"),
                                Secrets.from_master(b"bids", 2), {"rounds": 3})
    session.run()
    state = session.table.state
    assert state.phase == "bid" and isinstance(state.sealed, SealedRound)
    assert state.sealed.name == "bid:1" and state.sealed.seats == (0, 1)
    plain = GameSession.start("toy", "standard", ("bot:random",) * 2,
                              Secrets.from_master(b"bids", 2))
    plain.run()
    assert all(r.entry.kind not in ("seal", "reveal") for r in plain.table.records)


def test_revealed_bids_move_points_and_the_turns_go_on() -> None:
    session = GameSession.start("toy", "sealed", ("human", "human"),
                                Secrets.from_master(b"bids-points", 2), {"rounds": 3})
    session.run()
    session.table.state = _with_scores(session, (3, 3))
    session.seal(0, ("2",))
    session.seal(1, ("1",))
    events = []
    while session.decision().kind == "reveal":
        events += list(session.step() or ())
    assert session.table.state.scores == (4, 2)
    assert "The bids are revealed: [2, 1]." in [session.describe(e) for e in events]
    assert session.decision().kind in ("chance", "action")


def _with_scores(session: GameSession, scores: tuple[int, int]) -> object:
    return evolve(session.table.state, scores=scores)
