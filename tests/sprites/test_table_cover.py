"""The hot-seat cover holds against habit, played through the app's real input path: no cover
while nothing is hidden (the open set-up); then only its "show my hand" button (or Enter)
reveals, and neither does anything in the cover's first half second."""

from __future__ import annotations

import pygame

from game.session import GameSession, Secrets
from sprites.table.controller import COVER_GUARD
from sprites.table.paint import cover_box, cover_button
from sprites.table.scene import TableScene
from sprites.ui.widgets import Button
from tests.sprites.pilot import FRAME, Pilot, manual_app

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


def _hot_seat(display: pygame.Surface) -> Pilot:
    """Two people and a bot at one screen, instant animations, on a manual clock."""
    app, clock = manual_app(display)
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "human", "bot:greedy"), KEYS)
    assert isinstance(app.open("table", session), TableScene)
    return Pilot(app, clock)


def _play_open_set_up(pilot: Pilot) -> set[int]:
    """Answer every decision until the cover goes up; the seats that decided uncovered."""
    control = pilot.table.control
    decided: set[int] = set()
    for _ in range(200):
        pilot.until(lambda: control.covered or pilot.my_turn(), 2000)
        if control.covered:
            return decided
        assert not control.hidden() and control.screen_seat is None
        assert pilot.table.display.hand.cards == []
        seat = control.session.human_turn()
        assert seat is not None
        decided.add(seat)
        pilot.do(pilot.simple_action())
    raise AssertionError("the cover never went up")


def _button(pilot: Pilot) -> Button:
    """The cover's button, where the table draws it."""
    table = pilot.table
    seat = table.control.covered_for
    assert seat is not None
    centre = table.display.map.viewport.center
    return cover_button(centre, table.control.empires[seat], table.display.u)


def _pixels(pilot: Pilot, rect: pygame.Rect) -> bytes:
    """What the screen shows in a rectangle."""
    screen = pilot.app.screen
    assert screen is not None
    return pygame.image.tobytes(screen.subsurface(rect), "RGB")


def test_only_the_button_reveals_and_not_in_the_first_half_second(display: pygame.Surface
                                                                  ) -> None:
    pilot = _hot_seat(display)
    control = pilot.table.control
    assert _play_open_set_up(pilot) == {0, 1}  # both decided with no cover
    seat = control.covered_for
    assert seat is not None and control.hidden()
    button = _button(pilot)
    box = cover_box(pilot.table.display.map.viewport.center, pilot.table.display.u)
    greyed = _pixels(pilot, button.rect)
    away = [(box.x + 40, box.y + 40), (box.centerx, box.y + 60), (box.right - 30, box.bottom - 30),
            (box.x - 30, box.centery)]
    for pos in away:  # clicks on the plaque, and off it, do nothing
        pilot.click(pos)
    pilot.click(button.rect.center)  # the button, but too soon
    pilot.key(pygame.K_RETURN)  # Enter, too soon
    assert control.covered and control.covered_for == seat
    assert control.clock - control.covered_at < COVER_GUARD  # all that came too soon
    pilot.until(lambda: control.cover_ready, round(COVER_GUARD / FRAME) + 2)
    pilot.frame()
    assert _pixels(pilot, button.rect) != greyed  # the button lit up
    for pos in away:  # still nothing, however late
        pilot.click(pos)
    assert control.covered and pilot.table.display.hand.cards == []
    pilot.click(button.rect.center)
    assert not control.covered and control.screen_seat == seat
    pilot.frame()
    assert pilot.table.display.hand.cards  # the hand is shown


def test_enter_reveals_once_the_half_second_is_over(display: pygame.Surface) -> None:
    pilot = _hot_seat(display)
    control = pilot.table.control
    _play_open_set_up(pilot)
    seat = control.covered_for
    pilot.key(pygame.K_RETURN)
    assert control.covered
    pilot.until(lambda: control.cover_ready, round(COVER_GUARD / FRAME) + 2)
    pilot.key(pygame.K_RETURN)
    assert not control.covered and control.screen_seat == seat
