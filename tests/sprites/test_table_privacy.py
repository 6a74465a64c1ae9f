"""Hot-seat privacy: a cover before another person's cards appear, and no card hidden from the
person in front of the screen is ever drawn (every face the card layer draws is recorded) — in
a game started here and in one opened from the Load screen."""

from __future__ import annotations

import pygame

from game.session import GameSession, Secrets
from net.files.saves import GameFiles
from sprites.scenes.load import LoadScene
from sprites.settings import saves_dir
from sprites.table.scene import TableScene
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import Pilot, manual_app

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


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
    app, clock = manual_app(display)
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "human", "bot:greedy"), KEYS)
    table = app.open("table", session)
    assert isinstance(table, TableScene)
    control, hand = table.control, table.display.hand
    pilot = Pilot(app, clock)
    for _ in range(400):  # the set-up hides nothing: it is played uncovered
        pilot.until(lambda: control.covered or pilot.my_turn(), 2000)
        if control.covered:
            break
        pilot.do(pilot.simple_action())
    assert control.covered and control.screen_seat is None and hand.cards == []
    with TextRecorder() as recorder:
        table.full_redraw = True
        pilot.frame()
    assert recorder.texts == []  # nothing of any hand while the screen is covered
    checked: set[int] = set()
    for _ in range(400):
        if control.covered_for is not None:
            covered = control.covered_for
            assert hand.cards == [] and table.display.offered is None
            pilot.until(lambda: control.cover_ready, 20)
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


def _held(session: GameSession) -> set[str]:
    """Names of the cards in any hand that no public pile shows."""
    from sprites import content

    public = {c for s in session.view(0)["seats"] for c in s["discard"]}
    held: set[str] = set()
    for seat in range(len(session.config.seats)):
        held |= set(session.cards_of(seat, tuple(session.table.state.seats[seat].hand)).values())
    return {content.content().decks.card(c).name for c in held - public}


def _saved_hot_seat() -> GameSession:
    """A hot-seat game (two people, a bot) played into turn 1 until a person with cards in
    hand must decide, saved in the saves folder as `hot-seat`."""
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "human", "bot:greedy"), KEYS)
    for _ in range(5000):
        if session.step() is not None:
            continue
        seat = session.human_turn()
        assert seat is not None
        if session.table.state.turn >= 1 and session.table.state.seats[seat].hand:
            break
        legal = session.legal(seat)
        quiet = [a for a in legal if a.verb in ("pass", "decline", "done")]
        session.act(seat, (quiet or legal)[0])
    files = GameFiles(saves_dir(), "hot-seat")
    files.save(session, "Turn 1")
    assert files.saver.flush()
    return session


def test_a_hot_seat_save_opened_from_load_stays_covered_until_its_person_is_there(
        display: pygame.Surface) -> None:
    saved = _saved_hot_seat()
    seat, held = saved.human_turn(), _held(saved)
    assert seat is not None
    app, clock = manual_app(display)
    app.open("title")
    load = app.open("load")
    assert isinstance(load, LoadScene)
    now = [0.0]
    load.now = lambda: now[0]
    pilot = Pilot(app, clock)
    pilot.frame()
    with TextRecorder() as recorder:
        pilot.click(load.rows[0].center)
        assert app.stack.top is load, "a single click on a row opens nothing"
        now[0] += 0.2
        pilot.click(load.rows[0].center)  # the second click of a double-click
        table = app.stack.top
        assert isinstance(table, TableScene) and table.save_in_use() == saves_dir() / "hot-seat.log"
        control = table.control
        pilot.until(lambda: control.covered, 200)
        assert control.covered_for == seat and control.screen_seat is None
        assert table.display.hand.cards == []
        table.full_redraw = True
        pilot.frame()
    assert held and not held & set(recorder.texts), "a hand showed before its person was there"
    for _ in range(120):
        if control.screen_seat is not None:
            break
        pilot.key(pygame.K_RETURN)
    assert control.screen_seat == seat and table.display.hand.cards
    texts = _look(pilot)
    mine = {content_name(h["card"]) for h in table.display.shown["hand"]}
    assert mine <= set(texts)
    assert not _hidden_from(table.session, seat) & set(texts)
