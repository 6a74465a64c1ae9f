"""The Mare Nostrum table played with the mouse: a hot seat of two people and a bot through
every phase of a round — the screen passed between them, face-down offers composed by clicks,
claims clicked on the trade table, builds clicked on the map and paid resource by resource,
moves clicked on the map — a game of bots from New Game to the victory banner, and a game
against bots whose battle reports stay only while they explain the decision (every button of
it on the panel)."""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game.core.actions import Action
from game.session import GameSession, Secrets
from net.files import saves
from sprites.mn import shows
from sprites.mn.scene import MnScene
from sprites.mn.words import target
from sprites.scenes.base import intent
from sprites.scenes.title import TitleScene
from tests.sprites.mn_pilot import MnPilot
from tests.sprites.rtta.rtta_pilot import make_app, start_from_new_game

PEOPLE = ("human", "human", "bot:random")
"""Rome and Greece at this screen, Carthage a bot (the 3-player board)."""


def _hot_seat(display: pygame.Surface) -> MnPilot:
    app, clock = make_app(display)
    session = GameSession.start("mare_nostrum", "3", PEOPLE,
                                Secrets.from_master(b"mn hot seat" * 3, len(PEOPLE)))
    table = app.open("mare_nostrum", session, None)
    assert isinstance(table, MnScene)
    return MnPilot(app, clock)


def _answer(pilot: MnPilot, pick: random.Random, done: Counter[str]) -> None:
    """One decision of the person at the screen, by clicks: an offer composed on the screen
    and sealed, or a legal action (preferring those that change the board)."""
    table = pilot.table
    seat = table.control.person()
    assert seat is not None
    if table.control.sealing():
        offer = table.session.sealed_request(seat).sample(pick.randrange)
        pilot.offer(offer)
        done["seal"] += 1
        return
    legal = table.legal()
    busy = [a for a in legal if a.verb in ("claim", "build", "pay", "confirm", "march",
                                           "sail", "give")]
    action: Action = pick.choice(busy) if busy and pick.random() < 0.85 else pick.choice(legal)
    if action.verb == "done" and any(a.verb == "confirm" for a in legal):
        action = next(a for a in legal if a.verb == "confirm")
    pilot.do(action)
    done[target(action).partition(":")[0] or "button"] += 1
    done[action.verb] += 1


def test_a_hot_seat_round_by_clicks(display: pygame.Surface) -> None:
    pilot = _hot_seat(display)
    table, pick, done = pilot.table, random.Random(16), Counter[str]()
    phases = set()
    while table.session.table.state.round < 2:
        pilot.wait_turn()
        assert not table.session.over
        phases.add(table.view["phase"])
        if table.control.covered:
            seat = table.control.covered_for
            pilot.pass_screen()
            assert table.control.screen_seat == seat and table.view["seat"] == seat
            done["pass"] += 1
            continue
        _answer(pilot, pick, done)
        assert done["pass"] < 400, "the round did not end"
    assert {"trade", "build", "move"} <= phases
    assert done["pass"] >= 4 and done["seal"] >= 2, done
    assert done["offer"] >= 1 and done["res"] >= 3 and done["area"] >= 2, done
    assert done["claim"] and done["pay"] and done["build"], done


def test_a_game_of_bots_from_new_game_to_the_victory_banner(
        display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "new_secrets",
                        lambda seats: Secrets.from_master(b"mn new game" * 3, seats))
    app, clock = make_app(display)
    start_from_new_game(app, ("bot:greedy", "bot:greedy", "nobody", "nobody", "bot:greedy"),
                        {"display": "experienced"}, "mare_nostrum", 5)
    pilot = MnPilot(app, clock)
    session = pilot.table.session
    assert session.config.scenario == "3" and pilot.table.empires == ("rome", "greece",
                                                                      "carthage")
    assert dict(session.config.options) == {"display": "experienced"}
    pilot.until(lambda: pilot.table.end_open, limit=40000)
    winners = session.outcome().winners
    assert winners and pilot.table.view["victory"]
    pilot.button("Back to the title")
    assert isinstance(app.stack.top, TitleScene)


def _report_fits(table: MnScene) -> tuple[str, str] | None:
    """The battle report over the map, checked against the view: the battle being settled
    has one; a report is of the Active Player's battle and of no other province's
    conquest. (Its area and the round, if any.)"""
    view, report = table.view, table.last_battle
    fighting = view["move"]["battle"]
    if fighting is not None and fighting["rolls"]:
        assert report is not None and report.area == fighting["place"]
    if report is None:
        return None
    assert view["phase"] == "move" and view["move"]["active"] == report.sides[0].seat
    assert shows.conquest(view) in (None, report.area)
    return str(view["round"]), report.area


def test_a_battle_report_stays_with_its_battle_and_leaves_when_the_game_moves_on(
        display: pygame.Surface) -> None:
    app, clock = make_app(display)
    session = GameSession.start("mare_nostrum", "3", ("human", "bot:random", "bot:random"),
                                Secrets.from_master(b"mn battles" * 3, 3))
    app.open("mare_nostrum", session, None)
    pilot, pick = MnPilot(app, clock), random.Random(3)
    table, closed = pilot.table, 0
    reports: set[tuple[str, str] | None] = set()
    while len(reports) < 3 or closed < 3:
        assert session.table.state.round < 12 and not session.over, (reports, closed)
        pilot.frame()
        shown = _report_fits(table)
        seat = table.control.person()
        if seat is not None and table.composing():
            table.offer.extend(session.sealed_request(seat).sample(pick.randrange))
            table.apply(intent("seal"))
        elif seat is not None:
            legal = table.legal()
            buttons = {b.intent.arg("action") for b in table.buttons}
            assert {a for a in legal if not target(a)} <= buttons, "a button did not fit"
            fights = [a for a in legal if a.verb in ("battle", "march", "sail", "lose")]
            table.act(pick.choice(fights) if fights and pick.random() < 0.7 else
                      pick.choice(legal))
        reports |= {shown} - {None}
        closed += shown is not None and _report_fits(table) is None
