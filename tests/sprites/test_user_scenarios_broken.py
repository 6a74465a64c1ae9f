"""A user scenarios folder full of damage never stops the client: the title, New Game and the
editor's start page open through real keys, the good scenario is offered, and each broken one
is listed with its reason (bad YAML, binary junk, a 50 MB file, no scenario.yaml, a
scenario.yaml that is a folder, a folder name that is no id, a nesting bomb)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from sprites import user_content
from sprites.app import App
from sprites.scenes.scenarios import ScenarioScene
from tests.net.files.user_helpers import book_setup, user_root, write_user
from tests.sprites.pilot import Pilot, manual_app

BROKEN = {
    "bad_yaml": "invalid YAML",
    "binary": "is not UTF-8 text",
    "huge": "larger than 4 MB",
    "no_file": "The folder holds no scenario.yaml",
    "a_folder": "is a folder, not a file",
    "Not_An_Id": "is not an id",
    "nested": "nest",
    "a_list": "Expected a mapping, got a list",
}


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """One good scenario (`fine`) among every kind of damage."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    folder = user_root(tmp_path / "data")
    write_user(folder, "fine", book_setup(1, "fine", "A Fine War"))
    write_user(folder, "bad_yaml", "name: [unclosed\nid: bad_yaml\n")
    (write_user(folder, "binary", "") / "scenario.yaml").write_bytes(bytes(range(256)) * 8)
    with (write_user(folder, "huge", "") / "scenario.yaml").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    (folder / "no_file").mkdir()
    (folder / "a_folder" / "scenario.yaml").mkdir(parents=True)
    write_user(folder, "Not_An_Id", book_setup(2, "not_an_id"))
    write_user(folder, "nested", "a: " + "[" * 5000 + "]" * 5000 + "\n")
    write_user(folder, "a_list", "- 1\n- 2\n")
    (folder / "stray.txt").write_text("not a scenario", encoding="utf-8")
    (folder / "dangling").symlink_to(folder / "nowhere")
    return folder


def test_each_broken_scenario_is_listed_with_its_reason(root: Path) -> None:
    started = time.perf_counter()
    listed = {s.id: s for s in user_content.scenarios()}
    assert time.perf_counter() - started < 5
    assert set(listed) == {"fine", *BROKEN}
    assert listed["fine"].playable
    for ident, words in BROKEN.items():
        scenario = listed[ident]
        assert not scenario.playable and len(scenario.problems) == 1, ident
        assert words in scenario.problems[0].located(), (ident, scenario.problems)
        assert scenario.why_not().count("\n") == 0 and words in scenario.why_not()
    assert [s.id for s, _ in user_content.playable()] == ["fine"]


def test_the_client_starts_and_new_game_offers_only_the_good_one(display: pygame.Surface,
                                                                  root: Path) -> None:
    app, clock = manual_app(display)
    pilot = Pilot(app, clock)
    app.open("title")
    pilot.frame()
    pilot.key(pygame.K_RETURN)  # New Game, the title's first item
    scene = app.stack.top
    assert type(scene).__name__ == "ScenarioScene"
    assert isinstance(scene, ScenarioScene)
    pilot.frame()
    names = [s.name for s in scene.setups]
    assert len(names) == 14 and names[-1] == "A Fine War"
    assert scene.held_back == len(BROKEN)
    pilot.key(pygame.K_DOWN)
    pilot.key(pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "TitleScene"


def test_the_editors_start_page_lists_them_too(display: pygame.Surface, root: Path) -> None:
    if "editor" not in App.SCENES:
        pytest.skip("the editor is not registered")
    from sprites.editor.start_page import EditorStartScene

    app, clock = manual_app(display)
    pilot = Pilot(app, clock)
    app.open("title")
    pilot.frame()
    start = app.open("editor")
    assert isinstance(start, EditorStartScene)
    pilot.frame()
    shown = " ".join(words for words, _ in start.entries)
    assert "A Fine War" in shown
    problems = {listed.key: listed.problem for _, listed in start.entries
                if listed is not None and listed.folder is not None}
    for ident in ("bad_yaml", "binary", "huge", "a_folder", "a_list"):
        assert problems.get(ident), (ident, problems)


def test_mare_play_reaches_its_title_and_takes_the_good_scenario(root: Path) -> None:
    """In a process of its own, as a player starts it."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "MARE_DATA_DIR": str(root.parents[1]), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    for extra in ([], ["--scenario", "fine"]):
        done = subprocess.run([sys.executable, "-m", "tools.cli", "play", "--exit-after-title",
                               "--size", "640x360", *extra], cwd=Path(__file__).parents[2],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "title-shown" in done.stdout, done.stderr
        assert "Traceback" not in done.stderr
