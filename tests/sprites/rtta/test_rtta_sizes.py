"""The Roll Through the Ages table fits the smaller windows: through a game of three players
with the Mediterranean (a hot seat and a bot), no line of text is drawn even partly outside
the window or the surface it is drawn on."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.table import SeededChance
from game.session import GameSession, Secrets
from sprites.rtta import look
from sprites.rtta.scene import RttaScene
from tests.sprites.test_sizes import SIZES, Watched, make_app, watched

__all__ = ["watched"]


@pytest.mark.parametrize("size", ((1280, 720), *SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_fits_the_window(size: tuple[int, int], watched: list[tuple[str, str]],
                                   display: pygame.Surface) -> None:
    look.forget_lines()
    app, clock = make_app(size)
    players = ("human", "human", "bot:random")
    session = GameSession.start("roll_through_the_ages", None, players,
                                Secrets.from_master(b"sizes" * 7, 3), {"mediterranean": True})
    session.chance = SeededChance(b"fits" * 8)
    table = app.open_game(session, None)
    assert isinstance(table, RttaScene)
    pick = random.Random(5)
    for _ in range(250):
        clock.advance(0.05)
        app.frame([])
        legal = table.legal()
        if session.over:
            break
        if legal and pick.random() < 0.3:
            table.act(pick.choice(legal))
        elif legal:
            table.act(legal[0] if legal[0].verb != "reroll" else legal[-1])
    table.full_redraw = True
    app.frame([])
    assert app.size == size and isinstance(app.screen, Watched)
    assert not watched, f"text outside its surface: {watched[:5]}"
