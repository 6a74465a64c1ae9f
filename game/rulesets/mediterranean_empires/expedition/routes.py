"""Military Expedition routes (rule 5.4.1): land legs, the one naval leg, coastal crossings.

A route is a path of map ids from the departure (the capital) to the goal, plus `sea`: the
index of the node where the naval leg ends (-1: no naval leg). The leg runs from the node
before it (an own port) across the sea; with `sea == 0` the ME starts at sea (a capital
attacked by its dispossessed owner, pirates). Land legs pass only through the mover's own
cities and subdued barbarian areas; among the possible land legs the one with the fewest
coastal crossings, then the fewest stops, is taken (rules decision).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from game.rulesets.mediterranean_empires.content.map import ROUTE_KINDS, MapDef
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState, board_memo


@dataclass(frozen=True)
class Route:
    """A traced route: the stops from departure to goal, and where the naval leg lands."""

    path: tuple[str, ...]
    sea: int = -1

    @property
    def naval(self) -> bool:
        """Whether the route has a naval leg."""
        return self.sea >= 0

    @property
    def has_land(self) -> bool:
        """Whether any part of the route is travelled over land (a land or mixed ME)."""
        return not self.naval or len(self.path) > self.sea + 1 or self.sea > 1

    @property
    def goal(self) -> str:
        """Where the route ends."""
        return self.path[-1]


def own_nodes(rules: Rules, state: MeState, seat: int) -> frozenset[str]:
    """Stops a land leg of `seat` may pass through: own cities and subdued areas."""
    return board_memo(state, (rules, "own_nodes", seat), lambda: _own_nodes(rules, state, seat))


def _own_nodes(rules: Rules, state: MeState, seat: int) -> frozenset[str]:
    cities = {city for city, owner in zip(rules.city_ids, state.board.owner, strict=True)
              if owner == seat}
    areas = {area for area, flag in zip(rules.area_ids, state.board.subdued, strict=True)
             if flag == 1}
    return frozenset(cities | areas)


def passage_nodes(rules: Rules, state: MeState, seat: int) -> frozenset[str]:
    """Optional rule 8.2 (free passage): other players' cities may be passed through too."""
    others = {city for city, owner in zip(rules.city_ids, state.board.owner, strict=True)
              if owner >= 0 and owner != seat}
    return own_nodes(rules, state, seat) | others


def passage_route(rules: Rules, state: MeState, seat: int, goal: str) -> Route | None:
    """A land route through other players' cities as well (None if it needs none of them)."""
    path = land_path(rules, state.seats[seat].capital, goal, passage_nodes(rules, state, seat))
    if path is None:
        return None
    route = Route(path)
    return route if passage_owners(rules, state, seat, route) else None


def passage_owners(rules: Rules, state: MeState, seat: int, route: Route) -> tuple[int, ...]:
    """Other players whose cities the route passes through, in the order met."""
    owners = []
    for node in route.path[1:-1]:
        owner = state.board.owner[rules.city_index(node)] if rules.is_city(node) else -1
        if owner >= 0 and owner != seat and owner not in owners:
            owners.append(owner)
    return tuple(owners)


_LINKS: dict[tuple[int, str], tuple[MapDef, tuple[tuple[str, int], ...]]] = {}


def links(rules: Rules, node: str) -> tuple[tuple[str, int], ...]:
    """(neighbour, coastal crossings) over every land, barbarian and coastal route."""
    board_map = rules.content.map
    cached = _LINKS.get((id(board_map), node))
    if cached is not None and cached[0] is board_map:
        return cached[1]
    found = tuple((other, 1 if kind == "coastal" else 0) for kind in ROUTE_KINDS
                  for other in board_map.neighbours(node, kind))
    _LINKS[(id(board_map), node)] = (board_map, found)
    return found


def land_path(rules: Rules, start: str, goal: str,
              through: frozenset[str]) -> tuple[str, ...] | None:
    """The land leg start → goal with the fewest crossings, then stops (inner stops in
    `through`); None when there is none."""
    queue: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, (start,))]
    seen: set[str] = set()
    while queue:
        cost, steps, path = heapq.heappop(queue)
        node = path[-1]
        if node == goal:
            return path
        if node in seen:
            continue
        seen.add(node)
        if node != start and node not in through:
            continue
        for other, crossing in links(rules, node):
            if other not in seen:
                heapq.heappush(queue, (cost + crossing, steps + 1, (*path, other)))
    return None


def closure(rules: Rules, starts: tuple[str, ...], through: frozenset[str]) -> frozenset[str]:
    """Every stop reachable over land from `starts` passing only through `through`."""
    found = set(starts)
    todo = list(starts)
    while todo:
        node = todo.pop()
        for other in _linked_ids(rules, node):
            if other in through and other not in found:
                found.add(other)
                todo.append(other)
    return frozenset(found)


def crossings(rules: Rules, route: Route) -> int:
    """Coastal routes the land legs use: one shipwreck roll each (rule 5.4.3)."""
    count = 0
    for index in range(1, len(route.path)):
        if index == route.sea:
            continue
        kind = rules.content.map.route_kind(route.path[index - 1], route.path[index])
        count += kind == "coastal"
    return count


def is_port(rules: Rules, node: str) -> bool:
    """Whether a map id is a port city."""
    return rules.is_city(node) and rules.content.map.city(node).port


def own_ports(rules: Rules, state: MeState, seat: int) -> tuple[str, ...]:
    """Port cities `seat` holds."""
    ports = port_ids(rules)
    return board_memo(state, (rules, "own_ports", seat), lambda: tuple(
        city for city, owner in zip(rules.city_ids, state.board.owner, strict=True)
        if owner == seat and city in ports))


def capital_held(state: MeState, seat: int, rules: Rules) -> bool:
    """Whether a seat still holds its own capital."""
    capital = state.seats[seat].capital
    return state.board.owner[rules.city_index(capital)] == seat


def embark_ports(rules: Rules, state: MeState, seat: int) -> tuple[str, ...]:
    """Own ports reachable over land from the capital (the capital itself if a port)."""
    capital = state.seats[seat].capital

    def ports() -> tuple[str, ...]:
        reach = closure(rules, (capital,), own_nodes(rules, state, seat))
        return tuple(port for port in own_ports(rules, state, seat) if port in reach)
    return board_memo(state, (rules, "embark_ports", seat, capital), ports)


def landing_ports(rules: Rules, state: MeState, seat: int, embark: str,
                  goal: str) -> tuple[str, ...]:
    """Where a naval leg from `embark` may land for `goal`: the goal if it is a port, or an
    own port with a land leg on to the goal."""
    def ports() -> tuple[str, ...]:
        reaching = _reaching(rules, state, seat, goal)
        found = [goal] if is_port(rules, goal) and goal != embark else []
        found += [port for port in own_ports(rules, state, seat)
                  if port not in (embark, goal) and port in reaching]
        return tuple(found)
    return board_memo(state, (rules, "landing_ports", seat, embark, goal), ports)


def _reaching(rules: Rules, state: MeState, seat: int, goal: str) -> frozenset[str]:
    """The stops of `seat` with a land leg on to `goal` (`land_path` finds one from each): routes
    run both ways, so they are the stops linked to the goal and all linked to those."""
    through = own_nodes(rules, state, seat)
    return board_memo(state, (rules, "reaching", seat, goal), lambda: closure(
        rules, tuple(node for node, _ in links(rules, goal) if node in through), through))


def land_route(rules: Rules, state: MeState, seat: int, goal: str) -> Route | None:
    """The land route from the capital to `goal`, if any."""
    capital = state.seats[seat].capital

    def route() -> Route | None:
        path = land_path(rules, capital, goal, own_nodes(rules, state, seat))
        return None if path is None else Route(path)
    return board_memo(state, (rules, "land_route", seat, capital, goal), route)


def naval_route(rules: Rules, state: MeState, seat: int, embark: str, landing: str,
                goal: str) -> Route:
    """Capital → (land) → embark port → sea → landing port → (land) → goal."""
    through = own_nodes(rules, state, seat)
    before = land_path(rules, state.seats[seat].capital, embark, through)
    after = land_path(rules, landing, goal, through) if landing != goal else (goal,)
    assert before is not None and after is not None, "naval route legs must exist"
    return Route((*before, *after), len(before))


def reachable_targets(rules: Rules, state: MeState, seat: int) -> frozenset[str]:
    """Every map id an ME of `seat` can reach by some route (before target rules)."""
    capital = state.seats[seat].capital
    return board_memo(state, (rules, "reachable_targets", seat, capital),
                      lambda: _reachable(rules, state, seat, capital))


def _reachable(rules: Rules, state: MeState, seat: int, capital: str) -> frozenset[str]:
    through = own_nodes(rules, state, seat)
    land = closure(rules, (capital,), through)
    found = _next_to(rules, land)
    ports = own_ports(rules, state, seat)
    if any(port in land for port in ports):
        found |= port_ids(rules)
        found |= _next_to(rules, closure(rules, ports, through))
    return frozenset(found)


def reaches_any(rules: Rules, state: MeState, seat: int, wanted: Callable[[str], bool]) -> bool:
    """Whether an ME of `seat` can reach a map id `wanted` accepts: the capital's neighbours
    first, then every id in `reachable_targets`."""
    if any(wanted(node) for node, _ in links(rules, state.seats[seat].capital)):
        return True
    return any(wanted(node) for node in reachable_targets(rules, state, seat))


@cache  # content only
def port_ids(rules: Rules) -> frozenset[str]:
    """Every port city of the map."""
    return frozenset(city.id for city in rules.content.map.cities if city.port)


def _next_to(rules: Rules, nodes: frozenset[str]) -> set[str]:
    found = set(nodes)
    for node in nodes:
        found.update(_linked_ids(rules, node))
    return found


@cache  # content only
def _linked_ids(rules: Rules, node: str) -> tuple[str, ...]:
    """The ids `links` names, without their crossings."""
    return tuple(other for other, _ in links(rules, node))


def land_positions(rules: Rules, state: MeState, route: Route, direct: bool) -> tuple[str, ...]:
    """Where a land interception may take place (rule 5.4.4): cities and subdued areas on the
    route, the target too unless the ME assaults it straight from the sea."""
    stops = route.path[:route.sea] if direct and route.naval else route.path
    return tuple(dict.fromkeys(node for node in stops if _stop(rules, state, node)))


def _stop(rules: Rules, state: MeState, node: str) -> bool:
    if rules.is_city(node):
        return state.board.owner[rules.city_index(node)] >= NEUTRAL
    return state.board.subdued[rules.area_index(node)] == 1
