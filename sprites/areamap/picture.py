"""What an area map shows of a game, handed to it by an adapter: who tints each area, its
building sites, its units and markers, which areas glow (legal targets, a trireme chain)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sprites.colour import RGB


@dataclass(frozen=True)
class Side:
    """A player's colour and the letter on its markers (for the colour-blind)."""

    colour: RGB
    initial: str
    name: str = ""


@dataclass(frozen=True)
class SiteLook:
    """A building site: kind (caravan, market, city, capital, legendary, temple), what it
    yields or is called, its commodity colour, who built on it, whose legion occupies it."""

    key: str
    kind: str
    note: str = ""
    fill: RGB | None = None
    owner: str | None = None
    occupier: str | None = None


@dataclass(frozen=True)
class UnitLook:
    """Units of one side in an area: kind legion, trireme or fortress, and how many."""

    kind: str
    side: str
    count: int = 1


@dataclass(frozen=True)
class AreaLook:
    """One area as drawn."""

    id: str
    name: str
    tint: str | None = None
    """The side whose colour the land takes (its controller), or None."""
    sites: tuple[SiteLook, ...] = ()
    units: tuple[UnitLook, ...] = ()
    marker: str | None = None
    """The side whose control marker stands here."""
    marker_occupier: str | None = None
    """The side whose legion occupies the control marker."""
    at_war: bool = False
    in_play: bool = True


@dataclass(frozen=True)
class AreaPicture:
    """The drawable position: areas by id, the sides' looks, the glowing areas."""

    areas: Mapping[str, AreaLook]
    sides: Mapping[str, Side]
    highlight: frozenset[str] = frozenset()
    focus: str | None = None
    """An area to ring (a battle's place)."""

    def area(self, area_id: str) -> AreaLook:
        """An area's look (a bare one if the picture does not list it)."""
        return self.areas.get(area_id) or AreaLook(area_id, area_id.replace("_", " ").title())

    def side(self, key: str | None) -> Side | None:
        """A side's look, or None."""
        return self.sides.get(key) if key is not None else None
