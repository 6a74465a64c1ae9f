"""Every figure of the facts file (dice, sheet, start, lengths) as the bundled content holds it."""

from __future__ import annotations

import pytest

from game.rulesets.roll_through_the_ages.content import RttaContent, load_content

DEVELOPMENTS = (  # id, name, cost, VP, grand (☆), struck with the Mediterranean
    ("leadership", "Leadership", 2, 1, False, False),
    ("granaries", "Granaries", 2, 2, False, False),
    ("dyemaking", "Dyemaking", 3, 2, False, False),
    ("formations", "Formations", 3, 2, False, False),
    ("medicine", "Medicine", 4, 3, False, False),
    ("shipbuilding", "Shipbuilding", 4, 3, False, True),
    ("irrigation", "Irrigation", 5, 4, False, False),
    ("metallurgy", "Metallurgy", 6, 5, False, False),
    ("religion", "Religion", 7, 8, False, False),
    ("architecture", "Architecture", 8, 6, False, False),
    ("coinage", "Coinage", 9, 7, False, False),
    ("aqueducts", "Aqueducts", 10, 9, False, False),
    ("navy", "Navy", 12, 7, False, False),
    ("roads", "Roads", 12, 12, False, False),
    ("citizenship", "Citizenship", 15, 13, True, False),
    ("empire", "Empire", 20, 15, True, False),
    ("commerce", "Commerce", 30, 15, True, False),
)
MONUMENTS = (  # id, boxes, first VP, later VP, immunity
    ("obelisk", 5, 2, 1, ""),
    ("colossus", 7, 4, 2, ""),
    ("walls", 10, 6, 4, "barbarians"),
    ("acropolis", 13, 10, 7, ""),
    ("coliseum", 15, 13, 10, ""),
)


@pytest.fixture(scope="module")
def content() -> RttaContent:
    return load_content()


def _yields(face: object) -> dict[str, int | str]:
    keys = ("food", "population", "goods", "goods_per_port", "innovations", "skulls",
            "food_or_population", "fate", "food_per_food_die")
    return {key: getattr(face, key) for key in keys if getattr(face, key)}


def test_the_empire_die_faces_in_printed_order(content: RttaContent) -> None:
    assert [_yields(face) for face in content.empire_die] == [
        {"population": 3}, {"food": 3}, {"food_or_population": 2}, {"innovations": 1},
        {"goods_per_port": 1}, {"goods": 1, "population": 1, "skulls": 1}]


def test_the_fate_die_faces_in_printed_order(content: RttaContent) -> None:
    assert [_yields(face) for face in content.fate_die] == [
        {"fate": "abundance", "food_per_food_die": 1}, {"fate": "drought", "food_per_food_die": -1},
        {"fate": "omens"}, {"fate": "conquest"}, {"fate": "tribute"},
        {"goods": 1, "population": 1, "skulls": 1}]
    assert [face.name for face in content.fate_die][:5] == [
        "Abundance", "Drought", "Omens", "Conquest", "Tribute demand"]


def test_the_17_developments_cost_points_and_stars(content: RttaContent) -> None:
    got = tuple((d.id, d.name, d.cost, d.vp, d.grand, d.struck_in_mediterranean)
                for d in content.developments)
    assert got == DEVELOPMENTS
    assert all(d.effect.strip() for d in content.developments)


def test_developments_by_id(content: RttaContent) -> None:
    assert content.development("commerce").cost == 30
    with pytest.raises(KeyError):
        content.development("writing")


def test_the_five_monuments(content: RttaContent) -> None:
    got = tuple((m.id, m.boxes, m.first_vp, m.later_vp, m.immunity) for m in content.monuments)
    assert got == MONUMENTS
    assert content.monument("coliseum").name == "Coliseum"
    assert [m.name for m in content.monuments] == [
        "Obelisk", "Colossus", "City Walls", "Acropolis", "Coliseum"]


def test_ports_one_population_and_their_urns(content: RttaContent) -> None:
    assert [(p.number, p.population, p.goods) for p in content.ports] == [
        (1, 0, 0), (2, 1, 2), (3, 1, 3), (4, 1, 3), (5, 1, 4), (6, 1, 4)]


def test_provinces_boxes_tribute_and_armies(content: RttaContent) -> None:
    assert [(p.number, p.population, p.tribute, p.armies) for p in content.provinces] == [
        (1, 0, 0, 0), (2, 2, 1, 2), (3, 2, 2, 2), (4, 3, 3, 2), (5, 3, 4, 2), (6, 4, 5, 2)]


def test_disasters_by_skulls_showing(content: RttaContent) -> None:
    got = [(d.skulls, d.id, d.penalty, d.enemy_strength, d.immunity, d.scope)
           for d in content.disasters]
    assert got == [
        (1, "revolt", 1, 0, "religion", "self"),
        (2, "barbarians", 0, 4, "walls", "self"),
        (3, "pestilence", 3, 0, "medicine", "opponents"),
        (4, "civil_war", 4, 0, "citizenship", "self"),
        (5, "invasion", 0, 10, "", "everyone"),
    ]


@pytest.mark.parametrize(("skulls", "disaster"), [
    (0, None), (1, "revolt"), (2, "barbarians"), (3, "pestilence"), (4, "civil_war"),
    (5, "invasion"), (7, "invasion")])
def test_the_disaster_for_a_count_of_skulls(content: RttaContent, skulls: int,
                                            disaster: str | None) -> None:
    found = content.disaster(skulls)
    assert (found.id if found else None) == disaster


def test_values_toward_developments_and_at_the_end(content: RttaContent) -> None:
    values = content.values
    assert (values.good, values.innovation, values.innovation_metallurgy, values.wealth) == (
        1, 3, 5, 5)
    assert (values.wealth_vp, values.goods_per_wealth, values.goods_per_wealth_coinage) == (
        2, 4, 3)
    assert values.colony_vp == 3
    assert values.mine_vp_metallurgy == 2  # authored (SOURCES.md)


def test_start_values(content: RttaContent) -> None:
    start = content.start
    assert (start.food, start.armies, start.goods, start.conquest_boxes) == (3, 1, 1, 1)
    assert (start.dice, start.max_dice, start.colony_pegs) == (2, 6, 15)


def test_tracks(content: RttaContent) -> None:
    tracks = content.tracks
    assert tracks.goods == 15
    assert (tracks.conquest_boxes, tracks.tribute, tracks.skulls) == (10, 60, 45)
    assert (tracks.food, tracks.armies, tracks.ships, tracks.wealth) == (15, 15, 15, 15)


def test_short_and_full_game_end_triggers(content: RttaContent) -> None:
    assert [(g.id, g.developments, g.tribute, g.monuments_left) for g in content.lengths] == [
        ("short", 5, 30, 1), ("full", 7, 50, 0)]
    assert content.length("full").tribute == 50


def test_solitaire(content: RttaContent) -> None:
    assert (content.solitaire_rounds, content.solitaire_target,
            content.solitaire_target_mediterranean) == (8, 100, 125)


def test_the_bundled_content_is_loaded_once_and_carries_its_hash(content: RttaContent) -> None:
    assert load_content() is content
    assert len(content.content_hash) == 64
