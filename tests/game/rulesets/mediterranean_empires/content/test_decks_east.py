"""The eastern decks (Greece, Macedonia, Persia, Egypt): named cards, character, and new effects."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from game.content import ContentBundle, ContentError, parse_yaml, read_bundled
from game.rulesets.mediterranean_empires.content.decks import (
    DECK_SIZE,
    CardDef,
    DecksDef,
    load_decks,
)
from game.rulesets.mediterranean_empires.content.effect_check import validate_effect
from game.rulesets.mediterranean_empires.content.vocabulary import EMPIRES, Effect
from tests.game.rulesets.mediterranean_empires.content.card_values import factors, number

EAST = ("greece", "macedonia", "persia", "egypt")


@cache
def bundle() -> ContentBundle:
    """The bundled content, read once."""
    return read_bundled("mediterranean_empires")


@cache
def decks() -> DecksDef:
    """The bundled decks, loaded once."""
    return load_decks(bundle())


def card(card_id: str) -> CardDef:
    """One card by id."""
    return decks().card(card_id)


def deck_cards(empire: str) -> list[tuple[CardDef, int]]:
    """(card, copies) of one deck."""
    return [(card(i), n) for i, n in decks().deck(empire).cards]


def abilities(definition: CardDef, name: str, use: str | None = None) -> list[Effect]:
    """The card's abilities with this effect name (and use, if given)."""
    return [a for a in definition.abilities if a.name == name and use in (None, a.use)]


# --- a tiny model of the rules that reads the effect data -----------------------------------


def field_cf(ids: list[str], leaders: tuple[str, ...] = (), enemy_ids: tuple[str, ...] = (),
             role: str = "attacker") -> int:
    """Field CF of an army (troops plus leaders present), applying cf_bonus / cf_bonus_vs."""
    army = [card(i) for i in ids]
    side = army + [card(i) for i in leaders]
    enemies = [card(i) for i in enemy_ids]
    total = 0
    for index, troop in enumerate(army):
        friends = side[:index] + side[index + 1:]
        total += number(factors(troop).field)
        for bonus in abilities(troop, "cf_bonus"):
            needed = bonus.param("with_cards") or ()
            tag = bonus.param("with_tag")
            if (bonus.param("combat") in ("field", "any")
                    and all(any(f.id == n for f in friends) for n in needed)
                    and (tag is None or any(tag in f.tags for f in friends))
                    and bonus.param("role") in (None, role)):
                total += bonus.param("amount")
        for bonus in abilities(troop, "cf_bonus_vs"):
            tag = bonus.param("against_tag")
            if tag and any(tag in e.tags for e in enemies):
                total += bonus.param("amount")
    return total


def side_is_legal(ids: list[str]) -> bool:
    """Whether these cards may stand on one side, by their incompatible_with data."""
    cards = [card(i) for i in ids]
    for index, one in enumerate(cards):
        others = cards[:index] + cards[index + 1:]
        for rule in abilities(one, "incompatible_with"):
            if any(rule.param("tag") in other.tags for other in others):
                return False
    return True


def leader_dice(definition: CardDef, combat: str) -> int:
    """Dice a Leader adds to its own side in one kind of combat, against no one in particular."""
    return sum(e.param("dice") for e in abilities(definition, "extra_dice", "L")
               if e.param("combat") in (combat, "any") and e.param("side") == "own"
               and e.param("against_empire") is None and not e.param("against_barbarians"))


def fleet_strength(empire: str) -> int:
    """Total naval CF (carrying capacity) of a deck's Fleet cards, copies counted."""
    return sum(n * number(factors(c).naval) for c, n in deck_cards(empire) if "F" in c.types)


def copies(empire: str, predicate: Callable[[CardDef], bool]) -> int:
    """Copies in a deck of cards for which predicate(card) holds."""
    return sum(n for c, n in deck_cards(empire) if predicate(c))


# --- the decks and the named cards ------------------------------------------------------------


@pytest.mark.parametrize("empire", EAST)
def test_east_deck_holds_35(empire: str) -> None:
    assert decks().deck(empire).size == DECK_SIZE


NAMED = {
    "greece": ["Spartan Eparitas", "Democracy", "Colony Foundation", "Truce",
               "Mercenary Strategos", "Athenian Strategos", "Spartan King", "Militia",
               "Storm at Sea"],
    "macedonia": ["Alexander", "Peaceful Surrender", "Subduing", "Rebellious Plot",
                  "Political Marriage"],
    "persia": ["Immortals", "Asian Elephants", "Cavalry Guard", "Provincial Incomes",
               "King of Kings", "Surrender", "Cilician Pirates", "New Capital", "Truce",
               "Levy Archers"],
    "egypt": ["Egyptian Chariots", "Guard Archers", "Guard Spearmen", "Surrender",
              "Rebellious Plot", "Libyan Allies", "Mediterranean Granary"],
}


@pytest.mark.parametrize("empire", EAST)
def test_named_cards_are_in_their_deck(empire: str) -> None:
    for name in NAMED[empire]:
        found = decks().find(name)
        assert found is not None, name
        assert decks().deck(empire).count(found.id) >= 1, (empire, name)


def test_cards_named_for_two_eastern_decks_are_defined_once() -> None:
    for card_id, users in {"surrender": ("persia", "egypt"),
                           "rebellious_plot": ("macedonia", "egypt"),
                           "greek_mercenary_hoplites": ("persia", "egypt")}.items():
        assert card(card_id).shared
        assert all(decks().deck(e).count(card_id) for e in users), card_id


@pytest.mark.parametrize("empire", EAST)
def test_composition_rule(empire: str) -> None:
    # The rule in SOURCES.md: dual-use cards count under each use, except that a Troop card's
    # City Defense use (the Greek hoplites) is not counted among the D/A cards.
    assert 15 <= copies(empire, lambda c: "T" in c.types or "F" in c.types) <= 18
    assert 3 <= copies(empire, lambda c: "L" in c.types) <= 4
    assert 4 <= copies(empire, lambda c: bool({"D", "A"} & set(c.types))
                       and "T" not in c.types) <= 6
    assert 4 <= copies(empire, lambda c: "I" in c.types) <= 7
    assert 4 <= copies(empire, lambda c: "X" in c.types) <= 7


def test_every_eastern_card_has_text_and_a_distinct_note() -> None:
    for empire in EAST:
        for definition, _ in deck_cards(empire):
            assert definition.text and definition.note and definition.text != definition.note
            assert len(definition.text.split()) <= 45, definition.id


# --- Greece -------------------------------------------------------------------------------------


def test_greece_has_the_best_fleet() -> None:
    greek = fleet_strength("greece")
    assert all(greek > fleet_strength(e) for e in EMPIRES if e != "greece")


def test_every_greek_fleet_spares_shipwreck_rolls_even_on_land() -> None:
    fleets = [c for c, _ in deck_cards("greece") if "F" in c.types]
    assert len(fleets) >= 4
    for fleet in fleets:
        assert abilities(fleet, "ignore_shipwreck", "F"), fleet.id
        assert abilities(fleet, "escort_land_expedition"), fleet.id
        assert abilities(fleet, "escort_land_expedition")[0].use in ("F", "any")


def test_athenian_and_spartan_leaders_will_not_share_a_side() -> None:
    leaders = [c for c, _ in deck_cards("greece") if "L" in c.types]
    athenian = [c.id for c in leaders if "athenian" in c.tags]
    spartan = [c.id for c in leaders if "spartan" in c.tags]
    assert athenian and spartan
    for a in athenian:
        for s in spartan:
            assert not side_is_legal([a, s])
    assert not side_is_legal(["athenian_strategos", "spartan_eparitas"])
    assert not side_is_legal(["spartan_king", "athenian_trireme"])
    assert side_is_legal(["spartan_king", "spartan_eparitas", "league_hoplites"])
    assert side_is_legal(["themistocles", "athenian_trireme", "epibatai"])


def test_spartan_and_athenian_words_match_tags() -> None:
    # Rulebook clarifications: a Troop or Fleet card is Spartan (Athenian) when its name says so.
    for definition in decks().cards:
        if "T" in definition.types or "F" in definition.types:
            for word in ("spartan", "athenian"):
                assert (word in definition.name.lower()) == (word in definition.tags), \
                    (definition.id, word)


def test_spartan_eparitas_is_the_best_troop_card() -> None:
    eparitas = card("spartan_eparitas")
    best = max(c.cf.field.value or 0 for c in decks().cards if "T" in c.types and c.cf)
    assert factors(eparitas).field.value == best == 10
    assert field_cf(["spartan_eparitas"]) == 10
    assert field_cf(["spartan_eparitas", "spartan_hoplites"]) == 18
    assert field_cf(["spartan_eparitas"], leaders=("spartan_king",)) == 11


def test_peltasts_punish_a_phalanx() -> None:
    assert field_cf(["peltasts"]) == 4
    assert field_cf(["peltasts"], enemy_ids=("pezhetairoi",)) == 6
    assert field_cf(["peltasts"], enemy_ids=("libyan_elite_phalanx",)) == 6


def test_greek_hoplites_double_as_city_defence() -> None:
    for card_id in ("spartan_hoplites", "athenian_hoplites", "league_hoplites"):
        (dice,) = abilities(card(card_id), "extra_dice", "D")
        assert (dice.param("combat"), dice.param("dice"), dice.window) == \
            ("city_defence", 1, "battle_play")


def test_democracy_wins_a_city_or_two_vp() -> None:
    (choice,) = abilities(card("democracy"), "choose_one", "I")
    take, vp = choice.param("options")
    assert take.name == "take_city" and take.param("provinces") == ("helade", "mikra_asia")
    assert (take.param("min_roll"), take.param("plus_city_size")) == (2, True)
    assert (vp.name, vp.param("amount")) == ("gain_vp", 2)


# --- Macedonia ----------------------------------------------------------------------------------


def test_alexander_is_the_best_leader() -> None:
    combats = ("field", "naval", "city_assault", "city_defence")

    def strength(definition: CardDef) -> int:
        return sum(leader_dice(definition, combat) for combat in combats)

    others = [c for c in decks().cards if "L" in c.types and c.id != "alexander"]
    assert all(leader_dice(card("alexander"), combat) == 2 for combat in combats)
    assert all(strength(card("alexander")) > strength(c) for c in others)


def test_macedonian_troops_improve_with_alexander() -> None:
    army = ["pezhetairoi", "hypaspists", "companion_cavalry"]
    assert field_cf(army) == 21
    assert field_cf(army, leaders=("alexander",)) == 25
    assert field_cf(["thessalian_cavalry"], leaders=("parmenion",)) == 7
    improved = copies("macedonia", lambda c: any(
        "alexander" in (e.param("with_cards") or ()) for e in abilities(c, "cf_bonus")))
    assert improved >= 6


def test_macedonian_fleet_is_weak() -> None:
    assert fleet_strength("macedonia") < min(fleet_strength(e)
                                             for e in ("greece", "carthage", "persia", "egypt"))
    assert copies("macedonia", lambda c: "F" in c.types) <= 3


def test_league_of_corinth_cards_refuse_to_fight_greece() -> None:
    for card_id in ("league_of_corinth_hoplites", "league_of_corinth_fleet"):
        (rule,) = abilities(card(card_id), "forbidden_against")
        assert rule.param("empire") == "greece"


def test_subduing_rolls_on_the_subduing_table_next_to_own_cities() -> None:
    (effect,) = abilities(card("subduing"), "subdue_barbarian_roll", "I")
    assert effect.param("connected") is True and effect.param("modifier") == 0


def test_political_marriage_is_a_truce_that_scores() -> None:
    names = [(e.name, e.window) for e in card("political_marriage").abilities]
    assert names == [("truce", "imperium"), ("gain_vp", "imperium")]
    assert card("political_marriage").abilities[0].param("until") == "end_of_turn"


# --- Persia -------------------------------------------------------------------------------------


def test_persian_strong_troops_are_the_three_named() -> None:
    troops = sorted(((factors(c).field.value or 0, c.id) for c, _ in deck_cards("persia")
                     if "T" in c.types), reverse=True)
    assert {card_id for _, card_id in troops[:3]} == {"immortals", "asian_elephants",
                                                      "cavalry_guard"}
    assert "elephant" in card("asian_elephants").tags


def test_persian_troops_can_inflict_losses_at_battle_opening() -> None:
    strikers = copies("persia", lambda c: "T" in c.types and bool(
        abilities(c, "battle_start_roll")))
    assert strikers >= 6


def test_persian_imperium_cards() -> None:
    (income,) = abilities(card("provincial_incomes"), "choose_one")
    assert sorted(o.name for o in income.param("options")) == ["draw_cards", "gain_vp"]
    assert abilities(card("new_capital"), "move_capital")
    assert abilities(card("cilician_pirates"), "trigger_event")[0].param("event") == "pirates"
    assert abilities(card("king_of_kings"), "take_city")[0].param("owner") == "neutral"
    assert abilities(card("surrender"), "take_city")[0].param("owner") == "any"


def test_immortals_return_on_five() -> None:
    (effect,) = abilities(card("immortals"), "recover_on_discard")
    assert effect.param("min_roll") == 5


# --- Egypt --------------------------------------------------------------------------------------


def test_egyptian_strong_troops_are_the_three_named() -> None:
    native = [c for c, _ in deck_cards("egypt") if "T" in c.types and not c.shared]
    strong = {c.id for c in native if number(factors(c).field) >= 5}
    assert strong == {"egyptian_chariots", "guard_archers", "guard_spearmen"}
    assert field_cf(["guard_spearmen"], role="defender") == 9


def drawn(effect: Effect) -> int:
    """Most cards an Imperium effect can draw (looking into choose_one options)."""
    if effect.name == "draw_cards":
        return effect.param("count")
    if effect.name == "choose_one":
        return max(drawn(option) for option in effect.param("options"))
    return 0


def test_egypt_draws_cards_and_can_pass() -> None:
    assert abilities(card("nile_harvest"), "count_as_pass")
    draws = {e: sum(n * drawn(a) for c, n in deck_cards(e) for a in c.abilities if a.use == "I")
             for e in EAST}
    assert draws["egypt"] == 7
    assert draws["egypt"] > max(draws[e] for e in EAST if e != "egypt")


def test_libyan_allies_subdue_nearby_barbarians() -> None:
    (effect,) = abilities(card("libyan_allies"), "subdue_barbarian", "I")
    assert effect.param("connected") is True and effect.param("vp") == 2
    assert factors(card("libyan_allies")).field.value == 4


def test_egyptian_fleet_is_average() -> None:
    assert fleet_strength("macedonia") < fleet_strength("egypt") < fleet_strength("greece")


# --- the effects added for these decks ----------------------------------------------------------

FILE = "decks/test.yaml"


def check(text: str, types: tuple[str, ...]) -> Effect:
    """Validate one ability written as YAML."""
    return validate_effect(parse_yaml(text, FILE).child("ability"), types)


def rejection(text: str, types: tuple[str, ...]) -> ContentError:
    """The ContentError one ability raises."""
    with pytest.raises(ContentError) as caught:
        check(text, types)
    assert caught.value.file == FILE
    return caught.value


def test_new_effects_validate() -> None:
    assert check("ability: {effect: escort_land_expedition, as: F}", ("F", "I")).use == "F"
    assert check("ability: {effect: count_as_pass}", ("I",)).window == "imperium"
    effect = check("ability: {effect: subdue_barbarian_roll, modifier: -1}", ("I",))
    assert effect.params == (("connected", True), ("modifier", -1))


def test_new_effects_reject_bad_data_with_path() -> None:
    error = rejection("ability: {effect: subdue_barbarian_roll, modifier: 5}", ("I",))
    assert error.path == "ability.modifier"
    error = rejection("ability: {effect: subdue_barbarian_roll, vp: 2}", ("I",))
    assert error.path == "ability" and "vp" in error.message
    error = rejection("ability: {effect: count_as_pass}", ("T",))
    assert error.path == "ability" and "imperium" in error.message


def test_loader_rejects_a_bad_eastern_card() -> None:
    files = dict(bundle().files)
    name = "decks/macedonia.yaml"
    old = "- {effect: extra_dice, dice: 2, side: own, combat: any}"
    assert old in files[name]
    files[name] = files[name].replace(old, "- {effect: extra_dice, dice: 2, side: mine, "
                                      "combat: any}", 1)
    with pytest.raises(ContentError) as caught:
        load_decks(ContentBundle(bundle().ruleset, tuple(sorted(files.items()))))
    assert caught.value.file == name
    assert caught.value.path.endswith("abilities[0].side")
