"""Player settings saved as JSON in the user's config folder; a bad file gives defaults."""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from net.files.folders import user_folder
from net.files.storage import StorageError, read_bytes, write_atomic

FILE_NAME = "settings.json"
FORMAT = 1
RESOLUTIONS = ((1280, 720), (1366, 768), (1440, 900), (1600, 900), (1680, 1050),
               (1920, 1080), (1920, 1200), (2560, 1440))
"""Window sizes offered (16:9, and 16:10 for many laptops); the settings page adds the
desktop's own size."""
UI_SCALES = (80, 100, 125, 150)
ANIMATION_SPEEDS = (0, 50, 100, 200)
"""Percent of normal speed; 0 means instant (animations skipped)."""
VOLUMES = (0, 25, 50, 75, 100)
"""Sound effects' volume in percent."""
SETTINGS_LIMIT = 1024 * 1024
"""A settings file is a few hundred bytes: anything past a megabyte is not one."""
NAME_LIMIT = 40
"""The longest player name (characters), as others on the network see it."""
CONTROL = frozenset({"Cc", "Cf", "Cs", "Co"})
"""Unicode categories never kept in a name: controls, format marks (bidirectional
overrides), surrogates and private-use characters."""


@dataclass(frozen=True)
class Settings:
    """What a player can change on the settings screen."""

    resolution: tuple[int, int] = (1600, 900)
    fullscreen: bool = False
    ui_scale: int = 100
    animation_speed: int = 100
    colour_blind: bool = False
    sound: bool = True
    volume: int = 75
    player_name: str = ""
    """The name others see on the network ("" until the player gives one)."""

    def with_(self, **changes: Any) -> Settings:
        """A copy with some fields changed."""
        return replace(self, **changes)


def clean_name(text: str) -> str:
    """A player name as kept: control and format characters removed, the ends trimmed
    (may exceed NAME_LIMIT: the caller decides whether to refuse or cut it)."""
    kept = "".join(c for c in text if unicodedata.category(c) not in CONTROL)
    return " ".join(kept.split())


def config_dir(env: dict[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder for our settings: MARE_CONFIG_DIR, else the platform's usual place."""
    return user_folder("config", env, platform)


def settings_path() -> Path:
    """Where the settings file lives."""
    return config_dir() / FILE_NAME


def saves_dir() -> Path:
    """Where games are saved (with their seats files: see docs/client.md)."""
    return config_dir() / "saves"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (StorageError if the folder is not writable)."""
    data = {"format": FORMAT, **asdict(settings)}
    data["resolution"] = list(settings.resolution)
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    write_atomic(path or settings_path(), text.encode("utf-8"))


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None, or defaults (per bad field) and a message saying why;
    never an exception, whatever the file holds (or whatever stands in its place)."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        raw = json.loads(read_bytes(path, SETTINGS_LIMIT).decode("utf-8"))
    except (StorageError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        return Settings(), f"Settings could not be read: {_why(exc, path)}; using the defaults."
    if not isinstance(raw, dict):
        return Settings(), "Settings file is not a JSON object; using the defaults."
    return _from_dict(raw)


def _from_dict(raw: dict[str, Any]) -> tuple[Settings, str | None]:
    values: dict[str, Any] = {}
    bad: list[str] = []
    for field in fields(Settings):
        if field.name not in raw:
            continue
        value = _checked(field.name, raw[field.name])
        if value is None:
            bad.append(field.name)
        else:
            values[field.name] = value
    message = None
    if bad:
        message = f"Some settings were invalid and were reset: {', '.join(bad)}."
    return Settings(**values), message


def _checked(name: str, value: Any) -> Any:
    """The value if valid for the field, else None."""
    if name == "resolution":
        ok = (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384
                      for v in value))
        return (value[0], value[1]) if ok else None
    if name == "player_name":
        name_ok = isinstance(value, str) and len(clean_name(value)) <= NAME_LIMIT
        return clean_name(value) if name_ok else None
    if name in ("fullscreen", "colour_blind", "sound"):
        return value if isinstance(value, bool) else None
    choices = {"ui_scale": UI_SCALES, "animation_speed": ANIMATION_SPEEDS,
               "volume": VOLUMES}[name]
    return value if isinstance(value, int) and not isinstance(value, bool) and value in choices \
        else None


def _why(exc: Exception, path: Path) -> str:
    """Why a settings file could not be read, in plain words."""
    if isinstance(exc, StorageError):
        return str(exc)
    if isinstance(exc, UnicodeDecodeError):
        return f"{path} is not text"
    if isinstance(exc, RecursionError):
        return f"{path} is nested too deeply to be a settings file"
    if "digits" in str(exc):
        return f"{path} holds a number far too long to be a setting"
    return f"{path} is not valid JSON: {str(exc).splitlines()[0][:120]}"
