"""Sentences: one per event, seats named by their empires."""

from __future__ import annotations

from game.core.events import event
from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.rulesets.mare_nostrum.text import describe, with_empires

EMPIRES = ["rome", "greece", "carthage"]


def test_seats_are_named_by_their_empires() -> None:
    assert with_empires("Player 3 gives wine to Player 1.", EMPIRES) == \
        "Carthage gives wine to Rome."
    assert with_empires("Player 1 waits.", None) == "Player 1 waits."


def test_own_events_read_as_sentences() -> None:
    ruleset = bundled_ruleset()
    ev = event("collected", empires=EMPIRES, seat=1, items=["coin", "coin", "wine"], short=0)
    assert ruleset.describe(ev) == "Greece collects 2 coin, wine."
    ev = event("victory", empires=EMPIRES, seats=[2], victory="titles")
    assert ruleset.describe(ev) == "Carthage wins: holds all three Leader titles (rule 6.4)."
    ev = event("tracks", empires=EMPIRES, seat=0, old=[7, 1, 3], new=[7, 2, 4])
    assert ruleset.describe(ev) == "Rome's Leader tracks: Culture 1 → 2, Military 3 → 4."


def test_unknown_events_fall_back_to_their_facts() -> None:
    assert describe(event("odd_thing", seat=0, place="italia")) == \
        "Player 1: odd thing (place italia)."
