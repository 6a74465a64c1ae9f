"""Set-up (rule 3): seats and capitals, decks, the Empire Foundation step, the first hands."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from game.core.actions import Action
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.errors import IllegalEntry
from game.core.ruleset import GameConfig
from game.core.slots import HiddenCards, new_hidden, start_shuffle
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register, shared_action
from game.rulesets.mediterranean_empires.frames import DrawCards, Foundation, Frame, TurnStart
from game.rulesets.mediterranean_empires.options import check_options
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import (
    NEUTRAL,
    OUT_OF_PLAY,
    Board,
    MeState,
    Seat,
    board_memo,
)


def initial_state(rules: Rules, config: GameConfig) -> MeState:
    """The state before the Empire Foundation step: capitals and key cities placed."""
    setup = rules.scenario(config.scenario)
    if len(config.seats) != setup.players:
        raise IllegalEntry(f"scenario {setup.number} ({setup.name}) is for {setup.players} "
                           f"players, not {len(config.seats)}")
    check_options(config.options)
    start_vp = rules.content.tables.victory_points.start
    seats = tuple(Seat(e.empire, e.capital, start_vp, (), ()) for e in setup.empires)
    markers = setup.fortification_markers - 1
    draws = (DrawCards(s, setup.hand_size, "first hand") for s in reversed(range(len(seats))))
    stack: tuple[Frame, ...] = (TurnStart(), *draws)
    return MeState(
        scenario=setup.id, options=config.options, seats=seats, board=_board(rules, setup),
        turn=0, round=0, last_turn=_last_turn(rules, setup, config), enraged=0, event="",
        all_passed=False, passes=0, first_seat=0, hidden=_decks(rules, setup, config.game_id),
        stack=(*stack, Foundation(0, (markers,) * len(seats))),
    )


def _last_turn(rules: Rules, setup: SetupDef, config: GameConfig) -> int:
    turns = setup.turns or rules.content.tables.turns
    longer = int(dict(config.options).get("longer_play", 0))
    if longer not in (0, 1, 2):
        raise IllegalEntry("optional rule 8.3 (longer play) adds 1 or 2 turns")
    return turns + longer


def _board(rules: Rules, setup: SetupDef) -> Board:
    in_play = {p.province for p in setup.provinces}
    owner, forts = [], []
    capitals = {e.capital: seat for seat, e in enumerate(setup.empires)}
    for city in rules.content.map.cities:
        if city.province not in in_play:
            owner.append(OUT_OF_PLAY)
            forts.append(0)
        elif city.id in capitals:
            owner.append(capitals[city.id])
            forts.append(1)
        else:
            owner.append(NEUTRAL)
            forts.append(1 if city.id in setup.key_cities else 0)
    areas = set(setup.barbarian_areas)
    subdued = tuple(0 if area in areas else OUT_OF_PLAY for area in rules.area_ids)
    return Board(tuple(owner), tuple(forts), subdued)


def _decks(rules: Rules, setup: SetupDef, game_id: bytes) -> HiddenCards:
    hidden = new_hidden(game_id, tuple((e.empire, seat) for seat, e in enumerate(setup.empires)))
    for entry in setup.empires:
        removed = [r.card for r in setup.removed_cards if r.empire == entry.empire]
        cards = list(rules.content.decks.deck(entry.empire).physical_cards())
        for card in removed:
            cards.remove(card)
        hidden = start_shuffle(hidden, entry.empire, tuple(cards))
    return hidden


# -- Empire Foundation (rule 3.1) ------------------------------------------------------------

def placements(rules: Rules, state: MeState, seat: int) -> tuple[str, ...]:
    """Cities where `seat` may put its next foundation marker (in map order)."""
    key_cities = rules.scenario(state.scenario).key_cities
    return board_memo(state, (rules, "placements", seat, key_cities),
                      lambda: _placements(rules, state.board, seat, key_cities))


def _placements(rules: Rules, board: Board, seat: int,
                key_cities: tuple[str, ...]) -> tuple[str, ...]:
    owners, forts, ids = board.owner, board.forts, rules.city_ids
    own = [index for index, owner in enumerate(owners) if owner == seat]
    keys = _key_indices(rules, key_cities)
    near = {other for index in own for other in rules.city_links(index)
            if owners[other] == NEUTRAL and forts[other] == 0 and other not in keys}
    return tuple(ids[index] for index in sorted(near.union(own)))


@lru_cache(maxsize=64)  # content only: one per scenario's key cities
def _key_indices(rules: Rules, key_cities: tuple[str, ...]) -> frozenset[int]:
    return frozenset(rules.city_index(city) for city in key_cities if rules.is_city(city))


def _foundation_decide(rules: Rules, state: MeState, frame: Foundation) -> Decision | None:
    return _foundation_decision(frame.seat, state.seats[frame.seat].empire,
                                frame.left[frame.seat])


@lru_cache(maxsize=1024)  # a Decision is immutable: one object per seat, empire and count
def _foundation_decision(seat: int, empire: str, left: int) -> Decision:
    return Decision(seat, "action", f"{empire}: place a fortification marker ({left} left)")


def _foundation_legal(rules: Rules, state: MeState, frame: Foundation, seat: int,
                      known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    key_cities = rules.scenario(state.scenario).key_cities
    return board_memo(state, (rules, "place_actions", seat, key_cities), lambda: tuple(
        shared_action("place", "city", city) for city in placements(rules, state, seat)))


def _foundation_handle(flow: Flow, frame: Foundation, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    city = str(entry.action.arg("city"))
    index = flow.rules.city_index(city)
    board = flow.state.board
    owners = (*board.owner[:index], frame.seat, *board.owner[index + 1:])
    forts = (*board.forts[:index], board.forts[index] + 1, *board.forts[index + 1:])
    flow.set(board=Board(owners, forts, board.subdued))
    flow.emit("founded", seat=frame.seat, city=city, forts=forts[index])
    left = tuple(n - 1 if s == frame.seat else n for s, n in enumerate(frame.left))
    following = _next_placer(frame.seat, left)
    if following is None:
        flow.pop()
        _finish_foundation(flow)
    else:
        flow.replace_top(Foundation(following, left))


def _next_placer(seat: int, left: tuple[int, ...]) -> int | None:
    count = len(left)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if left[candidate] > 0:
            return candidate
    return None


def _finish_foundation(flow: Flow) -> None:
    """Every empty city in play gets a neutral marker; progress markers start (rule 3.1)."""
    board = flow.state.board
    forts = tuple(1 if owner == NEUTRAL and n == 0 else n
                  for owner, n in zip(board.owner, board.forts, strict=True))
    flow.set(board=Board(board.owner, forts, board.subdued))
    for seat in range(len(flow.state.seats)):
        flow.update_seat(seat, cities_at_turn_start=flow.state.cities_of(seat))
    flow.emit("foundation_done", cities=tuple(flow.state.cities_of(s)
                                              for s in range(len(flow.state.seats))))


register("foundation", Procedure(_foundation_decide, _foundation_handle,
                                 legal=_foundation_legal))
