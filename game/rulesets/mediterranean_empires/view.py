"""What one seat may see: the public board and tracks, plus its own hand's identities."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NotRequired, TypedDict, cast

from game.core.actions import action_to_plain
from game.core.encoding import to_plain
from game.core.records import memo
from game.core.ruleset import ViewRequest
from game.rulesets.mediterranean_empires.combat.figures import SideFigures, figures
from game.rulesets.mediterranean_empires.expedition.muster import route_options
from game.rulesets.mediterranean_empires.expedition.routes import crossings
from game.rulesets.mediterranean_empires.frames import Combat, Expedition, Frame
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import (
    NEUTRAL,
    OUT_OF_PLAY,
    MeState,
    board_memo,
)


class SeatView(TypedDict):
    """One empire at the table, as everyone sees it."""

    empire: str
    capital: str
    vp: int
    cities: int
    hand_size: int
    deck: int
    discard: list[str | None]
    hand_bonus: int
    cities_at_turn_start: int


class CityView(TypedDict):
    """Who holds a city in play, and its fortification markers."""

    owner: str
    forts: int


class HandCard(TypedDict):
    """A slot in the viewer's hand, with its card when the viewer knows it."""

    slot: str
    card: str | None


class RouteOption(TypedDict):
    """A route or port choice of an ME being built, for the client's preview."""

    action: dict[str, Any]
    path: list[str]
    sea: int
    crossings: int
    landings: NotRequired[list[str]]


class DiceTerm(TypedDict):
    """Dice one source gives a side: "base", "force", "tables" or the id of a card."""

    source: str
    dice: int


class CardCfView(TypedDict):
    """A fighting card's share of its side's CF (rule 5.4.5)."""

    slot: str
    card: str
    cf: int
    cf_dice: int
    bonus: int
    """What its cf_bonus / cf_bonus_vs add now (already in `cf`)."""


class SideView(TypedDict):
    """One side of the combat under way, counted by the engine's own functions."""

    dice: int
    """Dice Battle Resolution would roll now."""
    cf: int
    cf_dice: int
    dice_terms: list[DiceTerm]
    cards: list[CardCfView]
    partial: bool
    """A card of the combat is still face down or untyped: the figures are the open part."""


class BattleView(TypedDict):
    """The figures of the combat on top of the stack (the topmost Combat frame)."""

    sides: list[SideView]


class MeView(TypedDict):
    """What one seat (or a spectator, seat None) may see: plain, canonically encodable data."""

    ruleset: str
    scenario: str
    seat: int | None
    turn: int
    round: int
    last_turn: int
    event: str
    enraged: int
    all_passed: bool
    seats: list[SeatView]
    cities: dict[str, CityView]
    barbarians: dict[str, str]
    hand: list[HandCard]
    stack: list[Any]
    open_cards: dict[str, str]
    truces: list[Any]
    winners: list[str]
    route_options: NotRequired[list[RouteOption]]
    battle: NotRequired[BattleView]


def build_view(rules: Rules, state: MeState, request: ViewRequest) -> MeView:
    """Plain data; hidden cards appear only as slot ids, except the viewer's own known ones."""
    parts = view_parts(rules, state, request, shared=False)
    return cast(MeView, {key: build() for key, build in parts.items()})


def view_parts(rules: Rules, state: MeState, request: ViewRequest, shared: bool = True
               ) -> dict[str, Callable[[], Any]]:
    """The view key by key, each built only when called (a bot reads a few keys of a view).

    `shared`: the city table and the frames come from memos on the immutable board and frame
    records, shared between views (read-only: a bot's view); else every part is fresh."""
    seat = request.seat
    parts: dict[str, Callable[[], Any]] = {
        "ruleset": lambda: "mediterranean_empires", "scenario": lambda: state.scenario,
        "seat": lambda: seat, "turn": lambda: state.turn, "round": lambda: state.round,
        "last_turn": lambda: state.last_turn, "event": lambda: state.event,
        "enraged": lambda: state.enraged, "all_passed": lambda: state.all_passed,
        "seats": lambda: [_seat(state, i) if not shared else cast(SeatView, _LazySeat(state, i))
                          for i in range(len(state.seats))],
        "cities": lambda: _shared_cities(rules, state) if shared else _cities(rules, state),
        "barbarians": lambda: _barbarians(rules, state),
        "hand": lambda: [] if seat is None else [{"slot": s, "card": request.known.get(s)}
                                                 for s in state.seats[seat].hand],
        "stack": lambda: [_frame_plain(frame, shared) for frame in state.stack],
        "open_cards": lambda: _open_cards_on_table(state),
        "truces": lambda: [to_plain(truce) for truce in state.truces],
        "winners": lambda: [state.seats[w].empire for w in state.winners],
    }
    top = state.top
    if isinstance(top, Expedition) and top.step in ("route", "port"):
        parts["route_options"] = lambda: _route_options(rules, state, top)
    combat = next((f for f in reversed(state.stack) if isinstance(f, Combat)), None)
    if combat is not None:
        parts["battle"] = lambda: _battle(rules, state, combat)
    return parts


def _barbarians(rules: Rules, state: MeState) -> dict[str, str]:
    return {area: ("subdued" if flag == 1 else "free")
            for area, flag in zip(rules.area_ids, state.board.subdued, strict=True)
            if flag != OUT_OF_PLAY}


def _frame_plain(frame: Frame, shared: bool) -> Any:
    """A frame as plain data (worked out once per frame record when `shared`)."""
    return memo(frame, "view-plain", lambda: to_plain(frame)) if shared else to_plain(frame)


def _shared_cities(rules: Rules, state: MeState) -> dict[str, CityView]:
    """The city table, worked out once per board (and seats' empires)."""
    empires = tuple(seat.empire for seat in state.seats)
    return board_memo(state, (rules, "view-cities", empires), lambda: _cities(rules, state))


def _battle(rules: Rules, state: MeState, combat: Combat) -> BattleView:
    """The combat's figures (rules 5.4.5-5.4.7), the same for every seat: see figures.py."""
    return {"sides": [_side(side) for side in figures(rules, state, combat)]}


def _side(side: SideFigures) -> SideView:
    """One side's figures as plain data (public: they count opened cards only)."""
    return {"dice": side.dice, "cf": side.cf, "cf_dice": side.cf_dice,
            "dice_terms": [{"source": s, "dice": n} for s, n in side.dice_terms],
            "cards": [{"slot": c.slot, "card": c.card, "cf": c.value + c.bonus,
                       "cf_dice": c.dice, "bonus": c.bonus} for c in side.cards],
            "partial": side.partial}


def _route_options(rules: Rules, state: MeState, frame: Expedition) -> list[RouteOption]:
    """The routes an ME being built may take now, one per legal route/port choice (public:
    they follow from the board and the map), for the client's preview of the choice."""
    out = []
    for action, route, landings in route_options(rules, state, frame):
        option: RouteOption = {"action": action_to_plain(action), "path": list(route.path),
                               "sea": route.sea, "crossings": crossings(rules, route)}
        if landings:
            option["landings"] = list(landings)
        out.append(option)
    return out


def _open_cards_on_table(state: MeState) -> dict[str, str]:
    """slot → card for every face-up card the pending procedures hold (public knowledge)."""
    revealed = state.hidden.revealed
    out: dict[str, str] = {}
    for frame in state.stack:
        for slot in _slots_in(to_plain(frame)):
            if slot in revealed:
                out[slot] = revealed[slot]
    return out


def _slots_in(plain: Any) -> list[str]:
    if isinstance(plain, str):
        return [plain] if plain.count(":") == 2 else []
    if isinstance(plain, list):
        return [slot for item in plain for slot in _slots_in(item)]
    if isinstance(plain, dict):
        return [slot for item in plain.values() for slot in _slots_in(item)]
    return []


def _seat(state: MeState, index: int) -> SeatView:
    seat = state.seats[index]
    return {"empire": seat.empire, "capital": seat.capital, "vp": seat.vp,
            "cities": state.cities_of(index), "hand_size": len(seat.hand),
            "deck": len(state.hidden.deck(seat.empire).undrawn),
            "discard": [state.hidden.card_of(s) for s in seat.discard],
            "hand_bonus": seat.hand_bonus, "cities_at_turn_start": seat.cities_at_turn_start}


class _LazySeat(Mapping[str, Any]):
    """A seat's record in a bot's view: each figure worked out when read."""

    def __init__(self, state: MeState, index: int) -> None:
        self._state, self._index = state, index
        self._full: SeatView | None = None

    def __getitem__(self, key: str) -> Any:
        if key in ("empire", "capital", "vp"):
            return getattr(self._state.seats[self._index], key)
        if self._full is None:
            self._full = _seat(self._state, self._index)
        return self._full[key]  # type: ignore[literal-required]  # any SeatView key

    def __iter__(self) -> Iterator[str]:
        return iter(SeatView.__annotations__)

    def __len__(self) -> int:
        return len(SeatView.__annotations__)


def _cities(rules: Rules, state: MeState) -> dict[str, CityView]:
    out: dict[str, CityView] = {}
    for city, owner, forts in zip(rules.city_ids, state.board.owner, state.board.forts,
                                  strict=True):
        if owner == OUT_OF_PLAY:
            continue
        holder = "neutral" if owner == NEUTRAL else state.seats[owner].empire
        out[city] = {"owner": holder, "forts": forts}
    return out
