"""Rollouts for search: the greedy heuristics for every seat on a light view, and the worth
of the position where a rollout stops.

The light view holds only what the greedy heuristics read (seats, hand, stack, cities, turn),
built from memos on the immutable records: a full view (route options, battle figures, the
open cards of the table) costs several times more and rollouts never show it to anyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.encoding import to_plain
from game.core.records import memo
from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Frame
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.scoring import scoring_lines
from game.rulesets.mediterranean_empires.state import NEUTRAL, OUT_OF_PLAY, MeState, board_memo

WIN = 1000
"""What winning is worth against the position's figures (tenths of a VP)."""


@dataclass(frozen=True)
class Weights:
    """What a VP, a VP of the turn-end awards to come, a city and a card in hand are worth
    now, in hundredths of a VP at the end of the game."""

    vp: int
    pending: int
    city: int
    card: int


FITTED = {
    (2, False): Weights(100, 110, 180, 90), (2, True): Weights(80, 105, 250, 60),
    (1, False): Weights(80, 60, 190, 70), (1, True): Weights(85, 115, 140, 50),
    (0, False): Weights(85, 45, 65, 95), (0, True): Weights(95, 85, 30, 55),
}
"""(turns after this one, at most 2; past the fourth round) → weights: least squares of each
seat's final VP on its VP, awards to come, cities and hand at the start of every round (all
less the table's mean), over 782 all-greedy games of scenario 3 (docs/ai.md)."""


def light_view(rules: Rules, state: MeState, seat: int, cards: dict[str, str]) -> dict[str, Any]:
    """The parts of a seat's view the greedy heuristics read, the hand from the world."""
    return {
        "seat": seat, "turn": state.turn, "round": state.round, "enraged": state.enraged,
        "seats": [{"empire": s.empire, "capital": s.capital, "vp": s.vp} for s in state.seats],
        "hand": [{"slot": slot, "card": cards.get(slot)} for slot in state.seats[seat].hand],
        "stack": [_plain(frame) for frame in state.stack],
        "cities": _cities(rules, state),
    }


def _plain(frame: Frame) -> Any:
    """A frame as plain data, worked out once per frame record."""
    return memo(frame, "plain", lambda: to_plain(frame))


def _cities(rules: Rules, state: MeState) -> dict[str, dict[str, Any]]:
    """city → owner and forts, worked out once per board."""
    empires = tuple(s.empire for s in state.seats)
    return board_memo(state, (rules, "light-cities", empires),
                      lambda: _city_table(rules, state, empires))


def _city_table(rules: Rules, state: MeState, empires: tuple[str, ...]
                ) -> dict[str, dict[str, Any]]:
    board = state.board
    return {city: {"owner": "neutral" if owner == NEUTRAL else empires[owner], "forts": forts}
            for city, owner, forts in zip(rules.city_ids, board.owner, board.forts, strict=True)
            if owner != OUT_OF_PLAY}


class GreedyPolicy:
    """Every seat played by its own greedy bot, reading light views of the world."""

    def __init__(self, rules: Rules, seats: int, seed: bytes, cards: dict[str, str]) -> None:
        self.rules = rules
        self.cards = cards
        self.bots = [GreedyBot(seed + bytes((seat,)), rules) for seat in range(seats)]

    def __call__(self, state: MeState, seat: int, legal: tuple[Action, ...]) -> Action:
        """The greedy choice (a lone action is taken as it is, unless greedy must note it)."""
        if len(legal) == 1 and legal[0].verb != "cancel":
            return legal[0]
        return self.bots[seat].choose(light_view(self.rules, state, seat, self.cards), legal)


def settled(state: MeState) -> bool:
    """Whether the action in hand has played out: a seat is choosing its action for the round
    (no expedition, combat or event is under way)."""
    return bool(state.stack) and state.stack[-1].kind == "action_phase"


def evaluate(rules: Rules, state: MeState, seat: int) -> int:
    """A seat's position against its strongest rival (tenths of a VP); a finished game adds
    or takes WIN."""
    pending, weights = awards(rules, state), fitted(state)
    worths = [worth(state, other, pending[other], weights) for other in range(len(state.seats))]
    rival = max(w for other, w in enumerate(worths) if other != seat)
    margin = worths[seat] - rival
    if not state.winners:
        return margin
    return margin + (WIN // len(state.winners) if seat in state.winners else -WIN)


def awards(rules: Rules, state: MeState) -> list[int]:
    """Each seat's VP from the turn-end scoring if the turn ended now (key cities, capital
    lost, largest empire, best progress, the final turn's multiplier); none once it is over."""
    pending = [0] * len(state.seats)
    if not state.winners:
        for line in scoring_lines(Flow(rules, state)):
            pending[line.seat] += line.vp
    return pending


def fitted(state: MeState) -> Weights:
    """The weights for the turn and round the position is in."""
    return FITTED[(min(2, max(0, state.last_turn - state.turn)), state.round > 4)]


def worth(state: MeState, seat: int, pending: int, weights: Weights) -> int:
    """A seat's expected final VP (tenths, less a constant): VP, the awards still to come,
    cities and cards in hand."""
    mine = state.seats[seat]
    return (weights.vp * mine.vp + weights.pending * pending + weights.card * len(mine.hand)
            + weights.city * state.board.owner.count(seat)) // 10
