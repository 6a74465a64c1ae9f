"""scenario_problems and scenario_warnings never raise: a set-up, map or layout missing any
key, holding the wrong types, nonsense or huge values answers with problems (the editor and
`mare validate` list them), never an exception and never the checks' last-resort sentence."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rulesets.mediterranean_empires.content.check import (
    Problem,
    scenario_problems,
    scenario_warnings,
    unfinished,
)
from tests.net.files.user_helpers import book_setup, bundled_map_texts

MAP, LAYOUT = (yaml.safe_load(text) for text in bundled_map_texts())
BOOK = book_setup(3, "mine")
LAST_RESORT = unfinished(ValueError("x")).sentence.split("(")[0]
JUNK: list[Any] = [
    None, "", " ", "x", "roma", "hispania", "ligures", 0, -1, 2, 10**40, -(10**40), 1.5,
    float("inf"), float("nan"), True, False, [], {}, [None], [[1, 2, 3]], ["roma", "roma"],
    {"a": 1}, {1: 2}, {None: None}, {True: [1]}, {"all_except": 5}, "all", "\x00\ufffd",
]
"""Values no field expects: wrong types, nonsense words, huge and odd numbers, odd keys."""


def _checked(setup: Any, map_data: Any = None, layout: Any = None) -> list[Problem]:
    """Both checks; the problems, after asserting they are sentences and no check failed."""
    problems = scenario_problems(setup, map_data, layout)
    warnings = scenario_warnings(setup, map_data, layout)
    for found in (*problems, *warnings):
        assert isinstance(found, Problem) and found.sentence.endswith((".", "?", "!"))
        assert not found.sentence.startswith(LAST_RESORT), found.sentence
    return problems


@pytest.mark.parametrize("key", list(BOOK))
def test_a_setup_missing_any_key_is_problems(key: str) -> None:
    setup = {k: v for k, v in copy.deepcopy(BOOK).items() if k != key}
    problems = _checked(setup)
    if key not in ("description", "removed_cards"):
        assert problems and problems[0].where[:1] == ("setup",)
    _checked(setup, copy.deepcopy(MAP), copy.deepcopy(LAYOUT))


@pytest.mark.parametrize("key", list(BOOK))
@pytest.mark.parametrize("value", JUNK)
def test_any_junk_in_any_setup_key_is_problems(key: str, value: Any) -> None:
    _checked({**copy.deepcopy(BOOK), key: copy.deepcopy(value)})


@pytest.mark.parametrize("part", ["map", "layout"])
@pytest.mark.parametrize("value", JUNK[:14])
def test_junk_in_every_map_and_layout_section_is_problems(part: str, value: Any) -> None:
    whole = MAP if part == "map" else LAYOUT
    for key in whole:
        changed = {**copy.deepcopy(whole), key: copy.deepcopy(value)}
        pair = (changed, copy.deepcopy(LAYOUT)) if part == "map" else (copy.deepcopy(MAP),
                                                                      changed)
        problems = _checked(BOOK, *pair)
        assert problems or not isinstance(value, str | int | float)  # no section is a word


def test_huge_numbers_and_strange_keys_are_problems() -> None:
    setup: dict[Any, Any] = {**copy.deepcopy(BOOK), "hand_size": 10**400,
                             "players": -(10**400), "fortification_markers": 1e308,
                             None: 1, 7: "x", True: []}
    map_data = copy.deepcopy(MAP)
    map_data["cities"]["roma"]["geo"] = [10**400, -(10**400)]
    map_data["barbarian_areas"]["ligures"]["strength"] = 10**400
    map_data["cities"][5] = {"name": 5}
    sentences = " ".join(p.sentence for p in _checked(setup, map_data, copy.deepcopy(LAYOUT)))
    assert "Unknown key(s)" in sentences and "outside" in sentences


def test_not_even_a_mapping_is_one_problem_each() -> None:
    junk: object
    for junk in (None, [], "text", 7, b"\x00\xff"):
        assert len(_checked(junk)) == 1
        assert junk is None or _checked(BOOK, junk, copy.deepcopy(LAYOUT))  # None: bundled


def test_the_last_resort_is_a_problem_not_an_exception() -> None:
    class Hostile(dict):  # a mapping whose lookups fail in a way no loader expects
        def __getitem__(self, key: Any) -> Any:
            raise RuntimeError("no")

        def get(self, key: Any, default: Any = None) -> Any:
            raise RuntimeError("no")

    [problem] = scenario_problems(Hostile(BOOK))
    assert problem.sentence.startswith(LAST_RESORT) and "RuntimeError" in problem.sentence
    assert scenario_warnings(Hostile(BOOK))[0].sentence.startswith(LAST_RESORT)


def _paths(data: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [where]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*where, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*where, index))
    return found


def _mutated(data: Any, choices: list[tuple[int, int, int]]) -> Any:
    """`data` with, for each choice, one value (picked by position) deleted or replaced by
    junk, or a junk key added beside it."""
    data = copy.deepcopy(data)
    for at, how, junk in choices:
        paths = _paths(data)[1:]
        if not paths:
            return data
        path = paths[at % len(paths)]
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        value = copy.deepcopy(JUNK[junk % len(JUNK)])
        if how == 0 and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == 1 and isinstance(parent, dict):
            parent[JUNK[junk % 7] if junk % 7 else "zz"] = value
        else:
            parent[path[-1]] = value
    return data


CHOICES = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), st.integers(0, 99)),
                   min_size=1, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 13), choices=CHOICES)
def test_a_mutated_book_scenario_is_problems_never_an_exception(
        number: int, choices: list[tuple[int, int, int]]) -> None:
    _checked(_mutated(book_setup(number, "mine"), choices))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(map_choices=CHOICES, layout_choices=CHOICES)
def test_a_mutated_map_variant_is_problems_never_an_exception(
        map_choices: list[tuple[int, int, int]], layout_choices: list[tuple[int, int, int]]
        ) -> None:
    _checked(BOOK, _mutated(MAP, map_choices), _mutated(LAYOUT, layout_choices))
