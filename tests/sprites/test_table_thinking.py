"""A searching bot thinks on a background thread: the table waits (frames go on), its HUD row
carries a thinking mark, and its decision is submitted on the table's own thread."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from game.core.actions import Action
from game.session import GameSession, Secrets
from sprites.table.controller import TableController
from sprites.table.thinking import Thinker, thinks_long

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


def _controller() -> TableController:
    players = ("bot:search:normal", "bot:greedy", "bot:search:easy")
    return TableController(GameSession.start("mediterranean_empires", "3", players, KEYS),
                           None, 0)


def _until_thinking(control: TableController, limit: int = 2000) -> None:
    for _ in range(limit):
        if control.next_move() == "wait" and control.thinker is not None:
            return
        control.step()
    raise AssertionError("no bot thought in the background")


def test_only_searching_levels_think_in_the_background() -> None:
    session = _controller().session
    assert [thinks_long(session, seat) for seat in range(3)] == [True, False, False]


def test_a_thinking_bot_holds_the_table_then_its_choice_is_submitted() -> None:
    control = _controller()
    _until_thinking(control)
    thinker = control.thinker
    assert isinstance(thinker, Thinker) and thinker.seat == 0
    records = len(control.session.table.records)
    assert thinker.wait(60)
    assert control.thinking_seat is None and control.next_move() == "step"
    assert control.step() is not None
    assert len(control.session.table.records) == records + 1 and control.thinker is None


def test_the_hud_marks_the_row_of_the_bot_that_thinks() -> None:
    from sprites.table.hud import hud_model

    control = _controller()
    bot = control.session.bots[0]
    choose, go = bot.choose, threading.Event()

    def held(view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        go.wait(30)
        return choose(view, legal)

    bot.choose = held  # type: ignore[method-assign]
    _until_thinking(control)
    model = hud_model(control, control.session.view(None), [], False)
    go.set()
    assert [seat.thinking for seat in model.seats] == [True, False, False]
    assert control.thinker is not None and control.thinker.wait(60)


def test_a_decision_the_game_moved_past_is_dropped() -> None:
    control = _controller()
    _until_thinking(control)
    thinker = control.thinker
    assert thinker is not None and thinker.wait(60)
    thinker.records -= 1  # as if the table had changed meanwhile
    assert control.step() is None and control.thinker is None
