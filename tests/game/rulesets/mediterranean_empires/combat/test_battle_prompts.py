"""A battle's card-play window names the fight as people say it (rule 9)."""

from __future__ import annotations

import pytest

from game.rulesets.mediterranean_empires.combat.battle import _play_decision


@pytest.mark.parametrize(("fight", "words"), [
    ("naval", "play a card into the naval battle or pass"),
    ("field", "play a card into the field battle or pass"),
    ("assault", "play a card into the assault or pass"),
])
def test_the_play_window_names_the_fight(fight: str, words: str) -> None:
    assert _play_decision(1, "carthage", fight).prompt == f"carthage: {words}"
