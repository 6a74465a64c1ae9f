"""Foundation positions: the Empire Foundation step (rule 3.1) with markers still to place.

`to_act: foundation` and per empire its `cities` (the capital is held with its set-up marker
unless listed with more) and, optionally, `markers_left` (checked against its cities' markers).
Empires place one marker each in seat order, so the counts left tell whose marker is next.
Hands are empty and the decks whole until the first hands are drawn after the step.
"""

from __future__ import annotations

from itertools import pairwise

from game.content import Node
from game.core.records import evolve
from game.rulesets.mediterranean_empires.frames import Foundation
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import NEUTRAL, OUT_OF_PLAY, Board, MeState

FOUNDATION = "foundation"
"""`to_act` value of a position inside the Empire Foundation step."""
TOP_KEYS = ("scenario", "to_act", "options", "game_id", "empires")
EMPIRE_KEYS = ("cities", "markers_left")


def is_foundation(root: Node) -> bool:
    """Whether the position is inside the Empire Foundation step."""
    return root.has("to_act") and root.as_dict_value()["to_act"] == FOUNDATION


def foundation_board(rules: Rules, state: MeState, empires: list[Node]) -> Board:
    """The board with each empire's cities: linked to its capital, never a key city."""
    key_cities = rules.scenario(state.scenario).key_cities
    owner, forts = list(state.board.owner), list(state.board.forts)
    for seat, node in enumerate(empires):
        for city, count, where in _entries(node.opt("cities")):
            index = _placeable(rules, where, city, owner, seat, key_cities)
            owner[index], forts[index] = seat, count
    for seat, node in enumerate(empires):
        _check_linked(rules, node, state.seats[seat].capital, owner, seat)
    return Board(tuple(owner), tuple(forts), state.board.subdued)


def foundation_state(rules: Rules, state: MeState, empires: list[Node]) -> MeState:
    """The state waiting for the next foundation marker (the first hands come after)."""
    markers = rules.scenario(state.scenario).fortification_markers - 1
    left = tuple(_left(node, state, seat, markers) for seat, node in enumerate(empires))
    order_node = empires[left.index(max(left))]
    if max(left) == 0:
        raise order_node.error("every marker is placed: the Empire Foundation is over")
    if any(b < a for a, b in pairwise(left)) or max(left) - min(left) > 1:
        raise order_node.error("empires place one marker each in seat order ("
                               f"{', '.join(s.empire for s in state.seats)}): markers left "
                               f"{', '.join(map(str, left))} cannot happen")
    return evolve(state, stack=(*state.stack[:-1], Foundation(left.index(max(left)), left)))


def markers_left(rules: Rules, state: MeState, seat: int) -> int:
    """Foundation markers a seat has not placed yet (the capital's set-up marker excluded)."""
    return rules.scenario(state.scenario).fortification_markers - 1 - _placed(state, seat)


def _placed(state: MeState, seat: int) -> int:
    """Markers on the seat's cities beyond its capital's set-up marker."""
    return sum(f for o, f in zip(state.board.owner, state.board.forts, strict=True)
               if o == seat) - 1


def _left(node: Node, state: MeState, seat: int, markers: int) -> int:
    placed = _placed(state, seat)
    if placed > markers:
        raise node.child("cities").error(f"{placed} markers placed, but an empire has only "
                                         f"{markers} to place")
    given = node.opt("markers_left")
    if given is not None and given.integer(0, markers) != markers - placed:
        raise given.error(f"the cities hold {placed} placed marker(s) of {markers}, so "
                          f"{markers - placed} are left")
    return markers - placed


def _entries(node: Node | None) -> list[tuple[str, int, Node]]:
    if node is None:
        return []
    if isinstance(node.value, list):
        return [(item.text(), 1, item) for item in node.elements()]
    return [(city, child.integer(1, 99), child) for city, child in node.items()]


def _placeable(rules: Rules, node: Node, city: str, owner: list[int], seat: int,
               key_cities: tuple[str, ...]) -> int:
    """The index of a city the seat may hold during the foundation step."""
    if not rules.is_city(city):
        raise node.error(f"no city {city!r} on the map")
    index = rules.city_index(city)
    if owner[index] == OUT_OF_PLAY:
        raise node.error(f"{city} is outside this scenario's provinces")
    if city in key_cities:
        raise node.error(f"{city} is a key city: it stays neutral during the foundation")
    if owner[index] != NEUTRAL and owner[index] != seat:
        raise node.error(f"{city} is another empire's capital or already held")
    return index


def _check_linked(rules: Rules, node: Node, capital: str, owner: list[int], seat: int) -> None:
    """Every city of the seat is reachable from its capital through its own cities."""
    start = rules.city_index(capital)
    reached, todo = {start}, [start]
    while todo:
        for other in rules.city_links(todo.pop()):
            if owner[other] == seat and other not in reached:
                reached.add(other)
                todo.append(other)
    stray = [rules.city_ids[i] for i, o in enumerate(owner) if o == seat and i not in reached]
    if stray:
        raise node.child("cities").error(f"{', '.join(stray)}: not linked to {capital} through "
                                         f"own cities (markers go next to an own city)")
