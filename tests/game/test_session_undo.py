"""Taking decisions back: a person undoes only their own choices since the last roll, reveal
or anyone else's entry; the game replays to exactly the state it had then; a click that would
lock the choices in is known as final beforehand."""

from __future__ import annotations

import pytest

from game.core.encoding import state_hash
from game.core.entries import ActionEntry
from game.core.errors import IllegalEntry
from game.session import HUMAN, GameSession, Secrets

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


def session() -> GameSession:
    """Scenario 3 with a person at seat 0 and two bots."""
    return GameSession.start("mediterranean_empires", "3", (HUMAN, "bot:random", "bot:random"),
                             KEYS)


def test_undo_goes_back_to_the_state_before_the_persons_own_run() -> None:
    game = session()
    states: dict[int, str] = {}
    undone = 0
    for _ in range(3000):
        game.run()
        if game.over or undone >= 5:
            break
        states[len(game.table.records)] = state_hash(game.table.state)
        legal = sorted(game.legal(0))
        action = legal[len(game.table.records) % len(legal)]
        final = game.final(0, action)
        game.act(0, action)
        keep = game.undo_point(0)
        assert (keep is None) == final or game.human_turn() != 0
        if keep is not None:
            assert all(isinstance(r.entry, ActionEntry) and r.entry.seat == 0
                       for r in game.table.records[keep:])
            assert game.undo(0) == keep
            assert state_hash(game.table.state) == states[keep]
            assert len(game.history) == keep
            undone += 1
            game.act(0, legal[0])
    assert undone >= 2, "no multi-step decision was taken back"


def test_nothing_to_take_back_is_refused_and_changes_nothing() -> None:
    game = session()
    game.run()
    before = state_hash(game.table.state)
    assert game.undo_point(0) is None and game.undo_point(1) is None
    with pytest.raises(IllegalEntry, match="nothing to take back"):
        game.undo(0)
    assert state_hash(game.table.state) == before
