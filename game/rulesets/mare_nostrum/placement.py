"""Rules 3.1.1 and 3.1.2: where each item may be built, and whether its pieces are left.

Control goes next to (or trireme-linked to) a province held at the start of the round, into
one nobody controls and no opponent's unit stands in. Units and buildings go into provinces
the player controls with no opponent's unit there (so never At War), buildings only on empty
printed sites (ruling MN-B7: a site a legion stands on is not empty), at most one fortress a
province; triremes into seas next to such a province, opposing triremes or not. The own
capital province takes every item whatever stands in it (rule 3.1.1's exception, 4.3.5;
ruling MN-B6).
"""

from __future__ import annotations

from game.core.records import memo
from game.rulesets.mare_nostrum.content_records import BUILDINGS, MnContent
from game.rulesets.mare_nostrum.control import control_sites
from game.rulesets.mare_nostrum.flow import piece_of
from game.rulesets.mare_nostrum.state import NOBODY, Area, MnState

Place = tuple[str, str]
"""(item, place): a piece or "control" and the province, sea or site id it goes to."""


def capital(content: MnContent, state: MnState, seat: int) -> str:
    """The seat's capital province (rule 4.3.5)."""
    return content.empire(state.player(seat).empire).capital


def opposed(area: Area, seat: int) -> bool:
    """Whether another seat has a legion or the fortress in the province."""
    return any(area.units_of(other) for other in range(len(area.legions)) if other != seat)


def fleet(state: MnState, seat: int) -> frozenset[str]:
    """The seas holding the seat's triremes."""
    return frozenset(waters.id for waters in state.seas if waters.triremes[seat])


def buildable(content: MnContent, state: MnState, seat: int, province: str) -> bool:
    """Whether the seat may build units and buildings in a province (rule 3.1.2)."""
    return province in homes(content, state, seat)


def homes(content: MnContent, state: MnState, seat: int) -> frozenset[str]:
    """Every province where the seat may build units and buildings (rule 3.1.2)."""
    return memo(state, ("homes", id(content), seat), lambda: frozenset(
        {capital(content, state, seat)} | {
            area.id for area in state.provinces if area.controller == seat
            and not opposed(area, seat) and not area.at_war}))


def markers_left(content: MnContent, state: MnState, seat: int) -> int:
    """Control Markers the seat still has (its capital's is printed on the map)."""
    home = capital(content, state, seat)
    placed = sum(1 for a in state.provinces if a.controller == seat and a.id != home)
    return content.supplies.control_markers - placed


def control_places(content: MnContent, state: MnState, seat: int) -> tuple[str, ...]:
    """Provinces where the seat may build Control now (rule 3.1.1)."""
    if markers_left(content, state, seat) <= 0:
        return ()
    barred = frozenset(a.id for a in state.provinces
                       if a.controller != NOBODY or opposed(a, seat))
    bases = state.build.bases[seat] if state.build.bases else ()
    return control_sites(content, state.seats, bases, fleet(state, seat), barred)


def units_left(content: MnContent, state: MnState, seat: int, unit: str) -> int:
    """How many more of a unit kind the seat may build (rule 9: the pieces are limits)."""
    if unit == "legion":
        on_board = sum(area.legions[seat] for area in state.provinces)
    elif unit == "fortress":
        on_board = sum(1 for area in state.provinces if area.fortress == seat)
    else:
        on_board = sum(waters.triremes[seat] for waters in state.seas)
    return content.supplies.units(unit) - on_board


def unit_places(content: MnContent, state: MnState, seat: int, unit: str) -> tuple[str, ...]:
    """Provinces (legion, fortress) or seas (trireme) where the seat may build the unit."""
    if units_left(content, state, seat, unit) <= 0:
        return ()
    home = homes(content, state, seat)
    usable = [p.id for p in content.provinces if p.id in home]
    if unit == "legion":
        return tuple(usable)
    if unit == "fortress":
        return tuple(p for p in usable if state.area(p).fortress == NOBODY)
    seas = {sea for p in usable for sea in content.province(p).coasts}
    return tuple(s.id for s in content.seas if s.id in seas)


def site_places(content: MnContent, state: MnState, seat: int) -> tuple[Place, ...]:
    """(building piece, site id) for every empty printed site where the seat may build."""
    stock = dict(zip(BUILDINGS, state.supply.buildings, strict=True))
    found = []
    usable = homes(content, state, seat)
    for province in content.provinces:
        if province.id not in usable:
            continue
        area = state.area(province.id)
        standing = {site for site, _ in area.posted}
        for site, piece in site_pieces(content)[province.id]:
            if site not in area.buildings and site not in standing and stock[piece]:
                found.append((piece, site))
    return tuple(found)


def site_pieces(content: MnContent) -> dict[str, tuple[tuple[str, str], ...]]:
    """Province id → (site id, building piece) of each printed site, built once."""
    return memo(content, "site_pieces", lambda: {
        province.id: tuple((site.id, piece_of(content, site.id)) for site in province.sites)
        for province in content.provinces})


def all_places(content: MnContent, state: MnState, seat: int) -> tuple[Place, ...]:
    """Every (item, place) the seat may build on the map now, costs aside."""
    places = [("control", p) for p in control_places(content, state, seat)]
    places += site_places(content, state, seat)
    for unit in ("legion", "trireme", "fortress"):
        places += [(unit, p) for p in unit_places(content, state, seat, unit)]
    return tuple(places)
