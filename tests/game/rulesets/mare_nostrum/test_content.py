"""The bundled Mare Nostrum content: the printed components as loaded, lookups, the rules hash."""

from __future__ import annotations

from game.content import ContentBundle
from game.rulesets.mare_nostrum.content import (
    COMMODITIES,
    PRESENTATION,
    RULESET_ID,
    bundled_bundle,
    commodity_type,
    legendary,
    load_content,
    problems,
    validate,
)
from game.rulesets.mare_nostrum.content_records import BUILDINGS, COSTED

CONTENT = load_content()
PRINTED_BONUSES = {"circe": (1, 0, 1), "penthesilea": (0, 2, 2), "perseus": (1, 2, 1),
                   "hamilcar": (1, 1, 1), "queen_of_sheba": (0, 1, 1), "hercules": (2, 2, 2),
                   "antigone": (2, 2, 0), "hanging_gardens": (2, 0, 0)}


def test_the_bundled_content_loads_and_has_no_problems() -> None:
    assert problems(bundled_bundle()) == []
    assert validate(None) == ("36 provinces, 12 seas, 126 building sites, 5 empires, 23 tiles")


def test_the_reserves_and_pieces_are_the_printed_counts() -> None:
    supplies = CONTENT.supplies
    assert dict(supplies.commodities) == {
        "ceramic": 3, "gems": 5, "papyrus": 5, "metal": 5, "spices": 5, "stone": 5, "wood": 5,
        "gold": 7, "grain": 9, "oil": 9, "sheep": 9, "wine": 9, "gladiator": 11}
    assert sum(count for _, count in supplies.commodities) == 87
    assert (supplies.coins, supplies.legendary_per_type) == (44, 1)
    assert [supplies.building(piece) for piece in BUILDINGS] == [37, 25, 8, 5, 3, 14]
    assert [supplies.units(u) for u in ("legion", "trireme", "fortress")] == [8, 5, 5]
    assert supplies.control_markers == 7
    assert supplies.exchange_markers == ((5, 0), (2, 1), (4, 3))


def test_the_costs_fall_in_the_printed_bands() -> None:
    costs = CONTENT.costs
    assert {item: costs.of(item) for item in COSTED if costs.of(item) != 3} == {
        "temple": 6, "market": 6}
    assert (costs.tiles, costs.pyramids, costs.keep_coins) == ((7, 8, 9, 10), 12, 2)


def test_the_tiles_are_the_printed_23_with_their_bonuses() -> None:
    kinds = [tile.kind for tile in CONTENT.tiles]
    assert (kinds.count("hero"), kinds.count("wonder"), kinds.count("pyramids")) == (17, 5, 1)
    starting = {tile.starting_for: tile.id for tile in CONTENT.tiles if tile.starting_for}
    assert starting == {"rome": "caesar", "greece": "pericles", "babylon": "hammurabi",
                        "egypt": "cleopatra", "carthage": "hannibal"}
    bonuses = {t.id: (t.bonus.trade, t.bonus.culture, t.bonus.military) for t in CONTENT.tiles
               if t.bonus.trade or t.bonus.culture or t.bonus.military}
    assert bonuses == PRINTED_BONUSES
    assert CONTENT.tile("hercules").bonus.value("military") == 2


def test_the_dice_counts_are_printed_and_the_land_faces_show_the_worked_roll() -> None:
    land, sea = CONTENT.land_die, CONTENT.sea_die
    assert (land.count, sea.count) == (9, 5)
    assert {3, 4, 5} <= set(land.faces)
    assert len(land.faces) == len(sea.faces) == 6


def test_sites_are_numbered_per_kind_and_found_by_id() -> None:
    assert [s.id for s in CONTENT.province("italia").sites] == [
        "italia.caravan1", "italia.caravan2", "italia.market1", "italia.city1", "italia.city2",
        "italia.temple1"]
    site = CONTENT.site("aethiopia.caravan1")
    assert (site.province, site.kind, site.commodity) == ("aethiopia", "caravan", "grain")
    assert CONTENT.province("achaea").capital == CONTENT.site("achaea.city1")


def test_sea_coasts_are_the_provinces_that_list_the_sea() -> None:
    for sea in CONTENT.seas:
        assert sea.coasts == tuple(p.id for p in CONTENT.provinces if sea.id in p.coasts)


def test_legendary_resources_count_as_their_type() -> None:
    assert legendary("sheep") == "legendary:sheep"
    assert [commodity_type(legendary(kind)) for kind in COMMODITIES] == list(COMMODITIES)
    assert commodity_type("coin") == "coin"


def test_the_layout_file_stays_outside_the_rules_hash() -> None:
    bundle = bundled_bundle()
    drawn = ContentBundle(RULESET_ID, (*bundle.files, ("layout.yaml", "colours: {}\n")),
                          PRESENTATION)
    assert drawn.content_hash == ContentBundle(RULESET_ID, bundle.files, PRESENTATION).content_hash
    assert load_content().content_hash == bundle.content_hash
