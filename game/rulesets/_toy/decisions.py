"""What each phase of Tribute asks for."""

from __future__ import annotations

from game.core import chance
from game.core.chance import ChanceRequest
from game.core.decision import CHANCE, Decision, game_over
from game.core.sealed import round_decision
from game.rulesets._toy import cards
from game.rulesets._toy.state import ToyState

HAND_START = 3


def phase_decision(state: ToyState) -> Decision:
    """The decision of the state's phase (shuffles are handled before this)."""
    return _PHASE_DECISIONS[state.phase](state)


def _deal_decision(state: ToyState) -> Decision:
    undrawn = len(state.hidden.deck(cards.deck_id(state.dealt)).undrawn)
    draws = tuple(chance.pick("deal", undrawn - i) for i in range(HAND_START))
    return Decision(CHANCE, "chance", f"deal {HAND_START} cards to seat {state.dealt}",
                    chance=ChanceRequest(draws, "deal"))


def _draw_decision(state: ToyState) -> Decision:
    undrawn = len(state.hidden.deck(cards.deck_id(state.turn)).undrawn)
    return Decision(CHANCE, "chance", f"seat {state.turn} draws a card",
                    chance=ChanceRequest((chance.pick("draw", undrawn),), "draw"))


def _act_decision(state: ToyState) -> Decision:
    return Decision(state.turn, "action", f"seat {state.turn}: play, wager or pass")


def _roll_decision(purpose: str, count: int) -> Decision:
    return Decision(CHANCE, "chance", purpose,
                    chance=ChanceRequest((chance.dice(purpose, count),), purpose))


def _bid_decision(state: ToyState) -> Decision:
    decision = round_decision(state.sealed, f"seal a bid for round {state.round}")
    assert decision is not None, "the bids are resolved as soon as the last is revealed"
    return decision


def _pick_victim_card(state: ToyState) -> Decision:
    size = len(state.hands[state.victim])
    return Decision(CHANCE, "chance", f"pick a card of seat {state.victim}",
                    chance=ChanceRequest((chance.pick("victim card", size),), "victim card"))


_PHASE_DECISIONS = {
    "deal": _deal_decision,
    "draw": _draw_decision,
    "act": _act_decision,
    "bid": _bid_decision,
    "wager_open": lambda s: Decision(s.turn, "open", "open the wager", slots=(s.wagers[s.turn],)),
    "wager_roll": lambda s: _roll_decision("wager", 1),
    "raid_roll": lambda s: _roll_decision("raid", 2),
    "steal_pick": _pick_victim_card,
    "plague_pick": _pick_victim_card,
    "steal_handoff": lambda s: Decision(s.victim, "handoff", f"hand a card to seat {s.turn}",
                                        slots=(s.target,), to=s.turn),
    "plague_open": lambda s: Decision(s.victim, "open", "discard the picked card",
                                      slots=(s.target,)),
    "over": lambda s: game_over(),
}
