"""Expeditions of the Scenarios Book's extended example (scenario 3, rounds 5 and 7)."""

from __future__ import annotations

from game.core.table import Table

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    action,
    add_cards,
    all_of,
    cards_in_hand,
    discards,
    do,
    first,
    new_table,
    owner,
    pass_all,
    roll,
    set_board,
    slot_of,
    start_round,
    to_phase,
    vp,
)


def test_carthage_takes_reghium_after_a_shipwreck() -> None:
    table = new_table({CARTHAGE: ("gaul_mercenaries", "libyan_elite_phalanx"),
                       ROME: ("consul",)})
    set_board(table, {CARTHAGE: ("panormos", "messana"), ROME: ("reghium", "capua")})
    start_round(table)
    before = vp(table, CARTHAGE), vp(table, ROME)
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="reghium")
    do(table, CARTHAGE, "route", via="land")
    add_cards(table, CARTHAGE, ("gaul_mercenaries", "libyan_elite_phalanx"))
    events = list(do(table, CARTHAGE, "confirm"))
    assert first(events, "expedition_declared").get("crossings") == 2
    events += roll(table, 1, 3)  # one die shows 1: roll 2d6 for it
    events += roll(table, 4, 1)  # a single 1: one random card of the ME is lost
    events += roll(table, 0)  # Gaul Mercenaries is picked; Carthage shows it
    assert first(events, "card_lost").get("card") == "gaul_mercenaries"
    pass_all(table)  # no Special Event against the ME
    do(table, ROME, "decline")  # Rome could only intercept by sea, without a fleet in hand
    do(table, CARTHAGE, "pass")
    do(table, ROME, "play", slot=slot_of(table, ROME, "consul"), use="L", side=1)
    pass_all(table)
    events += roll(table, 2, 2, 5, 4)  # Carthage 1d6 + 11 = 13; Rome 3d6 = 11
    events += roll(table, 5, 3)  # the Phalanx comes back on 5; the Consul stays out on 3
    carthage, rome = all_of(events, "battle_total")
    assert (carthage.get("total"), rome.get("total")) == (13, 11)
    assert owner(table, "reghium") == CARTHAGE
    assert (vp(table, CARTHAGE), vp(table, ROME)) == (before[0] + 1, before[1] - 1)
    assert "libyan_elite_phalanx" in cards_in_hand(table, CARTHAGE)
    assert discards(table, CARTHAGE) == ["gaul_mercenaries"]
    assert discards(table, ROME) == ["consul"]


def test_iberia_takes_neutral_massilia_despite_a_garrison() -> None:
    table = new_table({IBERIA: ("scutarii", "caetrati"), CARTHAGE: ("garrison",)})
    set_board(table, {IBERIA: ("segeda", "ilerda", "emporion")})
    start_round(table)
    to_phase(table, IBERIA)
    before = vp(table, IBERIA)
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="massilia")
    do(table, IBERIA, "route", via="land")
    add_cards(table, IBERIA, ("scutarii", "caetrati"))
    do(table, IBERIA, "confirm")
    events = list(pass_all(table))
    assert first(events, "deployed").get("attacker_cf") == 11
    events += do(table, IBERIA, "pass")
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "garrison"), use="D", side=1)
    pass_all(table)
    events += roll(table, 3, 3, 4, 3, 2)  # Iberia 1d6 + 11 = 14; Massilia 4d6 = 12
    assert owner(table, "massilia") == IBERIA
    assert vp(table, IBERIA) == before + 2
    assert discards(table, CARTHAGE) == ["garrison"]


def test_carthage_naval_assault_on_massilia_fails_on_a_tie() -> None:
    table = new_table({CARTHAGE: ("libyan_elite_phalanx", "phoenician_quadrireme",
                                  "carthaginian_marines", "magon"),
                       IBERIA: ("storm_at_sea", "greek_allies", "slingers", "viriato"),
                       ROME: ("storm_at_sea",)})
    set_board(table, {IBERIA: ("segeda", "saguntum")})
    set_board(table, {IBERIA: ("segeda", "saguntum", "massilia")}, forts=2)
    start_round(table)
    before = vp(table, CARTHAGE), vp(table, IBERIA)
    do(table, CARTHAGE, "expedition")
    do(table, CARTHAGE, "target", to="massilia")
    do(table, CARTHAGE, "embark", port="carthago")
    do(table, CARTHAGE, "land_at", port="massilia")
    add_cards(table, CARTHAGE, ("libyan_elite_phalanx", "phoenician_quadrireme",
                                "carthaginian_marines"))
    do(table, CARTHAGE, "confirm")
    table.submit(table.action_entry(CARTHAGE, action(table, CARTHAGE, "direct")))
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "storm_at_sea"),
       window="naval_expedition_declared")
    events = list(roll(table, 2))
    do(table, ROME, "play", slot=slot_of(table, ROME, "storm_at_sea"),
       window="naval_expedition_declared")
    events += roll(table, 3)
    assert [e.get("outcome") for e in all_of(events, "combat_card_roll")] == ["nothing", "nothing"]
    pass_all(table)
    do(table, IBERIA, "intercept", at="sea")
    do(table, IBERIA, "embark", port="saguntum")
    add_cards(table, IBERIA, ("greek_allies", "slingers"))
    do(table, IBERIA, "confirm")
    events += pass_all(table)  # nobody sinks the Iberian fleet; Greek Allies, its one
    # possible Fleet on a naval route, is a Fleet without being asked (rule 5.4.1)
    greek = slot_of_opened(table, "greek_allies")
    assert [c.use for c in table.state.top.defender.cards if c.slot == greek] == ["F"]
    deployed = first(events, "deployed")
    assert (deployed.get("attacker_cf"), deployed.get("defender_cf")) == (10, 4)
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "magon"), use="L", side=0)
    pass_all(table)
    events += roll(table, 5)  # the Quadrireme rams: the one Iberian ship sinks with its troop
    events += roll(table, 0)
    events += roll(table, 2)  # Iberia deployed 2 cards: a 2 costs Carthage a random card
    pool = ["libyan_elite_phalanx", "phoenician_quadrireme", "carthaginian_marines"]
    events += roll(table, pool.index("carthaginian_marines"))
    events += roll(table, 1, 2, 3)  # no recovery
    assert first(events, "battle_emptied").get("winner") == 0
    assert (vp(table, CARTHAGE), vp(table, IBERIA)) == (before[0] + 2, before[1] - 2)
    events += do(table, IBERIA, "decline")  # no land interception: the ME stays at sea
    events += pass_all(table)
    assert all_of(events, "deployed")[-1].get("attacker_cf") == 13
    events += roll(table, 1, 4, 4, 5, 3, 6)  # 13 + 1 + 4 = 18 against 4 + 5 + 3 + 6 = 18
    events += roll(table, 1)  # the Phalanx's own recovery roll fails
    assert first(events, "combat_won", fight="assault").get("attacker_won") is False
    assert owner(table, "massilia") == IBERIA
    assert sorted(discards(table, CARTHAGE)) == sorted(
        ["carthaginian_marines", "libyan_elite_phalanx", "magon", "phoenician_quadrireme"])


def slot_of_opened(table: Table, card: str) -> str:
    """The slot of a card opened in the combat on top."""
    top = table.state.top
    return next(c.slot for f in (top.attacker, top.defender) for c in f.cards
                if table.state.hidden.card_of(c.slot) == card)
