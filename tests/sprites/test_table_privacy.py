"""Hot-seat privacy: a cover before another person's cards appear, and no card hidden from the
person in front of the screen is ever drawn (every face the card layer draws is recorded)."""

from __future__ import annotations

import pygame

from game.session import GameSession, Secrets
from sprites.app import App
from sprites.clock import ManualClock
from sprites.settings import Settings
from sprites.table.scene import TableScene
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import Pilot


def _hidden_from(session: GameSession, seat: int) -> set[str]:
    """Names of cards other seats hold that `seat` cannot see (not also in its hand, not in
    any public pile)."""
    from sprites import content

    view = session.view(seat)
    visible = {h["card"] for h in view["hand"]}
    visible |= {c for s in view["seats"] for c in s["discard"]}
    hidden = set()
    for other in range(len(view["seats"])):
        if other == seat:
            continue
        slots = tuple(session.table.state.seats[other].hand)
        hidden |= set(session.cards_of(other, slots).values())
    decks = content.content().decks
    return {decks.card(c).name for c in hidden - visible}


def content_name(card: str) -> str:
    """A card's printed name."""
    from sprites import content

    return content.content().decks.card(card).name


def _look(pilot: Pilot) -> list[str]:
    """Redraw everything and hover over every hand card; the texts drawn."""
    table = pilot.table
    with TextRecorder() as recorder:
        table.full_redraw = True
        pilot.frame()
        for card in list(table.display.hand.cards):
            pilot.move((card.rect.x + 4, pilot.app.size[1] - 4))
            table.full_redraw = True
            pilot.frame()
    return recorder.texts


def test_hot_seat_covers_and_never_draws_hidden_cards(display: pygame.Surface) -> None:
    clock = ManualClock()
    app = App(Settings(resolution=display.get_size(), animation_speed=0), clock=clock,
              save=lambda s: None)
    app.screen = display
    keys = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "human", "bot:greedy"), keys)
    table = app.open("table", session)
    assert isinstance(table, TableScene)
    control, hand = table.control, table.display.hand
    pilot = Pilot(app, clock)
    pilot.until(lambda: control.covered, 200)
    assert control.screen_seat is None and hand.cards == []
    with TextRecorder() as recorder:
        table.full_redraw = True
        pilot.frame()
    assert recorder.texts == []  # nothing of any hand while the screen is covered
    checked = set()
    for _ in range(400):
        if control.covered_for is not None:
            covered = control.covered_for
            assert hand.cards == [] and table.display.offered is None
            pilot.key(pygame.K_RETURN)
            assert control.screen_seat == covered
        pilot.wait_turn(500)
        seat = control.screen_seat
        assert seat is not None and session.human_turn() == seat
        if session.table.state.turn >= 1 and hand.cards:
            texts = _look(pilot)
            mine = {content_name(h["card"]) for h in table.display.shown["hand"]}
            assert mine <= set(texts), "the recorder saw the seat's own hand"
            hidden = _hidden_from(session, seat)
            assert hidden, "other seats hold cards this seat cannot see"
            leaked = hidden & set(texts)
            assert not leaked, f"{session.config.seats[seat]} saw {leaked}"
            checked.add(seat)
            if checked == {0, 1}:
                break
        pilot.do(pilot.simple_action())
    assert checked == {0, 1}
