"""The layers import downwards only (core → content → rule sets → bots → session → net →
sprites → tools), and no module imports itself back through others (no import cycles)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "net", "sprites", "tools")
LAYERS = ("game.core", "game.content", "game.rulesets", "game.ai", "game.session", "net",
          "sprites", "tools")
"""Lowest first: a module may import its own layer and the ones before it."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            found[_module_name(path)] = path
    return found


def _imports(name: str, path: Path) -> set[str]:
    """Project modules a module imports anywhere in its body (functions included)."""
    modules = _modules()
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {m for m in found if m in modules and m != name}


def _layer(name: str) -> int:
    for rank, prefix in reversed(list(enumerate(LAYERS))):
        if name == prefix or name.startswith(prefix + "."):
            return rank
    return 0  # the bare package inits (game, net …) hold no code


def test_every_import_goes_down_the_layers() -> None:
    upward = [f"{name} ({LAYERS[_layer(name)]}) imports {dep} ({LAYERS[_layer(dep)]})"
              for name, path in sorted(_modules().items()) for dep in sorted(_imports(name, path))
              if _layer(dep) > _layer(name)]
    assert not upward, "\n".join(upward)


def _graph() -> dict[str, set[str]]:
    """Module → modules it imports, leaving out a package's import of its own members
    (re-exports in an __init__ are not a cycle)."""
    graph = {}
    for name, path in _modules().items():
        deps = _imports(name, path)
        if path.name == "__init__.py":
            deps = {d for d in deps if not d.startswith(name + ".")}
        graph[name] = {d for d in deps if not _is_parent_init(d, name)}
    return graph


def _is_parent_init(dep: str, name: str) -> bool:
    return name.startswith(dep + ".") and _modules()[dep].name == "__init__.py"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycles() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "\n".join(" ↔ ".join(c) for c in cycles)
