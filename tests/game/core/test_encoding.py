"""Canonical encoding: one byte form per value, no floats, typed round-trips."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.encoding import canonical_bytes, from_plain, parse_canonical, state_hash, to_plain
from game.core.errors import EncodingError


@dataclass(frozen=True)
class Inner:
    name: str
    salt: bytes


@dataclass(frozen=True)
class Outer:
    count: int
    items: tuple[Inner, ...]
    table: dict[str, int]
    maybe: str | None = None
    pair: tuple[int, str] = (0, "")


def test_keys_are_sorted_and_spaces_dropped() -> None:
    expected = '{"a":[true,null,"é"],"b":1}'.encode()
    assert canonical_bytes({"b": 1, "a": [True, None, "é"]}) == expected


def test_floats_are_refused() -> None:
    with pytest.raises(EncodingError, match="cannot encode float"):
        canonical_bytes({"x": 0.5})


def test_huge_integers_are_refused() -> None:
    with pytest.raises(EncodingError, match="outside the canonical range"):
        canonical_bytes(2**60)


def test_dataclasses_round_trip_through_their_types() -> None:
    value = Outer(3, (Inner("a", b"\x00\xff"),), {"z": 1, "a": 2}, None, (7, "x"))
    assert from_plain(Outer, to_plain(value)) == value
    assert from_plain(Outer, parse_canonical(canonical_bytes(value))) == value


def test_decoding_names_the_wrong_field() -> None:
    plain = to_plain(Outer(1, (), {}))
    plain["count"] = "one"
    with pytest.raises(EncodingError, match="expected an integer"):
        from_plain(Outer, plain)
    del plain["count"]
    with pytest.raises(EncodingError, match="fields differ"):
        from_plain(Outer, plain)


def test_non_canonical_bytes_are_refused() -> None:
    with pytest.raises(EncodingError, match="not in canonical form"):
        parse_canonical(b'{"b":1, "a":2}')
    with pytest.raises(EncodingError, match="non-integer"):
        parse_canonical(b"[1.5]")


def test_state_hash_is_sha256_hex_of_the_encoding() -> None:
    import hashlib

    assert state_hash({"a": 1}) == hashlib.sha256(b'{"a":1}').hexdigest()


plain_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**52), 2**52) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=12,
)


@given(plain_values)
def test_any_plain_value_has_one_canonical_form(value: object) -> None:
    data = canonical_bytes(value)
    assert canonical_bytes(parse_canonical(data)) == data


@dataclass(frozen=True)
class Node:
    label: str
    children: tuple[Node, ...] = ()
    table: dict[str, int] | None = None


node_trees = st.recursive(
    st.builds(Node, st.text(max_size=4)),
    lambda inner: st.builds(Node, st.text(max_size=4), st.lists(inner, max_size=3).map(tuple),
                            st.none() | st.dictionaries(st.text(max_size=3),
                                                        st.integers(-5, 5), max_size=3)),
    max_leaves=10,
)


@given(node_trees)
def test_cached_record_encoding_equals_plain_json(tree: Node) -> None:
    import json

    plain = json.dumps(to_plain(tree), sort_keys=True, separators=(",", ":"),
                       ensure_ascii=False).encode()
    assert canonical_bytes(tree) == plain
    assert canonical_bytes(tree) == plain  # second call served from the cache


def test_evolve_drops_the_cached_encoding() -> None:
    from game.core.records import evolve

    first = Node("a", (Node("b"),))
    canonical_bytes(first)
    second = evolve(first, label="z")
    assert canonical_bytes(second) == b'{"children":[{"children":[],"label":"b","table":null}],' \
        b'"label":"z","table":null}'


def _plain_json(value: object) -> bytes:
    import json

    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


@given(st.lists(st.integers(-(2**52), 2**52), max_size=6),
       st.lists(st.text(max_size=5), max_size=6),
       st.dictionaries(st.text(max_size=4), st.text(max_size=4), max_size=6))
def test_fast_paths_give_the_plain_json_bytes(ints: list[int], texts: list[str],
                                              table: dict[str, str]) -> None:
    for value in (ints, tuple(ints), texts, tuple(texts), table, [True, 1, False, 0]):
        assert canonical_bytes(value) == _plain_json(value)


def test_evolve_keeps_the_encodings_of_unchanged_fields_only() -> None:
    from game.core.encoding import FIELD_CACHE
    from game.core.records import evolve

    first = Node("a", (Node("b"),), {"x": 1})
    canonical_bytes(first)
    second = evolve(first, table={"x": 2})
    assert set(second.__dict__[FIELD_CACHE]) == {"children", "label"}
    assert canonical_bytes(second) == _plain_json(second)
    assert canonical_bytes(evolve(second, label="c")) == _plain_json(evolve(second, label="c"))


@dataclass(frozen=True)
class Big:
    name: str
    parts: tuple[Node, ...]
    blob: tuple[str, ...]


@given(st.lists(st.tuples(st.integers(0, 3), st.text(max_size=3)), max_size=12))
def test_states_evolved_step_by_step_hash_as_plain_json(steps: list[tuple[int, str]]) -> None:
    """Each copy reuses its parent's field encodings: the hash is still the plain JSON's."""
    import hashlib

    from game.core.records import evolve

    filler = tuple("x" * 400 for _ in range(30))
    states = [Big("s", tuple(Node(str(i)) for i in range(4)), filler)]
    for where, text in steps:
        last = states[-1]
        if where == 0:
            states.append(evolve(last, name=text))
        elif where == 1:
            parts = (*last.parts[:2], Node(text), *last.parts[3:])
            states.append(evolve(last, parts=parts))
        elif where == 2:
            states.append(evolve(last, blob=(text, *last.blob[1:])))
        else:
            states.append(states[len(text) % len(states)])  # an older state again
    for state in (*states, *reversed(states)):
        assert state_hash(state) == hashlib.sha256(_plain_json(state)).hexdigest()
