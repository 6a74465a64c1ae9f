"""The Roll Through the Ages table played with the mouse from New Game: solitaire to its end
screen and a game against a bot, with scripted dice where a click must meet a known roll."""

from __future__ import annotations

import random

import pygame

from game.core.table import ScriptedChance, SeededChance
from sprites.scenes.title import TitleScene
from tests.sprites.rtta.rtta_pilot import RttaPilot, make_app, start_from_new_game

PLAIN, ABUNDANCE, OMENS = 6, 1, 3
"""Fate die values (1-6 = its faces in printed order)."""
POP3, FOOD3, INNOVATION = 1, 2, 4
"""Empire die values."""


def _first_turn(pilot: RttaPilot, next_roll: tuple[int, ...] = ()) -> None:
    """Province for the set-up, a roll, a reroll of all but the innovation die picked by
    clicks, stop, a province box and an Obelisk box by clicks on the sheet, Leadership
    bought by a click on its line."""
    table = pilot.table
    session = table.session
    seat = session.human_turn()
    assert pilot.phase == "setup"
    dice = 2
    """Empire dice with two provinces and one port."""
    seeded = session.chance
    session.chance = ScriptedChance([ABUNDANCE, INNOVATION, FOOD3, POP3])
    pilot.button("Take the free second province")
    pilot.wait_turn()
    assert session.view(None)["players"][seat]["empire_dice"] == dice
    assert pilot.phase == "keep"
    for die in range(2, dice + 1):
        pilot.zone(f"die:{die}")
    assert table.tray.picked == set(range(2, dice + 1))
    pilot.button("Reroll")
    pilot.wait_turn()
    session.chance = seeded
    faces = [d["face"] for d in table.view["dice"]]
    assert faces == ["abundance", "innovation", *["pop3"] * (dice - 1)]
    pilot.button("Stop")
    pilot.wait_turn()
    if pilot.phase == "colonies":
        peg = next(a for a in table.legal() if a.verb == "peg")
        pilot.do(peg)
        assert pilot.table.view["players"][seat]["colony_pegs"] == 1
        pilot.button("Finish with the colonies")
        pilot.wait_turn()
    assert pilot.phase == "build"
    before = table.view["players"][seat]
    pilot.zone("province")
    pilot.zone("monument:obelisk")
    after = table.view["players"][seat]
    assert (after["province_boxes"], after["monuments"][0]["filled"]) == (
        before["province_boxes"] + 1, 1)
    pilot.button("Finish building")
    pilot.wait_turn()
    assert pilot.phase == "develop"
    buy = next(a for a in table.legal() if a.arg("development") == "leadership")
    if next_roll:
        session.chance = ScriptedChance(next_roll)
    pilot.do(buy)
    assert "leadership" in session.view(None)["players"][seat]["developments"]


def test_solitaire_from_new_game_to_the_end_screen(display: pygame.Surface) -> None:
    app, clock = make_app(display)
    start_from_new_game(app, ("human",), {})
    pilot = RttaPilot(app, clock)
    session = pilot.table.session
    assert session.players == ("human",) and pilot.table.view["solitaire"]["rounds"] == 8
    pilot.wait_turn()
    seeded = session.chance
    _first_turn(pilot, next_roll=(OMENS, FOOD3, FOOD3, POP3))
    _leadership_and_omens(pilot, seeded)
    pilot.play_out()
    pilot.until(lambda: pilot.table.end_open)
    assert pilot.table.session.outcome().target == 100
    pilot.button("Back to the title")
    assert isinstance(app.stack.top, TitleScene)


def _leadership_and_omens(pilot: RttaPilot, seeded: object) -> None:
    """Round 2 (Omens on the Fate die): Leadership rerolls die 1 (a click on it), Omens sets
    die 2 to an innovation (a click on the die, then on the face)."""
    table = pilot.table
    session = table.session
    pilot.wait_turn()
    assert (pilot.phase, session.table.state.round, table.view["fate"]) == ("keep", 2, "omens")
    pilot.button("Stop")
    assert pilot.phase == "leadership"
    pilot.zone("die:1")
    pilot.wait_turn()
    assert table.view["dice"][1]["face"] == "pop3"
    session.chance = seeded  # type: ignore[assignment]
    assert pilot.phase == "omens"
    pilot.zone("die:2")
    assert table.tray.omen_die == 2
    pilot.zone("face:2:innovation")
    assert table.view["dice"][2]["face"] == "innovation" or table.view["phase"] != "omens"
    assert any("uses Omens" in line for line in table.control.chronicle)


def test_a_game_against_a_bot_from_new_game(display: pygame.Surface) -> None:
    app, clock = make_app(display)
    start_from_new_game(app, ("human", "bot:random"), {"mediterranean": True})
    pilot = RttaPilot(app, clock)
    session = pilot.table.session
    assert session.players == ("human", "bot:random") and pilot.table.view["mediterranean"]
    session.chance = SeededChance(b"against a bot" * 3)
    pilot.wait_turn()
    _first_turn(pilot)
    while session.table.state.round < 2:
        pilot.wait_turn()
        if session.table.state.round < 2:
            pilot.simple()
    pilot.wait_turn()
    assert session.table.state.round == 2 and session.human_turn() == 0
    assert any("Seat 1" in line or "Player 2" in line for line in pilot.table.control.chronicle)
    pilot.play_out()
    pilot.until(lambda: pilot.table.end_open)
    assert len(pilot.table.session.outcome().ranking) == 2


def test_a_roll_tumbles_and_lands_on_the_logged_faces(display: pygame.Surface) -> None:
    app, clock = make_app(display, speed=100)
    start_from_new_game(app, ("human",), {})
    pilot = RttaPilot(app, clock)
    session = pilot.table.session
    pilot.wait_turn()
    session.chance = ScriptedChance([PLAIN, FOOD3, FOOD3])
    pilot.button("Take the free second port")
    assert pilot.table.tray.busy
    dice = session.view(None)["players"][0]["empire_dice"]
    pilot.wait_turn()
    assert not pilot.table.tray.busy
    shown = [d["face"] for d in pilot.table.tray.remember(pilot.table.view)]
    rolled = next(e for _, events in session.history for e in events if e.kind == "rolled")
    assert shown == list(rolled.get("faces")) == ["fate_good_pop_skull", *["food3"] * dice]


def test_every_kind_of_decision_is_answered_by_clicks(display: pygame.Surface) -> None:
    """Hot seat, three people, the Mediterranean: random legal answers, each given by clicks
    on dice, faces, the sheet, colonies, choosers and buttons."""
    app, clock = make_app(display)
    start_from_new_game(app, ("human", "human", "human"), {"mediterranean": True})
    pilot = RttaPilot(app, clock)
    pilot.table.session.chance = SeededChance(b"every kind" * 4)
    chooser = random.Random(15)
    answered: set[str] = set()
    for _ in range(160):
        pilot.wait_turn()
        if pilot.table.session.over:
            break
        answered.add(pilot.phase)
        pilot.do(chooser.choice(pilot.table.legal()))
    assert {"setup", "keep", "build", "develop", "colonies"} <= answered
