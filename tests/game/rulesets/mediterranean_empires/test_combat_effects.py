"""One test per battle-related card effect (battle_effects.py, battle.py, battle_end.py)."""

from __future__ import annotations

from game.core.table import Table
from game.rulesets.mediterranean_empires.combat.battle import type_options
from game.rulesets.mediterranean_empires.combat.battle_effects import (
    play_options,
    side_cf,
    side_dice,
)
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER, Played
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, Force, ForceCard
from game.rulesets.mediterranean_empires.frames import Combat

from .helpers_combat import (
    CARTHAGE,
    IBERIA,
    ROME,
    RULES,
    all_of,
    army,
    cards_in_hand,
    combat,
    do,
    first,
    new_table,
    roll,
    slot_of,
    take,
    top_combat,
)

GREECE, MACEDONIA, PERSIA = 0, 1, 2  # scenario 4
GAUL = 2  # scenario 5 (Rome, Iberia, Gaul)


def _cf(table: Table, frame: Combat, side: int) -> int:
    return side_cf(RULES, table.state, frame, side)[0]


def _field_cf(card_id: str) -> int:
    """The fixed field CF printed on a card."""
    factors = RULES.card(card_id).cf
    assert factors is not None and factors.field.value is not None, card_id
    return factors.field.value


def test_cf_bonus_needs_the_named_cards() -> None:
    table = new_table({ROME: ("hastati", "principes", "triarii", "equites", "velites")})
    legion = army(table, ROME, ("hastati", "principes", "triarii", "equites"))
    alone = army(table, ROME, ("velites",))
    full = Combat("field", "capua", legion, Force(CARTHAGE))
    assert _cf(table, full, ATTACKER) == 4 + 6 + 8 + 4 + 4
    partial = Combat("field", "capua", Force(ROME, legion.cards[:2] + alone.cards), alone)
    assert _cf(table, partial, ATTACKER) == 4 + 6 + 3  # no Triarii: no bonus


def test_cf_bonus_with_tag_and_role() -> None:
    table = new_table({GREECE: ("spartan_eparitas", "spartan_hoplites")}, scenario="4")
    lone = army(table, GREECE, ("spartan_eparitas",))
    both = Force(GREECE, lone.cards + army(table, GREECE, ("spartan_hoplites",)).cards)
    base = _field_cf("spartan_eparitas") + _field_cf("spartan_hoplites")
    assert _cf(table, Combat("field", "athenai", both, Force(PERSIA)), ATTACKER) == base + 1
    assert _cf(table, Combat("field", "athenai", lone, Force(PERSIA)), ATTACKER) == \
        _field_cf("spartan_eparitas")
    table = new_table({CARTHAGE: ("sacred_band",)})
    band = army(table, CARTHAGE, ("sacred_band",))
    value = _field_cf("sacred_band")
    assert _cf(table, Combat("field", "capua", band, Force(ROME)), ATTACKER) == value
    assert _cf(table, Combat("field", "capua", Force(ROME), band), DEFENDER) == value + 1


def test_cf_bonus_vs_elephants_and_barbarians() -> None:
    table = new_table({ROME: ("velites",), CARTHAGE: ("african_elephants", "sacred_band")})
    velites = army(table, ROME, ("velites",))
    elephants = army(table, CARTHAGE, ("african_elephants",))
    band = army(table, CARTHAGE, ("sacred_band",))
    assert _cf(table, Combat("field", "capua", velites, elephants), ATTACKER) == 3 + 2
    assert _cf(table, Combat("field", "capua", velites, band), ATTACKER) == 3
    tribe = Force(BARBARIANS, dice=4, base_die=False)
    value = _field_cf("african_elephants")
    assert _cf(table, Combat("field", "vascones", elephants, tribe), ATTACKER) == value + 2


def test_double_carried_naval_cf() -> None:
    table = new_table({ROME: ("liburna", "velites", "roman_quinquereme", "hastati")})
    liburna, velites, quinq, hastati = take(table, ROME, ("liburna", "velites",
                                                          "roman_quinquereme", "hastati"))
    fleet = Force(ROME, (ForceCard(liburna, "F"), ForceCard(velites, "T", liburna),
                         ForceCard(quinq, "F"), ForceCard(hastati, "T", quinq)))
    assert _cf(table, Combat("naval", "roma", fleet, Force(CARTHAGE)), ATTACKER) == \
        3 + 2 * 1 + 4 + 1


def test_extra_dice_leaders_and_against_empire() -> None:
    table = new_table({CARTHAGE: ("hannibal", "magon")})
    hannibal, magon = take(table, CARTHAGE, ("hannibal", "magon"))
    frame = Combat("field", "capua", Force(CARTHAGE), Force(ROME),
                   played=(Played(hannibal, CARTHAGE, "L", ATTACKER),))
    assert side_dice(RULES, table.state, frame, ATTACKER) == 1 + 2  # base, +1, +1 vs Rome
    frame = Combat("field", "gadir", Force(CARTHAGE), Force(IBERIA),
                   played=(Played(hannibal, CARTHAGE, "L", ATTACKER),))
    assert side_dice(RULES, table.state, frame, ATTACKER) == 1 + 1
    carried = Combat("field", "capua", Force(CARTHAGE, leaders=(magon,)), Force(ROME))
    assert side_dice(RULES, table.state, carried, ATTACKER) == 2  # a Leader staying with the ME


def test_extra_dice_side_any_chosen_by_a_third_player() -> None:
    table = new_table({CARTHAGE: ("mercenary_strategos",)})
    frame = Combat("field", "capua", Force(ROME), Force(IBERIA))
    options = play_options(RULES, table.state, frame, CARTHAGE, "mercenary_strategos")
    assert options == (("X", ATTACKER), ("X", DEFENDER))
    assert play_options(RULES, table.state, frame, CARTHAGE, "magon") == ()  # Leaders: sides only


def test_extra_dice_city_size_militia() -> None:
    table = new_table({ROME: ("militia", "hastati")})
    attackers = Force(IBERIA)
    frame = Combat("assault", "capua", attackers, Force(ROME, dice=3, base_die=False))
    assert play_options(RULES, table.state, frame, ROME, "militia") == (("D", DEFENDER),)
    assert play_options(RULES, table.state, frame, IBERIA, "militia") == ()
    (militia,) = take(table, ROME, ("militia",))
    frame = Combat("assault", "capua", attackers, Force(ROME, dice=3, base_die=False),
                   played=(Played(militia, ROME, "D", DEFENDER),))
    assert side_dice(RULES, table.state, frame, DEFENDER) == 3 + 2  # Capua is size 2


def test_battle_start_roll_sinks_a_ship_with_its_cargo() -> None:
    table = new_table({ROME: ("roman_trireme",), CARTHAGE: ("carthaginian_quinquereme",
                                                            "libyan_spearmen")})
    romans = army(table, ROME, ("roman_trireme",), use="F")
    ship, troop = take(table, CARTHAGE, ("carthaginian_quinquereme", "libyan_spearmen"))
    punic = Force(CARTHAGE, (ForceCard(ship, "F"), ForceCard(troop, "T", ship)))
    combat(table, "naval", romans, punic, "roma")
    _close_window(table)
    events = roll(table, 6, 1)  # Roman Trireme hits; Phoenician Trireme misses
    events += roll(table, 0)  # the only enemy ship is picked
    lost = first(events, "card_lost")
    assert (lost.get("card"), lost.get("cargo")) == ("carthaginian_quinquereme", 1)
    assert first(events, "combat_won").get("attacker_won") is True  # no Carthaginian card left


def test_battle_start_roll_troop_target_in_field() -> None:
    table = new_table({CARTHAGE: ("balearic_slingers", "libyan_spearmen"),
                       ROME: ("hastati", "liburna")})
    punic = army(table, CARTHAGE, ("balearic_slingers", "libyan_spearmen"))
    hastati, liburna = take(table, ROME, ("hastati", "liburna"))
    romans = Force(ROME, (ForceCard(hastati, "T"), ForceCard(liburna, "F")))
    combat(table, "field", punic, romans, "capua", fleets=(False, True))
    _close_window(table)
    events = roll(table, 6)
    events += roll(table, 0)
    assert first(events, "card_lost").get("card") == "hastati"  # the set-aside Fleet is safe


def _close_window(table: Table) -> None:
    while top_combat(table).step == "play":
        do(table, table.decision().actor, "pass")


def test_flee_battle_returns_the_card_to_hand() -> None:
    table = new_table({PERSIA: ("saka_horse_archers", "immortals"), GREECE: ("peltasts",)},
                      scenario="4")
    persians = army(table, PERSIA, ("saka_horse_archers", "immortals"))
    greeks = army(table, GREECE, ("peltasts",))
    combat(table, "field", persians, greeks, "sardeis")
    _close_window(table)
    saka = persians.cards[0].slot
    assert table.decision().actor == PERSIA
    events = do(table, PERSIA, "flee", slot=saka)
    assert first(events, "fled").get("card") == "saka_horse_archers"
    assert saka in table.state.seats[PERSIA].hand
    assert all(c.slot != saka for c in top_combat(table).attacker.cards)


def test_recover_on_discard_after_an_assault() -> None:
    table = new_table({CARTHAGE: ("libyan_elite_phalanx",), ROME: ("consul",)})
    punic = army(table, CARTHAGE, ("libyan_elite_phalanx",))
    combat(table, "assault", punic, Force(ROME, dice=2, base_die=False), "reghium")
    do(table, CARTHAGE, "pass")
    do(table, ROME, "play", slot=slot_of(table, ROME, "consul"), use="L", side=DEFENDER)
    _close_window(table)
    events = roll(table, 2, 2, 5, 4)  # Carthage 1d6 = 2, Rome 3d6 = 11: 13 beats 11
    events += roll(table, 5, 3)  # Phalanx back on 5; Consul stays discarded on 3
    assert first(events, "combat_won").get("attacker_won") is True
    assert first(events, "recovery_rolls").get("rolls") == ()
    assert [e.get("card") for e in all_of(events, "recovered")] == ["libyan_elite_phalanx"]


def test_join_battle_late_needs_a_consul() -> None:
    table = new_table({ROME: ("consular_cavalry", "consul", "hastati")})
    romans = army(table, ROME, ("hastati",))
    frame = Combat("field", "capua", romans, Force(CARTHAGE))
    assert play_options(RULES, table.state, frame, ROME, "consular_cavalry") == ()
    (consul,) = take(table, ROME, ("consul",))
    frame = Combat("field", "capua", romans, Force(CARTHAGE),
                   played=(Played(consul, ROME, "L", ATTACKER),))
    assert play_options(RULES, table.state, frame, ROME, "consular_cavalry") == (("T", ATTACKER),)
    assault = Combat("assault", "capua", romans, Force(CARTHAGE),
                     played=(Played(consul, ROME, "L", ATTACKER),))
    assert play_options(RULES, table.state, assault, ROME, "consular_cavalry") == ()


def test_forbidden_against_an_empire() -> None:
    table = new_table({IBERIA: ("phoenician_allies", "greek_allies")})
    frame = Combat("field", "gadir", Force(IBERIA), Force(CARTHAGE))
    allies, greeks = take(table, IBERIA, ("phoenician_allies", "greek_allies"))
    assert type_options(RULES, table.state, frame, ATTACKER, ForceCard(allies)) == ()
    assert type_options(RULES, table.state, frame, ATTACKER, ForceCard(greeks)) == ("T",)


def test_target_provinces_only() -> None:
    table = new_table({GAUL: ("veneti_ships",)}, scenario="5")
    (ships,) = take(table, GAUL, ("veneti_ships",))
    fleets = (True, False)
    italy = Combat("assault", "roma", Force(GAUL), Force(0), fleets=fleets, by_sea=True)
    port = next(c.id for c in RULES.content.map.cities_in("gallia") if c.port)
    gallia = Combat("assault", port, Force(GAUL), Force(0), fleets=fleets, by_sea=True)
    assert type_options(RULES, table.state, italy, ATTACKER, ForceCard(ships)) == ()
    assert type_options(RULES, table.state, gallia, ATTACKER, ForceCard(ships)) == ("F",)


def test_incompatible_with_rival_tags() -> None:
    table = new_table({GREECE: ("athenian_strategos", "spartan_hoplites", "peltasts")},
                      scenario="4")
    spartans = army(table, GREECE, ("spartan_hoplites",))
    others = army(table, GREECE, ("peltasts",))
    with_sparta = Combat("field", "athenai", spartans, Force(PERSIA))
    without = Combat("field", "athenai", others, Force(PERSIA))
    assert play_options(RULES, table.state, with_sparta, GREECE, "athenian_strategos") == ()
    assert play_options(RULES, table.state, without, GREECE, "athenian_strategos") == \
        (("L", ATTACKER),)


def test_escort_land_expedition_fleet_sits_out_the_field_battle() -> None:
    table = new_table({GREECE: ("island_allies",)}, scenario="4")
    (islanders,) = take(table, GREECE, ("island_allies",))
    land = Combat("field", "athenai", Force(GREECE), Force(PERSIA))
    assert type_options(RULES, table.state, land, ATTACKER, ForceCard(islanders)) == ("T", "F")
    table = new_table({IBERIA: ("greek_allies",)})
    (greeks,) = take(table, IBERIA, ("greek_allies",))
    land = Combat("field", "gadir", Force(IBERIA), Force(CARTHAGE))
    assert type_options(RULES, table.state, land, ATTACKER, ForceCard(greeks)) == ("T",)


def test_roll_table_in_battle_discards_a_random_enemy_troop() -> None:
    table = new_table({CARTHAGE: ("trebia", "libyan_spearmen"), ROME: ("hastati", "triarii")})
    punic = army(table, CARTHAGE, ("libyan_spearmen",))
    romans = army(table, ROME, ("hastati", "triarii"))
    combat(table, "field", punic, romans, "capua")
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "trebia"), use="X", side=ATTACKER)
    _close_window(table)
    events = roll(table, 6)  # Trebia: 6 or more, a random enemy troop leaves
    events += roll(table, 1)
    assert first(events, "combat_card_roll").get("outcome") == "discard_random_enemy"
    assert first(events, "card_lost").get("card") == "triarii"


def test_roll_table_in_an_assault_changes_the_dice() -> None:
    table = new_table({IBERIA: ("sortie",), ROME: ("hastati",)})
    romans = army(table, ROME, ("hastati",))
    combat(table, "assault", romans, Force(IBERIA, dice=4, base_die=False), "numantia")
    do(table, ROME, "pass")
    do(table, IBERIA, "play", slot=slot_of(table, IBERIA, "sortie"), use="D", side=DEFENDER)
    _close_window(table)
    roll(table, 1)  # Sortie on 1: the defence loses a die
    assert top_combat(table).extra == (0, -1)
    assert side_dice(RULES, table.state, top_combat(table), DEFENDER) == 3


def test_discard_random_enemy_hits_a_card_less_force_as_a_die() -> None:
    table = new_table({CARTHAGE: ("trebia", "libyan_spearmen")})
    punic = army(table, CARTHAGE, ("libyan_spearmen",))
    combat(table, "field", punic, Force(BARBARIANS, dice=4, base_die=False), "massaesyli_numidae")
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "trebia"), use="X", side=ATTACKER)
    _close_window(table)
    roll(table, 6)
    assert top_combat(table).defender.dice == 3


def test_recovery_only_for_involved_players() -> None:
    table = new_table({CARTHAGE: ("mercenary_strategos",), ROME: ("hastati",),
                       IBERIA: ("scutarii",)})
    romans = army(table, ROME, ("hastati",))
    iberians = army(table, IBERIA, ("scutarii",))
    combat(table, "field", romans, iberians, "capua")
    do(table, ROME, "pass")
    do(table, IBERIA, "pass")
    do(table, CARTHAGE, "play", slot=slot_of(table, CARTHAGE, "mercenary_strategos"),
       use="X", side=DEFENDER)
    _close_window(table)
    events = roll(table, 1, 6, 6)  # Rome 1 + 4 = 5; Iberia 12 + 5 = 17
    events += roll(table, 6, 1)  # Hastati and Scutarii roll; the third player's card does not
    assert [e.get("card") for e in all_of(events, "recovered")] == ["hastati"]
    assert "hastati" in cards_in_hand(table, ROME)
    assert "mercenary_strategos" not in cards_in_hand(table, CARTHAGE)


def test_a_late_joining_troop_fights_for_its_side() -> None:
    table = new_table({ROME: ("consular_cavalry", "consul", "hastati"),
                       CARTHAGE: ("libyan_spearmen",)})
    romans = army(table, ROME, ("hastati",))
    punic = army(table, CARTHAGE, ("libyan_spearmen",))
    combat(table, "field", romans, punic, "capua")
    do(table, ROME, "play", slot=slot_of(table, ROME, "consul"), use="L", side=ATTACKER)
    while table.decision().actor != ROME:
        do(table, table.decision().actor, "pass")
    do(table, ROME, "play", slot=slot_of(table, ROME, "consular_cavalry"), use="T",
       side=ATTACKER)
    frame = top_combat(table)
    assert len(frame.attacker.cards) == 2
    assert _cf(table, frame, ATTACKER) == 4 + _field_cf("consular_cavalry")


def test_a_card_less_force_loses_a_die_or_six_cf() -> None:
    from game.rulesets.mediterranean_empires.expedition.losses import spent, weaken

    assert weaken(Force(BARBARIANS, dice=3, base_die=False)).dice == 2
    pirates = weaken(Force(-3, cf=6, naval_cf=8))
    assert (pirates.cf, pirates.naval_cf) == (0, 2)
    assert spent(weaken(Force(-1, cf=5)))
