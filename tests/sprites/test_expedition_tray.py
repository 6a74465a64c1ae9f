"""Expeditions you can see and change (issue 12, item 3), played by clicks: the cards added
face down leave the hand for the tray, where only their owner sees their faces; a tray card
takes a click only when the decision offers an action for it; the route stays drawn from the
target's choice to the end of the battle, interceptions included; the battle board shows the
owner its own face-down cards, marked, and backs to everyone else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.actions import Action
from game.core.table import Table
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
from game.session import GameSession, Secrets
from sprites import content
from sprites.table.battle import SECRET
from sprites.table.route import expedition_frames
from sprites.table.scene import TableScene
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import Pilot, manual_app
from tests.sprites.test_table_pilot import _expedition_session

CARTHAGE, ROME = 0, 1
LEGIONS = ("hastati", "principes")
INTERCEPTION = """
scenario: 3
turn: 1
round: 1
to_act: rome
event: fine_weather
first: carthage
game_id: 0c11e47b
empires:
  carthage:
    cities: [carthago, hadrumentum, utica, neapolis]
    hand: [garrison, carthaginian_quinquereme, libyan_spearmen, gaul_mercenaries]
  rome:
    cities: [roma, capua]
    hand: [hastati, principes, triarii, consul, velites]
  iberia:
    cities: [numantia, segontia]
    hand: [scutarii, caetrati]
"""
"""Rome (a person) attacks Carthaginian Neapolis by land; Carthage (a person at the same
screen) may intercept at Roma, shipping a Fleet and a Troop from Carthago."""
PUNIC = ("carthaginian_quinquereme", "gaul_mercenaries")


def _name(card: str) -> str:
    return content.content().decks.card(card).name


def _pilot(display: pygame.Surface, session: GameSession) -> Pilot:
    app, clock = manual_app(display, 100)
    assert isinstance(app.open("table", session), TableScene)
    return Pilot(app, clock)


def _interception_session() -> GameSession:
    rs = bundled_ruleset()
    position = load_position(rs.rules, INTERCEPTION, "interception")
    table = Table(rs, position.config, position.secrets)
    table.state = position.state
    keys = Secrets((b"k" * 32,) * 3, b"c" * 32, b"b" * 32)
    return GameSession(table, ("human", "human", "bot:random"), keys)


def _slot(pilot: Pilot, card: str) -> str:
    """The slot of a card in the hand of the seat at the screen."""
    return next(h["slot"] for h in pilot.table.display.shown["hand"] if h["card"] == card)


def _act(pilot: Pilot, wanted: Callable[[Action], bool]) -> None:
    """Wait for the person's turn and answer with the first offered action `wanted`."""
    pilot.wait_turn()
    assert pilot.offer is not None
    pilot.do(next(a for a in pilot.offer.legal if wanted(a)))


def _declare(pilot: Pilot, cards: tuple[str, ...]) -> list[str]:
    """Rome declares an ME on Neapolis by land and adds `cards` by clicks; their slots."""
    _act(pilot, lambda a: a.verb == "expedition")
    _act(pilot, lambda a: a.verb == "target" and a.arg("to") == "neapolis")
    _act(pilot, lambda a: a.arg("via") == "land")
    slots = [_slot(pilot, card) for card in cards]
    for slot in slots:
        _act(pilot, lambda a, s=slot: a.verb == "add" and a.arg("slot") == s)  # type: ignore[misc]
    pilot.wait_turn()
    return slots


def _texts(pilot: Pilot) -> list[str]:
    """Every text of a full redraw."""
    with TextRecorder() as recorder:
        pilot.table.full_redraw = True
        pilot.frame()
    return recorder.texts


def _centre(pilot: Pilot, slot: str) -> tuple[int, int]:
    return next(c.rect.center for c in pilot.table.display.tray.cards if c.slot == slot)


def test_added_cards_leave_the_hand_for_the_tray(display: pygame.Surface) -> None:
    pilot = _pilot(display, _expedition_session())
    tray, hand = pilot.table.display.tray, pilot.table.display.hand
    slots = _declare(pilot, LEGIONS)
    assert tray.committed == set(slots) and [c.slot for c in tray.cards] == slots
    assert not {c.slot for c in hand.cards} & set(slots)  # out of the hand, into the tray
    assert [c.card for c in tray.cards] == list(LEGIONS)  # the owner knows them
    texts = _texts(pilot)
    assert "Expedition to Neapolis — 2 cards face down" in texts
    assert {_name(c) for c in LEGIONS} <= set(texts)
    pilot.key(pygame.K_RETURN)  # confirm: the cards leave the hand for good
    pilot.until(lambda: not pilot.table.display.timeline.busy)
    assert not {c.slot for c in hand.cards} & set(slots)


def test_clicking_a_tray_card_takes_it_back(display: pygame.Surface) -> None:
    """Before the ME is confirmed, a click on a tray card takes it back into the hand: the
    session replays the person's own choices without that card's adding."""
    pilot = _pilot(display, _expedition_session())
    slots = _declare(pilot, LEGIONS)
    records = len(pilot.table.session.table.records)
    pilot.click(_centre(pilot, slots[0]))
    pilot.wait_turn()
    display_ = pilot.table.display
    assert display_.tray.committed == {slots[1]}
    assert slots[0] in {c.slot for c in display_.hand.cards}
    assert len(pilot.table.session.table.records) == records - 1


def test_once_confirmed_a_tray_card_takes_no_click(display: pygame.Surface) -> None:
    pilot = _pilot(display, _expedition_session())
    _declare(pilot, LEGIONS)
    pilot.key(pygame.K_RETURN)  # confirm: the declaration is final
    pilot.until(lambda: not pilot.table.display.timeline.busy)
    assert pilot.table.control.returnable() == ()


class Watch:
    """Checks every frame of a pilot: the route of each ME on the shown stack is drawn."""

    def __init__(self, pilot: Pilot) -> None:
        self.pilot = pilot
        self.steps: set[tuple[str, str]] = set()
        self.fights: set[str] = set()
        frame = pilot.frame

        def watched(events: list[pygame.event.Event] | None = None) -> None:
            frame(events)
            self.check()
        pilot.frame = watched  # type: ignore[method-assign]

    def check(self) -> None:
        """The route layer shows a route for every ME on the stack, with its path."""
        display = self.pilot.table.display
        frames = expedition_frames(display.shown)
        if not frames or display.stale:
            return
        layer = display.routes
        assert layer.route is not None and layer.route.target == frames[-1]["target"]
        drawn = [p.path for p in (*layer.under, layer.route)]
        assert drawn == [tuple(f["path"]) for f in frames]
        if frames[-1]["path"]:
            surface = pygame.Surface(self.pilot.app.size)
            assert layer.draw_path(surface, display.map.to_screen, display.u,
                                   lambda seat: (200, 0, 0))
        self.steps |= {(f["role"], f["step"]) for f in frames}
        combat = [f for f in display.shown["stack"] if f.get("kind") == "combat"]
        self.fights |= {f["fight"] for f in combat}


SCRIPT = ("expedition", "target", "route", "intercept", "embark", "land_at", "confirm", "pass")
"""The people's answers, the first one offered and fitting (`_fits`) first."""


def _fits(a: Action) -> bool:
    """Rome attacks Neapolis by land; Carthage intercepts at Roma, by sea from Carthago."""
    return (a.arg("to") in (None, "neapolis") and a.arg("via") in (None, "land")
            and a.arg("at") in (None, "roma") and a.arg("port") in (None, "carthago", "roma"))


def _play_interception(pilot: Pilot, adds: dict[int, tuple[str, ...]],
                       look: Callable[[], None] = lambda: None) -> None:
    """Play the script until the ME is over, adding `adds[seat]` cards; `look` after each
    person's answer."""
    started = False
    for _ in range(80):
        pilot.wait_turn()
        stack = pilot.table.display.shown["stack"]
        if started and not expedition_frames(pilot.table.display.shown):
            return
        started |= bool(expedition_frames(pilot.table.display.shown))
        seat = pilot.table.control.screen_seat
        offer = pilot.offer
        assert offer is not None and seat is not None
        todo = _to_add(pilot, stack[-1] if stack else {}, adds.get(seat, ()))
        fitting = sorted((a for a in offer.legal if a.verb in SCRIPT and _fits(a)),
                         key=lambda a: SCRIPT.index(a.verb))
        choice = next(a for a in offer.legal if a.arg("slot") == todo[0]) if todo else fitting[0]
        pilot.do(choice)
        look()
    raise AssertionError("the expedition did not end")


def _to_add(pilot: Pilot, top: dict[str, Any], cards: tuple[str, ...]) -> list[str]:
    """The slots of `cards` still to add to the ME being built on top, if any."""
    if top.get("step") != "cards" or top.get("seat") != pilot.table.control.screen_seat:
        return []
    added = {c["slot"] for c in top["force"]["cards"]}
    return [s for s in (_slot(pilot, c) for c in cards) if s not in added]


def test_the_route_is_drawn_at_every_step(display: pygame.Surface) -> None:
    pilot = _pilot(display, _interception_session())
    watch = Watch(pilot)
    _play_interception(pilot, {ROME: LEGIONS, CARTHAGE: PUNIC})
    assert {("attack", s) for s in ("route", "cards", "intercepted", "struck")} <= watch.steps
    assert {("land", s) for s in ("route", "port", "cards", "fought")} <= watch.steps
    assert {"field", "assault"} <= watch.fights  # the interception's battle, then the assault


def test_other_seats_never_see_the_tray_faces(display: pygame.Surface) -> None:
    pilot = _pilot(display, _interception_session())
    table = pilot.table
    seen: dict[int, list[str]] = {CARTHAGE: [], ROME: []}
    titles: dict[int, set[str]] = {CARTHAGE: set(), ROME: set()}

    def look() -> None:
        seat = table.control.screen_seat
        if seat is not None and table.display.tray.groups:
            seen[seat] += _texts(pilot)
            titles[seat] |= {g.title for g in table.display.tray.groups}
            for group in table.display.tray.groups:  # faces only of the seat's own cards
                assert all((card is not None) == (group.seat == seat)
                           for _, card in group.cards)
    _play_interception(pilot, {ROME: LEGIONS, CARTHAGE: PUNIC}, look)
    assert "Rome's expedition to Neapolis — 2 cards face down" in titles[CARTHAGE]
    assert "Expedition to Neapolis — 2 cards face down" in titles[ROME]
    assert "Interception at Roma — 2 cards face down" in titles[CARTHAGE]
    assert "Carthage's interception at Roma — 2 cards face down" in titles[ROME]
    assert {_name(c) for c in LEGIONS} <= set(seen[ROME])
    assert not {_name(c) for c in LEGIONS} & set(seen[CARTHAGE])
    assert {_name(c) for c in PUNIC} <= set(seen[CARTHAGE])
    assert not {_name(c) for c in PUNIC} & set(seen[ROME])


def _board_texts(pilot: Pilot, seat: int) -> list[str]:
    """The texts of the table drawn for `seat` at the screen, at the same moment."""
    table = pilot.table
    table.control.screen_seat = seat
    table.display.show(table.session.view(seat), [])
    table.display.refresh()
    with TextRecorder() as recorder:
        table.full_redraw = True
        assert pilot.app.screen is not None
        table.draw(pilot.app.screen)
    return recorder.texts


def test_the_battle_board_shows_the_owner_its_face_down_cards(display: pygame.Surface
                                                              ) -> None:
    pilot = _pilot(display, _expedition_session())
    slots = _declare(pilot, LEGIONS)
    table = pilot.table

    def face_down_battle() -> bool:
        combat = [f for f in table.session.view(None)["stack"] if f.get("kind") == "combat"]
        return bool(combat) and any(not c["use"] and c["slot"] in slots
                                    for c in combat[-1]["attacker"]["cards"])
    pilot.key(pygame.K_RETURN)  # confirm
    pilot.until(face_down_battle, 3000)
    assert table.control.screen_seat == ROME
    mine = _board_texts(pilot, ROME)
    assert SECRET in mine and {_name(c) for c in LEGIONS} <= set(mine)
    for other in (CARTHAGE, 2):
        theirs = _board_texts(pilot, other)
        assert SECRET not in theirs and not {_name(c) for c in LEGIONS} & set(theirs)
