"""Malformed copies of the Mare Nostrum content: one line per problem, naming file and key."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from game.content import ContentError, Node
from game.rulesets.mare_nostrum.content import bundled_bundle, content_from, load_content, problems
from game.rulesets.mare_nostrum.content_check import check_content
from tests.game.content.helpers_content import ContentCopies, Edit

COPIES = ContentCopies(bundled_bundle, load_content)
WRONG_VALUES: tuple[Any, ...] = (None, "x", -1, [], {})
RULES_FILES = ("map.yaml", "empires.yaml", "tiles.yaml", "supplies.yaml", "dice.yaml")


def _province(which: str, /, **changes: Any) -> Edit:
    return lambda data: next(p for p in data["provinces"] if p["id"] == which).update(changes)


def _sea(which: str, /, **changes: Any) -> Edit:
    return lambda data: next(s for s in data["seas"] if s["id"] == which).update(changes)


def _empire(which: str, /, **changes: Any) -> Edit:
    return lambda data: next(e for e in data["empires"] if e["id"] == which).update(changes)


def _tile(which: str, /, **changes: Any) -> Edit:
    return lambda data: next(t for t in data["tiles"] if t["id"] == which).update(changes)


CASES: list[tuple[str, Edit, str]] = [
    ("map.yaml", _province("hispania", caravans=["gold", "sheep", "oil"]),
     "map.yaml: provinces[0].caravans: at most 2 per province, not 3"),
    ("map.yaml", _province("hispania", caravans=["silk"]),
     "provinces[0].caravans[0]: 'silk' is not one of"),
    ("map.yaml", _province("hispania", neighbours=["baetica"]),
     "provinces[3].neighbours: 'hispania' does not list 'gallia' back"),
    ("map.yaml", _province("hispania", neighbours=["baetica", "gallia", "atlantis"]),
     "provinces[0].neighbours: 'atlantis' is no other province"),
    ("map.yaml", _province("baetica", coasts=["oceanus"]),
     "provinces[1].coasts: 'oceanus' is no sea"),
    ("map.yaml", _province("baetica", island="no"), "provinces[1].island: expected true"),
    ("map.yaml", _province("baetica", empire="persia"), "provinces[1].empire: 'persia'"),
    ("map.yaml", _province("baetica", temple=1), "provinces[1].temple: expected true or false"),
    ("map.yaml", _province("baetica", cities=[{"kind": "village", "name": "Gades"}]),
     "provinces[1].cities[0].kind: 'village' is not one of"),
    ("map.yaml", _province("baetica", harbour=True), "provinces[1]: unknown key(s) harbour"),
    ("map.yaml", _province("babylonia", removed_at=[3]),
     "removed_at: expected [3, 4] for a province of babylon"),
    ("map.yaml", _province("gallia", removed_at=[6]), "removed_at[0]: 6 is outside 3..5"),
    ("map.yaml", _province("baetica", id="hispania"), "provinces[1]: 'hispania' appears twice"),
    ("map.yaml", _province("raetia", caravans=[]), "provinces[4]: a province needs a site"),
    ("map.yaml", lambda d: [_province(p, caravans=["oil"])(d) for p in ("italia", "achaea")],
     "0 ceramic caravan sites: need 1 to 3 (its reserve)"),
    ("map.yaml", _province("asia", cities=[{"kind": "regular", "name": "Troia"}]),
     "2 legendary city sites for 3 pieces"),
    ("map.yaml", _sea("propontis", neighbours=["mare_aegaeum"]),
     "'propontis' does not list 'pontus_euxinus' back"),
    ("map.yaml", _sea("propontis", neighbours=["propontis", "mare_aegaeum"]),
     "'propontis' is no other sea"),
    ("map.yaml", _sea("propontis", id="asia"), "'asia' is also a province"),
    ("empires.yaml", _empire("rome", triremes=["pontus_euxinus"]),
     "empires.yaml: empires[0].triremes[0]: 'pontus_euxinus' borders none of its provinces"),
    ("empires.yaml", _empire("rome", starting_hero="hannibal"),
     "empires[0].starting_hero: 'hannibal' is no starting hero of rome"),
    ("empires.yaml", _empire("rome", capital="sicilia"),
     "empires[0].capital: 'sicilia' is no capital province of rome"),
    ("empires.yaml", _empire("rome", leader={"trade": 7, "faith": 1}), "unknown key(s) faith"),
    ("empires.yaml", lambda d: d["empires"][0]["provinces"][0].update(
        buildings=["italia.caravan3"]), "'italia.caravan3' is no site of italia"),
    ("empires.yaml", lambda d: d["empires"][0]["provinces"][0].update(
        buildings=["italia.caravan2"]), "the capital city Roma must stand at the start"),
    ("empires.yaml", lambda d: d["empires"][0]["provinces"].pop(),
     "empires[0].provinces: expected its 3 provinces"),
    ("empires.yaml", lambda d: d["empires"].reverse(), "empires: expected rome, greece"),
    ("empires.yaml", lambda d: d["starting_titles"].pop(),
     "starting_titles: 3 players: culture needs one holder in play, not []"),
    ("empires.yaml", lambda d: d["starting_titles"][2].update(players=[3, 4, 5]),
     "3 players: culture needs one holder in play, not ['egypt', 'greece']"),
    ("tiles.yaml", _tile("circe", id="caesar"), "tiles.yaml: tiles[7]: 'caesar' appears twice"),
    ("tiles.yaml", _tile("pharos", kind="pyramids"), "one Pyramids tile, not 2"),
    ("tiles.yaml", _tile("pharos", starting_for="rome"),
     "tiles[19].starting_for: only a hero leads an empire at the start"),
    ("tiles.yaml", _tile("circe", kind="relic"), "tiles[7].kind: 'relic' is not one of"),
    ("tiles.yaml", _tile("circe", bonus={"trade": -1}), "tiles[7].bonus.trade: -1 is outside"),
    ("supplies.yaml", lambda d: d["commodities"].pop("wine"),
     "supplies.yaml: commodities.wine: missing required key"),
    ("supplies.yaml", lambda d: d.update(exchange_markers=[[5]]),
     "exchange_markers[0]: an Exchange Marker has two values, not 1"),
    ("supplies.yaml", lambda d: d["per_empire"].update(legions=1),
     "empires.yaml: empires[0]: starts with 2 legions, owns 1"),
    ("supplies.yaml", lambda d: d["buildings"].update(caravan=4),
     "buildings.caravan: 4 pieces; the start uses 20"),
    ("supplies.yaml", lambda d: d["costs"].update(tiles=[10, 9]),
     "costs.tiles: must rise from the 2nd tile on"),
    ("supplies.yaml", lambda d: d["costs"]["items"].pop("market"),
     "costs.items.market: missing required key"),
    ("dice.yaml", lambda d: d["land"].update(faces=[]), "dice.yaml: land.faces: a die needs"),
    ("dice.yaml", lambda d: d["sea"].update(count=0), "dice.yaml: sea.count: 0 is outside"),
    ("dice.yaml", lambda d: d.update(air={}), "dice.yaml: (top): unknown key(s) air"),
]


@pytest.mark.parametrize(("name", "edit", "expected"), CASES)
def test_a_malformed_copy_is_refused_in_one_line(tmp_path: Path, name: str, edit: Edit,
                                                 expected: str) -> None:
    assert expected in COPIES.refused(COPIES.copy(tmp_path, name, edit))


def test_every_cross_check_problem_is_listed_one_line_each(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        _province("baetica", coasts=["oceanus"])(data)
        _province("babylonia", removed_at=[3])(data)

    found = problems(COPIES.copy(tmp_path, "map.yaml", edit))
    assert len(found) == 2 and all("\n" not in line for line in found)
    assert "'oceanus' is no sea" in found[0] and "expected [3, 4]" in found[1]


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("dice.yaml", None, "dice.yaml: missing file"),
    ("map.yaml", "provinces: [\n", "map.yaml: line"),
    ("tiles.yaml", "- a list\n", "tiles.yaml: (top): expected a mapping"),
    ("supplies.yaml", "coins: 1\ncoins: 2\n", "appears twice in one mapping"),
])
def test_broken_files_are_refused_in_one_line(name: str, text: str | None,
                                              expected: str) -> None:
    assert expected in COPIES.refused(COPIES.with_file(name, text))
    assert [expected in line for line in problems(COPIES.with_file(name, text))] == [True]


@pytest.mark.parametrize("name", RULES_FILES)
def test_any_value_replaced_by_a_wrong_one_raises_only_content_errors(name: str) -> None:
    nodes = {file: Node(COPIES.data(file), file, "") for file in RULES_FILES}
    for wrong in COPIES.wrong_nodes(name, WRONG_VALUES):
        nodes[name] = wrong
        with contextlib.suppress(ContentError):
            check_content(content_from(nodes))
