"""Optional rules 8.1 (follow the leader), 8.3 (longer play), 8.4 (short play); option checks."""

from __future__ import annotations

import pytest

from game.core.actions import act
from game.core.entries import ChanceEntry
from game.core.errors import IllegalEntry
from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.rulesets.mediterranean_empires import MeRuleset
from game.rulesets.mediterranean_empires.flow import Flow, settle
from game.rulesets.mediterranean_empires.frames import FirstPlayer, TurnStart
from game.rulesets.mediterranean_empires.sequence.turn import vp_leader
from game.session import bot_session


def _config(*options: tuple[str, object]) -> GameConfig:
    return GameConfig("mediterranean_empires", "second_punic_war", ("a", "b", "c"),
                      b"optional-rules!!", tuple(options))


def test_unknown_or_mistyped_options_are_refused() -> None:
    ruleset = MeRuleset()
    with pytest.raises(IllegalEntry, match="unknown game option 'fog_of_war'"):
        ruleset.setup(_config(("fog_of_war", True)))
    with pytest.raises(IllegalEntry, match="'longer_play' takes 0, 1, 2; got 'two'"):
        ruleset.setup(_config(("longer_play", "two")))
    with pytest.raises(IllegalEntry, match="'longer_play' takes 0, 1, 2; got 3"):
        ruleset.setup(_config(("longer_play", 3)))
    with pytest.raises(IllegalEntry, match="'free_passage' takes False, True; got 1"):
        ruleset.setup(_config(("free_passage", 1)))


def test_longer_play_adds_turns() -> None:
    state = MeRuleset().setup(_config(("longer_play", 2)))
    assert state.last_turn == 5


def test_short_play_adds_two_from_round_five() -> None:
    table = MeRuleset().rules.content.tables.random_event
    assert table.modifier(5, False, short_play=True) == table.modifier(5, False) + 2
    assert table.modifier(4, False, short_play=True) == table.modifier(4, False)


def test_the_vp_leader_chooses_the_first_player_each_turn() -> None:
    ruleset = MeRuleset()
    config = _config(("follow_the_leader", True))
    table = bot_session(ruleset, config, b"leader").table
    while table.decision().kind == "commit":
        table.submit(table.mechanical_entry(table.decision()))
    state = table.state
    seats = tuple(evolve(s, vp=vp) for s, vp in zip(state.seats, (10, 14, 12), strict=True))
    table.state = evolve(state, seats=seats, stack=(TurnStart(),))
    flow = Flow(ruleset.rules, table.state)
    settle(flow)
    table.state = flow.state
    assert isinstance(table.state.top, FirstPlayer) and table.state.top.seat == 1
    assert vp_leader(table.state) == 1
    legal = table.legal(1)
    assert act("first", seat=2) in legal and len(legal) == 3
    table.submit(table.action_entry(1, act("first", seat=2)))
    assert table.state.first_seat == 2
    assert table.decision().kind == "chance"
    table.submit(ChanceEntry(values=(3, 3)))
    assert table.state.top.seat == 2  # the chosen seat acts first this round
