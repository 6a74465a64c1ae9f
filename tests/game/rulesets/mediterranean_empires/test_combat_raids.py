"""Barbarian areas as targets (rule 7) and attacks by non-player forces (Combat API)."""

from __future__ import annotations

from game.core.table import Table
from game.rulesets.mediterranean_empires.expedition import muster
from game.rulesets.mediterranean_empires.expedition.expedition import start_attack
from game.rulesets.mediterranean_empires.expedition.forces import (
    BARBARIANS,
    NEUTRAL_FORCE,
    PIRATES,
    Force,
)
from game.rulesets.mediterranean_empires.state import NEUTRAL

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    add_cards,
    discards,
    do,
    first,
    new_table,
    owner,
    pass_all,
    push,
    roll,
    set_board,
    slot_of,
    start_round,
    to_phase,
    vp,
)


def _attack_vascones(table: Table) -> None:
    start_round(table)  # Enraged Barbarians: the Vascones roll 4 + 1 dice
    to_phase(table, IBERIA)
    do(table, IBERIA, "expedition")
    do(table, IBERIA, "target", to="vascones")
    do(table, IBERIA, "route", via="land")
    add_cards(table, IBERIA, ("scutarii", "caetrati"))
    do(table, IBERIA, "confirm")
    pass_all(table)
    pass_all(table)


def test_a_won_expedition_subdues_the_area_and_rolls_on_the_table() -> None:
    table = new_table({IBERIA: ("scutarii", "caetrati")})
    set_board(table, {})
    _attack_vascones(table)
    before = vp(table, IBERIA)
    events = roll(table, 6, 1, 1, 1, 1, 1)  # 13 + 6 = 19 against 5 barbarian dice = 5
    assert first(events, "combat_won").get("attacker_won") is True
    events += roll(table, 4)  # 4 - 1 (Enraged) + 1 (strength 4): Pacification
    assert first(events, "subduing_roll").get("result") == "pacification"
    assert table.state.board.subdued[RULES.area_index("vascones")] == 1
    assert vp(table, IBERIA) == before + 3  # no +2 for the battle itself
    assert sorted(discards(table, IBERIA)) == ["caetrati", "scutarii"]
    assert "vascones" not in muster.targets(RULES, table.state, IBERIA)


def test_losing_to_barbarians_costs_two_vp() -> None:
    table = new_table({IBERIA: ("scutarii", "caetrati")})
    set_board(table, {})
    _attack_vascones(table)
    before = vp(table, IBERIA)
    roll(table, 1, 6, 6, 6, 6, 6)  # 14 against 30
    roll(table, 1, 1)  # recovery rolls of both lost cards
    assert vp(table, IBERIA) == before - 2
    assert table.state.board.subdued[RULES.area_index("vascones")] == 0


def test_pirates_take_neapolis_as_in_the_book() -> None:
    table = new_table({ROME: ("engineering",), CARTHAGE: ("siege_engines",)})
    set_board(table, {ROME: ("neapolis", "capua")})
    start_round(table)
    before = vp(table, ROME)
    pirates = Force(PIRATES, cf=6, naval_cf=8)
    push(table, lambda flow: start_attack(flow, pirates, "neapolis", by_sea=True,
                                          reason="pirates", controller=CARTHAGE))
    pass_all(table)  # nobody plays Storm at Sea
    assert {a.arg("at") for a in table.legal(ROME) if a.verb == "intercept"} == {"sea"}
    do(table, ROME, "decline")
    do(table, CARTHAGE, "pass")
    do(table, ROME, "play", slot=slot_of(table, ROME, "engineering"), use="D", side=1)
    pass_all_but(table, CARTHAGE)
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "siege_engines"), use="A",
       side=0)
    pass_all(table)
    events = roll(table, 3, 4, 2, 5, 3)  # pirates 1d6 + 1d6 + 6 = 13; Neapolis 3d6 = 10
    assert first(events, "battle_total", side="attacker").get("total") == 13
    assert owner(table, "neapolis") == NEUTRAL
    assert vp(table, ROME) == before - 1
    assert table.state.outcome.attacker_won is True


def pass_all_but(table: Table, seat: int) -> None:
    """Pass in the card window until `seat` is asked."""
    while table.decision().actor != seat:
        do(table, table.decision().actor, "pass")


def test_intercepting_barbarians_scores_two_vp() -> None:
    table = new_table({IBERIA: ("scutarii",)})
    set_board(table, {})
    start_round(table)
    before = vp(table, IBERIA)
    tribe = Force(BARBARIANS, dice=3, base_die=False)
    push(table, lambda flow: start_attack(flow, tribe, "numantia", origin="vascones",
                                          reason="vascones", controller=ROME))
    do(table, IBERIA, "intercept", at="numantia")
    do(table, IBERIA, "route", via="land")
    add_cards(table, IBERIA, ("scutarii",))
    do(table, IBERIA, "confirm")
    pass_all(table)
    pass_all(table)
    events = roll(table, 1, 1, 1, 6)  # barbarians 3; Iberia 5 + 6 = 11
    assert first(events, "combat_won").get("attacker_won") is False
    roll(table, 1)  # the interceptor's card is discarded anyway; no recovery
    assert vp(table, IBERIA) == before + 2
    assert owner(table, "numantia") == IBERIA
    assert table.state.outcome.attacker_won is False


def test_a_neutral_city_attacks_by_land() -> None:
    table = new_table({})
    set_board(table, {ROME: ("capua",)})
    start_round(table)
    before = vp(table, ROME)
    neutrals = Force(NEUTRAL_FORCE, cf=5)
    push(table, lambda flow: start_attack(flow, neutrals, "capua", origin="neapolis",
                                          reason="neutral attack", controller=IBERIA))
    pass_all(table)
    places = {a.arg("at") for a in table.legal(ROME) if a.verb == "intercept"}
    assert places == {"neapolis", "capua"}
    do(table, ROME, "decline")
    pass_all(table)
    roll(table, 6, 1, 1, 1)  # 5 + 6 = 11 against Capua's 3 dice
    assert owner(table, "capua") == NEUTRAL
    assert vp(table, ROME) == before - 2
