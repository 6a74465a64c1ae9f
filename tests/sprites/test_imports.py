"""The client's modules import no cycle (every import statement counts: module level, under
TYPE_CHECKING, inside functions); scenes and the table reach each other only through the
app's scene registry; the table's controller runs without pygame."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "sprites.scenes.base"
"""The layer both scenes and the table build on."""


@cache
def modules() -> dict[str, Path]:
    """Every module of the client by dotted name."""
    found = {}
    for path in (ROOT / "sprites").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path) -> set[str]:
    """The client modules a file imports anywhere in its body."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            named.update({node.module, *(f"{node.module}.{a.name}" for a in node.names)})
    return {n for n in named if n in modules() and n != "sprites"}


def graph() -> dict[str, set[str]]:
    """Module → the client modules it imports."""
    return {name: imports(path) - {name} for name, path in modules().items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another round (strongly connected, > 1)."""
    reach = {name: _reachable(edges, name) for name in edges}
    groups = {frozenset(m for m in reach[name] if name in reach[m]) | {name} for name in edges}
    return sorted(sorted(g) for g in groups if len(g) > 1)


def _reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(edges[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(edges.get(name, ()))
    return seen


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_between_client_modules() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize(("package", "other"), [("sprites.scenes", "sprites.table"),
                                                ("sprites.table", "sprites.scenes")])
def test_scenes_and_the_table_import_each_other_only_through_the_registry(
        package: str, other: str) -> None:
    crossing = sorted(f"{name} imports {dep}" for name, deps in graph().items()
                      if name.startswith(package + ".") for dep in deps
                      if dep.startswith(other + ".") and dep != BASE)
    assert crossing == []


def test_every_registered_scene_is_a_scene() -> None:
    from game.rulesets import entry, registered
    from sprites.app import App
    from sprites.scenes.base import Scene

    app = App.__new__(App)
    assert all(issubclass(app.scene_class(name), Scene) for name in App.SCENES)
    tables = {entry(r).table_scene for r in registered() if r == "mediterranean_empires"}
    assert tables == {"table"} and "table" in App.SCENES
    with pytest.raises(KeyError, match="known: "):
        app.scene_class("nowhere")


def test_the_table_controller_loads_no_pygame() -> None:
    script = ("import json, sys, sprites.table.controller\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONPATH": str(ROOT)})
    assert "pygame" not in json.loads(done.stdout)
