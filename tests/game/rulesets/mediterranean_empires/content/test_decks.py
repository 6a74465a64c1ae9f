"""The decks: every value the books' examples pin down, every named card, and loader checks."""

from __future__ import annotations

from functools import cache

import pytest

from game.content import ContentBundle, ContentError, read_bundled
from game.rulesets.mediterranean_empires.content.decks import (
    DECK_SIZE,
    CardDef,
    DecksDef,
    load_decks,
)
from game.rulesets.mediterranean_empires.content.vocabulary import EMPIRES, Effect
from tests.game.rulesets.mediterranean_empires.content.card_values import factors, number

# --- helpers: apply the effect data the way the rules engine will ------------------------------


@cache
def bundle() -> ContentBundle:
    """The bundled content, read once."""
    return read_bundled("mediterranean_empires")


@cache
def decks() -> DecksDef:
    """The bundled decks, loaded once."""
    return load_decks(bundle())


def abilities(card: CardDef, name: str) -> list[Effect]:
    """The card's abilities with this effect name."""
    return [a for a in card.abilities if a.name == name]


def bonus(card: CardDef, combat: str, friends: list[CardDef], enemies: list[CardDef],
          role: str) -> int:
    """CF bonus from cf_bonus / cf_bonus_vs data for one card in one combat."""
    total = 0
    for effect in abilities(card, "cf_bonus"):
        if effect.param("combat") not in (combat, "any"):
            continue
        needed = effect.param("with_cards") or ()
        tag = effect.param("with_tag")
        if (all(any(f.id == n for f in friends) for n in needed)
                and (tag is None or any(tag in f.tags for f in friends))
                and effect.param("role") in (None, role)):
            total += effect.param("amount")
    for effect in abilities(card, "cf_bonus_vs"):
        tag = effect.param("against_tag")
        if effect.param("combat") in (combat, "any") and tag and any(tag in e.tags
                                                                      for e in enemies):
            total += effect.param("amount")
    return total


def field_cf(ids: list[str], enemy_ids: tuple[str, ...] = (), role: str = "attacker") -> int:
    """Total field CF of an army of Troop cards, bonuses included."""
    cards = [decks().card(i) for i in ids]
    enemies = [decks().card(i) for i in enemy_ids]
    total = 0
    for index, card in enumerate(cards):
        friends = cards[:index] + cards[index + 1:]
        total += number(factors(card).field) + bonus(card, "field", friends, enemies, role)
    return total


def naval_cf(fleets: list[tuple[str, list[str]]]) -> int:
    """Total naval CF of fleets with their carried troops (doubled where the fleet says so)."""
    total = 0
    for fleet_id, troops in fleets:
        fleet = decks().card(fleet_id)
        assert "F" in fleet.types and len(troops) <= number(factors(fleet).naval), "over capacity"
        factor = 2 if abilities(fleet, "double_carried_naval_cf") else 1
        total += number(factors(fleet).naval)
        total += sum(factor * (factors(decks().card(t)).naval.value or 0) for t in troops)
    return total


def city_cf(ids: list[str]) -> int:
    """Total city-assault CF of the cards."""
    return sum(number(factors(decks().card(i)).city) for i in ids)


def only(card_id: str, name: str, window: str | None = None) -> Effect:
    """The single ability of a card with this effect name (and window)."""
    found = [a for a in abilities(decks().card(card_id), name)
             if window is None or a.window == window]
    assert len(found) == 1, (card_id, name, found)
    return found[0]


def outcome(table: Effect, roll: int) -> Effect:
    """The outcome of a roll_table for a modified roll."""
    for row in table.param("rows"):
        if (row.low is None or roll >= row.low) and (row.high is None or roll <= row.high):
            return row.outcome
    raise AssertionError(f"no row for {roll}")


def dice_of(card_id: str, use: str = "L") -> int:
    """Dice a card adds when played unconditionally as `use`."""
    return sum(a.param("dice") for a in abilities(decks().card(card_id), "extra_dice")
               if a.use == use and a.param("against_empire") is None
               and a.param("combat") == "any")


# --- deck totals and named cards -------------------------------------------------------------


def test_eight_decks_of_35() -> None:
    assert [d.empire for d in decks().decks] == list(EMPIRES)
    assert all(d.size == DECK_SIZE for d in decks().decks)
    assert all(len(d.physical_cards()) == DECK_SIZE for d in decks().decks)
    assert decks().deck("rome").physical_cards()[:3] == ("hastati",) * 3


# Cards the rulebook and the Scenarios Book name, by the deck the books put them in.
NAMED = {
    "rome": ["Hastati", "Principes", "Triarii", "Equites", "Velites", "Liburna",
             "Roman Trireme", "Consul", "Engineering", "Roman Diplomacy", "Treachery",
             "Consular Cavalry", "Italian Allies", "SPQR", "Pax", "Storm at Sea",
             "Barbarian Allies"],
    "carthage": ["Libyan Elite Phalanx", "Phoenician Quadrireme", "Carthaginian Marines",
                 "Magon", "Siege Engines", "Garrison", "Gaul Mercenaries", "Hannibal",
                 "African Elephants", "Commerce and Tributes", "Carthaginian Colonies",
                 "Italian Allies", "Truce"],
    "iberia": ["Scutarii", "Caetrati", "Greek Allies", "Barbarian Allies", "Slingers",
               "Viriato", "Sortie", "Desperate Assault", "Ambush", "Sack & Plunder",
               "Fortifications", "Storm at Sea", "Retogenes", "Slave Revolt", "Broken Truce"],
    "gaul": ["Berserkers", "Noble Guard", "Desperate Assault", "Vercingetorix", "Ambiorix",
             "Ambush", "Slave Revolt", "Sack and Plunder", "Barbarian Allies", "Broken Truce"],
    "greece": ["Mercenary Strategos", "Spartan Eparitas", "Democracy", "Colony Foundation",
               "Truce"],
    "macedonia": ["Alexander", "Peaceful Surrender", "Subduing", "Rebellious Plot",
                  "Political Marriage"],
    "persia": ["Immortals", "Asian Elephants", "Cavalry Guard", "Provincial Incomes",
               "King of Kings", "Surrender", "Cilician Pirates", "New Capital", "Truce"],
    "egypt": ["Egyptian Chariots", "Guard Archers", "Guard Spearmen", "Surrender",
              "Rebellious Plot", "Libyan Allies", "Mediterranean Granary"],
}


@pytest.mark.parametrize("empire", sorted(NAMED))
def test_every_named_card_is_in_its_deck(empire: str) -> None:
    for name in NAMED[empire]:
        card = decks().find(name)
        assert card is not None, name
        assert decks().deck(empire).count(card.id) >= 1, (empire, name)


def test_shared_kinds_exist() -> None:
    for name in ("Militia", "Levy Archers", "Storm at Sea", "Mercenary Strategos"):
        card = decks().find(name)
        assert card is not None and card.shared, name


def test_scenario_removals_take_out_one_card_each() -> None:
    # Scenarios 1-5 remove these cards from these decks (Scenarios Book notes).
    removed = {"rome": "pax", "carthage": "truce", "greece": "truce", "persia": "truce",
               "iberia": "broken_truce", "gaul": "broken_truce",
               "macedonia": "political_marriage"}
    for empire, card_id in removed.items():
        assert decks().deck(empire).count(card_id) == 1, (empire, card_id)


# --- rulebook 5.4.6: field battle at Capua ---------------------------------------------------


def test_roman_legion_totals_26_from_effect_data() -> None:
    assert [factors(decks().card(i)).field.value
            for i in ("equites", "hastati", "principes", "triarii")] == [4, 4, 6, 8]
    assert field_cf(["equites", "hastati", "principes", "triarii"], role="defender") == 26
    # without the triarii the hastati and principes lose their bonus; equites keep theirs
    assert field_cf(["equites", "hastati", "principes"]) == 4 + 2 + 4 + 6


def test_iberian_army_at_capua_totals_21_and_wins_29_to_28() -> None:
    iberia = field_cf(["scutarii", "barbarian_allies", "caetrati"])
    rome = field_cf(["equites", "hastati", "principes", "triarii"], role="defender")
    assert iberia == 21
    assert dice_of("viriato") == 1
    assert rome + 2 == 28 and iberia + 3 + 5 == 29


def test_scutarii_and_caetrati_bonus_each_other_only() -> None:
    assert field_cf(["scutarii"]) == 5 and field_cf(["caetrati"]) == 6
    assert field_cf(["scutarii", "caetrati"]) == 13


# --- rulebook 5.4.5: naval battle off Capua --------------------------------------------------


def test_naval_battle_is_8_against_8() -> None:
    iberia = naval_cf([("greek_allies", ["scutarii", "barbarian_allies", "caetrati"])])
    rome = naval_cf([("liburna", ["velites"]), ("roman_trireme", [])])
    assert iberia == 8 and rome == 8
    assert factors(decks().card("velites")).naval.value == 1


def test_roman_trireme_rams_on_six_and_consul_returns_on_five() -> None:
    ram = only("roman_trireme", "battle_start_roll")
    assert (ram.param("combat"), ram.param("min_roll")) == ("naval", 6)
    assert ram.param("result") == "discard_random_enemy_ship"
    assert abilities(decks().card("roman_trireme"), "double_carried_naval_cf")
    assert only("consul", "recover_on_discard").param("min_roll") == 5
    assert dice_of("consul") == 1


def test_mercenary_strategos_helps_any_side_in_any_combat() -> None:
    effect = only("mercenary_strategos", "extra_dice")
    assert (effect.param("dice"), effect.param("side"), effect.param("combat")) == (1, "any",
                                                                                      "any")


def test_greek_allies_fleet_and_restriction() -> None:
    card = decks().card("greek_allies")
    assert "F" in card.types and factors(card).naval.value == 3
    assert only("greek_allies", "forbidden_against").param("empire") == "greece"


def test_barbarian_allies_troop_and_imperium() -> None:
    card = decks().card("barbarian_allies")
    assert (factors(card).field.value, factors(card).naval.value) == (8, 1)
    options = only("barbarian_allies", "choose_one").param("options")
    assert options[0].name == "barbarian_attack_city"
    assert (options[1].name, options[1].param("vp")) == ("subdue_barbarian", 2)


def test_viriato_table() -> None:
    table = only("viriato", "roll_table")
    assert table.window == "land_expedition_declared" and table.use == "X"
    assert [outcome(table, r).name for r in (1, 2, 3)] == ["nothing"] * 3
    assert outcome(table, 4).name == "cancel_expedition"
    assert (outcome(table, 5).name, outcome(table, 5).param("count")) == (
        "discard_from_expedition", 1)
    assert outcome(table, 6).name == outcome(table, 8).name == "discard_expedition"


@pytest.mark.parametrize(("card_id", "combat"), [("sortie", "city_defence"),
                                                 ("desperate_assault", "city_assault")])
def test_sortie_and_desperate_assault_share_the_table(card_id: str, combat: str) -> None:
    table = only(card_id, "roll_table")
    assert table.param("combat") == combat
    dice = [outcome(table, r).param("dice") or 0 for r in range(0, 9)]
    assert dice == [-1, -1, 0, 0, 1, 1, 2, 2, 2]
    assert all(outcome(table, r).param("combat") in (None, combat) for r in range(0, 9))


# --- Scenarios Book, scenario 3, rounds 5-8 --------------------------------------------------


def test_round_5_city_dice_cards() -> None:
    engineering = {a.use: a for a in abilities(decks().card("engineering"), "extra_dice")}
    assert engineering["D"].param("combat") == "city_defence"
    assert engineering["D"].param("dice") == engineering["A"].param("dice") == 1
    siege = only("siege_engines", "extra_dice")
    assert (siege.param("side"), siege.param("combat")) == ("any", "city_assault")
    garrison = only("garrison", "extra_dice")
    assert (garrison.param("side"), garrison.param("combat")) == ("any", "city_defence")


def test_round_5_roman_diplomacy_fails_on_two_for_neapolis() -> None:
    effect = only("roman_diplomacy", "take_city")
    needed = effect.param("min_roll") + (1 if effect.param("plus_city_size") else 0)
    assert effect.param("owner") == "neutral" and 2 < needed <= 6


def test_round_5_phalanx_takes_reghium_and_returns_on_five() -> None:
    assert city_cf(["libyan_elite_phalanx"]) == 11
    assert only("libyan_elite_phalanx", "recover_on_discard").param("min_roll") == 5
    assert decks().find("Gaul mercenaries") is decks().card("gaul_mercenaries")


def test_round_5_iberia_assaults_massilia_with_11_and_sacks_for_3() -> None:
    assert city_cf(["scutarii", "caetrati"]) == 11
    sack = only("sack_and_plunder", "draw_cards")
    assert sack.window == "after_conquest"
    assert sack.param("count") + (2 if sack.param("plus_city_size") else 0) == 3


def test_round_6_ambush_on_five_removes_one_barbarian_die() -> None:
    table = only("ambush", "roll_table", "barbarian_attack")
    assert (outcome(table, 5).name, outcome(table, 5).param("dice")) == (
        "remove_barbarian_dice", 1)
    assert outcome(only("sortie", "roll_table"), 2).name == "nothing"
    assert only("treachery", "steal_random_card").param("count") == 1
    assert only("fortifications", "add_fortification").param("count") == 1
    assert only("barbarian_allies", "choose_one").use == "I"


def test_round_7_storm_at_sea_two_and_three_do_nothing() -> None:
    table = only("storm_at_sea", "roll_table")
    assert table.window == "naval_expedition_declared" and table.param("weather_modified")
    assert outcome(table, 2).name == outcome(table, 3).name == "nothing"
    assert outcome(table, 6).name != "nothing"


def test_round_7_carthaginian_fleet_is_10_then_13_against_massilia() -> None:
    quad = decks().card("phoenician_quadrireme")
    assert (factors(quad).naval.value, factors(quad).city.value) == (4, 2)
    assert naval_cf([("phoenician_quadrireme", ["libyan_elite_phalanx",
                                                "carthaginian_marines"])]) == 10
    assert naval_cf([("greek_allies", ["slingers"])]) == 4
    ram = only("phoenician_quadrireme", "battle_start_roll")
    assert ram.param("min_roll") <= 5 and ram.param("result") == "discard_random_enemy_ship"
    assert number(factors(quad).city) >= 2  # may assault size-2 Massilia directly (rule 5.4.2)
    assert city_cf(["libyan_elite_phalanx", "phoenician_quadrireme"]) == 13
    assert dice_of("magon") == 1


def test_elephant_counters() -> None:
    assert field_cf(["velites"], ("african_elephants",)) == 3 + 2
    assert field_cf(["slingers"], ("african_elephants",)) == 3 + 3
    assert factors(decks().card("slingers")).naval.value == 1
    assert field_cf(["levy_archers"], ("african_elephants",)) == 3 + 4
    archers = only("levy_archers", "battle_start_roll")
    assert (archers.param("min_roll"), archers.param("result")) == (
        6, "discard_random_enemy_troop")
    assert "elephant" in decks().card("african_elephants").tags


def test_consular_cavalry_joins_late_with_a_consul() -> None:
    effect = only("consular_cavalry", "join_battle_late")
    assert "consul" in effect.param("requires") and effect.window == "play_rule"


def test_militia_adds_dice_up_to_city_size() -> None:
    assert only("militia", "extra_dice_city_size").param("side") == "own"


# --- each empire's character (Scenarios Book strategy notes) -------------------------------


def fleet_strength(empire: str) -> int:
    """Total naval CF of a deck's Fleet-type copies."""
    deck = decks().deck(empire)
    return sum(n * number(factors(decks().card(i)).naval) for i, n in deck.cards
               if "F" in decks().card(i).types)


def test_fleets_follow_the_strategy_notes() -> None:
    # Greece has the best fleet, Carthage almost as good; everyone else is weaker.
    others = [fleet_strength(e) for e in EMPIRES if e not in ("greece", "carthage")]
    assert fleet_strength("greece") >= fleet_strength("carthage") > max(others)
    assert fleet_strength("carthage") > fleet_strength("rome")
    assert fleet_strength("gaul") <= 3
    iberian_fleets = [decks().card(i) for i, _ in decks().deck("iberia").cards
                      if "F" in decks().card(i).types]
    assert iberian_fleets and all("allied" in c.tags for c in iberian_fleets)
    assert all(abilities(c, "forbidden_against") for c in iberian_fleets)


# --- loader rejections -----------------------------------------------------------------------


def mutated(file: str, old: str, new: str) -> ContentBundle:
    """The bundle with one replacement in one file (the text must occur)."""
    files = dict(bundle().files)
    assert old in files[file], old
    files[file] = files[file].replace(old, new, 1)
    return ContentBundle(bundle().ruleset, tuple(sorted(files.items())))


def load_error(content: ContentBundle) -> ContentError:
    """The ContentError load_decks raises."""
    with pytest.raises(ContentError) as caught:
        load_decks(content)
    return caught.value


ROME = "decks/rome.yaml"


def test_rejects_unknown_card_key() -> None:
    error = load_error(mutated(ROME, "    tags: [light_infantry]", "    tag: [light_infantry]"))
    assert (error.file, error.path) == (ROME, "cards[4]")
    assert "tag" in error.message


def test_rejects_unknown_effect_with_path() -> None:
    error = load_error(mutated(ROME, "effect: recover_on_discard", "effect: recover"))
    assert error.file == ROME and error.path.endswith("abilities[1].effect")


def test_rejects_wrong_deck_total() -> None:
    error = load_error(mutated(ROME, "  - id: hastati\n    name: Hastati\n    count: 3",
                               "  - id: hastati\n    name: Hastati\n    count: 2"))
    assert (error.file, error.path) == (ROME, "cards") and "34" in error.message


def test_rejects_duplicate_id_across_decks() -> None:
    error = load_error(mutated("decks/gaul.yaml", "id: brennus", "id: hannibal"))
    assert error.path.endswith(".id") and "already defined" in error.message


def test_rejects_unknown_shared_reference() -> None:
    error = load_error(mutated(ROME, "{shared: militia, count: 1}",
                               "{shared: militiaa, count: 1}"))
    assert error.file == ROME and error.path.endswith(".shared")


def test_rejects_inline_card_used_as_shared() -> None:
    error = load_error(mutated(ROME, "{shared: militia, count: 1}",
                               "{shared: sortie, count: 1}"))
    assert "unknown shared card" in error.message


def test_rejects_cf_mismatched_with_types() -> None:
    missing = load_error(mutated(ROME, "    cf: {field: 3, naval: 1, city: 2}\n", ""))
    assert missing.path.endswith(".cf") and "needs cf" in missing.message
    extra = load_error(mutated(ROME, "    types: [L]\n    tags: [consul]\n",
                               "    types: [L]\n    tags: [consul]\n    cf: {field: 1, "
                               "naval: 1, city: 1}\n"))
    assert "only Troop or Fleet" in extra.message
    dash = load_error(mutated(ROME, "{field: 3, naval: 1, city: 2}", "{field: 3, naval: 1}"))
    assert dash.path.endswith("cf.city")


def test_rejects_fleet_without_fixed_capacity() -> None:
    error = load_error(mutated(ROME, "{field: null, naval: 4, city: 3}",
                               "{field: null, naval: 1d6, city: 3}"))
    assert error.path.endswith("cf.naval") and "carrying capacity" in error.message


def test_rejects_bad_dice_and_card_type() -> None:
    dice = load_error(mutated("decks/gaul.yaml", "field: 2d6", "field: 2d7"))
    assert dice.path.endswith("cf.field")
    types = load_error(mutated(ROME, "types: [D, A]", "types: [D, Q]"))
    assert types.path.endswith("types[1]")


def test_rejects_name_clash_and_stray_files() -> None:
    clash = load_error(mutated(ROME, "aliases: [Scipio]", "aliases: [Hannibal]"))
    assert "also used" in clash.message
    files = dict(bundle().files)
    files["decks/romee.yaml"] = "empire: rome\ncards: []\n"
    stray = load_error(ContentBundle("x", tuple(sorted(files.items()))))
    assert stray.file == "decks/romee.yaml"
    wrong = load_error(mutated(ROME, "empire: rome", "empire: gaul"))
    assert wrong.path == "empire"


def test_rejects_a_card_listed_twice_in_a_deck() -> None:
    error = load_error(mutated("decks/iberia.yaml", "{shared: slave_revolt, count: 1}",
                               "{shared: sack_and_plunder, count: 1}"))
    assert error.file == "decks/iberia.yaml" and "listed twice" in error.message


def test_rejects_shared_card_used_by_one_deck() -> None:
    gaul = "decks/gaul.yaml"
    once = mutated(gaul, "  - {shared: slave_revolt, count: 1}\n", "")
    files = dict(once.files)
    files[gaul] = files[gaul].replace("name: Druids\n    count: 2", "name: Druids\n    count: 3")
    error = load_error(ContentBundle(once.ruleset, tuple(sorted(files.items()))))
    assert error.file == "decks/shared.yaml" and "at least two decks" in error.message
