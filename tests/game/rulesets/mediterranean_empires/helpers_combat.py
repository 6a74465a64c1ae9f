"""Test helpers for Military Expeditions and combat: a real table with chosen hands and cities."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.actions import act
from game.core.entries import ChanceEntry
from game.core.events import Event
from game.core.records import evolve
from game.core.slots import reveal
from game.core.table import Table
from game.rulesets.mediterranean_empires.combat.battle import start_combat
from game.rulesets.mediterranean_empires.expedition.forces import Force, ForceCard
from game.rulesets.mediterranean_empires.flow import Flow, settle
from game.rulesets.mediterranean_empires.frames import ActionPhase, Combat, Declared
from game.rulesets.mediterranean_empires.state import NEUTRAL, OUT_OF_PLAY, Board
from tests.game.rulesets.mediterranean_empires.helpers_table import (  # noqa: F401
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    RULESET,
    deal,
    founded_table,
    mechanical,
)

EVENT_TOTALS = {"enraged_barbarians": (5, 5), "fine_weather": (3, 3), "campaign_season": (5, 6),
                "diplomacy_season": (4, 5)}
"""2d6 results giving each event on a turn's first round."""


def new_table(hands: Mapping[int, Sequence[str]], scenario: str = "3",
              options: tuple[tuple[str, Any], ...] = ()) -> Table:
    """A scenario after Empire Foundation, each seat's first hand starting with `hands[seat]`;
    it waits for the first Random Event roll."""
    seats = len(RULES.scenario(scenario).empires)
    return founded_table(hands, scenario, seats, b"combat-test-game", 11, fresh_cities=False,
                         options=options)


def set_board(table: Table, cities: Mapping[int, Sequence[str]], forts: int = 1) -> None:
    """Every city in play neutral with one marker, except `cities` (seat → ids); capitals
    keep their seat."""
    board = table.state.board
    owner = [NEUTRAL if o != OUT_OF_PLAY else o for o in board.owner]
    marks = [1 if o != OUT_OF_PLAY else 0 for o in board.owner]
    for seat, record in enumerate(table.state.seats):
        owner[RULES.city_index(record.capital)] = seat
    for seat, ids in cities.items():
        for city in ids:
            owner[RULES.city_index(city)] = seat
            marks[RULES.city_index(city)] = forts
    table.state = evolve(table.state, board=Board(tuple(owner), tuple(marks), board.subdued))


def roll(table: Table, *values: int) -> tuple[Event, ...]:
    """Answer the pending chance decision with scripted values."""
    assert table.decision().is_chance, table.decision().prompt
    events = table.submit(ChanceEntry(values=values))
    return events + mechanical(table)


def do(table: Table, seat: int, verb: str, **args: Any) -> tuple[Event, ...]:
    """Submit a seat's action (with the openings it needs), then answer mechanical steps."""
    events = table.submit(table.action_entry(seat, act(verb, **args)))
    return events + mechanical(table)


def slot_of(table: Table, seat: int, card: str, skip: Sequence[str] = ()) -> str:
    """A hand slot of `seat` holding `card`."""
    known = table.secrets[seat].known()
    return next(s for s in table.state.seats[seat].hand if known.get(s) == card and s not in skip)


def start_round(table: Table, event: str = "enraged_barbarians") -> tuple[Event, ...]:
    """Roll the round's Random Event (values chosen to give `event`)."""
    return roll(table, *EVENT_TOTALS[event])


def to_phase(table: Table, seat: int) -> None:
    """Pass with every seat before `seat` in this round."""
    while True:
        top = table.state.top
        assert isinstance(top, ActionPhase), top
        if top.seat == seat:
            return
        do(table, top.seat, "pass")


def pass_window(table: Table, *seats: int) -> tuple[Event, ...]:
    """The given seats pass in turn in a card window."""
    events: tuple[Event, ...] = ()
    for seat in seats:
        assert table.decision().actor == seat, (table.decision().actor, seat,
                                                table.decision().prompt)
        events += do(table, seat, "pass")
    return events


def add_cards(table: Table, seat: int, cards: Sequence[str]) -> tuple[str, ...]:
    """Add hand cards to the ME being declared, face down, one at a time; their slots."""
    slots: list[str] = []
    for card in cards:
        slot = slot_of(table, seat, card, skip=slots)
        do(table, seat, "add", slot=slot)
        slots.append(slot)
    return tuple(slots)


def first(events: Sequence[Event], kind: str, **facts: Any) -> Event:
    """The first event of a kind with the given facts."""
    return next(e for e in events
                if e.kind == kind and all(e.get(k) == v for k, v in facts.items()))


def all_of(events: Sequence[Event], kind: str) -> list[Event]:
    """Every event of a kind."""
    return [e for e in events if e.kind == kind]


def vp(table: Table, seat: int) -> int:
    """A seat's VP."""
    return table.state.seats[seat].vp


def cards_in_hand(table: Table, seat: int) -> list[str]:
    """Card ids of a seat's hand (from its secrets, or public openings)."""
    known = table.secrets[seat].known()
    return [table.state.hidden.card_of(s) or known[s] for s in table.state.seats[seat].hand]


def take(table: Table, seat: int, cards: Sequence[str], opened: bool = True) -> tuple[str, ...]:
    """Take cards out of a seat's hand (as an ME does), opened publicly unless `opened` is
    False; their slots."""
    slots: list[str] = []
    for card in cards:
        slots.append(slot_of(table, seat, card, skip=slots))
    record = table.state.seats[seat]
    moved = evolve(record, hand=tuple(s for s in record.hand if s not in slots))
    seats = (*table.state.seats[:seat], moved, *table.state.seats[seat + 1:])
    hidden = table.state.hidden
    if opened:
        hidden = reveal(hidden, tuple(table.secrets[seat].opening(s) for s in slots))
    table.state = evolve(table.state, seats=seats, hidden=hidden)
    return tuple(slots)


def army(table: Table, seat: int, cards: Sequence[str], use: str = "T",
         opened: bool = True) -> Force:
    """A force of `seat` made of hand cards, all used as `use`."""
    slots = take(table, seat, cards, opened)
    return Force(seat, tuple(ForceCard(s, use if opened else "") for s in slots))


def push(table: Table, start: Callable[[Flow], None]) -> tuple[Event, ...]:
    """Run a starter (e.g. a combat) on the table's state, then settle."""
    flow = Flow(RULES, table.state)
    start(flow)
    settle(flow)
    table.state = flow.state
    return tuple(flow.events) + mechanical(table)


def combat(table: Table, fight: str, attacker: Force, defender: Force, where: str,
           **options: Any) -> tuple[Event, ...]:
    """Start one combat directly (Combat API) and settle."""
    return push(table, lambda flow: start_combat(flow, fight, attacker, defender, where,
                                                 **options))


def top_combat(table: Table) -> Combat:
    """The combat now in charge."""
    frame = table.state.top
    assert isinstance(frame, Combat), frame
    return frame


def pass_all(table: Table) -> tuple[Event, ...]:
    """Everyone asked passes in the open card window (battle or expedition setting out)."""
    events: tuple[Event, ...] = ()
    kind = table.state.top.kind if table.state.top is not None else ""
    while table.decision().kind == "action" and _in_window(table) \
            and table.state.top is not None and table.state.top.kind == kind:
        events += do(table, table.decision().actor, "pass")
    return events


def _in_window(table: Table) -> bool:
    top = table.state.top
    return isinstance(top, Declared) or (isinstance(top, Combat) and top.step == "play")


def owner(table: Table, city: str) -> int:
    """Who holds a city."""
    return table.state.board.owner[RULES.city_index(city)]


def discards(table: Table, seat: int) -> list[str]:
    """Card ids on a seat's discard pile."""
    return [table.state.hidden.card_of(s) or "" for s in table.state.seats[seat].discard]


def action(table: Table, seat: int, verb: str) -> Any:
    """The one legal action of `seat` with this verb."""
    return next(a for a in table.legal(seat) if a.verb == verb)
