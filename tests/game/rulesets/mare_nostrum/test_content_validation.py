"""Malformed copies of the Mare Nostrum content: one line per problem, naming file and key."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content import ContentBundle, ContentError, Node
from game.content.bundle import read_folder
from game.rulesets.mare_nostrum.content import (
    PRESENTATION,
    RULESET_ID,
    bundled_bundle,
    content_from,
    load_content,
    problems,
)
from game.rulesets.mare_nostrum.content_check import check_content

Edit = Callable[[dict[str, Any]], Any]
WRONG_VALUES: tuple[Any, ...] = (None, "x", -1, [], {})
RULES_FILES = ("map.yaml", "empires.yaml", "tiles.yaml", "supplies.yaml", "dice.yaml")


def _data(name: str) -> dict[str, Any]:
    text = bundled_bundle().text(name)
    assert text is not None
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def _copy(folder: Path, name: str, edit: Edit) -> ContentBundle:
    """The bundled files written to a folder, one of them edited, read back as a bundle."""
    for file_name, text in bundled_bundle().files:
        (folder / file_name).write_text(text, encoding="utf-8")
    data = _data(name)
    edit(data)
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return read_folder(RULESET_ID, folder, PRESENTATION)


def _refused(bundle: ContentBundle) -> str:
    with pytest.raises(ContentError) as caught:
        load_content(bundle)
    message = str(caught.value)
    assert "\n" not in message
    return message


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
    assert expected in _refused(_copy(tmp_path, name, edit))


def test_every_cross_check_problem_is_listed_one_line_each(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        _province("baetica", coasts=["oceanus"])(data)
        _province("babylonia", removed_at=[3])(data)

    found = problems(_copy(tmp_path, "map.yaml", edit))
    assert len(found) == 2 and all("\n" not in line for line in found)
    assert "'oceanus' is no sea" in found[0] and "expected [3, 4]" in found[1]


def _with(name: str, text: str | None) -> ContentBundle:
    files = tuple((n, t) for n, t in bundled_bundle().files if n != name)
    return ContentBundle(RULESET_ID, files + (((name, text),) if text is not None else ()))


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("dice.yaml", None, "dice.yaml: missing file"),
    ("map.yaml", "provinces: [\n", "map.yaml: line"),
    ("tiles.yaml", "- a list\n", "tiles.yaml: (top): expected a mapping"),
    ("supplies.yaml", "coins: 1\ncoins: 2\n", "appears twice in one mapping"),
])
def test_broken_files_are_refused_in_one_line(name: str, text: str | None,
                                              expected: str) -> None:
    assert expected in _refused(_with(name, text))
    assert [expected in line for line in problems(_with(name, text))] == [True]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, (*path, key))


def _replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], new)
    return copy


@pytest.mark.parametrize("name", RULES_FILES)
def test_any_value_replaced_by_a_wrong_one_raises_only_content_errors(name: str) -> None:
    data = _data(name)
    nodes = {file: Node(_data(file), file, "") for file in RULES_FILES}
    for path in _paths(data):
        for wrong in WRONG_VALUES:
            nodes[name] = Node(_replaced(data, path, wrong), name, "")
            with contextlib.suppress(ContentError):
                check_content(content_from(nodes))
