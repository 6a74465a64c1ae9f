"""Who must act next, and what kind of answer the engine expects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.chance import ChanceRequest
from game.core.records import quick_init

CHANCE = -1
"""The actor id of chance (dice, draws, random picks)."""

DecisionKind = Literal["action", "chance", "open", "commit", "handoff", "seal", "reveal",
                       "over"]


@quick_init
@dataclass(frozen=True)
class Decision:
    """The one pending decision.

    kinds: `action` (a seat picks one of its legal actions), `chance` (a seed or scripted
    values answer `chance`), `open` (the seat must open `slots`), `commit` (the seat commits a
    shuffle of `deck` at `epoch` over `cards`), `handoff` (the seat opens `slots` privately to
    seat `to`), `seal` (the seat seals a choice in the sealed round `sealed`), `reveal` (the
    seat reveals its sealed choice in `sealed`), `over` (the game has ended; no actor).
    """

    actor: int
    kind: DecisionKind
    prompt: str
    chance: ChanceRequest | None = None
    slots: tuple[str, ...] = ()
    deck: str = ""
    epoch: int = 0
    cards: tuple[str, ...] = ()
    to: int = CHANCE
    sealed: str = ""

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next."""
        return self.kind == "chance"

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.kind == "over"


def game_over(prompt: str = "the game is over") -> Decision:
    """The decision of a finished game."""
    return Decision(actor=CHANCE, kind="over", prompt=prompt)
