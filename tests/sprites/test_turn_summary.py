"""The summary of a turn's end: three bots play scenario 3 at the table until the first End
Turn; the table pauses on the summary, which shows what the engine's events say (the roll, the
awards, the standings, the refills), the game waits under it, and Continue lets it go on."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.events import Event, event
from game.session import GameSession, Secrets
from sprites.app import App
from sprites.table.scene import TableScene, ending_after
from sprites.table.turn_summary import GUARD, TurnSummary, ordinal
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import FRAME, Pilot, manual_app

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4, b"seat 3!!" * 4), b"chance" * 6, b"bots" * 8)
"""Fixed secrets: the same game every run."""


def _table(display: pygame.Surface, speed: int = 0) -> tuple[App, TableScene, Pilot]:
    app, clock = manual_app(display, speed)
    app.open("title")
    session = GameSession.start("mediterranean_empires", "3", ("bot:greedy",) * 3, KEYS)
    table = app.open("table", session)
    assert isinstance(table, TableScene)
    pilot = Pilot(app, clock)
    pilot.dismiss = False
    return app, table, pilot


def _summary(app: App) -> TurnSummary:
    top = app.stack.top
    assert isinstance(top, TurnSummary)
    return top


def _ready(scene: TurnSummary) -> Callable[[], bool]:
    """Whether this summary's Continue works yet, asked when called."""
    return lambda: scene.ready


def _turn_end(session: GameSession) -> list[Event]:
    """The engine's events from the first End Turn roll to the next turn's start."""
    events = [ev for _, evs in session.history for ev in evs]
    kinds = [e.kind for e in events]
    end = kinds.index("turn_ended")
    roll = max(k for k in range(end) if kinds[k] == "random_event")
    return events[roll:kinds.index("turn_started", end)]


def _said(scene: TurnSummary, surface: pygame.Surface) -> list[str]:
    scene.picture = None
    with TextRecorder() as recorder:
        scene.draw(surface)
    return recorder.texts


def test_the_first_end_turn_pauses_on_its_summary(display: pygame.Surface) -> None:
    app, table, pilot = _table(display)
    pilot.until(lambda: isinstance(app.stack.top, TurnSummary), 40000)
    summary, events = _summary(app).summary, _turn_end(table.session)
    assert summary.turn == 1 and table.session.table.state.turn == 2
    rolled = events[0]
    assert rolled.kind == "random_event" and rolled.get("event") == "end_turn"
    assert summary.roll is not None
    assert (summary.roll.dice, summary.roll.total, summary.roll.modifiers) == \
        (rolled.get("dice"), rolled.get("total"), rolled.get("modifiers"))
    scored = next(e for e in events if e.kind == "turn_scored")
    assert tuple(row.total for row in summary.rows) == scored.get("vp")
    for row in summary.rows:
        lines = [e for e in events if e.kind == "scored" and e.get("seat") == row.seat]
        assert sum(a.vp for a in row.awards.values()) == sum(e.get("vp") for e in lines)
        assert sum(a.count for a in row.awards.values()) == len(lines)
        assert sum(a.cards for a in row.awards.values()) == sum(e.get("cards") for e in lines)
        refill = next(e for e in events if e.kind == "refill" and e.get("seat") == row.seat)
        assert row.refill is not None
        assert (row.refill.limit, row.refill.change, row.refill.draw, row.refill.discard) == \
            (refill.get("limit"), refill.get("change"), refill.get("draw"), refill.get("discard"))
        drew = [e.get("count") for e in events if e.kind == "drew" and e.get("seat") == row.seat]
        assert row.refill.drawn == sum(drew)
        assert row.reshuffled == sum(e.get("cards") for e in events
                                     if e.kind == "reshuffled" and e.get("seat") == row.seat)


def test_the_summary_shows_the_figures(display: pygame.Surface) -> None:
    app, _, pilot = _table(display)
    pilot.until(lambda: isinstance(app.stack.top, TurnSummary), 40000)
    scene = _summary(app)
    said = _said(scene, display)
    roll = scene.summary.roll
    assert roll is not None and "END OF TURN 1" in said
    assert f"= {roll.total}: End Turn" in said
    for row in scene.summary.rows:
        assert f"{row.total} VP" in said
        assert ordinal(row.place) in " ".join(said)
        assert any(t.startswith(("Draws", "Discards")) for t in said)
        for award in row.awards.values():
            assert f"{award.vp:+d} VP".replace("-", "−") in said
    assert scene.box.w <= display.get_width() and scene.box.h <= display.get_height()
    assert display.get_rect().contains(scene.button.rect)


def test_the_game_waits_under_the_summary_until_continue(display: pygame.Surface) -> None:
    app, table, pilot = _table(display)
    pilot.until(lambda: isinstance(app.stack.top, TurnSummary), 40000)
    scene, records = _summary(app), len(table.session.table.records)
    pilot.key(pygame.K_RETURN)  # too soon: a key held for the table does not close it
    assert app.stack.top is scene and not scene.ready
    for _ in range(round(5 / FRAME)):  # five seconds: bots would have played by now
        pilot.frame()
    assert app.stack.top is scene and len(table.session.table.records) == records
    assert scene.ready and scene.waited >= GUARD
    pilot.click(scene.button.rect.center)
    assert app.stack.top is table
    pilot.until(lambda: len(table.session.table.records) > records + 5, 3000)
    assert table.display.shown["turn"] == 2


def test_enter_continues_and_each_turn_has_its_summary(display: pygame.Surface) -> None:
    app, table, pilot = _table(display, speed=200)
    pilot.key(pygame.K_TAB)  # fast-forward: the summary still shows
    seen: list[int] = []
    while not table.session.over and len(seen) < 2:
        pilot.until(lambda: isinstance(app.stack.top, TurnSummary) or table.session.over,
                    60000)
        if isinstance(app.stack.top, TurnSummary):
            scene = _summary(app)
            seen.append(scene.summary.turn)
            pilot.until(_ready(scene), 100)
            pilot.key(pygame.K_RETURN)
            assert app.stack.top is table
    assert seen == [1, 2]


def test_a_person_to_decide_in_a_turns_end_opens_it_at_once(display: pygame.Surface) -> None:
    app, table, _ = _table(display)
    table.ending = (event("random_event", round=8, dice=(6, 5), modifier=7,
                          modifiers=(("finished rounds", 7),), total=18, event="end_turn"),
                    event("turn_ended", turn=1))
    assert not table._summarise("step") and not table._summarise("wait")
    assert table._summarise("person")
    assert isinstance(app.stack.top, TurnSummary) and table.ending == ()


def test_the_ending_starts_at_the_end_turn_roll_and_gathers_what_follows() -> None:
    roll, passed = Event("random_event"), Event("passed")
    end = (Event("vp"), roll, Event("turn_ended"), Event("scored"))
    assert ending_after((), (passed, roll)) == ()
    started = ending_after((), end)
    assert started == end[1:]
    drew = (Event("drew"),)
    assert ending_after(started, drew) == started + drew
