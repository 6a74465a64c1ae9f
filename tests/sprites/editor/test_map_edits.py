"""The map editor's edits on a draft: data units, ids, refusals in words, routes going with
their places, one undo step each that restores the exact data, and the bundled map never
touched."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from game.content import parse_yaml
from game.rulesets.mediterranean_empires.content.layout import parse_layout
from game.rulesets.mediterranean_empires.content.map import parse_map
from game.rulesets.mediterranean_empires.content.map_facts import check_map_facts
from sprites.editor.document import Draft
from sprites.editor.map_edits import MapEdits, Refused, bundled_map_files
from sprites.editor.map_model import board_at, draft_model, geo_at

CONTENT = Path(__file__).parents[3] / "scenarios" / "mediterranean_empires"


def scenario(number: str = "03_second_punic_war") -> dict[str, Any]:
    """A bundled set-up as a user scenario's data (no book number, an id of its own)."""
    setup = parse_yaml((CONTENT / "setups" / f"{number}.yaml").read_text(), "s").value
    del setup["number"]
    setup["id"] = "my_wars"
    return setup


@pytest.fixture
def edits() -> MapEdits:
    return MapEdits(Draft(scenario()))


def test_the_first_edit_copies_the_map_and_undo_gives_the_bundled_map_back(edits: MapEdits) -> None:
    draft = edits.draft
    geo = list(edits.place("messana")["geo"])
    edits.move("messana", [geo[0] + 25, geo[1] - 10])
    assert draft.map is not None and draft.layout is not None
    assert draft.get(("map", "cities", "messana", "geo")) == [geo[0] + 25, geo[1] - 10]
    assert [step.label for step in draft.done] == ["Move Messana"]
    assert bundled_map_files()[0]["cities"]["messana"]["geo"] == geo
    assert draft.undo() == "Move Messana"
    assert draft.map is None and draft.layout is None
    assert draft.redo() == "Move Messana"
    assert draft.get(("map", "cities", "messana", "geo")) == [geo[0] + 25, geo[1] - 10]


def test_geo_is_kept_in_hundredths_of_a_degree(edits: MapEdits) -> None:
    layout = edits.layout
    for lon, lat in ([1550, 3819], [-915, 3872], [4440, 3300]):
        assert geo_at(layout, board_at(layout, [lon, lat])) == [lon, lat]
    west, north = layout["projection"]["west"], layout["projection"]["north"]
    assert geo_at(layout, (-500.0, -500.0)) == [west, north]


def test_a_new_city_gets_an_id_from_its_name(edits: MapEdits) -> None:
    node = edits.add_city("Hénna Nova", [1398, 3759], "corsica_sardinia_sicilia", 2, True)
    assert node == "henna_nova"
    assert edits.cities()[node] == {"name": "Hénna Nova", "province": "corsica_sardinia_sicilia",
                                    "size": 2, "port": True, "geo": [1398, 3759]}
    assert edits.draft.done[-1].label == "Add city Hénna Nova"
    assert edits.new_id("Henna Nova") == "henna_nova_2"
    assert edits.new_id("1st Camp") == "place_1st_camp"


@pytest.mark.parametrize(("name", "why"), [
    ("", "Type a name first."),
    ("Rome", "Rome already names Roma on this map."),
    ("  vascones ", "vascones already names Vascones on this map."),
    ("x" * 41, "A name has at most 40 letters."),
])
def test_names_that_are_refused(edits: MapEdits, name: str, why: str) -> None:
    with pytest.raises(Refused, match=why):
        edits.add_city(name, [1398, 3759], "italia")
    assert edits.draft.map is None and not edits.draft.done


def test_a_place_keeps_its_id_when_renamed(edits: MapEdits) -> None:
    edits.rename("messana", "Zancle")
    assert edits.name("messana") == "Zancle"
    assert edits.draft.done[-1].label == "Rename Messana to Zancle"
    with pytest.raises(Refused, match="Roma already names Roma"):
        edits.rename("messana", "Roma")


@pytest.mark.parametrize(("kind", "a", "b", "why"), [
    ("coastal", "vascones", "roma", "Vascones is a barbarian area: coastal routes join two "
                                    "cities."),
    ("land", "roma", "vascones", "Vascones is a barbarian area: land routes join two cities."),
    ("barbarian", "roma", "syracusae", "A barbarian route needs a barbarian area at one end"),
    ("land", "roma", "roma", "A route joins two different places."),
    ("land", "messana", "reghium", "Messana and Reghium are already joined by a coastal route"),
])
def test_routes_that_are_refused(edits: MapEdits, kind: str, a: str, b: str, why: str) -> None:
    with pytest.raises(Refused, match=why):
        edits.add_route(kind, a, b)
    assert not edits.draft.done


def test_a_coastal_route_needs_no_port_at_either_end(edits: MapEdits) -> None:
    """As five crossings of the bundled map (Delfoi-Korinthos, Sparta-Knossos, ...): a land
    expedition crosses a strait without a harbour (docs/rules-decisions.md, 5.4.3)."""
    assert not any(edits.cities()[c].get("port") for c in ("capua", "tarquinii"))
    edits.add_route("coastal", "capua", "messana")
    edits.add_route("coastal", "capua", "tarquinii")
    assert edits.route_kind("messana", "capua") == "coastal"
    assert edits.route_kind("tarquinii", "capua") == "coastal"
    with pytest.raises(Refused, match="Tarquinii and Capua are already joined by a coastal"):
        edits.add_route("coastal", "tarquinii", "capua")
    with pytest.raises(Refused, match="A route joins two different places"):
        edits.add_route("coastal", "capua", "capua")
    from game.rulesets.mediterranean_empires.content.check import scenario_problems

    assert scenario_problems(edits.draft.setup, edits.draft.map, edits.draft.layout) == []


def test_routes_are_drawn_and_deleted(edits: MapEdits) -> None:
    edits.add_route("coastal", "roma", "carthago")
    assert edits.draft.done[-1].label == "Add coastal route Roma–Carthago"
    assert ["roma", "carthago"] in edits.routes("coastal")
    edits.add_route("barbarian", "vascones", "tarraco")
    assert edits.route_kind("tarraco", "vascones") == "barbarian"
    edits.remove_route("barbarian", "tarraco", "vascones")
    assert edits.route_kind("tarraco", "vascones") is None
    assert edits.draft.done[-1].label == "Remove barbarian route Vascones–Tarraco"


def test_removing_a_city_takes_its_routes_and_label_and_undo_restores_the_exact_data(
        edits: MapEdits) -> None:
    edits.move("athenai", list(edits.place("athenai")["geo"]))  # no change: no step
    assert not edits.draft.done
    edits.set_size("capua", 3)
    before_map = copy.deepcopy(edits.draft.map)
    before_layout = copy.deepcopy(edits.draft.layout)
    assert "athenai" in edits.layout["city_labels"]
    count = len(edits.routes_of("athenai"))
    assert count > 2
    edits.remove("athenai")
    assert "athenai" not in edits.cities() and not edits.routes_of("athenai")
    assert "athenai" not in edits.layout["city_labels"]
    assert len(edits.draft.done) == 2
    edits.draft.undo()
    assert edits.draft.map == before_map and edits.draft.layout == before_layout
    assert edits.draft.map is not None and before_map is not None
    assert list(edits.draft.map["cities"]) == list(before_map["cities"])


def test_fields_of_cities_and_areas(edits: MapEdits) -> None:
    edits.set_size("capua", 9)
    edits.set_port("capua", True)
    edits.set_province("capua", "corsica_sardinia_sicilia")
    edits.set_strength("vascones", 7)
    assert {k: edits.cities()["capua"][k] for k in ("size", "port", "province")} == {
        "size": 3, "port": True, "province": "corsica_sardinia_sicilia"}
    assert edits.areas()["vascones"]["strength"] == 7
    assert [s.label for s in edits.draft.done] == [
        "Make Capua size 3", "Make Capua a port", "Put Capua in Corsica, Sardinia et Sicilia",
        "Set Vascones's strength to 7"]
    with pytest.raises(Refused, match="no province 'atlantis'"):
        edits.set_province("capua", "atlantis")


def test_an_area_moves_with_its_name_and_a_new_one_gets_a_label(edits: MapEdits) -> None:
    geo = edits.place("vascones")["geo"]
    label = edits.layout["barbarian_areas"]["vascones"]["label"]
    edits.move("vascones", [geo[0] + 30, geo[1] + 20])
    assert edits.layout["barbarian_areas"]["vascones"]["label"] == [label[0] + 30, label[1] + 20]
    node = edits.add_area("Boii", [1100, 4700], 4)
    assert edits.areas()[node] == {"name": "Boii", "strength": 4, "geo": [1100, 4700]}
    assert edits.layout["barbarian_areas"][node] == {"label": [1100, 4700]}
    edits.add_route("barbarian", node, "placentia")
    edits.remove(node)
    assert node not in edits.layout["barbarian_areas"] and not edits.routes_of(node)


def test_an_edited_map_loads_as_the_game_loads_maps(edits: MapEdits) -> None:
    import yaml

    edits.add_city("Henna", [1440, 3757], "corsica_sardinia_sicilia")
    edits.add_route("land", "henna", "syracusae")
    edits.move("roma", [1255, 4195])
    edits.add_area("Boii", [1100, 4700], 4)
    edits.remove("lilybaion" if edits.is_city("lilybaion") else "panormos")
    map_def = parse_map(yaml.safe_dump(edits.draft.map, allow_unicode=True))
    layout = parse_layout(yaml.safe_dump(edits.draft.layout), map_def)
    assert map_def.city("henna").geo == (1440, 3757)
    assert map_def.route_kind("henna", "syracusae") == "land"
    assert layout.area_label("boii") == (1100, 4700)
    assert edits.draft.map is not None and edits.draft.layout is not None
    model = draft_model(edits.draft.map, edits.draft.layout)
    assert {c.id for c in model.cities} == {c.id for c in map_def.cities}
    with pytest.raises(Exception, match="cities"):
        check_map_facts(map_def)  # a map of one's own need not be the book's


def test_the_scenario_checks_see_what_a_map_edit_does(edits: MapEdits) -> None:
    from sprites.editor.map_checks import map_problems

    assert not map_problems(edits.draft).problems
    edits.remove("carthago")
    sentences = [p.sentence for p in map_problems(edits.draft).problems]
    assert any("carthago" in s for s in sentences)
    edits.draft.undo()
    assert not map_problems(edits.draft).problems


def test_every_map_edit_round_trips_through_the_editors_yaml(edits: MapEdits) -> None:
    import yaml

    from sprites.editor.yaml_out import layout_text, map_text

    steps = [lambda: edits.add_city("Hénna", [1440, 3757], "corsica_sardinia_sicilia", 2, True),
             lambda: edits.add_route("coastal", "henna", "syracusae"),
             lambda: edits.move("roma", [1255, 4195]),
             lambda: edits.rename("messana", "Zancle"),
             lambda: edits.set_port("capua", True),
             lambda: edits.add_area("Boii", [1100, 4700], 4),
             lambda: edits.add_route("barbarian", "boii", "placentia"),
             lambda: edits.move("vascones", [-150, 4300]),
             lambda: edits.set_strength("vascones", 6),
             lambda: edits.remove_route("land", "roma", "capua"),
             lambda: edits.remove("athenai")]
    for step in steps:
        step()
        draft = edits.draft
        assert draft.map is not None and draft.layout is not None
        assert yaml.safe_load(map_text(draft.map)) == draft.map
        assert yaml.safe_load(layout_text(draft.layout)) == draft.layout
