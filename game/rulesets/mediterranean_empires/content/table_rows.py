"""Building blocks shared by the board's tables: outcomes, row ranges and their checks."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from game.content import Node

DIE_FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Outcome:
    """One thing a player receives: VP, cards drawn or discarded, barbarian markers moved."""

    vp: int = 0
    draw_cards: int = 0
    discard_random_cards: int = 0
    remove_connected_subdued: int = 0
    may_subdue_connected: int = 0


def parse_choice(node: Node | None) -> tuple[Outcome, ...]:
    """A list of outcomes the player picks one of (empty when absent)."""
    if node is None:
        return ()
    if not node.as_list_value():
        raise node.error("a choice needs at least one outcome")
    return tuple(_outcome(option) for option in node.elements())


def _outcome(node: Node) -> Outcome:
    keys = ("vp", "draw_cards", "discard_random_cards", "remove_connected_subdued",
            "may_subdue_connected")
    node.only_keys(*keys)
    if not node.as_dict_value():
        raise node.error(f"an outcome needs at least one of {', '.join(keys)}")
    return Outcome(
        vp=node.get_int("vp", default=0, low=-10, high=10),
        **{key: node.get_int(key, default=0, low=0, high=5) for key in keys[1:]},
    )


def row_bounds(node: Node) -> tuple[int | None, int | None]:
    """The optional inclusive `min`/`max` of a row; at least one must be given."""
    low_node, high_node = node.opt("min"), node.opt("max")
    if low_node is None and high_node is None:
        raise node.error("a row needs min, max or both")
    low = None if low_node is None else low_node.integer()
    high = None if high_node is None else high_node.integer()
    if low is not None and high is not None and high < low:
        raise node.error(f"max {high} is below min {low}")
    return low, high


def check_cover(node: Node, ranges: list[tuple[int | None, int | None]], need_low: int,
                 need_high: int | None) -> None:
    """Ranges, in order, must be contiguous and cover need_low..need_high (None = no end)."""
    if not ranges:
        raise node.error("the table has no rows")
    for index, ((_, high), (low, _)) in enumerate(pairwise(ranges)):
        if high is None or low is None or low != high + 1:
            raise node.child(index + 1).error(
                f"rows must be ascending and contiguous: expected min {_next(high)}, got {low}")
    first_low, last_high = ranges[0][0], ranges[-1][1]
    if first_low is not None and first_low > need_low:
        raise node.child(0).error(f"totals from {need_low} are possible but the table starts "
                                  f"at {first_low}")
    if last_high is not None and (need_high is None or last_high < need_high):
        top = "any higher total" if need_high is None else f"totals up to {need_high}"
        raise node.child(len(ranges) - 1).error(f"{top} must be covered; the table stops at "
                                                f"{last_high}")


def _next(high: int | None) -> str:
    return "nothing (open-ended row above)" if high is None else str(high + 1)


def check_faces(node: Node, rolls: list[int]) -> None:
    """A d6 table lists each face 1-6 exactly once, in order."""
    if tuple(rolls) != DIE_FACES:
        raise node.error(f"rows must be the die faces 1-6 in order, got {rolls}")


def check_ids(node: Node, ids: list[str], expected: tuple[str, ...]) -> None:
    """The rows' ids must be exactly `expected`, in order."""
    if tuple(ids) != expected:
        raise node.error(f"ids must be, in order: {', '.join(expected)}; got {', '.join(ids)}")


def check_unique(node: Node, ids: list[str]) -> None:
    """No id may appear twice among the rows."""
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if item in seen:
            raise node.child(index).error(f"duplicate id {item!r}")
        seen.add(item)


def in_range(value: int, low: int | None, high: int | None) -> bool:
    """Whether value lies in low..high (None = open end)."""
    return (low is None or value >= low) and (high is None or value <= high)
