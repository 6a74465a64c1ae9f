"""`mare edit [SCENARIO]` and what it opens: a book scenario (by number or id, copied), one of
the user's (by id or folder), a new one from scratch; an unknown name is one line and exit 1."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from sprites.editor import store
from sprites.editor.opening import SCRATCH, open_copy, open_named
from sprites.editor.scene import ScenarioEditorScene
from tests.sprites.editor.scenario_pilot import EditorPilot, make_app, scenarios, user_data
from tools.cli import main

__all__ = ["user_data"]


def test_an_unknown_scenario_is_one_line_and_exit_1(user_data: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edit", "no_such_thing"]) == 1
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and err[0].startswith("mare edit: error: no scenario 'no_such_thing'")


def test_what_mare_edit_names_is_opened(user_data: Path, display: pygame.Surface) -> None:
    app, clock = make_app()
    pilot = EditorPilot(app, clock)
    assert open_named(app, "4") == ""
    editor = pilot.editor
    assert editor.draft.setup["name"] == "The Medic Wars" and not editor.keeper.saved
    assert editor.draft.setup["id"] == "the_medic_wars"
    assert editor.save()
    app.pop()
    folder = scenarios(user_data) / "the_medic_wars"
    for name in ("the_medic_wars", str(folder), str(folder / "scenario.yaml")):
        assert open_named(app, name) == ""
        assert pilot.editor.keeper.folder == folder and pilot.editor.keeper.saved
        app.pop()
    assert "no scenario" in open_named(app, "nothing_like_it")
    assert "holds no scenario.yaml" in open_named(app, str(user_data))
    assert not isinstance(app.stack.top, ScenarioEditorScene)


def test_new_from_scratch_is_playable_and_saved_under_its_name(
        user_data: Path, display: pygame.Surface) -> None:
    app, clock = make_app()
    pilot = EditorPilot(app, clock)
    assert open_copy(app, SCRATCH) == ""
    pilot.settle()
    assert pilot.sentences == [] and len(pilot.draft.setup["empires"]) == 2
    assert list(pilot.draft.setup["provinces"]) == ["africa", "italia"]
    pilot.control("focus", field="name")
    pilot.key(pygame.K_END)
    pilot.type(" of mine")
    pilot.toolbar("save")
    assert (scenarios(user_data) / "new_scenario_of_mine" / "scenario.yaml").exists()
    assert not any(p.name.startswith(".") for p in scenarios(user_data).iterdir())
    assert [e.key for e in store.user_list()] == ["new_scenario_of_mine"]


def test_a_scenario_of_the_wrong_shapes_opens_and_says_what_is_wrong(
        user_data: Path, display: pygame.Surface) -> None:
    folder = scenarios(user_data) / "odd"
    folder.mkdir(parents=True)
    (folder / "scenario.yaml").write_text(
        "id: odd\nname: Odd\nempires: [rome, {empire: gaul, capital: nowhere}, 3]\n"
        "provinces: {italia: 7, atlantis: {}}\nkey_cities: roma\nhand_size: many\n"
        "barbarian_areas: {all_except: 5}\nscoring: {key_city: 2}\n", "utf-8")
    app, clock = make_app()
    pilot = EditorPilot(app, clock)
    assert open_named(app, "odd") == ""
    pilot.settle()
    assert pilot.sentences, "its problems are listed"
    pilot.control("step", key="hand_size", by=1)
    pilot.control("step", key="award:key_city:vp", by=1)
    pilot.control("toggle_province", province="helade")
    pilot.control("pick_capital", index=1)
    pilot.key(pygame.K_ESCAPE)
    pilot.toolbar("save")
    assert (folder / "scenario.yaml").read_text("utf-8").split("\n")[2].startswith("draft: true")
