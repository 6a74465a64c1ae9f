"""Where the game keeps the user's files: settings, data (saves, keys, LAN games) and caches,
each overridable with MARE_<KIND>_DIR (tests, portable installs)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

APP = "mare-internum"
_WINDOWS = {"config": ("APPDATA", ("AppData", "Roaming"), ()),
            "data": ("APPDATA", ("AppData", "Roaming"), ()),
            "cache": ("LOCALAPPDATA", ("AppData", "Local"), ("cache",))}
_MAC = {"config": ("Library", "Application Support"), "data": ("Library", "Application Support"),
        "cache": ("Library", "Caches")}
_XDG = {"config": ("XDG_CONFIG_HOME", (".config",)), "data": ("XDG_DATA_HOME", (".local", "share")),
        "cache": ("XDG_CACHE_HOME", (".cache",))}


def user_folder(kind: str, env: Mapping[str, str] | None = None,
                platform: str | None = None) -> Path:
    """The folder of one kind ("config", "data", "cache"): $MARE_<KIND>_DIR, else the
    platform's usual place."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    override = env.get(f"MARE_{kind.upper()}_DIR")
    if override:
        return Path(override)
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if platform.startswith("win"):
        variable, default, tail = _WINDOWS[kind]
        return Path(env.get(variable) or home.joinpath(*default)) / APP / Path(*tail)
    if platform == "darwin":
        return home.joinpath(*_MAC[kind]) / APP
    variable, fallback = _XDG[kind]
    return Path(env.get(variable) or home.joinpath(*fallback)) / APP
