"""The rule set as the generic code sees it: registry entry, legality hook and its reasons,
the view, a sentence for every event, encoding, and the commands that play it."""

from __future__ import annotations

import json

import pytest

from game.core.actions import act
from game.core.encoding import canonical_bytes, from_plain
from game.core.entries import ActionEntry
from game.core.errors import IllegalEntry
from game.core.events import Event
from game.rulesets import entry
from game.rulesets.roll_through_the_ages.state import RttaState
from game.rulesets.roll_through_the_ages.text import SENTENCES
from game.session import bot_session, master_config
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import RULESET, Game
from tools.cli import main


def test_the_entry_declares_title_seats_options_and_its_table() -> None:
    found = entry("roll-through-the-ages")
    assert found.title == "Roll Through the Ages: The Iron Age" and found.seats == (1, 4)
    assert found.option("length").values == ("short", "full")
    assert found.option("mediterranean").values == (False, True)
    assert found.table_scene and RULESET.scenarios()[0].min_seats == 1


def test_is_legal_agrees_with_the_legal_list_and_refusals_say_why() -> None:
    game = Game(seats=2)
    game.roll("abundance", "food3", "food3")
    assert all(RULESET.is_legal(game.state, 0, a, {}) for a in game.legal())
    wrong = act("reroll", dice=(0, 7))
    assert not RULESET.is_legal(game.state, 0, wrong, {})
    assert not RULESET.is_legal(game.state, 1, act("stop"), {})
    reason, rule = RULESET.why_illegal(game.state, ActionEntry(1, act("stop")))
    assert reason == "Player 1 must choose dice to reroll, or stop now, not Player 2." and \
        rule == "step 1"
    with pytest.raises(IllegalEntry, match="is not among Player 1's choices"):
        game.act(0, "conquer")


def test_the_view_holds_what_the_table_needs() -> None:
    game = Game(seats=2, mediterranean=True)
    game.roll("omens", "good_pop_skull", "food3")
    view = game.view()
    assert view["dice"][1] == {"die": 1, "kind": "empire", "face": "good_pop_skull",
                               "name": view["dice"][1]["name"], "locked": True,
                               "rolling": False}
    assert view["fate"] == "omens" and view["pending"] is not None
    assert view["pending"]["seat"] == 0 and len(view["colonies"]) == 19
    assert set(view["players"][0]["score"]) == {"monuments", "developments", "bonuses",
                                                "wealth", "tribute", "colonies", "skulls",
                                                "total"}
    assert view["solitaire"] is None and len(view["monuments"]) == 5
    json.dumps(view)


def test_every_event_of_whole_games_has_its_own_sentence() -> None:
    events: list[Event] = []
    for seats, med in ((1, True), (4, True), (2, False)):
        config = master_config(RULESET, b"sentences-%d" % seats, None, seats,
                               {"mediterranean": med})
        session = bot_session(RULESET, config, b"sentences-%d" % seats)
        session.run(on_events=lambda _, found: events.extend(found))
    seen = {ev.kind for ev in events}
    assert seen <= set(SENTENCES), seen - set(SENTENCES)
    assert all(RULESET.describe(ev).endswith(".") for ev in events)
    assert {"rolled", "collected", "bought", "game_over", "colony_founded"} <= seen


def test_states_round_trip_through_their_encoding() -> None:
    game = Game(seats=3, mediterranean=True)
    game.roll("tribute", "food3", "pop3")
    encoded = canonical_bytes(game.state)
    assert from_plain(RttaState, json.loads(encoded)) == game.state


def test_demo_and_simulate_play_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", "roll-through-the-ages", "--seed", "ab",
                 "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("final-hash ")
    assert main(["simulate", "--ruleset", "roll-through-the-ages", "--seed", "ab"]) == 0
    assert "winners: Player 1" in capsys.readouterr().out


def test_refusals_name_the_rule_broken() -> None:
    game = Game(seats=2)
    game.roll("abundance", "good_pop_skull", "food3")
    reason, _ = RULESET.why_illegal(game.state, ActionEntry(0, act("reroll", dice=(1, 2))))
    assert reason == "Dice set aside with a skull cannot be rerolled (step 1)."
    owner = Game(seats=2)
    owner.edit(0, goods=9, developments=("leadership",))
    owner.roll("abundance", "food3", "food3")
    owner.pass_until("develop")
    wrong = act("buy", development="leadership", goods=2, innovations=0, wealth=0)
    reason, rule = RULESET.why_illegal(owner.state, ActionEntry(0, wrong))
    assert reason.startswith("Leadership is already bought") and rule == "step 5"
    change = act("buy", development="granaries", goods=3, innovations=0, wealth=0)
    assert "no change" in RULESET.why_illegal(owner.state, ActionEntry(0, change))[0]
