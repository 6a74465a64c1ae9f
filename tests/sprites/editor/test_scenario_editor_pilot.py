"""The scenario editor played like a person, through the app's real input: Title → Editor,
start from a book scenario, change fields by clicks and keys, see a problem appear and go
away, undo and redo, save (the file checked), leave with unsaved changes (asked), get an
autosave back, and play test the scenario at the table and come back."""

from __future__ import annotations

import copy
from pathlib import Path

import pygame
import yaml

from sprites.editor.keeping import AUTOSAVE_SECONDS
from sprites.editor.scene import ScenarioEditorScene
from sprites.editor.start_page import EditorStartScene
from sprites.scenes.title import TitleScene
from tests.sprites.editor.scenario_pilot import EditorPilot, make_app, scenarios, user_data

__all__ = ["user_data"]


def _pilot() -> EditorPilot:
    app, clock = make_app()
    pilot = EditorPilot(app, clock)
    pilot.frame()
    return pilot


def _editing(scenario: str = " 3. The Second Punic War") -> EditorPilot:
    pilot = _pilot()
    pilot.open_from_title()
    pilot.choose(scenario)
    assert isinstance(pilot.app.stack.top, ScenarioEditorScene)
    pilot.settle()
    return pilot


def test_a_book_scenario_is_changed_by_clicks_and_keys(user_data: Path,
                                                      display: pygame.Surface) -> None:
    pilot = _editing()
    draft = pilot.draft
    assert draft.setup["hand_size"] == 14 and "number" not in draft.setup
    pilot.control("step", key="hand_size", by=1)
    pilot.control("step", key="turns", by=1)
    assert draft.setup["hand_size"] == 15 and draft.setup["turns"] == 4
    pilot.control("move_empire", index=1, step=-1)
    assert [e["empire"] for e in draft.setup["empires"]] == ["rome", "carthage", "iberia"]
    pilot.control("focus", field="name")
    for _ in range(len(draft.setup["name"])):
        pilot.key(pygame.K_BACKSPACE)
    pilot.type("Hannibal at the Gates")
    pilot.key(pygame.K_RETURN)
    assert draft.setup["name"] == "Hannibal at the Gates"
    pilot.control("pick_capital", index=0)
    pilot.answer("Capua")
    assert draft.setup["empires"][0] == {"empire": "rome", "capital": "capua"}
    pilot.control("pick_card", empire="iberia")
    pilot.answer("Militia")
    assert draft.setup["removed_cards"]["iberia"] == ["broken_truce", "militia"]
    for _ in range(5):
        pilot.ctrl(pygame.K_z)
    assert draft.setup["name"] == "The Second Punic War"
    assert draft.setup["empires"][0]["empire"] == "carthage"
    pilot.ctrl(pygame.K_y)  # the turns
    pilot.ctrl(pygame.K_z, shift=True)  # the order
    pilot.ctrl(pygame.K_y)  # the name
    assert draft.setup["name"] == "Hannibal at the Gates" and draft.setup["turns"] == 4
    pilot.toolbar("undo")
    assert draft.setup["name"] == "The Second Punic War"
    pilot.toolbar("redo")
    assert draft.setup["name"] == "Hannibal at the Gates"


def test_provinces_and_key_cities_by_clicks_on_the_map(user_data: Path,
                                                       display: pygame.Surface) -> None:
    pilot = _editing()
    draft, before = pilot.draft, copy.deepcopy(pilot.draft.setup)
    pilot.click(pilot.place("athenai"))
    assert "helade" in draft.setup["provinces"]
    assert draft.setup["provinces"]["helade"] == {"size1": 12, "size2": 10, "size3": 1,
                                                  "total": 23}
    assert draft.setup["total_cities"] == 73
    pilot.click(pilot.place("numantia"))  # Iberia's capital: Hispania stays in play
    assert "hispania" in draft.setup["provinces"]
    assert "capital" in pilot.editor.notice
    pilot.click(pilot.place("trakhios"))
    assert "trakhios" in draft.setup["barbarian_areas"]
    layout = pilot.editor.layout
    assert layout is not None
    pilot.click(layout.map_spots.find("map_mode", mode="keys").rect.center)  # type: ignore[union-attr]
    pilot.click(pilot.place("korinthos"))
    assert "korinthos" in draft.setup["key_cities"]
    for _ in range(3):
        pilot.ctrl(pygame.K_z)
    assert draft.setup == before


def test_a_problem_appears_and_goes_and_play_test_waits_for_it(
        user_data: Path, display: pygame.Surface) -> None:
    pilot = _editing()
    draft = pilot.draft
    assert pilot.sentences == []
    for city in list(draft.setup["key_cities"]):
        pilot.control("toggle_key", city=city)
    assert draft.setup["key_cities"] == []
    assert pilot.sentences, "no key city is a problem"
    layout = pilot.editor.layout
    assert layout is not None
    play = layout.toolbar.find("play_test")
    assert play is not None and not play.enabled and "problem" in play.why_not
    pilot.click(pilot.editor.problems.spots.spots[0].rect.center)
    assert pilot.editor.state.flash == "key_cities"
    pilot.control("pick_key")
    pilot.answer("Terentum")
    assert draft.setup["key_cities"] == ["terentum"] and pilot.sentences == []
    assert layout.toolbar.find("play_test").enabled  # type: ignore[union-attr]


def test_save_writes_the_scenario_as_yaml(user_data: Path, display: pygame.Surface) -> None:
    pilot = _editing()
    pilot.control("step", key="hand_size", by=-1)
    pilot.ctrl(pygame.K_s)
    folder = scenarios(user_data) / "the_second_punic_war"
    text = (folder / "scenario.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert text.startswith("# The Second Punic War: a Mediterranean Empires scenario.")
    assert data == {**pilot.draft.setup, "id": "the_second_punic_war"}
    assert data["hand_size"] == 13 and "draft" not in data and "number" not in data
    assert "  - {empire: carthage, capital: carthago}" in text
    assert not (folder / "map.yaml").exists() and not pilot.draft.dirty
    pilot.control("toggle_key", city="syracusae")
    pilot.control("toggle_key", city="saguntum")
    pilot.control("toggle_key", city="massilia")
    pilot.toolbar("save")
    text = (folder / "scenario.yaml").read_text(encoding="utf-8")
    assert text.split("\n")[2].startswith("draft: true")
    assert "draft" in pilot.editor.notice


def test_leaving_with_unsaved_changes_asks(user_data: Path, display: pygame.Surface) -> None:
    pilot = _editing()
    pilot.toolbar("save")
    pilot.control("step", key="fortification_markers", by=1)
    pilot.toolbar("close")
    assert pilot.editor.dialog is not None
    pilot.answer("Cancel")
    assert isinstance(pilot.app.stack.top, ScenarioEditorScene)
    pilot.key(pygame.K_ESCAPE)
    pilot.answer("Discard")
    assert isinstance(pilot.app.stack.top, EditorStartScene)
    saved = yaml.safe_load((scenarios(user_data) / "the_second_punic_war" / "scenario.yaml")
                           .read_text(encoding="utf-8"))
    assert saved["fortification_markers"] == 12
    assert [entry[0] for entry in pilot.start.entries][1] == "The Second Punic War"


def test_the_autosave_is_offered_back(user_data: Path, display: pygame.Surface) -> None:
    pilot = _editing()
    pilot.toolbar("save")
    pilot.control("step", key="hand_size", by=1)
    pilot.control("step", key="hand_size", by=1)
    folder = scenarios(user_data) / "the_second_punic_war"
    for _ in range(round(AUTOSAVE_SECONDS * 30) + 5):
        pilot.frame()
    autosaved = yaml.safe_load((folder / "autosave" / "scenario.yaml").read_text("utf-8"))
    assert autosaved["hand_size"] == 16
    # the window closes without saving; the editor opens the scenario again
    again = _pilot()
    again.open_from_title()
    again.choose("The Second Punic War")
    assert again.editor.dialog is not None
    assert again.draft.setup["hand_size"] == 14
    again.answer("Restore")
    assert again.draft.setup["hand_size"] == 16 and again.draft.dirty
    again.ctrl(pygame.K_z)
    assert again.draft.setup["hand_size"] == 14


def test_play_test_opens_the_table_and_comes_back(user_data: Path,
                                                 display: pygame.Surface) -> None:
    from sprites.table.scene import TableScene

    pilot = _editing()
    draft = pilot.draft
    pilot.control("step", key="hand_size", by=-1)
    revision, setup = draft.revision, copy.deepcopy(draft.setup)
    pilot.toolbar("play_test")
    dialog = pilot.editor.dialog
    assert dialog is not None
    pilot.click(dialog.rows.rects[0].center)  # type: ignore[attr-defined]
    assert dialog.choice()[0][0] != "human"  # type: ignore[attr-defined]
    pilot.answer("Start")
    assert isinstance(pilot.app.stack.top, TableScene)
    table = pilot.app.stack.top
    assert table.session.config.scenario == draft.setup["id"]
    pilot.settle(10)
    pilot.key(pygame.K_ESCAPE)
    leave = next(i for i in pilot.app.stack.top.menu.items  # type: ignore[attr-defined]
                 if i.text == "Back to the Editor")
    pilot.click(leave.rect.center)
    pilot.settle(3)
    assert isinstance(pilot.app.stack.top, ScenarioEditorScene)
    assert pilot.draft is draft and draft.revision == revision and draft.setup == setup
    assert not any(isinstance(s, TitleScene) and type(s) is not TitleScene
                   for s in pilot.app.stack)
