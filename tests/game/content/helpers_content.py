"""Malformed copies of a rule set's bundled content for its validation tests: a copy with one
file edited, read back from a folder; a copy with one file replaced or missing; the one-line
refusal either gets; and every value of a file replaced by a wrong one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content import ContentBundle, ContentError, Node
from game.content.bundle import read_folder

Edit = Callable[[dict[str, Any]], Any]
"""A change made in place to one file's data."""


@dataclass(frozen=True)
class ContentCopies:
    """Copies of one rule set's bundled content and how its loader refuses them."""

    bundled: Callable[[], ContentBundle]
    load: Callable[[ContentBundle], object]

    def data(self, name: str) -> dict[str, Any]:
        """One bundled file's data."""
        text = self.bundled().text(name)
        assert text is not None
        loaded: dict[str, Any] = yaml.safe_load(text)
        return loaded

    def copy(self, folder: Path, name: str, edit: Edit) -> ContentBundle:
        """The bundled files written to a folder, one of them edited, read back as a bundle."""
        bundled = self.bundled()
        for file_name, text in bundled.files:
            (folder / file_name).write_text(text, encoding="utf-8")
        data = self.data(name)
        edit(data)
        (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return read_folder(bundled.ruleset, folder, bundled.presentation)

    def refused(self, bundle: ContentBundle) -> str:
        """The loader's one-line refusal of a bundle."""
        with pytest.raises(ContentError) as caught:
            self.load(bundle)
        message = str(caught.value)
        assert "\n" not in message
        return message

    def with_file(self, name: str, text: str | None) -> ContentBundle:
        """The bundled content with one file's text replaced (None: the file left out)."""
        bundled = self.bundled()
        files = tuple((n, t) for n, t in bundled.files if n != name)
        return ContentBundle(bundled.ruleset, files + (((name, text),) if text is not None else ()))

    def wrong_nodes(self, name: str, wrong_values: tuple[Any, ...]) -> Iterator[Node]:
        """A file's data with each of its values (the whole included) replaced in turn by each
        wrong value."""
        data = self.data(name)
        for path in _paths(data):
            for wrong in wrong_values:
                yield Node(_replaced(data, path, wrong), name, "")


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
