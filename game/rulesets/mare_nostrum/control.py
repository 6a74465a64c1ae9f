"""Rule 3.1.1: where a player may build Control — provinces adjacent to (a land border) or
adjoining (a chain of his own triremes, those built this turn included: ruling MN-B10) a
province he controlled at the start of the round.

Pure reading of the map: the bases, the seas holding his triremes and the provinces barred
to him are handed in, so movement (rule 4.1.2) can reuse `linked` for adjoining provinces.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rulesets.mare_nostrum.content_records import MnContent


def fleet_reach(content: MnContent, start: Iterable[str], fleet: frozenset[str]) -> set[str]:
    """The seas of `fleet` joined by an unbroken chain of fleet seas to a sea in `start`."""
    reached = {sea for sea in start if sea in fleet}
    frontier = list(reached)
    while frontier:
        for neighbour in content.sea(frontier.pop()).neighbours:
            if neighbour in fleet and neighbour not in reached:
                reached.add(neighbour)
                frontier.append(neighbour)
    return reached


def adjoining(content: MnContent, province: str, fleet: frozenset[str]) -> frozenset[str]:
    """Provinces joined to `province` through seas all holding the player's triremes
    (Definitions: Adjoining Province), `province` itself left out."""
    seas = fleet_reach(content, content.province(province).coasts, fleet)
    found = {coast for sea in seas for coast in content.sea(sea).coasts}
    found.discard(province)
    return frozenset(found)


def linked(content: MnContent, province: str, fleet: frozenset[str]) -> frozenset[str]:
    """Provinces adjacent to or adjoining `province` (rules 3.1.1, 4.1.2)."""
    return frozenset(content.province(province).neighbours) | adjoining(content, province,
                                                                         fleet)


def reachable(content: MnContent, bases: Iterable[str], fleet: frozenset[str]) -> frozenset[str]:
    """Every province adjacent to or adjoining one of `bases` (rule 3.1.1)."""
    found: set[str] = set()
    for base in bases:
        found |= linked(content, base, fleet)
    return frozenset(found)


def control_sites(content: MnContent, players: int, bases: Iterable[str],
                  fleet: frozenset[str], barred: frozenset[str]) -> tuple[str, ...]:
    """The provinces in play where Control may be built (rule 3.1.1): linked to a base and
    not `barred` (already controlled by anyone, or holding an opponent's units)."""
    reach = reachable(content, bases, fleet)
    return tuple(p.id for p in content.provinces
                 if p.id in reach and p.id not in barred and p.in_play(players))
