"""What one seat sees: the board, the Leader board, the display and every phase's progress as
the state's plain form, with each other seat's screen reduced to a count (a hot-seat
courtesy) and the sealed offers shown only to their owner until the reveal (the one real
secret). Shaped for the client's table (sprites/mn/)."""

from __future__ import annotations

from typing import Any, TypedDict

from game.core.encoding import to_plain
from game.core.records import memo
from game.core.ruleset import ViewRequest
from game.rulesets.mare_nostrum import leadership, victory
from game.rulesets.mare_nostrum.claims import forbidden
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.offers import open_markers
from game.rulesets.mare_nostrum.state import MnState


class PendingView(TypedDict):
    """Who decides what now (None when chance acts or the game is over)."""

    seat: int
    phase: str
    prompt: str


class MnView(TypedDict):
    """The table as one seat (or a spectator, seat None) sees it."""

    seat: int | None
    scenario: str
    display_mode: str
    round: int
    phase: str
    step: str
    pending: PendingView | None
    players: list[dict[str, Any]]
    """Per seat: empire, tracks, levels [[plus, level] x3], tiles, copied, resources (the
    viewer's own list; for others a count), resources_count, great_cities, next_tile_cost
    (the price of its next hero/wonder, rule 3.1.3; 0 when it has five)."""
    titles: list[int]
    provinces: list[dict[str, Any]]
    seas: list[dict[str, Any]]
    supply: dict[str, Any]
    display: dict[str, Any]
    collect: dict[str, Any]
    trade: dict[str, Any]
    """The trade state; `sealed` replaced by `sealed_by` (seats that sealed) and `my_offer`
    (the viewer's own sealed offer), plus `forbidden` (the seat the claimer may not rob),
    `markers` (each Exchange Marker's two values) and `available` (the markers the Trade
    Leader may play next, rule 2.1)."""
    build: dict[str, Any]
    move: dict[str, Any]
    order_chooser: int
    winners: list[int]
    victory: str


def build_view(content: MnContent, state: MnState, request: ViewRequest,
               pending: PendingView | None) -> MnView:
    """The view of one seat (None: a spectator)."""
    board = memo(state, "view_board", lambda: _board(state))
    return MnView(
        seat=request.seat, scenario=state.scenario, display_mode=state.display_mode,
        round=state.round, phase=state.phase, step=state.step, pending=pending,
        players=[_player(content, state, seat, request.seat) for seat in range(state.seats)],
        titles=list(state.titles), provinces=board["provinces"], seas=board["seas"],
        supply=board["supply"], display=board["display"], collect=board["collect"],
        trade=_trade(content, state, request), build=board["build"], move=board["move"],
        order_chooser=state.order_chooser, winners=list(state.winners),
        victory=state.victory)


def _board(state: MnState) -> dict[str, Any]:
    """The parts every seat sees alike, made plain once per state (shared by the views)."""
    return {name: to_plain(getattr(state, name))
            for name in ("provinces", "seas", "supply", "display", "collect", "build", "move")}


def _player(content: MnContent, state: MnState, seat: int,
            viewer: int | None) -> dict[str, Any]:
    plain: dict[str, Any] = to_plain(state.player(seat))
    hand = state.player(seat).resources
    plain["resources_count"] = len(hand)
    if seat != viewer and state.phase != "over":
        plain["resources"] = len(hand)
    plain["levels"] = [list(leadership.level(value)) for value in state.player(seat).tracks]
    plain["great_cities"] = victory.great_cities(content, state, seat)
    owned = len(state.player(seat).tiles)
    costs = content.costs.tiles
    plain["next_tile_cost"] = costs[owned - 1] if 0 < owned <= len(costs) else 0
    return plain


def _trade(content: MnContent, state: MnState, request: ViewRequest) -> dict[str, Any]:
    trade = state.trade
    plain: dict[str, Any] = to_plain(trade)
    rnd = trade.sealed
    del plain["sealed"]
    plain["sealed_by"] = list(rnd.seats[:len(rnd.commitments)]) if rnd else []
    own = request.sealed.get(rnd.name) if rnd and request.seat is not None else None
    plain["my_offer"] = list(own) if own is not None else []
    plain["forbidden"] = forbidden(trade.claims)
    markers = content.supplies.exchange_markers
    plain["markers"] = [list(values) for values in markers]
    plain["available"] = list(open_markers(len(markers), trade.markers_used,
                                           trade.marker_holder, state.titles[0]))
    return plain
