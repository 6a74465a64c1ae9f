"""User scenarios in the client: New Game offers them beside the book's (tagged, drafts held
back), previews their own map, starts them at a table that draws that map; their games load;
the editor's parts read and write; and a play test returns to the scene below the table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.mediterranean_empires.content.user import UserRuleset
from net.files.saves import list_saves
from sprites import content, user_content
from sprites.app import App
from sprites.scenes.base import Page, intent
from sprites.scenes.map_scene import MapScene
from sprites.scenes.scenarios import ScenarioScene
from sprites.settings import saves_dir
from sprites.table.scene import TableScene
from tests.net.files.user_helpers import (
    book_setup,
    with_ostia_war,
    write_user,
)
from tests.sprites.pilot import Pilot, manual_app


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user scenarios folder: `ostia_war` (its own map), a draft and a broken one."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    folder = with_ostia_war(tmp_path / "data")
    write_user(folder, "drafty", {"draft": True, **book_setup(2, "drafty", "Half Done")})
    write_user(folder, "broken", "id: broken\n")
    return folder


def _app(display: pygame.Surface) -> tuple[App, Pilot]:
    app, clock = manual_app(display)
    app.open("title")
    return app, Pilot(app, clock)


def test_new_game_offers_the_players_scenarios_after_the_books(display: pygame.Surface,
                                                                root: Path) -> None:
    app, pilot = _app(display)
    scene = app.open("new_game")
    assert isinstance(scene, ScenarioScene)
    pilot.frame()
    names = [s.name for s in scene.setups]
    assert names[-1] == "The Ostia War" and len(names) == 14
    assert "Half Done" not in names and scene.held_back == 2
    scene.apply(intent("select", index=13))
    pilot.frame()
    assert scene.setups[scene.selected].number == 0
    scene.apply(intent("open"))
    map_scene = app.stack.top
    assert isinstance(map_scene, MapScene)
    assert any(c.id == "ostia" for c in map_scene.map.map_view.model.cities)


def test_a_user_scenario_is_played_at_a_table_that_draws_its_map(display: pygame.Surface,
                                                                root: Path) -> None:
    app, pilot = _app(display)
    new_game = app.open("new_game")
    new_game.apply(intent("select", index=13))
    new_game.apply(intent("players"))
    players = app.stack.top
    assert players is not None
    players.apply(intent("set", key="seat:0", value="bot:greedy"))
    pilot.frame()
    players.apply(intent("start"))
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session.ruleset, UserRuleset)
    assert content.content().setups[0].id == "ostia_war"
    assert any(c.id == "ostia" for c in table.display.map.map_view.model.cities)
    pilot.until(lambda: len(table.session.table.records) > 60, 3000)
    assert table.control.files is not None
    table.control.files.saver.flush()
    app.back_to("title")
    assert content.content().setups[0].id == "first_punic_war"
    [save] = list_saves(saves_dir())
    assert save.scenario == "ostia_war" and not save.problem
    from sprites.scenes.load_rows import scenario_words

    assert scenario_words(save) == "The Ostia War (yours)"
    load_scene = app.open("load")
    pilot.frame()
    load_scene.apply(intent("open"))
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.session.config.scenario == "ostia_war"
    assert len(resumed.session.table.records) >= 60


def test_the_editors_parts_round_trip_through_the_folder(root: Path) -> None:
    setup, map_data, layout = user_content.load_parts("ostia_war")
    assert map_data is not None and "ostia" in map_data["cities"] and layout is not None
    setup["name"] = "The Ostia War, revised"
    folder = user_content.save_parts("ostia_war", setup, map_data, layout)
    assert user_content.load_parts("ostia_war") == (setup, map_data, layout)
    user_content.save_parts("ostia_war", setup, None, None, autosave=True)
    assert user_content.load_parts("ostia_war", autosave=True) == (setup, None, None)
    assert not (folder / "autosave" / "map.yaml").exists()
    assert [s.name for s in user_content.scenarios() if s.playable] == \
        ["The Ostia War, revised"]


def test_a_play_test_opens_over_the_editor_and_returns_to_it(display: pygame.Surface,
                                                              root: Path) -> None:
    if "editor_return" not in App.SCENES:
        pytest.skip("the editor's return point is not registered")
    app, pilot = _app(display)
    editor = Page()
    app.push(editor)
    app.open("editor_return")
    folder = root / "ostia_war"
    files = {name: (folder / name).read_text(encoding="utf-8")
             for name in ("scenario.yaml", "map.yaml", "layout.yaml")}
    user_content.start_game(app, files, ("bot:greedy", "bot:random"))
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.config.scenario == "ostia_war"
    pilot.until(lambda: len(table.session.table.records) > 20, 2000)
    app.back_to("title")  # what Leave and the end of the game do
    pilot.frame()
    assert app.stack.top is editor
    assert content.content().setups[0].id == "first_punic_war"


def test_mare_play_opens_a_user_scenarios_map_or_refuses_before_a_window(
        display: pygame.Surface, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tools.cli import main

    assert user_content.offer("3") == "second_punic_war"
    assert user_content.offer(str(root / "ostia_war")) == "ostia_war"
    app, pilot = _app(display)
    map_scene = app.open("map", user_content.offer("ostia_war"))
    assert isinstance(map_scene, MapScene)
    pilot.frame()
    assert any(c.id == "ostia" for c in map_scene.map.map_view.model.cities)
    assert map_scene.notes[1] == ("The scenario", book_setup(1, "ostia_war")["description"])
    for scenario, words in (("drafty", "is a draft: finish it in the editor first"),
                            ("broken", "has a problem"), ("nowhere", "no scenario 'nowhere'")):
        assert main(["play", "--scenario", scenario]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("mare play: error: ") and words in err[0]

