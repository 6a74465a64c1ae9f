"""Worked examples played through the whole rule set (`MnRuleset.decision`/`apply`, as a
session drives it), with the printed numbers: example 19 counted from the buildings on the
board, example 20's '+' flip after a Build turn, and example 21's Perseus overruling the
Culture Leader to win with the Pyramids (and with a fifth tile, ruling MN-B9)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import ArgValue, act
from game.core.entries import ActionEntry, ChanceEntry
from game.core.records import evolve
from game.rulesets.mare_nostrum import leadership, sequence
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.rulesets.mare_nostrum.state import NOBODY, Display, MnState
from tests.game.rulesets.mare_nostrum.helpers_mn import config

RULESET = bundled_ruleset()
CONTENT = RULESET.content
ROME, GREECE, BABYLON, EGYPT, CARTHAGE = range(5)


def _begun() -> MnState:
    """Round 1 of the 5-player game after the display is laid out."""
    state = RULESET.setup(config())
    return RULESET.apply(state, ChanceEntry(values=(0,) * state.display.to_turn))[0]


def _build_phase(edit: Callable[[Flow], None]) -> MnState:
    """The Build phase opening on an edited board, as the sequence opens it."""
    flow = Flow(CONTENT, _begun())
    edit(flow)
    flow.go("trade", "offers")
    flow.set(trade=evolve(flow.state.trade, claimer=NOBODY, sealed=None, marker=0))
    sequence._begin_build(flow)
    sequence.advance(flow)
    return flow.state


def _do(state: MnState, verb: str, **args: ArgValue) -> MnState:
    """The pending seat's action, which must be legal."""
    seat = RULESET.decision(state).actor
    action = act(verb, **args)
    assert action in RULESET.legal_actions(state, seat, {}), action
    return RULESET.apply(state, ActionEntry(seat, action))[0]


def _buy(state: MnState, item: str, place: str, *paid: str) -> MnState:
    state = _do(state, "build", item=item, place=place)
    for resource in paid:
        state = _do(state, "pay", resource=resource)
    return _do(state, "confirm")


def _clear_buildings(flow: Flow) -> None:
    for area in flow.state.provinces:
        for site in area.buildings:
            flow.remove_building(site)


TRADE_SITES = {
    ROME: ("italia.caravan1", "italia.caravan2", "italia.market1", "cisalpina.caravan1",
           "cisalpina.market1"),
    GREECE: ("macedonia.caravan1", "macedonia.market1", "achaea.caravan1", "achaea.market1"),
    BABYLON: ("mesopotamia.caravan1", "mesopotamia.caravan2", "mesopotamia.market1",
              "assyria.caravan1"),
    EGYPT: ("aegyptus.caravan1", "aegyptus.caravan2", "aegyptus.market1"),
    CARTHAGE: ("africa.caravan1", "africa.caravan2", "africa.market1"),
}
"""Example 19: Rome 3 caravans + 2 markets, Greece 2 + 2, Babylon 3 + 1, Egypt and
Carthage 2 + 1 each, on provinces each empire controls at the start."""


def test_example_19_trade_levels_counted_from_caravans_and_markets() -> None:
    flow = Flow(CONTENT, _begun())
    _clear_buildings(flow)
    for sites in TRADE_SITES.values():
        for site in sites:
            flow.place_building(site)
    leadership.adjust_all(flow)
    trade = [flow.player(seat).tracks[0] for seat in range(5)]
    assert trade == [5, 4, 4, 3, 3]  # Babylon's printed III is a slip (ruling MN-1)
    leadership.claim_titles(flow)
    assert flow.state.titles[0] == ROME


def _fourteen(flow: Flow) -> None:
    """Example 20: Rome with 5 fortresses, 5 triremes and 4 legions (Military XIV)."""
    for area in flow.state.provinces:
        legions = tuple(0 if seat == ROME else n for seat, n in enumerate(area.legions))
        fortress = NOBODY if area.fortress == ROME else area.fortress
        flow.update_area(area.id, legions=legions, fortress=fortress)
    for waters in flow.state.seas:
        flow.update_sea(waters.id, triremes=(0, *waters.triremes[1:]))
    for province in ("italia", "cisalpina", "sicilia", "raetia", "corsica"):
        flow.update_area(province, controller=ROME, fortress=ROME)
    for sea in ("mare_tyrrhenum", "mare_ionium", "mare_africum", "mare_ligusticum",
                "mare_hadriaticum"):
        flow.update_sea(sea, triremes=(1, *flow.waters(sea).triremes[1:]))
    flow.update_area("italia", legions=(4, *flow.area("italia").legions[1:]))
    flow.update(ROME, resources=("coin",) * 12)
    leadership.adjust_all(flow)


def test_example_20_four_legions_built_flip_fourteen_to_plus_three() -> None:
    state = _build_phase(_fourteen)
    assert state.players[ROME].tracks[2] == 14
    state = _do(state, "choose_active", seat=ROME)
    for _ in range(4):
        state = _buy(state, "legion", "italia", "coin", "coin", "coin")
    state = _do(state, "done")
    military = state.players[ROME].tracks[2]
    assert military == 18 and leadership.level(military) == (True, 3)


def _perseus(tiles: tuple[str, ...], coins: int, face_up: tuple[str, ...]) -> MnState:
    def edit(flow: Flow) -> None:
        flow.update(GREECE, tiles=tiles, resources=("coin",) * coins)
        flow.set(display=Display(face_up=face_up))
    return _build_phase(edit)


def test_example_21_perseus_overrules_the_culture_leader_and_wins_with_the_pyramids() -> None:
    state = _perseus(("pericles", "perseus"), 12, ("pyramids", "circe"))
    assert state.titles[1] == EGYPT
    pending = RULESET.decision(state)
    assert pending.actor == GREECE and "Perseus" in pending.prompt
    state = _do(state, "perseus", first=True)
    assert state.build.active == GREECE and state.build.done == ()
    state = _buy(state, "tile", "pyramids", *("coin",) * 12)
    assert (state.phase, state.winners, state.victory) == ("over", (GREECE,), "pyramids")


def test_example_21_perseus_building_first_wins_at_once_with_a_fifth_tile() -> None:
    four = ("pericles", "perseus", "hercules", "antigone")
    state = _perseus(four, 10, ("pyramids", "circe"))
    state = _do(state, "perseus", first=True)
    state = _buy(state, "tile", "circe", *("coin",) * 10)
    assert (state.phase, state.winners, state.victory) == ("over", (GREECE,), "heroes")


def test_example_21_declining_perseus_leaves_the_pick_to_the_culture_leader() -> None:
    state = _do(_perseus(("pericles", "perseus"), 12, ("pyramids",)), "perseus", first=False)
    pending = RULESET.decision(state)
    assert pending.actor == EGYPT and state.build.active == NOBODY
