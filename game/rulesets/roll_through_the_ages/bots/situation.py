"""What the greedy bot reads before a decision: the content, the public state (everything
is public in this game), the deciding seat and how many turns the game probably has left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.records import evolve
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.bots.from_view import state_from_view
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.decisions import actor
from game.rulesets.roll_through_the_ages.state import Player, RttaState, put

ROUNDS_GUESS_CAP = 10
"""The most rounds a multi-player game is expected to run on (for investment values)."""


@dataclass(frozen=True)
class Situation:
    """One decision's reading of the game."""

    content: RttaContent
    state: RttaState
    seat: int

    @cached_property
    def me(self) -> Player:
        """The deciding seat's sheet."""
        return self.state.player(self.seat)

    @cached_property
    def turns_left(self) -> int:
        """This seat's turns still to come after the current one (0 in the last round)."""
        return rounds_left(self.content, self.state) - 1

    @property
    def dice(self) -> int:
        """The Empire dice the seat rolls."""
        return sheet.empire_dice(self.content, self.me)

    def with_me(self, player: Player) -> RttaState:
        """The state with the deciding seat's sheet replaced."""
        return evolve(self.state, players=put(self.state.players, self.seat, player))

    def opponents(self) -> tuple[Player, ...]:
        """Every other player's sheet."""
        return tuple(p for i, p in enumerate(self.state.players) if i != self.seat)


def rounds_left(content: RttaContent, state: RttaState) -> int:
    """Rounds still to play, the current one included: exact in solitaire, otherwise guessed
    from the development count the game length ends on (the trigger bots reach first)."""
    if state.solitaire:
        return max(1, content.solitaire_rounds - state.round + 1)
    length = content.length(state.length)
    most = max(len(p.developments) for p in state.players)
    guess = (length.developments - most) * 3 // 2 + 1
    return max(1, min(ROUNDS_GUESS_CAP, guess))


def read(content: RttaContent, view: Mapping[str, Any]) -> Situation:
    """The situation from a seat's view: its public state when the table attached one,
    otherwise the state rebuilt from the view's plain data."""
    state = getattr(view, "state", None)
    if not isinstance(state, RttaState):
        state = state_from_view(content, view)
    return Situation(content, state, actor(state))
