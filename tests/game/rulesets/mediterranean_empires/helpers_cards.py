"""Test helpers for the card, barbarian and raid rules: a real table with chosen hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import act
from game.core.entries import ChanceEntry
from game.core.records import evolve
from game.core.slots import reveal
from game.core.table import Table
from game.rulesets.mediterranean_empires.barbarians import attacks
from game.rulesets.mediterranean_empires.cards.card_effects import start_abilities
from game.rulesets.mediterranean_empires.control import transfer_city
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome, Force
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.flow import settle as settle_flow
from game.rulesets.mediterranean_empires.frames import ActionPhase
from game.rulesets.mediterranean_empires.sequence import fighting_events
from game.rulesets.mediterranean_empires.state import NEUTRAL, Board
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


def settle(table: Table) -> tuple:
    """Answer commits, openings and handoffs until a seat's action or chance is pending."""
    return mechanical(table)


def new_table(hands: Mapping[int, Sequence[str]], scenario: str = "3",
              seats: int = 3) -> Table:
    """Scenario set-up with Empire Foundation markers on fresh cities and the given cards in
    hand; the table then waits for the first Random Event roll."""
    return founded_table(hands, scenario, seats, b"cards-test-game!", 7, fresh_cities=True)


def roll(table: Table, *values: int) -> tuple:
    """Answer the pending chance decision with scripted values."""
    events = table.submit(ChanceEntry(values=values))
    return events + settle(table)


def slot_of(table: Table, seat: int, card: str) -> str:
    """A hand slot of `seat` holding `card`."""
    known = table.secrets[seat].known()
    return next(s for s in table.state.seats[seat].hand if known.get(s) == card)


def do(table: Table, seat: int, verb: str, **args: Any) -> tuple:
    """Submit a seat's action (with the openings it needs), then settle."""
    events = table.submit(table.action_entry(seat, act(verb, **args)))
    return events + settle(table)


def play_card(table: Table, seat: int, verb: str, card: str) -> tuple:
    """Play a card from hand with `verb` (imperium, play, cancel)."""
    return do(table, seat, verb, slot=slot_of(table, seat, card))


def give_cities(table: Table, seat: int, *cities: str, forts: int = 1) -> None:
    """Hand cities to a seat directly (test set-up; no VP change)."""
    board = table.state.board
    owner, marks = list(board.owner), list(board.forts)
    for city in cities:
        index = RULES.city_index(city)
        owner[index], marks[index] = seat, forts
    table.state = evolve(table.state, board=Board(tuple(owner), tuple(marks), board.subdued))


def owner(table: Table, city: str) -> int:
    """Who holds a city (NEUTRAL = -1)."""
    return table.state.board.owner[RULES.city_index(city)]


def set_subdued(table: Table, area: str, flag: int) -> None:
    """Mark an area subdued (1) or free (0) directly."""
    board = table.state.board
    marks = list(board.subdued)
    marks[RULES.area_index(area)] = flag
    table.state = evolve(table.state, board=Board(board.owner, board.forts, tuple(marks)))


def subdued(table: Table, area: str) -> int:
    """An area's marker state."""
    return table.state.board.subdued[RULES.area_index(area)]


def kinds(events: Sequence[Any]) -> list[str]:
    """The kinds of a batch of events."""
    return [e.kind for e in events]



def run_abilities(table: Table, seat: int, card: str, window: str, city: str = "",
                  area: str = "") -> tuple:
    """Start a card's abilities for `window` directly on the table's state, then settle."""
    flow = Flow(RULES, table.state)
    start_abilities(flow, seat, card, window, city, area)
    settle_flow(flow)
    table.state = flow.state
    return tuple(flow.events) + settle(table)


def phase(table: Table) -> ActionPhase:
    """The action phase now in charge."""
    top = table.state.top
    assert isinstance(top, ActionPhase), top
    return top


class FakeAttack:
    """Stands in for `expedition.start_attack`: records the call and sets the outcome."""

    def __init__(self, falls: bool) -> None:
        self.falls = falls
        self.calls: list[tuple] = []

    def __call__(self, flow: Flow, force: Force, target: str, origin: str = "",
                 by_sea: bool = False, reason: str = "", controller: int = -1) -> None:
        self.calls.append((force, target, origin, by_sea))
        if self.falls:
            transfer_city(flow, target, NEUTRAL, reason)
        flow.set(outcome=CombatOutcome("assault", target, self.falls, force, 0))


def fake_attack(monkeypatch: Any, falls: bool) -> FakeAttack:
    """Replace the Combat API's non-player attack for one test."""
    fake = FakeAttack(falls)
    for module in (attacks, fighting_events):
        monkeypatch.setattr(module, "start_attack", fake)
    return fake


def to_discard(table: Table, seat: int, cards: Sequence[str]) -> tuple[str, ...]:
    """Move cards from a seat's hand, opened, onto its discard pile (test set-up)."""
    slots = []
    for card in cards:
        slot = next(s for s in table.state.seats[seat].hand
                    if table.secrets[seat].opening(s).card == card and s not in slots)
        slots.append(slot)
    hidden = reveal(table.state.hidden, tuple(table.secrets[seat].opening(s) for s in slots))
    record = table.state.seats[seat]
    moved = evolve(record, hand=tuple(s for s in record.hand if s not in slots),
                   discard=(*record.discard, *slots))
    seats = (*table.state.seats[:seat], moved, *table.state.seats[seat + 1:])
    table.state = evolve(table.state, hidden=hidden, seats=seats)
    return tuple(slots)


def vp(table: Table, seat: int) -> int:
    """A seat's VP."""
    return table.state.seats[seat].vp
