"""The rulebook's worked examples (rules 5.4.5 and 5.4.6), with the printed dice scripted.

Iberia attacks Capua over a mixed route (Numantia - Segeda - Saguntum, by sea to Neapolis, then
to Capua). Rome intercepts at sea first (the naval battle of 5.4.5), then by land at Capua (the
field battle of 5.4.6). Carthage stands in for the book's Greek player with Mercenary
Strategos.
"""

from __future__ import annotations

from game.core.table import Table
from game.rulesets.mediterranean_empires.frames import Combat, Expedition

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    add_cards,
    all_of,
    cards_in_hand,
    do,
    first,
    new_table,
    pass_window,
    roll,
    set_board,
    slot_of,
    start_round,
    to_phase,
    vp,
)

IBERIAN_ME = ("greek_allies", "scutarii", "barbarian_allies", "caetrati")


def _declare() -> Table:
    table = new_table({IBERIA: (*IBERIAN_ME, "viriato"),
                       ROME: ("liburna", "velites", "roman_trireme", "consul", "equites",
                              "hastati", "principes", "triarii"),
                       CARTHAGE: ("mercenary_strategos",)})
    set_board(table, {IBERIA: ("segeda", "saguntum", "neapolis"), ROME: ("capua",)})
    start_round(table)
    to_phase(table, IBERIA)
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="capua")
    do(table, IBERIA, "embark", port="saguntum")
    do(table, IBERIA, "land_at", port="neapolis")
    add_cards(table, IBERIA, IBERIAN_ME)
    events = do(table, IBERIA, "confirm")
    assert first(events, "expedition_declared").get("crossings") == 0
    pass_window(table, ROME, CARTHAGE)  # no Special Event against the ME as it sets out
    return table


def _naval_battle(table: Table) -> list:
    """Rome intercepts at sea with Liburna (carrying Velites) and Roman Trireme."""
    do(table, ROME, "intercept", at="sea")
    do(table, ROME, "embark", port="roma")
    add_cards(table, ROME, ("liburna", "velites", "roman_trireme"))
    do(table, ROME, "confirm")
    # nobody plays Storm at Sea on the Roman fleet; Greek Allies is the Iberian ME's one
    # possible Fleet on its naval route, so it is a Fleet without being asked (rule 5.4.1)
    events = list(pass_window(table, IBERIA, CARTHAGE))
    liburna = slot_of_force(table, "liburna")
    events += do(table, ROME, "load", slot=slot_of_force(table, "velites"), fleet=liburna)
    do(table, IBERIA, "pass")
    events += do(table, ROME, "play", slot=slot_of(table, ROME, "consul"), use="L", side=1)
    events += do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "mercenary_strategos"),
                 use="X", side=0)
    pass_window(table, IBERIA, ROME, CARTHAGE)
    events += roll(table, 4)  # Roman Trireme's opening roll
    events += roll(table, 4, 5, 6, 2)  # Iberia 2d6, Rome 2d6
    events += roll(table, 5)  # Rome's additional-casualty roll
    events += roll(table, 1, 2, 3, 4, 5)  # four recovery rolls, then the Consul's own
    return events


def slot_of_force(table: Table, card: str) -> str:
    """The slot of an opened card in the combat on top."""
    return next(s for s, c in table.state.hidden.revealed.items() if c == card
                and any(s in (x.slot for x in f.cards) for f in _forces(table)))


def _forces(table: Table) -> list:
    return [f for frame in table.state.stack if isinstance(frame, Combat)
            for f in (frame.attacker, frame.defender)]


def test_naval_battle_of_rule_5_4_5() -> None:
    table = _declare()
    before = vp(table, IBERIA), vp(table, ROME)
    events = _naval_battle(table)
    deployed = first(events, "deployed")
    assert (deployed.get("attacker_cf"), deployed.get("defender_cf")) == (8, 8)
    opening = first(events, "opening_roll")
    assert (opening.get("card"), opening.get("roll"), opening.get("hit")) == \
        ("roman_trireme", 4, False)
    iberia, rome = all_of(events, "battle_total")
    assert (iberia.get("cf"), iberia.get("dice"), iberia.get("total")) == (8, (4, 5), 17)
    assert (rome.get("cf"), rome.get("dice"), rome.get("total")) == (8, (6, 2), 16)
    assert first(events, "combat_won").get("attacker_won") is True
    assert (vp(table, IBERIA), vp(table, ROME)) == (before[0] + 2, before[1] - 2)
    casualty = first(events, "casualty_roll")
    assert (casualty.get("roll"), casualty.get("hit")) == (5, False)
    recovery = first(events, "recovery_rolls")
    assert recovery.get("rolls") == (1, 2, 3, 4) and recovery.get("card_rolls") == (5,)
    assert [e.get("card") for e in all_of(events, "recovered")] == ["consul"]
    assert "consul" in cards_in_hand(table, ROME)
    discards = [table.state.hidden.card_of(s) for s in table.state.seats[ROME].discard]
    assert sorted(discards) == ["liburna", "roman_trireme", "velites"]
    strategos = [table.state.hidden.card_of(s) for s in table.state.seats[CARTHAGE].discard]
    assert strategos == ["mercenary_strategos"]
    me = table.state.top
    assert isinstance(me, Expedition) and me.step == "intercept"
    assert sorted(table.state.hidden.card_of(c.slot) for c in me.force.cards) == \
        sorted(IBERIAN_ME)


def test_field_battle_at_capua_of_rule_5_4_6() -> None:
    table = _declare()
    _naval_battle(table)
    before = vp(table, IBERIA), vp(table, ROME)
    do(table, ROME, "intercept", at="capua")
    do(table, ROME, "route", via="land")
    add_cards(table, ROME, ("equites", "hastati", "principes", "triarii"))
    events = list(do(table, ROME, "confirm"))
    events += pass_window(table, IBERIA)  # Iberia keeps Viriato; Carthage holds no such card
    events += do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "viriato"), use="L", side=0)
    pass_window(table, ROME, CARTHAGE, IBERIA)
    events += roll(table, 3, 5, 2)  # Iberia 2d6 (3, 5), Rome 1d6 (2)
    events += roll(table, 3)  # Rome's additional-casualty roll
    pool = _attacker_troops(table)
    events += roll(table, pool.index("barbarian_allies"))
    events += roll(table, 6, 1, 2, 3, 4)  # Barbarian Allies returns, Rome's four do not
    deployed = first(events, "deployed")
    assert (deployed.get("attacker_cf"), deployed.get("defender_cf")) == (21, 26)
    iberia, rome = all_of(events, "battle_total")
    assert (iberia.get("cf"), iberia.get("dice"), iberia.get("total")) == (21, (3, 5), 29)
    assert (rome.get("cf"), rome.get("dice"), rome.get("total")) == (26, (2,), 28)
    assert (vp(table, IBERIA), vp(table, ROME)) == (before[0] + 2, before[1] - 2)
    assert first(events, "casualty_roll").get("hit") is True
    assert first(events, "card_lost").get("card") == "barbarian_allies"
    assert [e.get("card") for e in all_of(events, "recovered")] == ["barbarian_allies"]
    assert "barbarian_allies" in cards_in_hand(table, IBERIA)
    combat = table.state.top
    assert isinstance(combat, Combat) and combat.fight == "assault"  # on to Capua
    left = sorted(table.state.hidden.card_of(c.slot) for c in combat.attacker.cards)
    assert left == ["caetrati", "greek_allies", "scutarii"]
    assert [table.state.hidden.card_of(s) for s in combat.attacker.leaders] == ["viriato"]


def _attacker_troops(table: Table) -> list[str]:
    combat = table.state.top
    assert isinstance(combat, Combat)
    return [table.state.hidden.card_of(c.slot) or "" for c in combat.attacker.cards
            if c.use == "T"]
