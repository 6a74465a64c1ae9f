"""The Mare Nostrum table fits the smaller windows: through the first rounds of a 5-player
game (a hot seat of two and three bots, every panel in turn: the trade table, payments, the
display, battles), no line of text is drawn even partly outside the window or the surface it
is drawn on."""

from __future__ import annotations

import random

import pygame
import pytest

from game.session import GameSession, Secrets
from sprites.mn.scene import MnScene
from sprites.rtta import look
from sprites.scenes.base import intent
from tests.sprites.test_sizes import SIZES, Watched, make_app, watched

__all__ = ["watched"]
PLAYERS = ("human", "human", "bot:random", "bot:random", "bot:random")


@pytest.mark.parametrize("size", ((1280, 720), *SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_fits_the_window(size: tuple[int, int], watched: list[tuple[str, str]],
                                   display: pygame.Surface) -> None:
    look.forget_lines()
    app, clock = make_app(size)
    session = GameSession.start("mare_nostrum", "5", PLAYERS,
                                Secrets.from_master(b"mn sizes" * 4, len(PLAYERS)))
    table = app.open_game(session, None)
    assert isinstance(table, MnScene)
    pick = random.Random(5)
    for step in range(160):
        clock.advance(0.6)
        app.frame([])
        if session.over or session.table.state.round > 1:
            break
        if table.control.covered:
            table.apply(intent("reveal"))
        elif table.composing():
            seat = table.control.person()
            assert seat is not None
            offer = session.sealed_request(seat).sample(pick.randrange)
            table.offer.extend(offer)
            table.apply(intent("seal"))
        elif table.legal():
            table.display_open = step % 7 == 0
            table.act(pick.choice(table.legal()))
    table.full_redraw = True
    app.frame([])
    assert app.size == size and isinstance(app.screen, Watched)
    assert not watched, f"text outside its surface: {watched[:5]}"
