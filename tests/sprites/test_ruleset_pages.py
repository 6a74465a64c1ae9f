"""A rule set's players page (sprites/scenes/ruleset_pages.py): its foot says what the chosen
option's value does, and every option of every rule set says it for each of its values."""

from __future__ import annotations

import pygame

from game.rulesets.registry import entry, registered
from sprites.scenes.base import intent
from sprites.scenes.ruleset_pages import RulesetPlayersScene
from tests.sprites.pilot import manual_app


def test_every_option_hint_matches_its_values() -> None:
    for ruleset in registered():
        for option in entry(ruleset).options:
            assert len(option.hints) in (0, len(option.values)), (ruleset, option.key)


def test_the_foot_says_what_the_chosen_value_does(display: pygame.Surface) -> None:
    app, _ = manual_app(display)
    page = RulesetPlayersScene("roll_through_the_ages")
    app.push(page)
    assert page._tip().endswith("click a line to change it")
    length = page.seats
    page.apply(intent("cycle", row=length, step=0))
    assert page._tip().startswith("Short: ends after the round with a 5th development")
    page.apply(intent("cycle", row=length, step=1))
    assert page._tip().startswith("Full: ends after the round with a 7th development")
    page.apply(intent("cycle", row=length + 1, step=1))
    assert page._tip() == "On: adds colonies to found by ship, 3 points for each one completed"
