"""The frozen records of Roll Through the Ages content: dice, score sheet, colony board.

`content.py` re-exports them; the YAML under `scenarios/roll_through_the_ages/` fills them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

REWARDS = ("good", "army", "ship", "food", "innovation", "mine")
"""The reward symbols a colony may show (Mediterranean 3b)."""
FATES = ("abundance", "drought", "omens", "conquest", "tribute")
"""What a Fate die face may call for, besides plain yields."""
DISASTER_IDS = ("revolt", "barbarians", "pestilence", "civil_war", "invasion")
SCOPES = ("self", "opponents", "everyone")


@dataclass(frozen=True)
class Face:
    """One face of a die: what it yields when collected (step 1)."""

    id: str
    name: str
    food: int = 0
    population: int = 0
    goods: int = 0
    goods_per_port: int = 0
    innovations: int = 0
    skulls: int = 0
    food_or_population: int = 0
    """The player picks this much food or this much population."""
    fate: str = ""
    food_per_food_die: int = 0
    """Abundance +1, Drought -1: added to every Empire die collected as food."""


@dataclass(frozen=True)
class Development:
    """One of the 17 developments of the score sheet (step 5)."""

    id: str
    name: str
    cost: int
    vp: int
    grand: bool
    """Marked with a star: Roads lowers its cost."""
    effect: str
    struck_in_mediterranean: bool


@dataclass(frozen=True)
class Monument:
    """A monument: its population boxes and the points of first and later builders (step 4)."""

    id: str
    name: str
    boxes: int
    first_vp: int
    later_vp: int
    immunity: str = ""
    """The disaster id it protects from ("barbarians" for the Walls)."""


@dataclass(frozen=True)
class Port:
    """A port of the sheet: population box and goods urns to fill (#1 is pre-built)."""

    number: int
    population: int
    goods: int


@dataclass(frozen=True)
class Province:
    """A province of the sheet: population boxes, tribute and armies on completion."""

    number: int
    population: int
    tribute: int
    armies: int


@dataclass(frozen=True)
class Disaster:
    """What a count of skulls showing brings (step 2 or 3); 5 means five or more."""

    skulls: int
    id: str
    name: str
    penalty: int
    """Skulls taken (to each opponent for Pestilence); 0 for the battles."""
    enemy_strength: int = 0
    immunity: str = ""
    """The development or monument id that protects from it."""
    scope: str = "self"


@dataclass(frozen=True)
class Colony:
    """A colony of the Mediterranean board: holes, reward symbols, the 4-player mark."""

    id: str
    name: str
    size: int
    rewards: tuple[str, ...]
    four_players_only: bool


@dataclass(frozen=True)
class Tracks:
    """The lengths of the peg board's tracks and the sheet's rows."""

    goods: int
    food: int
    armies: int
    ships: int
    wealth: int
    conquest_boxes: int
    tribute: int
    """Printed boxes; counting goes on beyond them."""
    skulls: int
    """Printed boxes; counting goes on beyond them."""


@dataclass(frozen=True)
class Values:
    """What goods, innovations and wealth are worth, and the end-of-game values."""

    good: int
    innovation: int
    innovation_metallurgy: int
    wealth: int
    wealth_vp: int
    goods_per_wealth: int
    goods_per_wealth_coinage: int
    colony_vp: int
    mine_vp_metallurgy: int


@dataclass(frozen=True)
class Start:
    """The set-up values of every player's sheet and peg board."""

    food: int
    armies: int
    goods: int
    conquest_boxes: int
    dice: int
    max_dice: int
    colony_pegs: int


@dataclass(frozen=True)
class GameLength:
    """Short or full game: the end triggers."""

    id: str
    developments: int
    tribute: int
    monuments_left: int
    """How many monuments may still be unbuilt when the game ends."""


_Named = TypeVar("_Named", Development, Monument, Colony, GameLength)


@dataclass(frozen=True)
class RttaContent:
    """Everything the rules read, loaded and cross-checked."""

    empire_die: tuple[Face, ...]
    fate_die: tuple[Face, ...]
    developments: tuple[Development, ...]
    monuments: tuple[Monument, ...]
    ports: tuple[Port, ...]
    provinces: tuple[Province, ...]
    disasters: tuple[Disaster, ...]
    colonies: tuple[Colony, ...]
    tracks: Tracks
    values: Values
    start: Start
    lengths: tuple[GameLength, ...]
    solitaire_rounds: int
    solitaire_target: int
    solitaire_target_mediterranean: int
    content_hash: str = ""

    def development(self, id: str) -> Development:
        """A development by id; KeyError if unknown."""
        return _by_id(self.developments, id, "development")

    def monument(self, id: str) -> Monument:
        """A monument by id; KeyError if unknown."""
        return _by_id(self.monuments, id, "monument")

    def colony(self, id: str) -> Colony:
        """A colony by id; KeyError if unknown."""
        return _by_id(self.colonies, id, "colony")

    def length(self, id: str) -> GameLength:
        """A game length ("short" or "full") by id; KeyError if unknown."""
        return _by_id(self.lengths, id, "game length")

    def disaster(self, skulls: int) -> Disaster | None:
        """The disaster a count of skulls showing brings (the highest at or under it)."""
        hits = [d for d in self.disasters if d.skulls <= skulls]
        return max(hits, key=lambda d: d.skulls) if hits else None


def _by_id(records: tuple[_Named, ...], id: str, kind: str) -> _Named:
    for record in records:
        if record.id == id:
            return record
    raise KeyError(f"no {kind} {id!r}")
