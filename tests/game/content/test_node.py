"""parse_yaml and the Node cursor: every error names the file and a line or key path."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.content import ContentError, Node, parse_yaml

FILE = "map.yaml"
TEXT = """\
cities:
  roma:
    size: 3
    port: true
    name: Roma
    aliases: [Rome, Urbs]
"""


def error_of(action: Callable[[], object]) -> ContentError:
    """The ContentError raised by calling `action`."""
    with pytest.raises(ContentError) as caught:
        action()
    return caught.value


def roma() -> Node:
    """The node of the one city in TEXT."""
    return parse_yaml(TEXT, FILE).child("cities").child("roma")


# --- parse_yaml ----------------------------------------------------------------------------


def test_parses_into_a_node_at_the_top() -> None:
    root = parse_yaml(TEXT, FILE)
    assert (root.file, root.path) == (FILE, "")
    assert roma().get_int("size") == 3


@pytest.mark.parametrize(("text", "line", "key"), [
    ("a: 1\nb: 2\na: 3\n", "line 3", "'a'"),
    ("top:\n  x: 1\n  y: 2\n  x: 3\n", "line 4", "'x'"),
    ("rows:\n  - {id: a, id: b}\n", "line 2", "'id'"),
    ("1: one\n0x1: also one\n", "line 2", "1"),
])
def test_duplicate_key_in_any_mapping_is_rejected_with_its_line(text: str, line: str,
                                                                key: str) -> None:
    error = error_of(lambda: parse_yaml(text, FILE))
    assert (error.file, error.path) == (FILE, line)
    assert f"key {key} appears twice" in error.message


def test_equal_keys_in_different_mappings_are_fine() -> None:
    root = parse_yaml("a: {x: 1}\nb: {x: 2}\nc: [{x: 3}, {x: 4}]\n", FILE)
    assert root.child("b").get_int("x") == 2


def test_merge_keys_may_be_overridden() -> None:
    root = parse_yaml("base: &base {x: 1, y: 2}\nitem:\n  <<: *base\n  x: 3\n", FILE)
    assert root.child("item").value == {"x": 3, "y": 2}


def test_syntax_error_names_file_and_line() -> None:
    error = error_of(lambda: parse_yaml("a: 1\nb: [1, 2\nc: 3\n", FILE))
    assert error.file == FILE
    assert error.path.startswith("line ")
    assert "invalid YAML" in error.message
    assert str(error).startswith(f"{FILE}: line ")


def test_only_safe_yaml_is_accepted() -> None:
    error = error_of(lambda: parse_yaml("a: !!python/object/apply:os.system [ls]\n", FILE))
    assert error.file == FILE and "invalid YAML" in error.message


# --- typed getters name the key path ---------------------------------------------------------


@pytest.mark.parametrize(("action", "path", "words"), [
    (lambda n: n.get_int("size", low=1, high=2), "cities.roma.size", "outside 1..2"),
    (lambda n: n.get_text("size"), "cities.roma.size", "non-empty text"),
    (lambda n: n.child("port").integer(), "cities.roma.port", "an integer"),
    (lambda n: n.child("name").boolean(), "cities.roma.name", "true or false"),
    (lambda n: n.child("name").choice(("Capua",)), "cities.roma.name", "not one of"),
    (lambda n: n.get_int("strength"), "cities.roma.strength", "missing required key"),
    (lambda n: n.get_text("geo"), "cities.roma.geo", "missing required key"),
    (lambda n: n.child("aliases").child(5), "cities.roma.aliases", "no item 5"),
    (lambda n: n.child("aliases").child(1).integer(), "cities.roma.aliases[1]", "an integer"),
    (lambda n: n.child("size").as_dict_value(), "cities.roma.size", "a mapping"),
    (lambda n: n.child("name").str_list(), "cities.roma.name", "a list"),
])
def test_typed_getters_name_file_and_key_path(action: Callable[[Node], object], path: str,
                                              words: str) -> None:
    error = error_of(lambda: action(roma()))
    assert (error.file, error.path) == (FILE, path)
    assert words in error.message
    assert str(error).startswith(f"{FILE}: {path}: ")


def test_getters_return_values_and_defaults() -> None:
    node = roma()
    assert node.get_text("name") == "Roma"
    assert node.get_bool("port", False) is True
    assert node.get_bool("capital", False) is False
    assert node.get_int("strength", default=0) == 0
    assert node.child("aliases").str_list() == ("Rome", "Urbs")
    assert node.opt("geo") is None and node.has("size")


def test_top_level_errors_say_top() -> None:
    error = error_of(lambda: parse_yaml("- 1\n", FILE).as_dict_value())
    assert (error.file, error.path) == (FILE, "(top)")


# --- only_keys -------------------------------------------------------------------------------


def test_only_keys_rejects_a_typo_and_lists_the_allowed_keys() -> None:
    node = parse_yaml("roma: {name: Roma, szie: 3}\n", FILE).child("roma")
    error = error_of(lambda: node.only_keys("name", "size"))
    assert (error.file, error.path) == (FILE, "roma")
    assert "unknown key(s) szie" in error.message
    assert "allowed: name, size" in error.message


def test_only_keys_accepts_known_keys_and_returns_the_node() -> None:
    node = roma()
    assert node.only_keys("size", "port", "name", "aliases") is node
