"""Every change the scenario form makes: it offers only legal values, keeps the figures that
follow (players, cities by size, total) right, refuses what it cannot do with the reason,
and undo and redo restore the exact data; every state written as YAML reads back the same."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
import yaml

from sprites.editor import checks, commands, edits, facts, store, yaml_out
from sprites.editor.document import Draft
from sprites.scenes.base import intent


def _draft(key: str = "3") -> Draft:
    parts = store.bundled_parts(key)
    parts["setup"]["id"] = "a_test"
    return Draft(parts["setup"])


CHANGES: list[tuple[str, Callable[[Draft], None]]] = [
    ("add an empire", lambda d: edits.add_empire(d, "gaul")),
    ("remove an empire", lambda d: edits.remove_empire(d, 2)),
    ("move an empire", lambda d: edits.move_empire(d, 0, 1)),
    ("a capital", lambda d: edits.set_capital(d, 1, "capua")),
    ("a key city", lambda d: edits.toggle_key_city(d, "terentum")),
    ("a province in", lambda d: edits.toggle_province(d, "helade")),
    ("a province out", lambda d: edits.toggle_province(d, "corsica_sardinia_sicilia")),
    ("an area", lambda d: edits.toggle_area(d, "suevi")),
    ("all areas", lambda d: edits.set_areas(d, [a.id for a in facts.areas(d)], "All")),
    ("a card", lambda d: edits.toggle_removed_card(d, "rome", "pax")),
    ("special scoring", lambda d: edits.set_special_scoring(d, True)),
    ("a count", lambda d: commands.step(d, "hand_size", 1)),
    ("the turns", lambda d: commands.step(d, "turns", -1)),
    ("the name", lambda d: edits.set_text(d, "name", "Éire: a what-if")),
    ("the description", lambda d: edits.set_text(d, "description", "One.\n\nTwo: three.")),
]


@pytest.mark.parametrize(("words", "change"), CHANGES, ids=[c[0] for c in CHANGES])
def test_a_change_is_one_step_undone_and_redone_exactly(
        words: str, change: Callable[[Draft], None]) -> None:
    draft = _draft()
    before = copy.deepcopy(draft.setup)
    change(draft)
    after = copy.deepcopy(draft.setup)
    assert after != before and len(draft.done) == 1
    assert yaml.safe_load(yaml_out.scenario_text(draft.setup)) == draft.setup
    draft.undo()
    assert draft.setup == before
    draft.redo()
    assert draft.setup == after
    assert draft.setup["players"] == len(draft.setup["empires"])
    assert draft.setup["total_cities"] == sum(p["total"] for p in
                                              draft.setup["provinces"].values())


def test_the_counts_come_from_the_map() -> None:
    draft = _draft()
    edits.toggle_province(draft, "helade")
    assert draft.setup["provinces"]["helade"] == {"size1": 12, "size2": 10, "size3": 1,
                                                  "total": 23}
    assert list(draft.setup["provinces"])[-3:] == ["helade", "italia",
                                                   "corsica_sardinia_sicilia"]
    assert draft.setup["total_cities"] == 73 and checks.check(draft).playable


def test_what_the_form_refuses_and_why() -> None:
    draft = _draft()
    with pytest.raises(edits.Refused, match="Numantia in Hispania is a capital"):
        edits.toggle_province(draft, "hispania")
    with pytest.raises(edits.Refused, match="cannot be a capital"):
        edits.set_capital(draft, 0, "athenai")  # not in play
    with pytest.raises(edits.Refused, match="cannot be a capital"):
        edits.set_capital(draft, 0, "syracusae")  # a key city
    with pytest.raises(edits.Refused, match="key cities start neutral"):
        edits.toggle_key_city(draft, "roma")
    with pytest.raises(edits.Refused, match="not in play"):
        edits.toggle_key_city(draft, "athenai")
    with pytest.raises(edits.Refused, match="not in the Rome deck"):
        edits.toggle_removed_card(draft, "rome", "hannibal")
    two = _draft("1")
    with pytest.raises(edits.Refused, match="at least two"):
        edits.remove_empire(two, 0)
    assert not draft.done and not two.done


def test_only_legal_values_are_offered() -> None:
    draft = _draft()
    capitals = {c.id for c in facts.capital_choices(draft, 1)}
    assert "roma" in capitals and "carthago" not in capitals and "syracusae" not in capitals
    assert "athenai" not in capitals
    keys = {c.id for c in facts.key_city_choices(draft)}
    assert not keys & {"roma", "carthago", "numantia", "syracusae"} and "terentum" in keys
    assert facts.addable_empires(draft) == ["greece", "macedonia", "gaul", "persia", "egypt"]
    assert facts.first_capital(draft, "gaul") == "emporion"  # the free city nearest Gergovia
    picker = commands.picker(draft, intent("pick_card", empire="rome"))
    assert next(o for o in picker.options if o.value == ("card", "rome", "pax")).why_not


def test_taking_a_province_out_drops_its_key_cities_and_an_empire_its_cards() -> None:
    draft = _draft()
    edits.toggle_province(draft, "corsica_sardinia_sicilia")
    assert "syracusae" not in draft.setup["key_cities"]
    edits.remove_empire(draft, 2)
    assert "iberia" not in draft.setup["removed_cards"]
    draft.undo()
    draft.undo()
    assert draft.setup == _draft().setup


def test_areas_are_written_as_the_book_writes_them() -> None:
    draft = _draft()
    every = [a.id for a in facts.areas(draft)]
    edits.set_areas(draft, every, "All")
    assert draft.setup["barbarian_areas"] == "all"
    edits.toggle_area(draft, "suevi")
    assert draft.setup["barbarian_areas"] == {"all_except": ["suevi"]}
    edits.set_areas(draft, ["lykios", "conii"], "Two")
    assert draft.setup["barbarian_areas"] == ["conii", "lykios"]


def test_the_turns_and_the_scoring_stay_in_range() -> None:
    draft = _draft()
    edits.set_special_scoring(draft, True)
    commands.step(draft, "scoring:progress_from_turn", 1)
    assert draft.setup["scoring"]["progress_from_turn"] == 3
    commands.step(draft, "turns", -1)
    assert draft.setup["turns"] == 2 and draft.setup["scoring"]["progress_from_turn"] == 2
    for _ in range(12):
        commands.step(draft, "award:key_city:vp", 1)
    assert draft.setup["scoring"]["key_city"]["vp"] == facts.VP_AWARD[1]
    assert checks.check(draft).playable
