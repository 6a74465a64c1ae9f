"""The end screen shows the rule set's outcome: places (shared on a tie), the tie-break
figures the ranking compared, the winners and why the game ended."""

from __future__ import annotations

import pygame

from game.core.outcome import AUTOMATIC_VICTORY, Outcome, Standing
from game.session import GameSession, Secrets
from sprites.app import App
from sprites.settings import Settings
from sprites.table.end import EndScene, audit_checked, ranked_by, vp_by_turn
from sprites.ui.text import TextRecorder

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4), b"chance" * 6, b"bots" * 8)


def _tie() -> Outcome:
    keys = (("vp", 20), ("cities", 9), ("key cities", 1))
    return Outcome((0, 1), (Standing(0, 1, keys), Standing(1, 1, keys)), AUTOMATIC_VICTORY)


def test_the_ranking_is_said_in_the_order_of_its_keys() -> None:
    assert ranked_by(_tie()).startswith("Ranked by VP, then cities, then key cities;")
    assert ranked_by(Outcome((), (), "abandoned")) == ""


def test_the_end_screen_draws_a_shared_first_place(display: pygame.Surface) -> None:
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), KEYS)
    session.run()
    session.outcome = _tie  # type: ignore[method-assign]
    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    end = app.open("end", session)
    assert isinstance(end, EndScene)
    assert end.outcome == _tie() and end.reason == "won by automatic victory"
    assert end.draw(display) is None and end.draw(display) == []


def test_the_end_screen_shows_the_audit_and_the_outcome_it_is_given(
        display: pygame.Surface) -> None:
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), KEYS)
    session.run()
    abandoned = session.outcome().abandoned()
    audit = ("greece: every shuffle and face-down play checked",
             "macedonia: a card played that its hand did not hold (entry 412)",
             "audit refused by Bob's machine")
    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    end = app.open("end", session, audit, abandoned)
    assert isinstance(end, EndScene)
    assert end.outcome == abandoned and end.reason == "abandoned before its end"
    with TextRecorder() as recorder:
        assert end.draw(display) is None
    assert recorder.said == ("Greece:everyshuffleandface-downplaychecked"
                             "Macedonia:acardplayedthatitshanddidnothold(entry412)"
                             "AuditrefusedbyBob'smachine")
    assert [audit_checked(line) for line in audit] == [True, False, False]


def test_without_an_audit_the_end_screen_is_as_before(display: pygame.Surface) -> None:
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), KEYS)
    session.run()
    app = App(Settings(resolution=display.get_size()), save=lambda s: None)
    app.screen = display
    end = app.open("end", session)
    assert isinstance(end, EndScene) and end.audit == ()
    assert end.outcome == session.outcome()
    with TextRecorder() as recorder:
        end.draw(display)
    assert recorder.texts == []


def test_the_chart_shows_each_turn_after_its_scoring() -> None:
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), KEYS)
    session.run()
    scored = [(f"Turn {ev.get('turn')}", tuple(ev.get("vp"))) for _, events in session.history
              for ev in events if ev.kind == "turn_scored"]
    chart = vp_by_turn(session.history, 2, 10)
    assert scored and chart[1:len(scored) + 1] == scored
