"""Whole random-bot games through the core session: both display options, every board."""

from __future__ import annotations

import pytest

from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.session import bot_game, master_config
from tools.conformance import checked_game


@pytest.mark.parametrize("scenario", ["3"])
def test_experienced_display_games_end_with_a_victory(scenario: str) -> None:
    ruleset = bundled_ruleset()
    master = b"mn-experienced-" + scenario.encode()
    config = master_config(ruleset, master, scenario, options={"display": "experienced"})
    table, log = bot_game(ruleset, config, master, hash_every=0)
    assert log.finished and table.state.winners
    assert not table.state.display.face_down


def test_first_games_display_passes_the_conformance_checks() -> None:
    ruleset = bundled_ruleset()
    master = b"mn-first-games-4"
    config = master_config(ruleset, master, "4", options={"display": "first games"})
    report = checked_game(ruleset, config, master)
    assert report.log.finished
