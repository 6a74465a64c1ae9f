"""A scenario being edited: the scenario's data, and the map variant's when the user changed
the map, as plain YAML-shaped data; every change is a step that undo and redo walk.

The parts are `setup` (a scenario file's data, the bundled schema), and `map` and `layout` (a
`map.yaml` and a `layout.yaml` of a map variant; None while the scenario uses the bundled
map). A change is made of primitive edits — set a value at a path, delete it — each recorded
with what it replaced, so undo puts back exactly what was there (no snapshots of the whole
map)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

Path = tuple[str | int, ...]
"""Where a value is: the part ("setup", "map", "layout"), then keys and list indexes."""
PARTS = ("setup", "map", "layout")
_ABSENT = object()


@dataclass(frozen=True)
class Edit:
    """One primitive edit: the value at `path` went from `before` to `after` (`_ABSENT`:
    there was none, or it was deleted)."""

    path: Path
    before: Any
    after: Any


@dataclass
class Step:
    """One undoable change, as the user names it ("Move Messana")."""

    label: str
    edits: list[Edit] = field(default_factory=list)


class Draft:
    """The data being edited, the undo and redo stacks, and whether it changed since saved."""

    def __init__(self, setup: dict[str, Any], map_data: dict[str, Any] | None = None,
                 layout: dict[str, Any] | None = None) -> None:
        self.parts: dict[str, Any] = {"setup": setup, "map": map_data, "layout": layout}
        self.done: list[Step] = []
        self.undone: list[Step] = []
        self._open: Step | None = None
        self._saved_at = 0
        self._saved_step: Step | None = None
        self.revision = 0
        """Counts every change, undo and redo (views redraw when it moves)."""

    @property
    def setup(self) -> dict[str, Any]:
        """The scenario's data."""
        return self.parts["setup"]

    @property
    def map(self) -> dict[str, Any] | None:
        """The map variant's map.yaml data (None: the bundled map)."""
        return self.parts["map"]

    @property
    def layout(self) -> dict[str, Any] | None:
        """The map variant's layout.yaml data (None: the bundled drawing)."""
        return self.parts["layout"]

    # -- reading ----------------------------------------------------------------------

    def get(self, path: Path, default: Any = None) -> Any:
        """The value at a path, or `default`."""
        node: Any = self.parts
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    # -- changing ---------------------------------------------------------------------

    @contextmanager
    def change(self, label: str) -> Iterator[Step]:
        """Group the edits made inside into one undoable step (nested groups join the outer
        one); a step that edits nothing is not kept."""
        if self._open is not None:
            yield self._open
            return
        step = self._open = Step(label)
        try:
            yield step
        except BaseException:
            self._revert(step)
            raise
        finally:
            self._open = None
        if step.edits:
            self.done.append(step)
            self.undone.clear()
            self.revision += 1

    def set(self, path: Path, value: Any, label: str = "") -> None:
        """Put a (copied) value at a path; a step of its own unless inside `change`."""
        with self.change(label or f"Set {path[-1]}") as step:
            before = self.get(path, _ABSENT)
            if before is not _ABSENT and before == value:
                return
            after = copy.deepcopy(value)
            _put(self.parts, path, after)
            step.edits.append(Edit(path, before, after))

    def delete(self, path: Path, label: str = "") -> None:
        """Remove the value at a path (a key of a mapping); nothing if there is none."""
        with self.change(label or f"Remove {path[-1]}") as step:
            before = self.get(path, _ABSENT)
            if before is _ABSENT:
                return
            _remove(self.parts, path)
            step.edits.append(Edit(path, before, _ABSENT))

    def own_map(self, bundled_map: dict[str, Any], bundled_layout: dict[str, Any]) -> None:
        """Make the map a variant of its own (a copy of the bundled one) before it is edited;
        part of the step under way."""
        if self.map is None:
            with self.change("Copy the map"):
                self.set(("map",), bundled_map)
                self.set(("layout",), bundled_layout)

    # -- undo, redo, saved ------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether there is a step to take back."""
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        """Whether there is a step taken back to make again."""
        return bool(self.undone)

    def undo(self) -> str | None:
        """Take the last step back; its label (None: nothing to undo)."""
        if not self.done:
            return None
        step = self.done.pop()
        self._revert(step)
        self.undone.append(step)
        self.revision += 1
        return step.label

    def redo(self) -> str | None:
        """Make the last step taken back again; its label (None: nothing to redo)."""
        if not self.undone:
            return None
        step = self.undone.pop()
        for edit in step.edits:
            _apply(self.parts, edit.path, edit.after)
        self.done.append(step)
        self.revision += 1
        return step.label

    def mark_saved(self) -> None:
        """The draft as it is now is what was saved."""
        self._saved_at = len(self.done)
        self._saved_step = self.done[-1] if self.done else None

    @property
    def dirty(self) -> bool:
        """Whether the draft changed since it was last saved (undoing back to it: clean)."""
        return len(self.done) != self._saved_at or (bool(self.done) and self.done[-1]
                                                     is not self._saved_step)

    def _revert(self, step: Step) -> None:
        for edit in reversed(step.edits):
            _apply(self.parts, edit.path, edit.before)


def _apply(root: dict[str, Any], path: Path, value: Any) -> None:
    if value is _ABSENT:
        _remove(root, path)
    else:
        _put(root, path, copy.deepcopy(value))


def _put(root: Any, path: Path, value: Any) -> None:
    """Set a value, making the mappings on the way (a list index must exist or be its end)."""
    node = root
    for key in path[:-1]:
        if isinstance(node, dict) and node.get(key) is None:
            node[key] = {}
        node = node[key]
    last = path[-1]
    if isinstance(node, list) and last == len(node):
        node.append(value)
    else:
        node[last] = value


def _remove(root: Any, path: Path) -> None:
    node = root
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
