"""Undo at the table, played like a person: once the person has made a choice that can still
be taken back, the bar offers Undo; Backspace (or the button) brings the table back to exactly
the state before, the chronicle forgets the undone sentences, the save is rewritten shorter,
and a click that would lock the choices in says "no undo". A LAN table never offers it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.encoding import state_hash
from game.core.log import loads
from game.session import GameSession, Secrets
from net.files.saves import GameFiles
from sprites.table.lan_controller import LanController
from tests.sprites.pilot import Pilot, manual_app

KEYS = Secrets((b"a" * 32, b"b" * 32, b"c" * 32), b"chance" * 6, b"bots" * 8)


def test_the_person_takes_a_choice_back_and_the_save_follows(display: pygame.Surface,
                                                            tmp_path: Path) -> None:
    app, clock = manual_app(display)
    app.open("title")
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "bot:random", "bot:random"), KEYS)
    files = GameFiles(tmp_path, "undo")
    app.open("table", session, files)
    pilot = Pilot(app, clock)
    table = pilot.table
    for _ in range(400):
        pilot.wait_turn()
        before = (len(session.table.records), state_hash(session.table.state))
        lines = len(table.display.log)
        pilot.do(pilot.simple_action())
        pilot.until(lambda: not table.display.timeline.busy)
        pilot.frame()
        if table.control.can_undo():
            break
    assert table.control.can_undo(), "no choice that can be taken back came up"
    assert any(b.text == "Undo" for b in table.display.bar.buttons)
    assert table.display.offered is not None
    assert any(words.endswith("· no undo") for words in table.display.offered.labels.values())
    pilot.key(pygame.K_BACKSPACE)
    pilot.frame()
    assert (len(session.table.records), state_hash(session.table.state)) == before
    assert len(table.display.log) == lines
    assert not any(b.text == "Undo" for b in table.display.bar.buttons)
    files.saver.flush()
    assert len(loads(files.log_path.read_bytes()).records) == before[0]


def test_a_lan_table_never_offers_undo() -> None:
    assert LanController.undo_allowed is False
