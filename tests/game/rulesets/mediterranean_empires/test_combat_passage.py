"""Optional rule 8.2, free passage through other players' cities."""

from __future__ import annotations

from game.core.table import Table
from game.rulesets.mediterranean_empires.frames import ActionPhase, Expedition

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    add_cards,
    cards_in_hand,
    do,
    new_table,
    set_board,
    start_round,
    to_phase,
)


def _march(refuse: bool) -> Table:
    table = new_table({ROME: ("hastati",)}, options=(("free_passage", True),))
    set_board(table, {CARTHAGE: ("capua",)})
    start_round(table)
    to_phase(table, ROME)
    do(table, ROME, "expedition")
    do(table, ROME, "target", to="neapolis")
    assert "passage" in {a.arg("via") for a in table.legal(ROME) if a.verb == "route"}
    do(table, ROME, "route", via="passage")
    add_cards(table, ROME, ("hastati",))
    do(table, ROME, "confirm")
    assert table.decision().actor == CARTHAGE
    do(table, CARTHAGE, "refuse" if refuse else "grant")
    return table


def test_granted_passage_goes_on_to_the_target() -> None:
    table = _march(refuse=False)
    me = next(f for f in table.state.stack if isinstance(f, Expedition))
    assert me.target == "neapolis" and me.path == ("roma", "capua", "neapolis")


def test_refused_passage_may_turn_into_an_attack_on_the_refuser() -> None:
    table = _march(refuse=True)
    assert {a.verb for a in table.legal(ROME)} == {"withdraw", "attack"}
    do(table, ROME, "attack")
    me = next(f for f in table.state.stack if isinstance(f, Expedition))
    assert me.target == "capua" and me.path == ("roma", "capua")


def test_refused_passage_may_send_the_cards_home() -> None:
    table = _march(refuse=True)
    do(table, ROME, "withdraw")
    assert "hastati" in cards_in_hand(table, ROME)
    top = table.state.top
    assert isinstance(top, ActionPhase) and top.seat == IBERIA  # Rome's action is spent
    to_phase(table, IBERIA)
