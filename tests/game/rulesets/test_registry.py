"""The registry: one entry per rule set, found without a list in any generic module."""

from __future__ import annotations

import pytest

from game.ai.bots import bot_names, make_bot
from game.rulesets import entry, get_ruleset, registered
from tools.cli import main


def test_every_rule_set_package_registers_itself() -> None:
    assert registered() == ("mare_nostrum", "mediterranean_empires", "roll_through_the_ages",
                            "toy")
    assert entry("mediterranean-empires").title == "Mediterranean Empires"
    assert get_ruleset("toy").id == "toy"
    with pytest.raises(KeyError, match="unknown rule set 'chess'"):
        entry("chess")


def test_bots_resolve_per_rule_set() -> None:
    assert bot_names("toy") == ("bot:random",)
    assert bot_names("mediterranean_empires")[:2] == ("bot:random", "bot:greedy")
    assert make_bot("bot:random", b"s" * 32, "toy") is not None
    with pytest.raises(ValueError, match=r"unknown bot 'bot:greedy' for toy \(known: bot:random\)"):
        make_bot("bot:greedy", b"s" * 32, "toy")


def test_options_seats_and_scenes_are_declared() -> None:
    me = entry("mediterranean_empires")
    assert [o.key for o in me.options] == ["follow_the_leader", "free_passage", "longer_play",
                                           "short_play"]
    assert me.option("longer_play").values == (0, 1, 2) and me.seats == (2, 8)
    assert me.table_scene == "table" and me.default_scenario == "3"
    assert entry("toy").seats == (2, 4)
    mn = entry("mare_nostrum")
    assert mn.seats == (3, 5) and mn.default_scenario == "5" and mn.table_scene == "mare_nostrum"
    assert mn.option("display").values == ("first games", "experienced")
    assert bot_names("mare_nostrum") == ("bot:random", "bot:greedy")


def test_validate_and_demo_cover_the_toy_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "toy: ok (8 cards per deck" in out and "mediterranean_empires: ok (140 cities" in out
    assert main(["demo", "--ruleset", "toy", "--seed", "ab", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("final-hash ")
