"""Rule 4.3: who is Conqueror, pillage (Hamilcar), occupation, the Control Marker (capitals,
links, Queen of Sheba) and conversion."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum.conquest import conquered, free_markers, plunder
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position

ROME, EGYPT = 0, 3


def conqueror(province: str, legions: int = 2, base: str = "tripolitania",
              tiles: tuple[str, ...] = (), buildings: tuple[str, ...] | None = None) -> Position:
    """Rome's legions alone in an Egyptian province, Rome controlling `base`; Rome's turn
    has reached its conquest choice."""
    game = Position()
    if buildings is not None:
        game.edit(province, buildings=buildings)
    game.control(province, "egypt")
    game.control(base, "rome")
    game.legions(province, "rome", legions)
    for tile in tiles:
        game.tile("rome", tile)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("done")
    assert game.step == "conquest"
    return game


def verbs(game: Position) -> set[str]:
    """The verbs on offer."""
    return {a.verb for a in game.legal()}


def test_only_an_opponents_province_held_alone_is_conquered() -> None:
    game = Position()
    game.legions("cyrenaica", "rome", 1)
    game.legions("tripolitania", "rome", 1)
    game.legions("aethiopia", "rome", 1)
    game.legions("aethiopia", "egypt", 1)
    assert conquered(game.state, ROME) == ("cyrenaica",)


def test_pillage_income_and_hamilcar_doubling() -> None:
    assert plunder(CONTENT, "cyrenaica.caravan1", False, None) == (("papyrus",), 0)
    assert plunder(CONTENT, "cyrenaica.caravan1", True, None) == (("papyrus", "papyrus"), 0)
    assert plunder(CONTENT, "cyrenaica.city1", True, None) == (("coin", "coin"), 0)
    assert plunder(CONTENT, "cyrenaica.market1", True, None) == ((), 0)
    assert plunder(CONTENT, "judaea.city1", False, "coin") == (("coin",), 0)
    assert plunder(CONTENT, "judaea.city1", False, "legendary") == ((), 1)
    assert plunder(CONTENT, "judaea.city1", True, None) == (("coin",), 1)


def test_pillaging_a_legendary_city_draws_a_legendary_commodity() -> None:
    game = conqueror("judaea", base="cilicia", buildings=("judaea.city1",))
    assert {a.arg("take") for a in game.legal() if a.verb == "pillage"} == {"coin", "legendary"}
    game.act("pillage", site="judaea.city1", take="legendary")
    assert game.state.move.step == "plunder" and game.actor() < 0
    pile = game.state.supply.legendary_pile
    game.chance(0)
    assert f"legendary:{pile[0]}" in game.state.player(ROME).resources
    assert game.state.supply.legendary_pile == pile[1:] and game.step == ""


def test_a_capital_is_pillaged_or_occupied_but_never_its_marker() -> None:
    game = conqueror("aegyptus", base="judaea")
    assert "occupy_marker" not in verbs(game)
    coins = game.state.player(ROME).resources.count("coin")
    game.act("pillage", site="aegyptus.city1")
    assert game.state.player(ROME).resources.count("coin") == coins + 1
    assert game.area("aegyptus").controller == EGYPT


def test_the_marker_needs_a_link_to_another_roman_province() -> None:
    game = conqueror("aethiopia", base="italia")
    assert "occupy_marker" not in verbs(game)
    linked = conqueror("cyrenaica")
    assert "occupy_marker" in verbs(linked)


def test_occupation_takes_one_legion_per_building() -> None:
    game = conqueror("cyrenaica", legions=1)
    game.act("occupy", site="cyrenaica.city1")
    assert game.step == "" and game.area("cyrenaica").occupied == (("cyrenaica.city1", ROME),)


def test_occupying_buildings_one_by_one_until_done() -> None:
    game = conqueror("cyrenaica", legions=3)
    game.act("occupy", site="cyrenaica.caravan1")
    assert game.step == "occupy" and "pillage" not in verbs(game)
    game.act("done")
    assert game.step == "" and game.area("cyrenaica").holder("cyrenaica.caravan1") == ROME


def test_a_renewed_choice_replaces_the_old_hold_and_keep_leaves_it() -> None:
    game = conqueror("cyrenaica")
    game.act("occupy", site="cyrenaica.caravan1")
    game.act("done")
    game.begin_turn("rome")
    game.act("done")
    game.act("keep")
    assert game.area("cyrenaica").occupier("cyrenaica.caravan1") == ROME
    game.begin_turn("rome")
    game.act("done")
    game.act("pillage", site="cyrenaica.city1")
    area = game.area("cyrenaica")
    assert area.occupied == () and area.posted == (("cyrenaica.city1", ROME),)


def test_queen_of_sheba_converts_at_once_by_giving_up_the_legion() -> None:
    game = conqueror("cyrenaica", tiles=("queen_of_sheba",))
    game.act("convert")
    area = game.area("cyrenaica")
    assert area.controller == ROME and area.legions[ROME] == 1
    assert game.state.move.sheba_used
    again = conqueror("cyrenaica", tiles=("queen_of_sheba",))
    again.set(move=evolve(again.state.move, sheba_used=True))
    assert "convert" not in verbs(again)


def test_without_a_free_marker_the_occupied_marker_is_removed() -> None:
    game = conqueror("cyrenaica")
    game.act("occupy_marker")
    spare = [p.id for p in CONTENT.provinces
             if game.area(p.id).controller == NOBODY and p.in_play(5)]
    for province in spare[:free_markers(CONTENT, game.state, ROME)]:
        game.control(province, "rome")
    assert free_markers(CONTENT, game.state, ROME) == 0
    game.begin_turn("rome")
    assert game.area("cyrenaica").controller == NOBODY
    assert game.found("marker_removed")


def test_hamilcar_pillages_a_caravan_for_two_commodities() -> None:
    game = conqueror("cyrenaica", tiles=("hamilcar",))
    game.act("pillage", site="cyrenaica.caravan1")
    assert game.state.player(ROME).resources.count("papyrus") == 2
    assert game.found("pillaged")[0].get("gained") == ["papyrus", "papyrus"]
