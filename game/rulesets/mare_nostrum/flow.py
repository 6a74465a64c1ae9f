"""The short-lived builder that resolves one entry: the state being changed, the content it
is read against, and the events produced. Phase modules change the state only through it."""

from __future__ import annotations

from typing import Any

from game.core.events import Event, event
from game.core.records import evolve
from game.rulesets.mare_nostrum.content_records import BUILDINGS, COIN, COMMODITIES, MnContent
from game.rulesets.mare_nostrum.state import (
    Area,
    MnState,
    Player,
    Waters,
    added,
    put,
    removed,
)


class Flow:
    """Holds the state being resolved, its content and the events it produced."""

    def __init__(self, content: MnContent, state: MnState) -> None:
        self.content = content
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, **facts: Any) -> None:
        """Record an event (with the seats' empires, so sentences can name them)."""
        empires = [player.empire for player in self.state.players]
        self.events.append(event(kind, empires=empires, **facts))

    def set(self, **changes: Any) -> None:
        """Replace fields of the state."""
        self.state = evolve(self.state, **changes)

    def go(self, phase: str, step: str = "") -> None:
        """Move on to a phase (and a step within it)."""
        self.state = evolve(self.state, phase=phase, step=step)

    def step(self, step: str) -> None:
        """Move on to another step of the current phase."""
        self.state = evolve(self.state, step=step)

    def sub(self, name: str, **changes: Any) -> None:
        """Replace fields of a phase's sub-state ("collect", "trade", "build", "move")."""
        self.set(**{name: evolve(getattr(self.state, name), **changes)})

    def player(self, seat: int) -> Player:
        """One empire's screen and mat."""
        return self.state.players[seat]

    def update(self, seat: int, **changes: Any) -> None:
        """Replace fields of one player."""
        players = self.state.players
        self.set(players=put(players, seat, evolve(players[seat], **changes)))

    def area(self, province: str) -> Area:
        """A province's state."""
        return self.state.area(province)

    def update_area(self, province: str, **changes: Any) -> None:
        """Replace fields of one province's state."""
        provinces = self.state.provinces
        at = provinces.index(self.state.area(province))
        self.set(provinces=put(provinces, at, evolve(provinces[at], **changes)))

    def update_sea(self, sea: str, **changes: Any) -> None:
        """Replace fields of one sea's state."""
        seas = self.state.seas
        at = seas.index(self.state.waters(sea))
        self.set(seas=put(seas, at, evolve(seas[at], **changes)))

    def waters(self, sea: str) -> Waters:
        """A sea's state."""
        return self.state.waters(sea)

    def gain(self, seat: int, items: tuple[str, ...]) -> None:
        """Resources go behind a seat's screen (no reserve bookkeeping: see `take`)."""
        self.update(seat, resources=added(self.player(seat).resources, items))

    def spend(self, seat: int, items: tuple[str, ...]) -> None:
        """Resources leave a seat's screen back to the reserves (legendaries to the
        discard pile, rule 1.2)."""
        self.update(seat, resources=removed(self.player(seat).resources, items))
        self.restock(items)

    def take(self, seat: int, items: tuple[str, ...]) -> tuple[str, ...]:
        """Commodities and coins from the reserves to a seat, as far as they last (rule 9);
        the resources actually taken (legendaries come only from `collect.draw`)."""
        got = tuple(item for item in items if self._draw_reserve(item))
        self.gain(seat, got)
        return got

    def restock(self, items: tuple[str, ...]) -> None:
        """Resources back to the reserves (spent, discarded, or left unclaimed)."""
        supply = self.state.supply
        coins, stock = supply.coins, list(supply.commodities)
        discard = list(supply.legendary_discard)
        for item in items:
            if item == COIN:
                coins += 1
            elif item in COMMODITIES:
                stock[COMMODITIES.index(item)] += 1
            else:
                discard.append(item.partition(":")[2])
        self.set(supply=evolve(supply, coins=coins, commodities=tuple(stock),
                               legendary_discard=tuple(sorted(discard))))

    def _draw_reserve(self, item: str) -> bool:
        supply = self.state.supply
        if item == COIN:
            if not supply.coins:
                return False
            self.set(supply=evolve(supply, coins=supply.coins - 1))
            return True
        at = COMMODITIES.index(item)
        if not supply.commodities[at]:
            return False
        stock = put(supply.commodities, at, supply.commodities[at] - 1)
        self.set(supply=evolve(supply, commodities=stock))
        return True

    def place_building(self, site_id: str) -> None:
        """A building from the reserve onto its printed site (rule 3.1.2)."""
        self._move_piece(site_id, -1)
        area = self.area(site_id.partition(".")[0])
        self.update_area(area.id, buildings=tuple(sorted((*area.buildings, site_id))))

    def remove_building(self, site_id: str) -> None:
        """A building off the map back to the reserve (pillage, rule 4.3.1)."""
        self._move_piece(site_id, 1)
        area = self.area(site_id.partition(".")[0])
        self.update_area(area.id, buildings=tuple(s for s in area.buildings if s != site_id))

    def _move_piece(self, site_id: str, change: int) -> None:
        supply = self.state.supply
        at = BUILDINGS.index(piece_of(self.content, site_id))
        stock = put(supply.buildings, at, supply.buildings[at] + change)
        self.set(supply=evolve(supply, buildings=stock))


def piece_of(content: MnContent, site_id: str) -> str:
    """The building piece a site takes (a city site takes its kind of city)."""
    site = content.site(site_id)
    return f"{site.city_kind}_city" if site.kind == "city" else site.kind
