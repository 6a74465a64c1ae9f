"""Roll Through the Ages' public state: one sheet and peg board per player, the turn in
progress, and the Mediterranean colony board (nothing is hidden in this game)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.slots import HiddenCards

NOBODY = -1
"""The owner of a colony nobody has completed."""
PHANTOM = -2
"""The owner of a colony founded by the Mediterranean solitaire opponent."""


@dataclass(frozen=True)
class Player:
    """One player's peg board (food, goods, armies, ships, wealth) and score sheet."""

    food: int
    goods: int
    armies: int
    ships: int = 0
    wealth: int = 0
    provinces: int = 1
    """Provinces built, the pre-built first one included."""
    province_boxes: int = 0
    """Filled population boxes of the next province."""
    ports: int = 1
    """Ports built, the pre-built first one included."""
    port_population: int = 0
    """Filled population boxes of the ports not yet built, the next one first (ruling 15)."""
    port_goods: int = 0
    """Filled goods urns of the ports not yet built, in sheet order (ruling 15)."""
    monuments: tuple[int, ...] = ()
    """Filled boxes per monument, in sheet order."""
    first: tuple[bool, ...] = ()
    """Per monument: whether this player was the first to complete it (the larger points)."""
    developments: tuple[str, ...] = ()
    """Development ids, in the order bought."""
    tribute: int = 0
    skulls: int = 0
    conquests: int = 1
    """Filled conquest boxes: the strength of the next conquest (1 at the start)."""


@dataclass(frozen=True)
class Battle:
    """One battle waiting to be fought in step 3: who fights, what, and at which strength."""

    seat: int
    kind: str
    """"barbarians", "invasion" or "conquest"."""
    enemy: int


@dataclass(frozen=True)
class Turn:
    """The turn in progress: the dice and what the active player still has to spend."""

    dice: tuple[int, ...] = ()
    """Face index (0-5) per die; die 0 is the Fate die, dice 1.. the Empire dice."""
    locked: tuple[bool, ...] = ()
    """Dice set aside with a skull (they cannot be rerolled; ruling 1)."""
    rolls: int = 0
    rerolling: tuple[int, ...] = ()
    """Dice waiting for chance (a reroll, or Leadership's one die)."""
    led: bool = False
    """Leadership's reroll is used (or passed up)."""
    omens_used: bool = False
    food_dice: int = 0
    """How many food-or-population dice were taken as food."""
    population: int = 0
    innovations: int = 0
    battles: tuple[Battle, ...] = ()
    targets: tuple[int, ...] = ()
    """Opponents a tribute demand still has to be compared with, clockwise."""
    demand: int = 0
    """The demanding player's strength in a tribute demand."""
    completed: tuple[str, ...] = ()
    """Colonies completed this turn (their rewards come at the end of step 3b)."""
    phantom_founded: int = 0
    """Colonies the Mediterranean solitaire opponent founded this round."""
    phantom_size: int = 0
    """The size the solitaire opponent's die asks for, while a colony of it is picked."""


@dataclass(frozen=True)
class Board:
    """The Mediterranean colony board: per colony (content order) its pegs and its owner."""

    pegs: tuple[tuple[int, ...], ...]
    """Per colony: the seat of each filled hole (PHANTOM for the solitaire opponent)."""
    owners: tuple[int, ...]
    """Per colony: the seat that completed it, PHANTOM, or NOBODY."""


@dataclass(frozen=True)
class RttaState:
    """The whole public state of a game."""

    length: str
    """"short" or "full"."""
    mediterranean: bool
    round: int
    turn: int
    """The active seat (the start player is seat 0; play goes up the seat numbers)."""
    phase: str
    players: tuple[Player, ...]
    current: Turn
    board: Board
    hidden: HiddenCards
    """Always empty: the core's card component, which this game does not use."""

    @property
    def seats(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def solitaire(self) -> bool:
        """Whether one person plays alone (solitaire rules)."""
        return len(self.players) == 1

    def player(self, seat: int) -> Player:
        """One player's sheet."""
        return self.players[seat]


def put(items: tuple, index: int, value: object) -> tuple:
    """A tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1:])
