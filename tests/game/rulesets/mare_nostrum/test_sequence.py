"""The round's order (Round Overview): set-up chance, collection, the leaders picking
Active Players, the Perseus offer, title awards, victory checkpoints, the next round."""

from __future__ import annotations

from game.core.actions import act
from game.core.entries import ActionEntry, ChanceEntry
from game.core.records import evolve
from game.rulesets.mare_nostrum import decisions, sequence
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.ruleset import bundled_ruleset
from game.rulesets.mare_nostrum.state import NOBODY, BuildState, MnState
from tests.game.rulesets.mare_nostrum.helpers_mn import config


def _begun() -> MnState:
    """Round 1 after the display is laid out (five scripted picks)."""
    ruleset = bundled_ruleset()
    state = ruleset.setup(config())
    state, _ = ruleset.apply(state, ChanceEntry(values=(0, 0, 0, 0, 0)))
    return state


def test_setup_waits_for_the_display_then_round_one_collects_and_trades() -> None:
    state = _begun()
    assert len(state.display.face_up) == 6
    assert state.phase == "trade" and state.round == 1
    assert all(len(p.resources) == 9 for p in state.players)


def _build_turns(state: MnState) -> MnState:
    flow = Flow(bundled_ruleset().content, state)
    flow.set(build=BuildState(), order_chooser=state.titles[1])
    flow.go("build", "turns")
    return flow.state


def test_culture_leader_picks_each_active_player_among_those_left() -> None:
    state = _build_turns(_begun())
    content = bundled_ruleset().content
    pending = decisions.decision(content, state)
    assert pending.actor == state.titles[1]
    assert decisions.legal(content, state, pending.actor) == tuple(
        act("choose_active", seat=s) for s in range(5))
    state = evolve(state, build=evolve(state.build, done=(0, 2)))
    assert [a.arg("seat") for a in sequence.choose_actions(state)] == [1, 3, 4]


def test_picking_makes_the_active_player() -> None:
    ruleset = bundled_ruleset()
    state = _build_turns(_begun())
    state, events = ruleset.apply(state, ActionEntry(state.titles[1],
                                                     act("choose_active", seat=3)))
    assert state.build.active == 3
    assert any(ev.kind == "active" for ev in events)


def test_a_tied_title_without_its_holder_asks_him_to_award_it() -> None:
    ruleset = bundled_ruleset()
    state = _begun()
    trade_values = (8, 8, 1, 1, 1)
    players = tuple(evolve(p, tracks=(v, *p.tracks[1:]))
                    for p, v in zip(state.players, trade_values, strict=True))
    flow = Flow(ruleset.content, evolve(state, players=players))
    flow.go("leadership", "award")
    holder = flow.state.titles[0]
    pending = ruleset.decision(flow.state)
    assert pending.actor == holder
    assert ruleset.legal_actions(flow.state, holder, {}) == (
        act("award", track="trade", seat=0), act("award", track="trade", seat=1))
    state, _ = ruleset.apply(flow.state, ActionEntry(holder, act("award", track="trade",
                                                                 seat=1)))
    assert state.titles[0] == 1 and state.round == 2


def test_award_step_without_a_tie_moves_to_the_next_round() -> None:
    ruleset = bundled_ruleset()
    flow = Flow(ruleset.content, _begun())
    flow.go("leadership", "claim")
    sequence.advance(flow)
    assert flow.state.round == 2 or flow.state.phase == "over"


def test_three_titles_end_the_game_at_claim_leadership() -> None:
    ruleset = bundled_ruleset()
    flow = Flow(ruleset.content, _begun())
    flow.set(titles=(1, 1, 1))
    flow.update(1, tiles=("pericles", "hercules", "antigone", "penthesilea"))
    flow.update_area("thracia", legions=(0, 9, 0, 0, 0))
    flow.update_area("achaea", fortress=1)
    flow.go("leadership", "claim")
    sequence.advance(flow)
    assert flow.state.phase == "over" and flow.state.winners == (1,)
    assert ruleset.outcome(flow.state).winners == (1,)


def test_the_perseus_offer_comes_before_the_culture_leader_picks() -> None:
    ruleset = bundled_ruleset()
    flow = Flow(ruleset.content, _begun())
    flow.update(2, tiles=("hammurabi", "perseus"), resources=("coin",) * 12)
    flow.go("trade", "offers")
    flow.set(trade=evolve(flow.state.trade, claimer=NOBODY, sealed=None))
    sequence._begin_build(flow)
    assert flow.state.step == "perseus"
    state, _ = ruleset.apply(flow.state, ActionEntry(2, act("perseus", first=True)))
    assert state.build.active == 2 and state.build.perseus_asked


def test_the_last_player_waiting_builds_without_a_pick() -> None:
    state = _build_turns(_begun())
    state = evolve(state, build=evolve(state.build, done=(0, 1, 2, 3)))
    flow = Flow(bundled_ruleset().content, state)
    sequence.advance(flow)
    assert flow.state.build.active == 4
