"""A card taken from a person's hand without their choice (stolen, discarded at random) is shown
to that person alone: it flies from their hand under its name ("Rome takes … from you",
"You lose …"); nobody else at the screen learns anything of a stolen card (issue 12)."""

from __future__ import annotations

import pygame

from game.core.events import Event, event
from game.core.log import GameLog
from game.session import GameSession, Secrets, rebuild
from sprites.map.model import MapModel
from sprites.table.anims import CardFlight
from sprites.table.display import picture
from sprites.table.scene import TableScene
from sprites.table.story import Where, private_slots, steps_for
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import Pilot, manual_app
from tests.sprites.test_table_privacy import content_name

SCENARIO = "5"
KEYS = Secrets((b"\x02" * 32, b"\x03" * 32, b"\x04" * 32), b"c" * 32, b"b" * 32)
"""Scenario 5 between random bots with these secrets: Rome steals a card from Gaul."""
PLAYERS = ("bot:random",) * 3
ROME, IBERIA, GAUL = 0, 1, 2


def _flights(events: tuple[Event, ...], me: int | None, model: MapModel,
             known: dict[str, str] | None = None) -> list[CardFlight]:
    """The card flights of the story `me` is told of these events."""
    session = GameSession.start("mediterranean_empires", SCENARIO, PLAYERS, KEYS)
    view = session.view(me)
    board = picture(view)
    rows = {0: (100, 100), 1: (100, 160), 2: (100, 220)}
    where = Where((480, 250), (480, 60), rows, (480, 480), 200)
    vp = (10, 10, 10)
    steps = steps_for(events, session.describe, board, board, vp, vp, view, model, where, me,
                      lambda _: None, False, known)
    return [s for s in steps if isinstance(s, CardFlight)]


def test_a_random_discard_is_named_to_its_owner_only(display: pygame.Surface,
                                                      model: MapModel) -> None:
    lost = (event("discarded", seat=GAUL, card="berserkers", slot="gaul:0:4",
                  reason="random discard", source="shortage", holder=GAUL),)
    (mine,) = _flights(lost, GAUL, model)
    assert mine.caption == f"You lose {content_name('berserkers')}"
    (theirs,) = _flights(lost, ROME, model)  # the card is face up, but told plainly
    assert theirs.caption == ""


def test_a_stolen_card_is_named_to_its_victim_only(display: pygame.Surface,
                                                    model: MapModel) -> None:
    stolen = (event("card_stolen", seat=ROME, victim=GAUL, slot="gaul:0:4"),)
    assert private_slots(stolen, GAUL) == ("gaul:0:4",)
    assert private_slots(stolen, ROME) == private_slots(stolen, None) == ()
    (mine,) = _flights(stolen, GAUL, model, {"gaul:0:4": "berserkers"})
    assert mine.caption == f"Rome takes {content_name('berserkers')} from you"
    for other in (ROME, IBERIA, None):
        assert _flights(stolen, other, model, {"gaul:0:4": "berserkers"}) == []


def _before_the_theft(human: int) -> tuple[GameSession, str]:
    """The bot game replayed up to the entry in which Rome takes a card from Gaul,
    `human` now played by the person at the screen; the slot taken."""
    whole = GameSession.start("mediterranean_empires", SCENARIO, PLAYERS, KEYS)
    whole.run()
    index, slot, victim = next((i, e.get("slot"), e.get("victim"))
                               for i, events in whole.history for e in events
                               if e.kind == "card_stolen")
    assert victim == GAUL
    log = whole.log()
    shorter = GameLog(log.header, log.records[:index], "", dict(log.extra))
    players = tuple("human" if s == human else p for s, p in enumerate(PLAYERS))
    session = rebuild(shorter, players, KEYS)
    assert session.next_entry() is not None  # the theft comes next, with no one to ask
    return session, str(slot)


def _watch(display: pygame.Surface, session: GameSession) -> list[str]:
    """The texts drawn while the table tells the next entries, until the game waits."""
    app, clock = manual_app(display, 100)
    table = app.open("table", session)
    assert isinstance(table, TableScene)
    pilot = Pilot(app, clock)
    stolen = len(session.history)
    with TextRecorder() as recorder:
        pilot.until(lambda: len(session.history) > stolen, 300)
        pilot.until(lambda: not table.display.timeline.busy, 600)
    return recorder.texts


def test_the_victim_at_the_screen_sees_which_card_was_taken(display: pygame.Surface) -> None:
    session, slot = _before_the_theft(GAUL)
    name = content_name(session.cards_of(GAUL, (slot,))[slot])
    texts = _watch(display, session)
    assert f"Rome takes {name} from you" in texts
    assert name in texts  # the card's face, flying from the hand


def test_nobody_else_at_the_screen_learns_the_card(display: pygame.Surface) -> None:
    session, slot = _before_the_theft(IBERIA)
    card = session.table.secrets[GAUL].known((slot,))[slot]
    assert not session.cards_of(IBERIA, (slot,))
    view = session.view(IBERIA)
    seen = {h["card"] for h in view["hand"]} | {c for s in view["seats"] for c in s["discard"]}
    texts = _watch(display, session)
    assert not [t for t in texts if "from you" in t or "You lose" in t]
    if card not in seen:  # a card of the same name the person could see anyway
        assert content_name(card) not in texts
