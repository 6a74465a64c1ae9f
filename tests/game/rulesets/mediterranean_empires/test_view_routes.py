"""The view's `route_options`: while an ME is being built at its route or port choice, every
legal route/port choice with the path it would take (the client previews them on hover)."""

from __future__ import annotations

from game.core.actions import action_from_plain
from game.core.encoding import state_hash
from tests.game.rulesets.mediterranean_empires.helpers_sb import Replay

CARTHAGE, ROME, IBERIA = 0, 1, 2


def _at_route_choice() -> Replay:
    """The Scenarios Book example up to Carthage's ME on Reghium, target chosen."""
    game = Replay("sb_scenario3_round5.yaml")
    game.roll(4, 6)
    game.roll(CARTHAGE, 5)
    game.do(CARTHAGE, "target", id="neapolis")
    game.passes(CARTHAGE, ROME, IBERIA)
    game.do(ROME, "decline")
    game.passes(CARTHAGE)
    game.play(ROME, "engineering", use="D", side=1)
    game.play(CARTHAGE, "siege_engines", use="A", side=0)
    game.passes(ROME, CARTHAGE)
    game.roll(3, 4, 2, 5, 3)
    game.do(CARTHAGE, "expedition")
    assert "route_options" not in game.table.view(CARTHAGE)  # the target step: no routes yet
    game.do(CARTHAGE, "target", to="reghium")
    return game


def test_the_route_choice_lists_each_legal_route_with_its_path() -> None:
    game = _at_route_choice()
    before = state_hash(game.state)
    views = {seat: game.table.view(seat) for seat in (CARTHAGE, ROME, IBERIA, None)}
    assert state_hash(game.state) == before  # the view changes nothing hashed
    options = views[CARTHAGE]["route_options"]
    # public: every seat (and a spectator) sees the same options
    assert all(v["route_options"] == options for v in views.values())
    legal = [a for a in game.table.legal(CARTHAGE) if a.verb != "cancel"]
    assert [action_from_plain(o["action"]) for o in options] == legal
    (land,) = [o for o in options if o["action"]["verb"] == "route"]
    assert land["action"] == {"verb": "route", "args": {"via": "land"}}
    assert land["path"] == ["carthago", "panormos", "messana", "reghium"]
    assert land["sea"] == -1 and land["crossings"] == 2 and "landings" not in land
    # an embarkation: the land leg to the port, the landing port still to choose
    messana = next(o for o in options if o["action"]["args"].get("port") == "messana")
    assert messana["path"] == ["carthago", "panormos", "messana"]
    assert messana["sea"] == -1 and messana["crossings"] == 1
    assert "reghium" in messana["landings"] and "messana" not in messana["landings"]


def test_the_port_choice_lists_the_naval_routes() -> None:
    game = _at_route_choice()
    game.do(CARTHAGE, "embark", port="messana")
    options = game.table.view(IBERIA)["route_options"]
    legal = [a for a in game.table.legal(CARTHAGE) if a.verb != "cancel"]
    assert [action_from_plain(o["action"]) for o in options] == legal
    straight = next(o for o in options if o["action"] == {"verb": "land_at",
                                                           "args": {"port": "reghium"}})
    assert straight["path"] == ["carthago", "panormos", "messana", "reghium"]
    assert straight["sea"] == 3 and straight["crossings"] == 1  # the strait is sailed, not crossed
    game.do(CARTHAGE, "land_at", port="reghium")
    view = game.table.view(CARTHAGE)
    assert "route_options" not in view  # chosen: the frame's own path is the route now
    assert view["stack"][-1]["path"] == straight["path"]
