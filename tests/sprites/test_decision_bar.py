"""The decision bar grows to its words and the map starts below it: the bar never draws over
the map, the board stays where it was on screen while the bar grows and shrinks, and nothing
under the bar counts as on the map (a click there is the bar's, a place there is out of
sight)."""

from __future__ import annotations

import pygame
import pytest

from game.session import GameSession
from sprites.table.bar import DecisionBar
from tests.sprites.pilot import Pilot
from tests.sprites.test_table_pilot import KEYS, _app

LONG = ("Shortage — in turn order each player either discards two cards at random or loses two "
        "victory points; a player with too few cards loses the points. " * 3)


def test_the_bar_grows_to_its_words() -> None:
    bar = DecisionBar()
    bar.place(pygame.Rect(400, 0, 1520, 96), round)
    short, long = ("Rome", "play a card or pass", ""), ("Rome", LONG, "a hint below it")
    assert bar.bottom(short) == 96
    assert bar.bottom(long) > 96 + 40
    surface = pygame.Surface((1920, 400))
    assert bar.draw(surface, long).bottom == bar.bottom(long)


def test_the_map_starts_below_the_bar_however_tall(display: pygame.Surface,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app, clock = _app(display, 0)
    app.open("table", GameSession.start("mediterranean_empires", "1", ("human", "bot:greedy"),
                                        KEYS))
    pilot = Pilot(app, clock)
    pilot.wait_turn()
    table = pilot.table
    shown, pane = table.display, table.display.map
    carthago_before = pane.to_screen("carthago")
    for words in (("Rome", LONG, "a hint"), ("Rome", "pass", "")):
        monkeypatch.setattr(shown, "words", lambda words=words: words)
        shown.map.dirty = True
        pilot.frame()
        bottom = shown.bar.bottom(words)
        assert pane.viewport.top == bottom and pane.viewport.bottom == display.get_height()
        assert pane.viewport.x == shown.bar.rect.x and pane.viewport.w == shown.bar.rect.w
        assert pane.to_screen("carthago") == carthago_before  # the board did not move
        assert pane.hit((pane.viewport.centerx, bottom - 5)) is None
        assert pane.free_rect().top >= bottom
    assert shown.bar.bottom(("Rome", LONG, "a hint")) > shown.bar.rect.bottom + 40
