"""From a book scenario to a game of one's own, all by the app's real input: another empire,
another province, a new coastal route drawn in the map editor, a problem that appears and
goes, saved, opened again exactly as it was, and played by bots to the end screen — then
back in the editor."""

from __future__ import annotations

from pathlib import Path

import pygame
import yaml

from sprites.editor import store
from sprites.editor.map_scene import MapEditorScene
from sprites.editor.playtest import PlayTestDialog
from sprites.editor.scene import ScenarioEditorScene
from sprites.table.end import EndScene
from tests.sprites.editor.scenario_pilot import EditorPilot, make_app, scenarios, user_data

__all__ = ["user_data"]


def _click_on_map(pilot: EditorPilot, scene: MapEditorScene, node: str) -> None:
    scene.map.centre(node)
    pilot.frame()
    spot = scene.map.to_screen(node)
    assert spot is not None
    pilot.click((round(spot[0]), round(spot[1])))


def _draw_a_coastal_route(pilot: EditorPilot, a: str, b: str) -> None:
    pilot.toolbar("edit_map")
    scene = pilot.app.stack.top
    assert isinstance(scene, MapEditorScene)
    pilot.key(pygame.K_4)
    _click_on_map(pilot, scene, a)
    _click_on_map(pilot, scene, b)
    assert scene.panel is not None
    pilot.click(next(b for b in scene.panel.buttons if b.text == "Done").rect.center)
    assert isinstance(pilot.app.stack.top, ScenarioEditorScene)


def _play_test_dialog(pilot: EditorPilot) -> PlayTestDialog:
    """The Play Test dialog open over the editor."""
    dialog = pilot.editor.dialog
    assert isinstance(dialog, PlayTestDialog)
    return dialog


def test_a_scenario_of_ones_own_from_the_book_to_the_end_of_a_game(
        user_data: Path, display: pygame.Surface) -> None:
    app, clock = make_app()
    pilot = EditorPilot(app, clock)
    pilot.frame()
    pilot.open_from_title()
    pilot.choose(" 1. First Punic War")
    draft = pilot.draft
    pilot.click(pilot.place("numantia"))  # Hispania into play
    pilot.control("pick_empire")
    pilot.answer("Iberia")
    assert draft.setup["empires"][2] == {"empire": "iberia", "capital": "numantia"}
    assert draft.setup["players"] == 3 and "hispania" in draft.setup["provinces"]
    _draw_a_coastal_route(pilot, "gadir", "carthago")
    assert draft.map is not None
    assert ["carthago", "gadir"] in [sorted(p) for p in draft.map["routes"]["coastal"]]
    for city in list(draft.setup["key_cities"]):
        pilot.control("toggle_key", city=city)
    assert any("Key cities" in s for s in pilot.sentences)
    pilot.control("pick_key")
    pilot.answer("Saguntum")
    assert pilot.sentences == []
    pilot.toolbar("save")
    folder = pilot.editor.keeper.folder
    assert folder == scenarios(user_data) / "first_punic_war_2"  # the book has the plain id
    saved = {part: getattr(draft, part) for part in ("setup", "map", "layout")}
    assert yaml.safe_load((folder / "map.yaml").read_text("utf-8")) == draft.map

    pilot.toolbar("close")
    assert isinstance(app.stack.top, type(pilot.start))
    pilot.choose("First Punic War")
    again = pilot.draft
    assert again is not draft and pilot.editor.dialog is None
    assert {part: getattr(again, part) for part in ("setup", "map", "layout")} == saved
    assert not again.dirty and store.read_autosave(folder) is None

    pilot.toolbar("play_test")
    dialog = _play_test_dialog(pilot)
    for row in range(3):
        while dialog.rows.values[f"seat:{row}"] == "human":
            pilot.click(dialog.rows.rects[row].center)
    pilot.answer("Start")
    pilot.key(pygame.K_TAB)
    pilot.until(lambda: isinstance(app.stack.top, EndScene), 60000)
    pilot.key(pygame.K_RETURN)
    pilot.settle(3)
    assert isinstance(app.stack.top, ScenarioEditorScene) and pilot.draft is again
    assert {part: getattr(again, part) for part in ("setup", "map", "layout")} == saved
