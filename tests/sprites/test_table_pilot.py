"""The table driven like a person: set-up by clicks on the map, a Military Expedition with a
battle (scripted dice, shown exactly), and a whole bot game to the end screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.table import ScriptedChance, SeededChance, Table
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
from game.session import GameSession, Secrets
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import intent
from sprites.table.anims import Dice, Flip, March
from sprites.table.scene import TableScene
from sprites.table.timeline import Step
from tests.sprites.pilot import Pilot, manual_app

DATA = Path(__file__).parent / "data"
KEYS = Secrets((b"seat one" * 4, b"seat two" * 4), b"chance" * 6, b"bots" * 8)
"""Fixed secrets: the same games every run."""


def _app(display: pygame.Surface, speed: int) -> tuple[App, ManualClock]:
    app, clock = manual_app(display, speed)
    app.open("title")
    return app, clock


def test_setup_by_clicks_on_the_map(display: pygame.Surface) -> None:
    """Carthage (a person) places its foundation markers by clicking glowing cities."""
    app, clock = _app(display, 200)
    app.open("table", GameSession.start("mediterranean_empires", "1", ("human", "bot:greedy"),
                                        KEYS))
    pilot = Pilot(app, clock)
    table = pilot.table
    placed = 0
    while table.display.shown["turn"] == 0 and not table.session.over:
        pilot.wait_turn()
        offer = pilot.offer
        if table.session.decision().prompt.startswith("carthage") and offer is not None:
            if not offer.targets:
                break
            pilot.do(offer.targets[sorted(offer.targets)[0]][0])
            placed += 1
    assert placed >= 5 and pilot.clicks >= placed
    assert pilot.fallbacks <= placed // 2
    log = table.display.log
    assert any("Carthage places a fortification marker" in line for line in log)


def _expedition_session() -> GameSession:
    rs = bundled_ruleset()
    position = load_position(rs.rules, (DATA / "expedition.yaml").read_text(), "expedition")
    table = Table(rs, position.config, position.secrets)
    table.state = position.state
    secrets = Secrets((b"k" * 32,) * 3, b"c" * 32, b"b" * 32)
    session = GameSession(table, ("bot:random", "human", "bot:random"), secrets)
    script, seeded = ScriptedChance([6, 5, 1, 1, 1]), SeededChance(b"s" * 32)
    session.chance = lambda d, i: script(d, i) if script.remaining else seeded(d, i)
    return session


def test_an_expedition_with_a_battle(display: pygame.Surface,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Rome declares an ME on Neapolis with three cards, plays its Consul into the assault,
    sees the logged dice and the city flip to its colour."""
    app, clock = _app(display, 100)
    table = app.open("table", _expedition_session())
    assert isinstance(table, TableScene)
    display_ = table.display
    pilot = Pilot(app, clock)
    shown: list = []
    add = display_.timeline.add

    def add_and_show(*steps: Step) -> None:
        shown.extend(steps)
        add(*steps)

    monkeypatch.setattr(display_.timeline, "add", add_and_show)
    pilot.wait_turn()
    offer = pilot.offer
    assert offer is not None
    pilot.do(next(a for a in offer.buttons if a.verb == "expedition"))
    pilot.wait_turn()
    offer = pilot.offer
    assert offer is not None
    pilot.do(offer.targets["neapolis"][0])
    pilot.wait_turn()
    offer = pilot.offer
    assert offer is not None
    pilot.do(next(a for a in offer.buttons if a.arg("via") == "land"))
    hand = {h["slot"]: h["card"] for h in display_.shown["hand"]}
    for card in ("hastati", "principes", "triarii"):
        pilot.wait_turn()
        slot = next(s for s, c in hand.items() if c == card)
        offer = pilot.offer
        assert offer is not None
        pilot.do(offer.cards[slot][0])
    pilot.wait_turn()
    pilot.key(pygame.K_RETURN)  # confirm
    pilot.wait_turn()
    consul = next(s for s, c in hand.items() if c == "consul")
    assert "assault" in table.session.decision().prompt
    offer = pilot.offer
    assert offer is not None
    pilot.do(offer.cards[consul][0])

    def taken() -> bool:
        return display_.shown["cities"]["neapolis"]["owner"] == "rome"

    for _ in range(5):  # pass in the card windows that follow, with the P key
        pilot.wait_turn()
        if taken():
            break
        assert "assault" in table.session.decision().prompt
        pilot.key(pygame.K_p)
    pilot.until(taken, 3000)
    rolls = [s for s in shown if isinstance(s, Dice)]
    assert (6, 5) in [r.dice for r in rolls] and (1, 1, 1) in [r.dice for r in rolls]
    final = next(r for r in rolls if r.dice == (1, 1, 1))
    final.elapsed = final.duration
    assert final.faces() == (1, 1, 1)
    assert any(isinstance(s, Flip) and s.node == "neapolis" for s in shown)
    assert any(isinstance(s, March) for s in shown)  # the expedition marched to Neapolis
    assert any("Rome" in line and "Neapolis" in line for line in display_.log)
    pilot.click(display_.hud.layout.rows[1].center)  # Rome's line in the HUD: its discard pile
    from sprites.table.piles import PileScene

    assert isinstance(app.stack.top, PileScene)
    assert "hastati" in app.stack.top.seats[1]["discard"]
    pilot.key(pygame.K_ESCAPE)
    assert app.stack.top is table


def test_a_bot_game_runs_to_the_end_screen(display: pygame.Surface) -> None:
    """Two bots play scenario 1 at the fastest animation speed, fast-forwarded."""
    from sprites.table.end import EndScene

    app, clock = _app(display, 200)
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"), KEYS)
    table = app.open("table", session)
    assert isinstance(table, TableScene)
    pilot = Pilot(app, clock)
    pilot.key(pygame.K_TAB)
    assert table.control.fast
    pilot.until(lambda: isinstance(app.stack.top, EndScene), 60000)
    end = app.stack.top
    assert isinstance(end, EndScene)
    outcome = session.outcome()
    assert session.over and end.outcome == outcome and outcome.winners
    assert outcome.ranking[0].place == 1 and end.reason
    assert end.chart[0][0] == "Start" and len(end.chart) >= 2
    pilot.frame()
    app.post(intent("title"))
    pilot.frame()
    assert type(app.stack.top).__name__ == "TitleScene"
