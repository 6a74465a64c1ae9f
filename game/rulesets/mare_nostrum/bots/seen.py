"""What the greedy bot reads before a decision: the state as its own view shows it.

Everything on the board is public, but the other screens and the sealed offers are not: the
view gives another seat's hand only as a count and the seal as who has sealed, so the state
the bot reads holds its own hand and empty hands for the others (ruling MN-3). A plain view
is decoded (`state_from_view`); a table's view (`LazyView`) carries the state it is built
from, which `private` cuts down to the same thing before anything else reads it (the tests
check the two agree) — it saves building and decoding the view at every decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from game.core.encoding import from_plain, to_plain
from game.core.records import evolve
from game.core.slots import new_hidden
from game.rulesets.mare_nostrum import payment
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.decisions import decision
from game.rulesets.mare_nostrum.sets import Powers
from game.rulesets.mare_nostrum.state import MnState, Player, TradeState

_VIEW_GAME_ID = b"view"
"""The (unused) card component's game id: this game has no cards."""
_NO_CARDS = new_hidden(_VIEW_GAME_ID, ())
_STATE_FIELDS = tuple(f.name for f in fields(MnState) if f.name != "hidden")
_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_TRADE_FIELDS = tuple(f.name for f in fields(TradeState) if f.name != "sealed")


@dataclass(frozen=True)
class Seen:
    """One decision's reading of the game by the deciding seat."""

    content: MnContent
    state: MnState
    seat: int

    @cached_property
    def hand(self) -> tuple[str, ...]:
        """The resources behind the seat's own screen."""
        return self.state.player(self.seat).resources

    @cached_property
    def powers(self) -> Powers:
        """The seat's set-changing powers (Cleopatra, Hannibal)."""
        return payment.powers_of(self.state, self.seat)

    def others(self) -> tuple[int, ...]:
        """Every other seat."""
        return tuple(s for s in range(self.state.seats) if s != self.seat)


def state_from_view(view: Mapping[str, Any]) -> MnState:
    """The state as far as the view shows it: other seats' hands empty, no sealed round."""
    plain: dict[str, Any] = {name: view[name] for name in _STATE_FIELDS}
    plain["players"] = [_player(p) for p in view["players"]]
    plain["trade"] = {name: view["trade"][name] for name in _TRADE_FIELDS} | {"sealed": None}
    plain["hidden"] = to_plain(_NO_CARDS)
    return from_plain(MnState, plain)


def _player(seen: Mapping[str, Any]) -> dict[str, Any]:
    plain = {name: seen[name] for name in _PLAYER_FIELDS}
    if not isinstance(plain["resources"], list):
        plain["resources"] = []
    return plain


def private(state: MnState, seat: int) -> MnState:
    """What `seat` may know of a state: the other screens emptied, no sealed round (and the
    unused card component as a plain view gives it)."""
    players = tuple(p if at == seat else evolve(p, resources=())
                    for at, p in enumerate(state.players))
    return evolve(state, players=players, trade=evolve(state.trade, sealed=None),
                  hidden=_NO_CARDS)


def read(content: MnContent, view: Mapping[str, Any], seat: int | None = None) -> Seen:
    """The reading of a seat's view (`seat`: the deciding seat unless given)."""
    state = getattr(view, "state", None)
    if isinstance(state, MnState):
        own = decision(content, state).actor if seat is None else seat
        return Seen(content, private(state, own), own)
    return Seen(content, state_from_view(view), view["seat"] if seat is None else seat)
