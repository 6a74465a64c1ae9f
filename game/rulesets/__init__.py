"""Rule sets, registered by id; adding one never touches game/core."""

from __future__ import annotations

import importlib

RULESET_PACKAGES = ("game.rulesets._toy", "game.rulesets.mediterranean_empires")


def load_all() -> None:
    """Import every rule set package so it registers itself."""
    for name in RULESET_PACKAGES:
        importlib.import_module(name)
