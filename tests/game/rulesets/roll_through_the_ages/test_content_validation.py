"""Malformed copies of the content: one ContentError line naming file and key, nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.content import ContentError, Node
from game.rulesets.roll_through_the_ages.content import (
    bundled_bundle,
    content_from,
    load_content,
    validate,
)
from tests.game.content.helpers_content import ContentCopies, Edit

COPIES = ContentCopies(bundled_bundle, load_content)


def _colony(index: int, **changes: Any) -> Edit:
    return lambda data: data["colonies"][index].update(changes)


CASES: list[tuple[str, Edit, str]] = [
    ("dice.yaml", lambda d: d["empire_die"].pop(), "dice.yaml: empire_die: a die has 6 faces"),
    ("dice.yaml", lambda d: d["fate_die"][0].update(fate="storm"), "fate_die[0].fate: 'storm'"),
    ("dice.yaml", lambda d: d["empire_die"][1].update(id="pop3"), "empire_die[1]: 'pop3' appears"),
    ("dice.yaml", lambda d: d["empire_die"][0].update(fate="omens"), "empire_die[0]: only a Fate"),
    ("dice.yaml", lambda d: d["empire_die"][0].update(food=True), "empire_die[0].food: expected"),
    ("sheet.yaml", lambda d: d["developments"][2].update(cost="three"),
     "sheet.yaml: developments[2].cost: expected an integer, got text"),
    ("sheet.yaml", lambda d: d["monuments"][0].pop("boxes"),
     "sheet.yaml: monuments[0].boxes: missing required key"),
    ("sheet.yaml", lambda d: d["developments"][0].update(costs=2), "unknown key(s) costs"),
    ("sheet.yaml", lambda d: d["developments"][1].update(id="leadership"),
     "developments[1]: 'leadership' appears twice"),
    ("sheet.yaml", lambda d: d["developments"][0].update(id="writing"),
     "developments[0].id: 'writing' is not a development"),
    ("sheet.yaml", lambda d: d["developments"].pop(), "developments: missing commerce"),
    ("sheet.yaml", lambda d: d["ports"][2].update(number=4), "ports[2].number: expected 3"),
    ("sheet.yaml", lambda d: d["provinces"][0].update(tribute=1), "provinces[0]: #1 is pre-built"),
    ("sheet.yaml", lambda d: d["disasters"][0].update(immunity="prayer"),
     "disasters[0].immunity: 'prayer' is no development or monument"),
    ("sheet.yaml", lambda d: d["disasters"][1].update(skulls=1), "disasters[1]: 1 appears twice"),
    ("sheet.yaml", lambda d: d["disasters"][0].update(scope="all"), "disasters[0].scope"),
    ("sheet.yaml", lambda d: d["start"].update(food=16), "start.food: 16 is beyond its track"),
    ("sheet.yaml", lambda d: d["tracks"].update(goods=0), "tracks.goods: 0 is outside"),
    ("sheet.yaml", lambda d: d["lengths"].pop(), "lengths: expected exactly short, full"),
    ("sheet.yaml", lambda d: d.pop("solitaire"), "sheet.yaml: solitaire: missing required key"),
    ("sheet.yaml", lambda d: d.update(values=[1, 3]), "sheet.yaml: values: expected a mapping"),
    ("colonies.yaml", _colony(0, rewards=["army", "gold"]),
     "colonies.yaml: colonies[0].rewards[1]: 'gold' is not one of"),
    ("colonies.yaml", _colony(3, size=5), "colonies[3].size: 5 is outside 1..4"),
    ("colonies.yaml", _colony(3, size=0), "colonies[3].size: 0 is outside 1..4"),
    ("colonies.yaml", _colony(1, id="massalia"), "colonies[1]: 'massalia' appears twice"),
    ("colonies.yaml", _colony(2, rewards=[]), "colonies[2].rewards: a colony gives at least"),
    ("colonies.yaml", _colony(2, four_players_only="yes"), "four_players_only: expected true"),
    ("colonies.yaml", lambda d: [c.update(four_players_only=True) for c in d["colonies"]
                                 if c["size"] == 1], "needs a size-1 colony"),
]


@pytest.mark.parametrize(("name", "edit", "expected"), CASES)
def test_a_malformed_copy_is_refused_in_one_line(tmp_path: Path, name: str, edit: Edit,
                                                 expected: str) -> None:
    assert expected in COPIES.refused(COPIES.copy(tmp_path, name, edit))


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("colonies.yaml", None, "colonies.yaml: missing file"),
    ("dice.yaml", "empire_die: [\n", "dice.yaml: line"),
    ("sheet.yaml", "- a list\n", "sheet.yaml: (top): expected a mapping"),
    ("colonies.yaml", "colonies: []\ncolonies: []\n", "appears twice in one mapping"),
])
def test_broken_files_are_refused_in_one_line(name: str, text: str | None,
                                              expected: str) -> None:
    assert expected in COPIES.refused(COPIES.with_file(name, text))


FILES = ("dice.yaml", "sheet.yaml", "colonies.yaml")


@pytest.mark.parametrize("name", FILES)
def test_any_value_replaced_by_a_wrong_one_raises_only_content_errors(name: str) -> None:
    nodes = {file: Node(COPIES.data(file), file, "") for file in FILES}
    for wrong in COPIES.wrong_nodes(name, (None, "x", -1, 10**6, [], {})):
        nodes[name] = wrong
        try:
            content_from(nodes["dice.yaml"], nodes["sheet.yaml"], nodes["colonies.yaml"])
        except ContentError as error:
            assert str(error).startswith(name) and "\n" not in str(error)


def test_validate_summarises_the_bundled_content() -> None:
    assert validate(None) == ("17 developments, 5 monuments, 6 ports, 6 provinces, "
                              "5 disasters, 19 colonies")
    assert validate(bundled_bundle()) == validate(None)
