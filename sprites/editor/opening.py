"""Opening the scenario editor on a scenario: one of the user's (with its autosave offered
back when it holds newer changes), a copy of a bundled one, or a new one from scratch; and
finding the scenario `mare edit SCENARIO` names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sprites.editor import store
from sprites.editor.document import Draft
from sprites.editor.keeping import Keeper
from sprites.scenes.base import Host

SCRATCH = "scratch"
"""The key of "New from scratch" on the start page."""


def open_listed(host: Host, listed: store.Listed) -> str:
    """Open the editor on a listed scenario; why not ("" when it opened)."""
    if listed.problem:
        return f"{listed.name} cannot be opened: {listed.problem}"
    if listed.folder is not None:
        return open_folder(host, listed.folder)
    return open_copy(host, listed.key)


def open_folder(host: Host, folder: Path) -> str:
    """Open a user scenario's folder (a newer autosave is offered back)."""
    saved = (folder / store.SCENARIO).exists()
    try:
        parts = store.read_parts(folder if saved else folder / store.AUTOSAVE)
    except (store.EditorFileError, OSError) as exc:
        return f"{folder.name} cannot be opened: {exc}"
    restore = store.read_autosave(folder) if saved else None
    origin = "" if saved else "restored from its autosave"
    _open(host, parts, Keeper(folder, saved=saved), origin, restore)
    return ""


def open_copy(host: Host, key: str) -> str:
    """Open a new scenario: a copy of a bundled one, or from scratch."""
    if key == SCRATCH:
        parts, origin = store.scratch_parts(), "new from scratch"
    else:
        from sprites import content

        try:
            setup = content.bundled().setup(key)
        except KeyError as exc:
            return str(exc.args[0])
        parts, origin = store.bundled_parts(setup.id), f"from scenario {setup.number}"
    keeper = Keeper.new(str(parts["setup"].get("name", "")))
    parts["setup"]["id"] = keeper.id
    _open(host, parts, keeper, origin, None)
    return ""


def _open(host: Host, parts: dict[str, Any], keeper: Keeper, origin: str,
          restore: dict[str, Any] | None) -> None:
    setup = {k: v for k, v in parts["setup"].items() if k != "draft"}
    draft = Draft(setup, parts.get("map"), parts.get("layout"))
    if restore is not None:
        restore = {**restore, "setup": {k: v for k, v in restore["setup"].items()
                                        if k != "draft"}}
    host.open("scenario_editor", draft, keeper, origin, restore)


def open_named(host: Host, name: str) -> str:
    """Open what `mare edit NAME` names: a scenario folder, a user scenario's id, or a
    bundled scenario's id or number (copied); why not ("" when it opened)."""
    path = Path(name).expanduser()
    if path.is_dir():
        if not (path / store.SCENARIO).exists() and not (path / store.AUTOSAVE).is_dir():
            return f"{path} holds no {store.SCENARIO}"
        return open_folder(host, path)
    if path.suffix == ".yaml" and path.is_file():
        return open_folder(host, path.parent)
    folder = store.scenarios_folder() / name
    if name and "/" not in name and folder.is_dir():
        return open_folder(host, folder)
    return open_copy(host, name)
