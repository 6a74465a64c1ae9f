"""Hidden screens in a Mare Nostrum hot seat: while the table waits for the next person only
what everyone sees is drawn; each person sees behind their own screen only, and another's
face-down offer only as backs."""

from __future__ import annotations

import random
from typing import Any

import pygame

from sprites.mn import shows
from sprites.rtta import look
from tests.sprites.mn_pilot import said
from tests.sprites.test_mn_pilot import _hot_seat

__all__ = ["said"]
ROME, GREECE = 0, 1


def _redraw(pilot: Any, said: list[str]) -> None:
    """Draw the whole table afresh, noting every line."""
    said.clear()
    look.forget_lines()
    pilot.table.full_redraw = True
    pilot.frame()


def test_only_the_person_at_the_screen_sees_behind_it(display: pygame.Surface,
                                                      said: list[str]) -> None:
    pilot = _hot_seat(display)
    table, pick = pilot.table, random.Random(7)
    seen_sealed = False
    for _ in range(60):
        pilot.wait_turn()
        if table.control.covered:
            _redraw(pilot, said)
            assert table.view["seat"] is None and table.control.screen_seat is None
            assert said and not [w for w in said if w.startswith("BEHIND")], \
                "a screen showed under the cover"
            pilot.pass_screen()
            continue
        seat = table.control.person()
        assert seat is not None
        _redraw(pilot, said)
        other = GREECE if seat == ROME else ROME
        assert f"BEHIND {table.empires[seat].upper()}'S SCREEN" in said
        assert f"BEHIND {table.empires[other].upper()}'S SCREEN" not in said
        assert isinstance(table.view["players"][other]["resources"], int)
        trade = shows.trade(table.view, table.empires, ())
        if trade is not None and table.control.sealing():
            theirs = trade.offers[other]
            if theirs.state == "sealed":
                assert theirs.items == () and theirs.count, "another's offer shows as backs"
                seen_sealed = True
            pilot.offer(table.session.sealed_request(seat).sample(pick.randrange))
        else:
            pilot.do(pick.choice(table.legal()))
        if seen_sealed and table.view["phase"] == "build":
            return
    raise AssertionError("the trade phase was not reached with a sealed offer to hide")
