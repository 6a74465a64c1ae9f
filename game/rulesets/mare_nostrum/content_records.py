"""The frozen records of Mare Nostrum content: map, empires, tiles, supplies, dice.

`content.py` re-exports them; the YAML under `scenarios/mare_nostrum/` fills them. Ids are
lower-case words; a building site's id is `<province>.<kind><n>` (`aethiopia.caravan1`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from game.core.records import memo

COMMODITIES = ("ceramic", "gems", "papyrus", "metal", "spices", "stone", "wood", "gold",
               "grain", "oil", "sheep", "wine", "gladiator")
"""The 13 commodity types in the components' order (Game Components)."""
COIN = "coin"
LEGENDARY_PREFIX = "legendary:"
"""A Legendary Commodity's resource id is this prefix and its type (rule 1.2)."""
EMPIRES = ("rome", "greece", "babylon", "egypt", "carthage")
"""The five empires in the seat order of the 5-player game."""
SITE_KINDS = ("caravan", "market", "city", "temple")
CITY_KINDS = ("regular", "capital", "legendary")
"""Cities (rule 1.2 of the set-up pages): regular, capital (black border), legendary (red)."""
TILE_KINDS = ("hero", "wonder", "pyramids")
TRACKS = ("trade", "culture", "military")
UNITS = ("legion", "trireme", "fortress")
BUILDINGS = ("caravan", "market", "regular_city", "capital_city", "legendary_city", "temple")
"""The building pieces of the reserves (Game Components)."""
COSTED = ("control", *BUILDINGS, *UNITS)
"""Everything with a fixed cost in rule 3 (heroes and wonders rise with their count)."""
PLAYER_COUNTS = (3, 4, 5)


def legendary(commodity: str) -> str:
    """The resource id of a commodity type's Legendary Commodity (rule 1.2)."""
    return LEGENDARY_PREFIX + commodity


def commodity_type(resource: str) -> str:
    """The commodity type a resource counts as (a Legendary counts as its type, rule 1.2)."""
    return resource.removeprefix(LEGENDARY_PREFIX)


@dataclass(frozen=True)
class Leader:
    """Values on the three Leader tracks (Trade, Culture, Military)."""

    trade: int = 0
    culture: int = 0
    military: int = 0

    def value(self, track: str) -> int:
        """The value on one track by name."""
        return int(getattr(self, track))


@dataclass(frozen=True)
class Site:
    """A printed building site of a province (rule 3.1.2: build only where an icon is)."""

    id: str
    province: str
    kind: str
    """One of SITE_KINDS."""
    commodity: str = ""
    """A caravan site's commodity type; empty for the other kinds."""
    city_kind: str = ""
    """A city site's kind (one of CITY_KINDS); empty for the other kinds."""
    city_name: str = ""
    """A city site's name (Roma, Troia, ...); empty for the other kinds."""


@dataclass(frozen=True)
class Province:
    """A land area: an island or a mainland province, its sites and borders."""

    id: str
    name: str
    island: bool
    empire: str
    """The empire whose colour it bears on the board (one of its 3 starting provinces), or ""."""
    removed_at: tuple[int, ...]
    """The player counts whose board covers it (Setup for 3 or 4 players)."""
    sites: tuple[Site, ...]
    neighbours: tuple[str, ...]
    """Land-adjacent provinces: a shared border not separated by water (Definitions)."""
    coasts: tuple[str, ...]
    """The seas it borders."""

    def sites_of(self, kind: str) -> tuple[Site, ...]:
        """Its sites of one kind, in printed order."""
        return memo(self, ("sites_of", kind),
                    lambda: tuple(site for site in self.sites if site.kind == kind))

    @property
    def capital(self) -> Site | None:
        """Its capital city site, if any."""
        return next((s for s in self.sites if s.city_kind == "capital"), None)

    def in_play(self, players: int) -> bool:
        """Whether it is on the board with this many players."""
        return players not in self.removed_at


@dataclass(frozen=True)
class Sea:
    """A sea area: triremes sail it and chain provinces together (rule 4.1.1, 3.1.1)."""

    id: str
    name: str
    neighbours: tuple[str, ...]
    """Adjacent seas."""
    coasts: tuple[str, ...]
    """The provinces bordering it (the map's coasts, seen from the sea)."""


@dataclass(frozen=True)
class StartingProvince:
    """One of an empire's three starting provinces as its screen shows it (set-up 3)."""

    province: str
    buildings: tuple[str, ...]
    """Site ids with a building on them."""
    legions: int
    fortress: bool


@dataclass(frozen=True)
class Empire:
    """An empire: its capital, starting hero, starting provinces, units and leader values."""

    id: str
    name: str
    capital: str
    """The province of its capital city (rule 4.3.5: its control is printed)."""
    starting_hero: str
    provinces: tuple[StartingProvince, ...]
    triremes: tuple[str, ...]
    """One sea id per starting trireme."""
    leader: Leader
    """The printed starting leader values (set-up 4)."""


@dataclass(frozen=True)
class StartingTitle:
    """Who holds a Leader title at the start, for the player counts given (set-up 4)."""

    track: str
    empire: str
    players: tuple[int, ...]


@dataclass(frozen=True)
class Tile:
    """A hero, wonder or the Pyramids (rules 3.1.3, 10, 11)."""

    id: str
    name: str
    kind: str
    """One of TILE_KINDS."""
    starting_for: str
    """The empire it leads at the start, or ""."""
    bonus: Leader
    """The printed leader bonus (all 0 where none is printed)."""


@dataclass(frozen=True)
class Costs:
    """Build costs in resources (rule 3): fixed items, and the rising hero/wonder costs."""

    items: tuple[tuple[str, int], ...]
    """(item, cost) for every id of COSTED."""
    tiles: tuple[int, ...]
    """The cost of an empire's 2nd, 3rd, 4th and 5th hero or wonder (rule 3.1.3)."""
    pyramids: int
    keep_coins: int
    """Coins kept at the end of the Build phase (rule 3)."""

    def of(self, item: str) -> int:
        """The cost of one fixed-cost item; KeyError if unknown."""
        return dict(self.items)[item]


@dataclass(frozen=True)
class Supplies:
    """The reserves and each empire's pieces (Game Components); limits in play (rule 9)."""

    commodities: tuple[tuple[str, int], ...]
    """(type, count) for the 13 commodity types."""
    coins: int
    legendary_per_type: int
    buildings: tuple[tuple[str, int], ...]
    """(piece, count) for every id of BUILDINGS."""
    legions: int
    triremes: int
    fortresses: int
    control_markers: int
    exchange_markers: tuple[tuple[int, int], ...]
    """The two printed values of each Exchange Marker (rule 2.1)."""

    def commodity(self, kind: str) -> int:
        """The reserve of one commodity type; KeyError if unknown."""
        return dict(self.commodities)[kind]

    def building(self, piece: str) -> int:
        """The reserve of one building piece; KeyError if unknown."""
        return dict(self.buildings)[piece]

    def units(self, unit: str) -> int:
        """How many of one unit kind each empire owns."""
        return {"legion": self.legions, "trireme": self.triremes,
                "fortress": self.fortresses}[unit]


@dataclass(frozen=True)
class Die:
    """A battle die kind (rule 4.2): how many there are and the value of each face."""

    id: str
    name: str
    count: int
    faces: tuple[int, ...]


_Named = TypeVar("_Named", Province, Sea, Empire, Tile, Die)


@dataclass(frozen=True)
class MnContent:
    """Everything the rules read, loaded and cross-checked."""

    provinces: tuple[Province, ...]
    seas: tuple[Sea, ...]
    empires: tuple[Empire, ...]
    starting_titles: tuple[StartingTitle, ...]
    tiles: tuple[Tile, ...]
    costs: Costs
    supplies: Supplies
    land_die: Die
    sea_die: Die
    content_hash: str = ""

    def province(self, id: str) -> Province:
        """A province by id; KeyError if unknown."""
        return _by_id(self, self.provinces, id, "province")

    def sea(self, id: str) -> Sea:
        """A sea by id; KeyError if unknown."""
        return _by_id(self, self.seas, id, "sea")

    def empire(self, id: str) -> Empire:
        """An empire by id; KeyError if unknown."""
        return _by_id(self, self.empires, id, "empire")

    def tile(self, id: str) -> Tile:
        """A hero, wonder or the Pyramids by id; KeyError if unknown."""
        return _by_id(self, self.tiles, id, "tile")

    def site(self, id: str) -> Site:
        """A building site by id (`<province>.<kind><n>`); KeyError if unknown."""
        sites = memo(self, "sites", lambda: {s.id: s for p in self.provinces for s in p.sites})
        if id not in sites:
            raise KeyError(f"no site {id!r}")
        return sites[id]

    def empires_for(self, players: int) -> tuple[Empire, ...]:
        """The empires in play with this many players, in seat order (set-up for 3-4)."""
        return memo(self, ("empires_for", players), lambda: tuple(
            e for e in self.empires if self.province(e.capital).in_play(players)))

    def titles_for(self, players: int) -> tuple[StartingTitle, ...]:
        """The starting Leader titles with this many players."""
        return tuple(t for t in self.starting_titles if players in t.players)


def _by_id(content: MnContent, records: tuple[_Named, ...], id: str, kind: str) -> _Named:
    """One record of a kind by id, through an index built once per content."""
    index = memo(content, ("by_id", kind), lambda: {r.id: r for r in reversed(records)})
    if id not in index:
        raise KeyError(f"no {kind} {id!r}")
    return index[id]
