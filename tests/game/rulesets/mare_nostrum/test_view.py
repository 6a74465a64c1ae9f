"""The view: the board for all, each screen for its owner only, the sealed offer for its
sealer only."""

from __future__ import annotations

from game.core.records import evolve
from game.core.ruleset import ViewRequest
from game.core.sealed import open_round, with_commitment
from game.rulesets.mare_nostrum.ruleset import MnRuleset, bundled_ruleset
from game.rulesets.mare_nostrum.state import MnState
from tests.game.rulesets.mare_nostrum.helpers_mn import config


def _state() -> tuple[MnRuleset, MnState]:
    ruleset = bundled_ruleset()
    state = evolve(ruleset.setup(config()), players=tuple(
        evolve(p, resources=("coin", "wine")) for p in ruleset.setup(config()).players))
    return ruleset, state


def test_other_screens_show_counts_only() -> None:
    ruleset, state = _state()
    view = ruleset.view(state, ViewRequest(0))
    assert isinstance(view["players"][0]["resources"], list)
    assert view["players"][1]["resources"] == view["players"][1]["resources_count"] == 2
    spectator = ruleset.view(state, ViewRequest(None))
    assert all(isinstance(p["resources"], int) for p in spectator["players"])


def test_own_sealed_offer_only() -> None:
    ruleset, state = _state()
    rnd = with_commitment(open_round("offer:1", (0, 1, 2, 3, 4)), 0, b"c" * 32)
    state = evolve(state, trade=evolve(state.trade, sealed=rnd))
    mine = ruleset.view(state, ViewRequest(0, sealed={"offer:1": ("coin",)}))
    theirs = ruleset.view(state, ViewRequest(1))
    assert mine["trade"]["my_offer"] == ["coin"] and mine["trade"]["sealed_by"] == [0]
    assert theirs["trade"]["my_offer"] == [] and "sealed" not in theirs["trade"]


def test_levels_show_the_plus_side() -> None:
    ruleset, state = _state()
    players = (evolve(state.players[0], tracks=(18, 1, 3)), *state.players[1:])
    view = ruleset.view(evolve(state, players=players), ViewRequest(0))
    assert view["players"][0]["levels"][0] == [True, 3]


def test_next_tile_cost_counts_the_starting_hero() -> None:
    ruleset, state = _state()
    view = ruleset.view(state, ViewRequest(0))
    assert view["players"][0]["next_tile_cost"] == 7


def test_exchange_markers_and_those_open_to_play() -> None:
    ruleset, state = _state()
    trade = ruleset.view(state, ViewRequest(0))["trade"]
    assert trade["markers"] == [[5, 0], [2, 1], [4, 3]] and trade["available"] == [0, 1, 2]
