"""`mare edit [SCENARIO]`: the game window opened on the scenario editor — its start page,
or straight on a scenario (a user scenario's id or folder, or a bundled scenario's id or
number, copied as the start of a new one)."""

from __future__ import annotations

import sys
from pathlib import Path


def edit(scenario: str | None = None, size: tuple[int, int] | None = None) -> int:
    """Run the client on the editor until the player quits; 0 on a normal exit, 1 (and a
    line on stderr) when the scenario is not found or no window can open."""
    import pygame

    from sprites import content
    from sprites.editor.opening import open_named
    from sprites.main import make_app

    problem = "" if scenario is None else _unknown(scenario)
    if problem:
        print(f"mare edit: error: {problem}", file=sys.stderr)
        return 1
    app = make_app(size)
    try:
        app.open_display()
    except pygame.error as exc:
        print(f"mare edit: error: cannot open a window ({exc}); is there a display?",
              file=sys.stderr)
        return 1
    content.preload()
    app.open("title")
    start = app.open("editor")
    if scenario is not None:
        start.message = open_named(app, scenario)  # type: ignore[attr-defined]
    app.run()
    pygame.quit()
    return 0


def _unknown(name: str) -> str:
    """Why `name` names no scenario ("" when it does)."""
    from sprites import content
    from sprites.editor import store

    path = Path(name).expanduser()
    if path.is_dir() or (path.suffix == ".yaml" and path.is_file()):
        return ""
    if "/" not in name and (store.scenarios_folder() / name).is_dir():
        return ""
    try:
        content.bundled().setup(name)
    except KeyError:
        mine = ", ".join(listed.key for listed in store.user_list()) or "none yet"
        return (f"no scenario {name!r}: give a book scenario's number or id, a scenario "
                f"folder, or one of yours ({mine})")
    return ""
