"""Barbarian areas' markers and dice (rule 7): subdued or free, and who they touch."""

from __future__ import annotations

from functools import cache

from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import Board, MeState

FREE, SUBDUED = 0, 1


def barbarian_dice(rules: Rules, state: MeState, area: str) -> int:
    """An area's dice in any combat: printed strength plus the Enraged level (rule 7)."""
    per_level = rules.content.tables.enraged.barbarian_dice_per_level
    return rules.content.map.barbarian_area(area).strength + per_level * state.enraged


def area_state(rules: Rules, state: MeState, area: str) -> int:
    """FREE, SUBDUED or OUT_OF_PLAY."""
    return state.board.subdued[rules.area_index(area)]


def _set_area(flow: Flow, area: str, flag: int) -> None:
    board = flow.state.board
    index = flow.rules.area_index(area)
    marks = (*board.subdued[:index], flag, *board.subdued[index + 1:])
    flow.set(board=Board(board.owner, board.forts, marks))


def subdue(flow: Flow, seat: int, area: str, reason: str) -> None:
    """Put a Subdued marker on an area (no VP by itself; rule 7)."""
    _set_area(flow, area, SUBDUED)
    flow.emit("subdued", seat=seat, area=area, reason=reason)


def unsubdue(flow: Flow, seat: int, area: str, reason: str) -> None:
    """Withdraw an area's Subdued marker (Migration, rule 7)."""
    _set_area(flow, area, FREE)
    flow.emit("unsubdued", seat=seat, area=area, reason=reason)


def free_areas(rules: Rules, state: MeState) -> tuple[str, ...]:
    """Areas in play without a Subdued marker."""
    return tuple(a for a, f in zip(rules.area_ids, state.board.subdued, strict=True)
                 if f == FREE)


@cache  # content only
def linked_cities(rules: Rules, area: str) -> tuple[str, ...]:
    """Cities joined to an area by a barbarian route."""
    return tuple(n for n in rules.content.map.neighbours(area, "barbarian") if rules.is_city(n))


@cache  # content only
def areas_next_to(rules: Rules, node: str) -> tuple[str, ...]:
    """Barbarian areas joined to a city or an area by a barbarian route."""
    return tuple(n for n in rules.content.map.neighbours(node, "barbarian")
                 if not rules.is_city(n))


def linked_areas(rules: Rules, state: MeState, area: str, flag: int) -> tuple[str, ...]:
    """Areas in play next to `area` whose marker state is `flag`."""
    return tuple(n for n in areas_next_to(rules, area) if area_state(rules, state, n) == flag)


def touches(rules: Rules, state: MeState, area: str, seat: int) -> bool:
    """Whether `seat` holds a city joined to `area` by a barbarian route."""
    return any(state.board.owner[rules.city_index(c)] == seat for c in linked_cities(rules, area))
