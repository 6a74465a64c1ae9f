"""Layering: the engine loads no I/O-bound or presentation modules; net loads no pygame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE_MODULES = (
    "game", "game.core.table", "game.core.engine", "game.core.log", "game.content",
    "game.ai", "game.session", "game.rulesets._toy",
)


def _loaded_after(imports: tuple[str, ...]) -> set[str]:
    script = ("import importlib, json, sys\n"
              f"for name in {list(imports)!r}: importlib.import_module(name)\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONPATH": str(ROOT)})
    return set(json.loads(done.stdout))


def test_engine_loads_no_pygame_asyncio_socket_or_random() -> None:
    loaded = _loaded_after((*ENGINE_MODULES, "game.core.ruleset"))
    for forbidden in ("pygame", "asyncio", "socket", "random", "net", "sprites", "tools",
                      "cryptography", "zeroconf"):
        assert forbidden not in loaded, f"importing the engine loaded {forbidden}"


def test_every_registered_ruleset_stays_pure() -> None:
    from game.rulesets import registered

    loaded = _loaded_after(tuple(f"game.rulesets.{r}" if r != "toy" else "game.rulesets._toy"
                                 for r in registered()))
    for forbidden in ("pygame", "asyncio", "socket", "random"):
        assert forbidden not in loaded, f"a rule set package loaded {forbidden}"


@pytest.mark.parametrize("package", ["net", "net.files.storage"])
def test_net_loads_no_pygame(package: str) -> None:
    assert "pygame" not in _loaded_after((package,))
