"""A typed, path-tracking cursor over parsed YAML, so every error names file and key path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

import yaml

from game.content.errors import ContentError

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE_TAG = "tag:yaml.org,2002:merge"
T = TypeVar("T")
_MISSING = object()
MAX_DEPTH = 64
"""The deepest nesting a YAML document may have (content files use under 10 levels)."""
MAX_VALUES = 100_000
"""The most values a YAML document may hold once its aliases are expanded (alias bombs)."""


class DuplicateKeyError(yaml.constructor.ConstructorError):
    """A key repeated inside one mapping (PyYAML would silently keep the last)."""

    def __init__(self, key: Any, mark: yaml.Mark) -> None:
        super().__init__(problem=f"key {key!r} appears twice in one mapping", problem_mark=mark)
        self.key = key


class DocumentTooLarge(yaml.YAMLError):
    """A document nested too deeply or expanding (through aliases) past the size limits."""

    def __init__(self, problem: str, mark: yaml.Mark | None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


class _StrictLoader(_BaseLoader):
    """The safe loader, refusing a key given twice in one mapping, alias bombs and cycles."""

    def construct_document(self, node: yaml.Node) -> Any:
        """Check the composed document's expanded size before building any value."""
        _check_expansion(node)
        return super().construct_document(node)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        """Build a mapping after checking its own keys (merged `<<` keys may be overridden)."""
        if isinstance(node, yaml.MappingNode):
            _reject_repeated_keys(self, node)
        return super().construct_mapping(node, deep=deep)


def _reject_repeated_keys(loader: Any, node: yaml.MappingNode) -> None:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        if key_node.tag == _MERGE_TAG:
            continue
        key = loader.construct_object(key_node, deep=True)
        try:
            repeated = key in seen
        except TypeError:  # unhashable key: the base constructor reports it
            continue
        if repeated:
            raise DuplicateKeyError(key, key_node.start_mark)
        seen.add(key)


def _check_expansion(root: yaml.Node) -> None:
    """Refuse a node graph deeper than MAX_DEPTH, larger than MAX_VALUES or with a cycle."""
    sizes: dict[int, tuple[int, int]] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    open_nodes: set[int] = set()
    while stack:
        node, done = stack.pop()
        if done:
            open_nodes.discard(id(node))
            sizes[id(node)] = _measure(node, sizes)
        elif id(node) not in sizes:
            if id(node) in open_nodes:
                raise DocumentTooLarge("an alias refers to a collection that holds it",
                                       node.start_mark)
            open_nodes.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _measure(node: yaml.Node, sizes: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """(expanded values, depth) of a node whose children are measured."""
    parts = [sizes[id(child)] for child in _children(node)]
    values = 1 + sum(p[0] for p in parts)
    depth = 1 + max((p[1] for p in parts), default=0)
    if values > MAX_VALUES:
        raise DocumentTooLarge(f"aliases expand it past {MAX_VALUES} values", node.start_mark)
    if depth > MAX_DEPTH:
        raise DocumentTooLarge(f"it nests deeper than {MAX_DEPTH} levels", node.start_mark)
    return values, depth


def parse_yaml(text: str, file: str) -> Node:
    """Parse YAML safely; bad syntax or a key repeated in a mapping: ContentError at its line."""
    try:
        value = yaml.load(text, Loader=_StrictLoader)
    except DuplicateKeyError as exc:
        raise ContentError(file, _line(exc), str(exc.problem)) from None
    except yaml.YAMLError as exc:
        problem = str(getattr(exc, "problem", None) or exc).strip().splitlines() or ["?"]
        raise ContentError(file, _line(exc), f"invalid YAML: {problem[0]}") from None
    except RecursionError:
        raise ContentError(file, "", "nested too deeply") from None
    except ValueError:  # Python refuses integers of thousands of digits
        raise ContentError(file, "", "a number has too many digits") from None
    return Node(value, file, "")


def _line(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    return f"line {mark.line + 1}" if mark is not None else ""


class Node:
    """One value in a content file, with where it came from."""

    __slots__ = ("file", "path", "value")

    def __init__(self, value: Any, file: str, path: str) -> None:
        self.value = value
        self.file = file
        self.path = path

    def error(self, message: str) -> ContentError:
        """An error located at this node."""
        return ContentError(self.file, self.path or "(top)", message)

    def child(self, key: str | int) -> Node:
        """The node under `key` of a mapping or index of a list (must exist)."""
        path = f"{self.path}[{key}]" if isinstance(key, int) else _join(self.path, key)
        if isinstance(key, int):
            items = self.as_list_value()
            if not 0 <= key < len(items):
                raise self.error(f"no item {key}")
            return Node(items[key], self.file, path)
        mapping = self.as_dict_value()
        if key not in mapping:
            raise ContentError(self.file, path, "missing required key")
        return Node(mapping[key], self.file, path)

    def has(self, key: str) -> bool:
        """Whether this mapping has `key`."""
        return key in self.as_dict_value()

    def opt(self, key: str) -> Node | None:
        """The node under `key`, or None when absent or null."""
        mapping = self.as_dict_value()
        if mapping.get(key) is None:
            return None
        return Node(mapping[key], self.file, _join(self.path, key))

    def as_dict_value(self) -> dict[str, Any]:
        """This node's mapping (error if not a mapping)."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {_kind(self.value)}")
        return self.value

    def as_list_value(self) -> list[Any]:
        """This node's list (error if not a list)."""
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_kind(self.value)}")
        return self.value

    def items(self) -> Iterator[tuple[str, Node]]:
        """(key, node) pairs of a mapping, in file order."""
        for key in self.as_dict_value():
            if not isinstance(key, str):
                raise self.error(f"keys must be text, got {key!r}")
            yield key, self.child(key)

    def elements(self) -> Iterator[Node]:
        """Nodes of a list, in order."""
        for index in range(len(self.as_list_value())):
            yield self.child(index)

    def only_keys(self, *allowed: str) -> Node:
        """Reject unknown keys (catches typos); returns self."""
        unknown = sorted(set(self.as_dict_value()) - set(allowed), key=str)  # keys: 1, null…
        if unknown:
            raise self.error(f"unknown key(s) {', '.join(map(str, unknown))}; allowed: "
                             f"{', '.join(allowed)}")
        return self

    def text(self) -> str:
        """This node as non-empty text."""
        if not isinstance(self.value, str):
            raise self.error(f"expected non-empty text, got {_kind(self.value)}")
        if not self.value.strip():
            raise self.error("is empty: some text is needed")
        return self.value

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        """This node as an integer within [low, high]."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"expected an integer, got {_kind(self.value)}")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            raise self.error(f"{self.value} is {_outside(low, high)}")
        return self.value

    def boolean(self) -> bool:
        """This node as true/false."""
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, got {_kind(self.value)}")
        return self.value

    def choice(self, options: tuple[str, ...] | frozenset[str]) -> str:
        """This node as one of the given words."""
        word = self.text()
        if word not in options:
            raise self.error(f"{word!r} is not one of {', '.join(sorted(options))}")
        return word

    def str_list(self) -> tuple[str, ...]:
        """This node as a list of texts."""
        return tuple(element.text() for element in self.elements())

    def get_text(self, key: str, default: str | None = None) -> str:
        """Text under `key` (default when absent, if given)."""
        node = self.opt(key)
        if node is None:
            if default is None:
                raise ContentError(self.file, _join(self.path, key), "missing required key")
            return default
        return node.text()

    def get_int(self, key: str, default: int | None = None, low: int | None = None,
                high: int | None = None) -> int:
        """Integer under `key` (default when absent, if given)."""
        node = self.opt(key)
        if node is None:
            if default is None:
                raise ContentError(self.file, _join(self.path, key), "missing required key")
            return default
        return node.integer(low, high)

    def get_bool(self, key: str, default: bool) -> bool:
        """Boolean under `key`, default when absent."""
        node = self.opt(key)
        return default if node is None else node.boolean()


def _outside(low: int | None, high: int | None) -> str:
    """How a value misses its bounds, in words (no "1..None")."""
    if low is None:
        return f"above the highest allowed, {high}"
    if high is None:
        return f"below the lowest allowed, {low}"
    return f"outside {low}..{high}"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false",
            int: "an integer", float: "a decimal number"}.get(type(value), type(value).__name__)
