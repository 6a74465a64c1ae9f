"""The user's scenarios on disk, as the editor sees them: one folder each under the user
scenarios folder (`scenario.yaml`, and `map.yaml` + `layout.yaml` for a map variant), the
draft's autosave in its `autosave/` folder, and the starting points (a bundled scenario, a
user one, or a minimal scenario from scratch). Every file is written atomically; a folder
that cannot be read is listed with the reason and never stops the editor."""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from game.content import ContentError, parse_yaml
from game.rulesets.mediterranean_empires.content import bundled_bundle
from net.files.storage import StorageError, read_bytes
from net.files.user_scenarios import user_scenarios_folder
from sprites.editor import edits, yaml_out
from sprites.editor.document import Draft

SCENARIO, MAP, LAYOUT = "scenario.yaml", "map.yaml", "layout.yaml"
AUTOSAVE = "autosave"
FILES = {"setup": SCENARIO, "map": MAP, "layout": LAYOUT}
"""The draft's parts and the files they are saved in."""
READ_LIMIT = 4 * 1024 * 1024
SLUG_LIMIT = 40
Parts = dict[str, Any]
"""The draft's parts by name ("setup", "map", "layout"; the last two may be None)."""


class EditorFileError(ValueError):
    """A scenario folder that cannot be read or written, in one sentence."""


def scenarios_folder() -> Path:
    """Where the user's Mediterranean Empires scenarios live."""
    return user_scenarios_folder()


@dataclass(frozen=True)
class Listed:
    """A scenario the start page offers: bundled (`number`) or the user's (`folder`)."""

    key: str
    name: str
    number: int | None = None
    folder: Path | None = None
    draft: bool = False
    saved: bool = True
    """False: only an autosave of a scenario never saved (what a crash left)."""
    problem: str = ""
    """Why the folder cannot be opened ("" when it can)."""
    description: str = ""


def bundled_list() -> list[Listed]:
    """The bundled scenarios, by number."""
    from sprites import content

    return [Listed(s.id, s.name, number=s.number) for s in content.bundled().setups]


def user_list(root: Path | None = None) -> list[Listed]:
    """The user's scenarios by name, each folder read leniently, and the autosaves of new
    scenarios never saved (kept in hidden folders, ".<name>", which New Game never lists)."""
    root = root or scenarios_folder()
    try:
        folders = sorted(p for p in root.iterdir() if p.is_dir())
    except OSError:
        return []
    found = [_listed(folder) for folder in folders]
    return sorted((f for f in found if f is not None), key=lambda f: f.name.casefold())


def _listed(folder: Path) -> Listed | None:
    saved = (folder / SCENARIO).exists() and not folder.name.startswith(".")
    path = folder / SCENARIO if saved else folder / AUTOSAVE / SCENARIO
    if not path.exists():
        return None
    try:
        data = _read(path)
    except EditorFileError as exc:
        return Listed(folder.name, folder.name, folder=folder, problem=str(exc))
    name = data.get("name") if isinstance(data.get("name"), str) else folder.name
    about = data.get("description")
    return Listed(folder.name, name or folder.name, folder=folder,
                  draft=data.get("draft") is True, saved=saved,
                  description=about if isinstance(about, str) else "")


def _read(path: Path) -> dict[str, Any]:
    """A YAML mapping from a file; EditorFileError naming what is wrong."""
    try:
        text = read_bytes(path, READ_LIMIT).decode("utf-8")
        data = parse_yaml(text, path.name).value
    except StorageError as exc:
        raise EditorFileError(f"{path.name} cannot be read: {exc.reason}") from None
    except UnicodeDecodeError:
        raise EditorFileError(f"{path.name} is not UTF-8 text") from None
    except ContentError as exc:
        raise EditorFileError(str(exc)) from None
    if not isinstance(data, dict):
        raise EditorFileError(f"{path.name} does not hold a mapping of keys")
    return data


def read_parts(folder: Path) -> Parts:
    """A saved scenario's parts (map and layout None when it plays on the bundled map)."""
    parts: Parts = {"setup": _read(folder / SCENARIO)}
    for part in ("map", "layout"):
        path = folder / FILES[part]
        parts[part] = _read(path) if path.exists() else None
    if (parts["map"] is None) != (parts["layout"] is None):
        raise EditorFileError("a map variant needs both map.yaml and layout.yaml")
    return parts


# -- starting points ------------------------------------------------------------------------

def bundled_parts(key: str) -> Parts:
    """A bundled scenario as the start of a user one: the same data without its book number
    (its id becomes the folder's when saved)."""
    from sprites import content

    setup = content.bundled().setup(key)
    data = yaml.safe_load(bundled_bundle().text(setup.file) or "")
    data.pop("number", None)
    return {"setup": data, "map": None, "layout": None}


def scratch_parts() -> Parts:
    """A small scenario to build on: Rome against Carthage, a province each."""
    setup = {"id": "new_scenario", "name": "New scenario", "players": 2,
             "description": "Rome and Carthage face each other across the sea.",
             "empires": [{"empire": "rome", "capital": "roma"},
                         {"empire": "carthage", "capital": "carthago"}],
             "fortification_markers": 7, "hand_size": 14, "key_cities": ["neapolis", "utica"],
             "automatic_victory_cities": 12, "barbarian_areas": ["massylii_numidae", "ligures"],
             "total_cities": 0, "provinces": {"africa": {}, "italia": {}}}
    draft = Draft(setup)
    edits.sync(draft)
    return {"setup": draft.setup, "map": None, "layout": None}


def slug(name: str, taken: set[str]) -> str:
    """A folder name from a scenario's name (lowercase ASCII and underscores), not in
    `taken` (the bundled ids and the folders there)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    base = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:SLUG_LIMIT].strip("_") or "scenario"
    if not base[0].isalpha():
        base = f"scenario_{base}"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}_{n}"
    return found


def taken_names(root: Path | None = None) -> set[str]:
    """The names a new scenario's folder may not have (those there, hidden or not, and the
    bundled scenarios' ids)."""
    from sprites import content

    root = root or scenarios_folder()
    try:
        folders = {p.name.lstrip(".") for p in root.iterdir()}
    except OSError:
        folders = set()
    return folders | {s.id for s in content.bundled().setups}


# -- saving and the autosave ----------------------------------------------------------------

def texts(parts: Mapping[str, Any], notes: Mapping[str, tuple[Any, str]] | None = None
          ) -> dict[str, str | None]:
    """The files of a draft's parts (None: no such file, the bundled map is used)."""
    setup = parts["setup"]
    name = str(setup.get("name", ""))
    out: dict[str, str | None] = {SCENARIO: yaml_out.scenario_text(
        setup, yaml_out.scenario_header(name))}
    out[MAP] = None if parts.get("map") is None else yaml_out.map_text(
        parts["map"], yaml_out.map_header(name), notes)
    out[LAYOUT] = None if parts.get("layout") is None else yaml_out.layout_text(
        parts["layout"], yaml_out.layout_header(name))
    return out


def save(folder: Path, parts: Mapping[str, Any], draft: bool) -> None:
    """Write a scenario into its folder: `draft: true` first while it has problems, its id
    the folder's name. StorageError when a file cannot be written (what was there stays)."""
    setup: dict[str, Any] = {"draft": True} if draft else {}
    setup.update((k, v) for k, v in parts["setup"].items() if k != "draft")
    setup["id"] = folder.name
    yaml_out.write_files(folder, texts({**parts, "setup": setup}, city_notes()))


def autosave(folder: Path, parts: Mapping[str, Any]) -> None:
    """Keep the draft as it is now in the folder's autosave (StorageError if it cannot)."""
    yaml_out.write_files(folder / AUTOSAVE, texts(parts, city_notes()))


def read_autosave(folder: Path) -> Parts | None:
    """The autosaved draft of a folder when it differs from what is saved there (None: no
    autosave, an unreadable one, or the same as the saved files)."""
    keep = folder / AUTOSAVE
    try:
        found = read_parts(keep)
    except (EditorFileError, OSError):
        return None
    try:
        saved = read_parts(folder) if (folder / SCENARIO).exists() else None
    except (EditorFileError, OSError):
        saved = None
    if saved is not None and _same(saved, found):
        return None
    return found


def _same(saved: Parts, found: Parts) -> bool:
    plain = {k: v for k, v in saved["setup"].items() if k != "draft"}
    other = {k: v for k, v in found["setup"].items() if k != "draft"}
    return plain == other and saved["map"] == found["map"] and saved["layout"] == found["layout"]


def clear_autosave(folder: Path) -> None:
    """Remove the autosave (and the folder, when nothing else was ever saved there)."""
    keep = folder / AUTOSAVE
    for name in FILES.values():
        (keep / name).unlink(missing_ok=True)
    for empty in (keep, folder):
        try:
            empty.rmdir()
        except OSError:
            return


def fresh(parts: Parts) -> Parts:
    """A deep copy (the draft owns its data)."""
    return copy.deepcopy(parts)


@cache
def city_notes() -> dict[str, tuple[Any, str]]:
    """The bundled map's notes on its cities' sources, kept in a variant's map.yaml while a
    city stays where the bundled map has it."""
    return yaml_out.city_notes(bundled_bundle().text(MAP) or "")
