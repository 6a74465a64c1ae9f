"""The public state rebuilt from a view's plain data, for callers that hand the bot a plain
view (nothing is hidden in this game, so the view holds every field the bot reads)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.slots import new_hidden
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.state import (
    NOBODY,
    Battle,
    Board,
    Player,
    RttaState,
    Turn,
)

_VIEW_GAME_ID = b"view"
"""The (unused) card component's game id: this game has no cards."""


def state_from_view(content: RttaContent, view: Mapping[str, Any]) -> RttaState:
    """An `RttaState` equal to the one the view was built from in every field a bot reads."""
    players = tuple(_player(p) for p in view["players"])
    return RttaState(view["length"], view["mediterranean"], view["round"], view["turn"],
                     view["phase"], players, _turn(content, view), _board(content, view),
                     new_hidden(_VIEW_GAME_ID, ()))


def _player(seen: Mapping[str, Any]) -> Player:
    return Player(
        food=seen["food"], goods=seen["goods"], armies=seen["armies"], ships=seen["ships"],
        wealth=seen["wealth"], provinces=seen["provinces"],
        province_boxes=seen["province_boxes"], ports=seen["ports"],
        port_population=seen["port_population"], port_goods=seen["port_goods"],
        monuments=tuple(m["filled"] for m in seen["monuments"]),
        first=tuple(m["first"] for m in seen["monuments"]),
        developments=tuple(seen["developments"]), tribute=seen["tribute"],
        skulls=seen["skulls"], conquests=seen["conquests"])


def _turn(content: RttaContent, view: Mapping[str, Any]) -> Turn:
    current, dice = view["current"], view["dice"]
    faces = [content.fate_die if d["kind"] == "fate" else content.empire_die for d in dice]
    return Turn(
        dice=tuple(next(i for i, f in enumerate(own) if f.id == d["face"])
                   for own, d in zip(faces, dice, strict=True)),
        locked=tuple(d["locked"] for d in dice), rolls=current["rolls"],
        rerolling=tuple(d["die"] for d in dice if d["rolling"]), led=current["led"],
        omens_used=current["omens_used"], food_dice=current["food_dice"],
        population=current["population"], innovations=current["innovations"],
        battles=tuple(Battle(*b) for b in current["battles"]),
        targets=tuple(current["targets"]), demand=current["demand"],
        completed=tuple(current["completed"]))


def _board(content: RttaContent, view: Mapping[str, Any]) -> Board:
    count = len(content.colonies)
    if not view["colonies"]:
        return Board(((),) * count, (NOBODY,) * count)
    return Board(tuple(tuple(c["pegs"]) for c in view["colonies"]),
                 tuple(c["owner"] for c in view["colonies"]))
