"""The shared start of the card and combat test helpers: a real table of a scenario after
Empire Foundation, each seat's first hand starting with chosen cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.entries import ChanceEntry
from game.core.events import Event
from game.core.ruleset import GameConfig
from game.core.secrets import SeatSecrets
from game.core.table import Table
from game.rulesets.mediterranean_empires.ruleset import MeRuleset

RULESET = MeRuleset()
RULES = RULESET.rules
CARTHAGE, ROME, IBERIA = 0, 1, 2
"""Seats of scenario 3 (Second Punic War) and the first three of scenario 6."""


def mechanical(table: Table) -> tuple[Event, ...]:
    """Answer commits, openings and handoffs until a seat's action or chance is pending."""
    events: tuple[Event, ...] = ()
    while table.decision().kind in ("commit", "open", "handoff"):
        events += table.submit(table.mechanical_entry(table.decision()))
    return events


def founded_table(hands: Mapping[int, Sequence[str]], scenario: str, seats: int,
                  game_id: bytes, key_base: int, fresh_cities: bool,
                  options: tuple[tuple[str, Any], ...] = ()) -> Table:
    """A scenario after Empire Foundation (each marker on the first legal city, or the first
    city not already the seat's when `fresh_cities`), then every seat dealt `hands` first;
    it waits for the first Random Event roll."""
    config = GameConfig("mediterranean_empires", scenario,
                        tuple(f"P{i}" for i in range(seats)), game_id, options)
    table = Table(RULESET, config, {s: SeatSecrets(s, bytes([s + key_base]) * 32)
                                    for s in range(seats)})
    mechanical(table)
    while table.decision().kind == "action":
        seat = table.decision().actor
        options_now = table.legal(seat)
        fresh = [a for a in options_now if fresh_cities and table.state.board.owner[
            RULES.city_index(str(a.arg("city")))] != seat]
        table.submit(table.action_entry(seat, (fresh or options_now)[0]))
        mechanical(table)
    for seat in range(seats):
        deal(table, seat, hands.get(seat, ()))
    return table


def deal(table: Table, seat: int, cards: Sequence[str]) -> None:
    """Answer a pending draw of `seat` so that it takes `cards` first."""
    decision = table.decision()
    assert decision.is_chance and decision.chance is not None
    undrawn = list(table.state.hidden.deck(table.state.seats[seat].empire).undrawn)
    picks = []
    for card in cards:
        index = next(i for i, s in enumerate(undrawn)
                     if table.secrets[seat].opening(s).card == card)
        picks.append(index)
        undrawn.pop(index)
    picks += [0] * (decision.chance.value_count() - len(picks))
    table.submit(ChanceEntry(values=tuple(picks)))
    mechanical(table)
