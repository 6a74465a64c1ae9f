"""Mediterranean Empires' public state: plain frozen records, hands as slot ids only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.core.records import DERIVED_CACHE, memo, quick_init
from game.core.slots import HiddenCards
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome
from game.rulesets.mediterranean_empires.frames import Frame

NEUTRAL = -1
"""Owner of a neutral city."""
OUT_OF_PLAY = -2
"""Owner of a city (or state of a barbarian area) outside the scenario's provinces."""
V = TypeVar("V")


@quick_init
@dataclass(frozen=True)
class Seat:
    """One empire at the table (seats are numbered in the scenario's turn order)."""

    empire: str
    capital: str
    vp: int
    hand: tuple[str, ...]
    discard: tuple[str, ...]
    hand_bonus: int = 0
    cities_at_turn_start: int = 0


@quick_init
@dataclass(frozen=True)
class Board:
    """Who holds each city (map order), its fortification markers, and the barbarian areas."""

    owner: tuple[int, ...]
    forts: tuple[int, ...]
    subdued: tuple[int, ...]
    """Per barbarian area: 1 subdued, 0 not, OUT_OF_PLAY when the scenario leaves it out."""


def board_memo(state: MeState, key: tuple[Any, ...], compute: Callable[[], V]) -> V:
    """A value derived from the board, worked out once per `Board` record.

    Most entries leave the board alone, so legal lists that walk it (routes, targets) reuse
    their work across entries. `key` must name everything else the value depends on: the
    rules, the seat, its capital, the truces...
    """
    board = state.board
    derived = board.__dict__.get(DERIVED_CACHE)  # the memo's lookup without a second call
    if derived is not None and key in derived:
        return derived[key]
    return memo(board, key, compute)


@quick_init
@dataclass(frozen=True)
class Truce:
    """A truce card in force: no ME between `seat` and `other` (-1: everyone) until `until`."""

    seat: int
    other: int
    card: str
    until: str


@dataclass(frozen=True)
class MeState:
    """The whole public state of a Mediterranean Empires game."""

    scenario: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[Seat, ...]
    board: Board
    turn: int
    round: int
    last_turn: int
    enraged: int
    event: str
    all_passed: bool
    passes: int
    first_seat: int
    hidden: HiddenCards
    stack: tuple[Frame, ...]
    truces: tuple[Truce, ...] = ()
    winners: tuple[int, ...] = ()
    outcome: CombatOutcome | None = None
    """The return register of the last combat, read by the procedure that started it."""

    @property
    def top(self) -> Frame | None:
        """The procedure step now in charge (None once the game is over)."""
        return self.stack[-1] if self.stack else None

    def option(self, name: str, default: Any = None) -> Any:
        """A game option (optional rules 8.1-8.4 and others)."""
        return dict(self.options).get(name, default)

    def cities_of(self, seat: int) -> int:
        """How many cities a seat holds."""
        return self.board.owner.count(seat)
