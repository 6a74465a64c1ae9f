"""Mare Nostrum's state: the board (provinces, seas), each empire's screen and mat, the
Leader board, the hero/wonder display, the reserves, and every phase's sub-state.

Seats index every per-seat tuple; provinces and seas keep the content's order (`Area.id`,
`Waters.id` name them). A hand of resources is a sorted tuple of resource ids (`coin`, a
commodity type, or `legendary:<type>`). Screens hide hands only as a hot-seat courtesy: the
view shows other seats counts; the sealed offers are the one real secret (ruling MN-3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from game.core.records import memo
from game.core.sealed import SealedRound
from game.core.slots import HiddenCards

NOBODY = -1
"""No seat: an uncontrolled province, an unheld title, no claimer."""
PHASES = ("collect", "trade", "build", "move", "leadership", "over")
"""The five phases of a round (Round Overview), then the end of the game."""
TRACK_INDEX = {"trade": 0, "culture": 1, "military": 2}

Claim = tuple[int, int, str]
"""(taker, giver, resource): one claim of the trade chain (rule 2.2)."""


@dataclass(frozen=True)
class Player:
    """One empire: its screen (resources), its Leader track values and its mat (tiles)."""

    empire: str
    resources: tuple[str, ...] = ()
    """Behind the screen: a sorted multiset of resource ids."""
    tracks: tuple[int, int, int] = (0, 0, 0)
    """Trade, Culture, Military as last adjusted (rule 3.2, 4.3.4); above 15 is the '+' side."""
    tiles: tuple[str, ...] = ()
    """Heroes and wonders owned, the starting hero first, in the order gained."""
    copied: str = ""
    """The hero whose power Castor & Pollux copied (rule 10, Castor & Pollux), or ""."""
    peace_with: int = NOBODY
    """Statue of Zeus: the opponent declared at peace in the latest round it was used."""
    peace_round: int = 0
    """The round of that declaration (never the same opponent two rounds in a row)."""


@dataclass(frozen=True)
class Area:
    """One province as it stands: control, buildings and who occupies them, units, war."""

    id: str
    controller: int = NOBODY
    """The seat whose Control Marker is here (a capital's is printed), or NOBODY."""
    buildings: tuple[str, ...] = ()
    """Site ids holding a building, sorted."""
    occupied: tuple[tuple[str, int], ...] = ()
    """(site id, seat): buildings a conqueror's legion occupies (rule 4.3.2), sorted."""
    posted: tuple[tuple[str, int], ...] = ()
    """(site id, seat): legions standing on an empty site — after a pillage (rule 4.3.1) or
    as Circe's caravans (rule 10, Circe) — sorted."""
    marker_occupier: int = NOBODY
    """The seat whose legion sits on the Control Marker (rule 4.3.3), or NOBODY."""
    marker_round: int = 0
    """The round the Control Marker was first occupied (Queen of Sheba, conversion)."""
    legions: tuple[int, ...] = ()
    """Legions per seat."""
    fortress: int = NOBODY
    """The seat owning the province's fortress (at most one, rule 3.1.2), or NOBODY."""
    at_war: bool = False
    """Rule 4.2.1: more than one seat's units remain here."""

    def occupier(self, site: str) -> int:
        """The seat occupying a building site, or NOBODY."""
        return dict(self.occupied).get(site, NOBODY)

    def holder(self, site: str) -> int:
        """Who controls a built site: its occupier, else the Controlling Player (Control)."""
        if site not in self.buildings:
            return NOBODY
        if not self.occupied:
            return self.controller
        occupier = self.occupier(site)
        return self.controller if occupier == NOBODY else occupier

    def units_of(self, seat: int) -> int:
        """A seat's legions plus its fortress here."""
        return self.legions[seat] + (1 if self.fortress == seat else 0)

    def armies(self) -> tuple[int, ...]:
        """The seats with legions or the fortress here, in seat order."""
        return tuple(seat for seat in range(len(self.legions)) if self.units_of(seat))


@dataclass(frozen=True)
class Waters:
    """One sea: triremes per seat."""

    id: str
    triremes: tuple[int, ...] = ()

    def fleets(self) -> tuple[int, ...]:
        """The seats with triremes here, in seat order."""
        return tuple(seat for seat, count in enumerate(self.triremes) if count)


@dataclass(frozen=True)
class Supply:
    """The reserves (Game Components; finite, rule 9): commodities, coins, buildings, and the
    Legendary Commodities drawn openly from a public pile (ruling MN-4)."""

    commodities: tuple[int, ...]
    """Per commodity type in COMMODITIES order."""
    coins: int
    buildings: tuple[int, ...]
    """Per building piece in BUILDINGS order."""
    legendary_pile: tuple[str, ...] = ()
    """Commodity types of the Legendary Commodities still to draw, sorted."""
    legendary_discard: tuple[str, ...] = ()
    """Commodity types of the spent ones, sorted (reshuffled when the pile is empty)."""


@dataclass(frozen=True)
class Display:
    """The Heroes & Wonders board (set-up 5): tiles on offer face up and face down."""

    face_up: tuple[str, ...] = ()
    """Unowned tiles face up, the Pyramids included, in the order they were turned."""
    face_down: tuple[str, ...] = ()
    """Unowned tiles face down, sorted: their places are unknown, so a turn is a chance pick."""
    to_turn: int = 0
    """Tiles still to turn face up by chance (set-up, and after each Build phase)."""


@dataclass(frozen=True)
class CollectState:
    """Rule 1: what the Collect phase still has to hand out, in order."""

    queue: tuple[tuple[int, str], ...] = ()
    """(seat, what): "legendary" (a chance draw), "temple" (a coin or a legendary, chosen),
    "colossus" (a commodity, chosen and announced)."""


@dataclass(frozen=True)
class TradeState:
    """Rule 2: the Exchange Markers and the round's offers and claims."""

    marker_holder: int = NOBODY
    """The Trade Leader who holds the markers (a new one takes all three back)."""
    markers_used: tuple[int, ...] = ()
    """Indices of markers played since the holder took them (rule 2.1)."""
    marker: int = NOBODY
    """The marker played this round (its index), or NOBODY before the choice."""
    value: int = 0
    """The value played: how many resources each player offers."""
    sealed: SealedRound | None = None
    """The round's sealed offers (game.core.sealed)."""
    offers: tuple[tuple[str, ...], ...] = ()
    """Per seat: its face-up offer still unclaimed (after the reveal)."""
    claims: tuple[Claim, ...] = ()
    claimer: int = NOBODY
    """The seat that claims next, or NOBODY when trading has ended."""
    short: int = NOBODY
    """The seat the Trade Leader owes one resource (rule 2.2.1), or NOBODY."""


@dataclass(frozen=True)
class Payment:
    """A build being paid resource by resource (rule 3), then confirmed."""

    item: str
    """"control", a building piece, a unit, or "tile"."""
    place: str = ""
    """The province, sea, site or tile id it goes to."""
    cost: int = 0
    via: str = ""
    """The power that makes it cheap or free ("spartacus", "hammurabi", ...), or ""."""
    picked: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildState:
    """Rule 3: who has built, who builds now, and what is being paid for."""

    done: tuple[int, ...] = ()
    """Seats that had their Build turn this round, in order."""
    active: int = NOBODY
    """The Active Player, or NOBODY while the Culture Leader (or Perseus) chooses."""
    bases: tuple[tuple[str, ...], ...] = ()
    """Per seat: provinces it controlled at the beginning of the round (rule 3.1.1)."""
    payment: Payment | None = None
    powers_used: tuple[tuple[int, str], ...] = ()
    """(seat, power): once-a-round powers used this round (Hammurabi, Spartacus, ...)."""
    fifth: tuple[int, ...] = ()
    """Seats that gained their fifth hero/wonder this phase (rule 6.2)."""
    perseus_asked: bool = False
    """Whether the Perseus owner was asked to build first this phase (rule 10, Perseus)."""
    keeping: int = NOBODY
    """At the end of the phase: the seat choosing what it keeps (Hanging Gardens)."""
    over: bool = False
    """The Active Player has finished his Build turn (he said `done`)."""
    copying: bool = False
    """The Active Player just recruited Castor & Pollux and chooses whom to copy (rule 10)."""


@dataclass(frozen=True)
class Battle:
    """Rule 4.2: one battle in a province or sea, from the roll to the losses."""

    place: str
    sea: bool
    attacker: int
    defender: int
    rolls: tuple[tuple[int, ...], ...] = ()
    """Face values rolled: (attacker's, defender's), empty before the roll."""
    totals: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()
    """Hits each side still has to take (attacker's, defender's), after fortress negation."""


@dataclass(frozen=True)
class MoveState:
    """Rule 4: the Move & Battle phase: who has moved, who moves now, and what is pending."""

    done: tuple[int, ...] = ()
    """Seats that had their Move & Battle turn this round, in order."""
    active: int = NOBODY
    """The Active Player, or NOBODY while the Military Leader chooses."""
    step: str = ""
    """The Active Player's step: "convert", "triremes", "sea_battles", "legions",
    "land_battles", "conquest"."""
    arrived: tuple[tuple[str, int], ...] = ()
    """(area id, count): the Active Player's units that moved there this turn (they may not
    move again), sorted."""
    fought: tuple[str, ...] = ()
    """Areas where a battle was fought this turn (one per area, rule 9)."""
    battle: Battle | None = None
    conquests: tuple[str, ...] = ()
    """Provinces where the Active Player is Conqueror and still has to choose (rule 4.3)."""
    peace: tuple[tuple[int, int], ...] = ()
    """Statue of Zeus pairs (owner, opponent) at peace this round (rule 11)."""
    sheba_used: bool = False
    """Whether Queen of Sheba's conversion was used this round (rule 10)."""


@dataclass(frozen=True)
class MnState:
    """The whole state of a game of Mare Nostrum: Empires."""

    scenario: str
    """"5", "4" or "3": the board by player count."""
    display_mode: str
    """The hero/wonder display option: "first games" or "experienced"."""
    round: int
    phase: str
    """One of PHASES."""
    step: str
    """The step within the phase that decides next (flow.py dispatches on phase and step)."""
    players: tuple[Player, ...]
    titles: tuple[int, int, int]
    """The Trade, Culture and Military Leaders (seats)."""
    provinces: tuple[Area, ...]
    seas: tuple[Waters, ...]
    supply: Supply
    display: Display
    hidden: HiddenCards
    """Always empty: the core's card component, which this game does not use."""
    collect: CollectState = CollectState()
    trade: TradeState = TradeState()
    build: BuildState = BuildState()
    move: MoveState = MoveState()
    order_chooser: int = NOBODY
    """Who picks the next Active Player now (the Culture or Military Leader), or NOBODY."""
    winners: tuple[int, ...] = ()
    victory: str = ""
    """How the game was won: "pyramids", "heroes", "cities", "titles", or ""."""

    @property
    def seats(self) -> int:
        """Number of players."""
        return len(self.players)

    def player(self, seat: int) -> Player:
        """One empire's screen and mat."""
        return self.players[seat]

    def area(self, province: str) -> Area:
        """A province's state by id; KeyError if unknown."""
        return self.provinces[_index(self, "provinces", province)]

    def waters(self, sea: str) -> Waters:
        """A sea's state by id; KeyError if unknown."""
        return self.seas[_index(self, "seas", sea)]

    def seat_of(self, empire: str) -> int:
        """The seat playing an empire; KeyError if it is not in the game."""
        for seat, player in enumerate(self.players):
            if player.empire == empire:
                return seat
        raise KeyError(f"{empire!r} is not in this game")


def _index(state: MnState, field: str, key: str) -> int:
    positions: dict[str, int] = memo(state, ("index", field), lambda: {
        item.id: at for at, item in enumerate(getattr(state, field))})
    return positions[key]


def put(items: tuple, index: int, value: object) -> tuple:
    """A tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1:])


def added(hand: tuple[str, ...], items: Iterable[str]) -> tuple[str, ...]:
    """A hand with resources added (kept sorted)."""
    return tuple(sorted((*hand, *items)))


def removed(hand: tuple[str, ...], items: Iterable[str]) -> tuple[str, ...]:
    """A hand with resources taken out; ValueError if one is missing."""
    left = Counter(hand)
    for item in items:
        if not left[item]:
            raise ValueError(f"the hand holds no {item}")
        left[item] -= 1
    return tuple(sorted(left.elements()))


def pairs_with(pairs: tuple[tuple[str, int], ...], key: str,
               seat: int) -> tuple[tuple[str, int], ...]:
    """Sorted (key, seat) pairs with `key` set to `seat` (dropped when seat is NOBODY)."""
    kept = [pair for pair in pairs if pair[0] != key]
    if seat != NOBODY:
        kept.append((key, seat))
    return tuple(sorted(kept))
