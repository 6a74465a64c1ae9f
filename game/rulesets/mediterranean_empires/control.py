"""Who holds what: victory points (rule 4.3), city control changes (rule 6), automatic victory."""

from __future__ import annotations

from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Frame
from game.rulesets.mediterranean_empires.state import NEUTRAL, Board, MeState


def change_vp(flow: Flow, seat: int, amount: int, reason: str) -> None:
    """Add (or take) VP; a total never drops below the track's floor (rule 4.4)."""
    if amount == 0:
        return
    floor = flow.rules.content.tables.victory_points.minimum
    before = flow.seat(seat).vp
    after = max(floor, before + amount)
    flow.update_seat(seat, vp=after)
    flow.emit("vp", seat=seat, change=after - before, total=after, reason=reason)


def owner_of(rules_state: MeState, city_index: int) -> int:
    """The seat holding a city, NEUTRAL, or OUT_OF_PLAY."""
    return rules_state.board.owner[city_index]


def transfer_city(flow: Flow, city_id: str, new_owner: int, reason: str) -> None:
    """A city changes hands keeping its fortification level (rule 6), with the VP for its size."""
    rules = flow.rules
    index = rules.city_index(city_id)
    board = flow.state.board
    old_owner = board.owner[index]
    if old_owner == new_owner:
        return
    size = rules.content.map.city(city_id).size
    flow.set(board=_with_owner(board, index, new_owner))
    flow.emit("city_changed", city=city_id, old=old_owner, new=new_owner, reason=reason,
              old_empire=flow.empire_name(old_owner), new_empire=flow.empire_name(new_owner))
    if old_owner >= 0:
        change_vp(flow, old_owner, -size, f"lost {city_id}")
    if new_owner >= 0:
        change_vp(flow, new_owner, size, f"took {city_id}")
        check_automatic_victory(flow, new_owner)


def add_fortifications(flow: Flow, city_id: str, count: int) -> None:
    """Put more markers on a city (its owner's, or neutral ones)."""
    index = flow.rules.city_index(city_id)
    board = flow.state.board
    forts = (*board.forts[:index], board.forts[index] + count, *board.forts[index + 1:])
    flow.set(board=Board(board.owner, forts, board.subdued))


def check_automatic_victory(flow: Flow, seat: int) -> None:
    """A seat holding the scenario's number of cities wins at once (rule 4.4)."""
    needed = flow.rules.scenario(flow.state.scenario).automatic_victory_cities
    if needed and flow.state.cities_of(seat) >= needed:
        end_game(flow, (seat,), "automatic victory")


def end_game(flow: Flow, winners: tuple[int, ...], how: str) -> None:
    """Stop the game: no frame is left, the winners are recorded."""
    empty: tuple[Frame, ...] = ()
    flow.set(stack=empty, winners=winners)
    flow.emit("game_over", winners=winners, how=how,
              winner_names=", ".join(flow.empire_name(w) for w in winners),
              vp=tuple(seat.vp for seat in flow.state.seats))


def _with_owner(board: Board, index: int, owner: int) -> Board:
    owners = (*board.owner[:index], owner, *board.owner[index + 1:])
    return Board(owners, board.forts, board.subdued)


__all__ = ["NEUTRAL", "add_fortifications", "change_vp", "end_game", "transfer_city"]
