"""The user's scenarios on disk as the editor keeps them: folder names, the list (drafts,
autosaves of new scenarios, folders that cannot be read), saving with `draft: true` while
there are problems, the autosave and its offer back, and a map variant's files."""

from __future__ import annotations

from pathlib import Path

import yaml

from sprites.editor import edits, store
from sprites.editor.document import Draft
from sprites.editor.keeping import AUTOSAVE_SECONDS, Keeper
from tests.sprites.editor.scenario_pilot import scenarios, user_data

__all__ = ["user_data"]


def test_a_folder_name_is_made_from_the_name_and_never_taken() -> None:
    taken = {"second_punic_war", "my_war"}
    assert store.slug("My War", taken) == "my_war_2"
    assert store.slug("Éire & Britannia!", taken) == "eire_britannia"
    assert store.slug("1066", taken) == "scenario_1066"
    assert store.slug("···", taken) == "scenario"
    assert len(store.slug("x" * 200, taken)) <= store.SLUG_LIMIT


def test_saving_writes_a_draft_while_there_are_problems(user_data: Path) -> None:
    keeper = Keeper.new("The Second Punic War")
    assert keeper.folder.name == ".the_second_punic_war" and not keeper.saved
    parts = store.bundled_parts("3")
    parts["setup"]["id"] = keeper.id
    draft = Draft(parts["setup"])
    edits.set_text(draft, "name", "Hannibal")
    words = keeper.save(draft, problems=2)
    folder = scenarios(user_data) / "hannibal"
    assert keeper.folder == folder and "draft" in words and not draft.dirty
    data = yaml.safe_load((folder / "scenario.yaml").read_text("utf-8"))
    assert data["draft"] is True and data["id"] == "hannibal" == draft.setup["id"]
    assert next(iter(data)) == "draft"
    keeper.save(draft, problems=0)
    assert "draft" not in yaml.safe_load((folder / "scenario.yaml").read_text("utf-8"))
    assert store.read_parts(folder)["setup"] == draft.setup


def test_the_autosave_comes_after_a_change_and_is_offered_back(user_data: Path) -> None:
    folder = scenarios(user_data) / "mine"
    parts = store.bundled_parts("4")
    parts["setup"]["id"] = "mine"
    store.save(folder, parts, draft=False)
    draft = Draft(store.read_parts(folder)["setup"])
    keeper = Keeper(folder, saved=True)
    assert store.read_autosave(folder) is None
    edits.set_count(draft, "hand_size", 9, "Hand size")
    keeper.changed()
    assert not keeper.tick(AUTOSAVE_SECONDS / 2, draft)
    assert keeper.tick(AUTOSAVE_SECONDS / 2, draft)
    offered = store.read_autosave(folder)
    assert offered is not None and offered["setup"]["hand_size"] == 9
    draft.undo()
    keeper.changed()
    keeper.tick(AUTOSAVE_SECONDS, draft)  # back as saved: nothing to offer
    assert store.read_autosave(folder) is None and not (folder / "autosave").exists()


def test_the_list_marks_drafts_new_autosaves_and_broken_folders(user_data: Path) -> None:
    root = scenarios(user_data)
    store.save(root / "good", {"setup": {"name": "Good", "id": "good"}}, draft=False)
    store.save(root / "rough", {"setup": {"name": "Rough", "id": "rough"}}, draft=True)
    store.autosave(root / ".fresh", {"setup": {"name": "Fresh", "id": "fresh"}})
    (root / "broken").mkdir()
    (root / "broken" / "scenario.yaml").write_text("name: [unclosed\n", "utf-8")
    (root / "binary").mkdir()
    (root / "binary" / "scenario.yaml").write_bytes(b"\xff\xfe\x00")
    (root / "empty").mkdir()
    listed = {entry.key: entry for entry in store.user_list(root)}
    assert set(listed) == {"good", "rough", ".fresh", "broken", "binary"}
    assert listed["rough"].draft and not listed["good"].draft
    assert not listed[".fresh"].saved and listed[".fresh"].name == "Fresh"
    assert listed["broken"].problem and "UTF-8" in listed["binary"].problem
    assert "fresh" in store.taken_names(root) and "second_punic_war" in store.taken_names(root)


def test_a_map_variant_is_saved_beside_and_taken_away_with_it(user_data: Path) -> None:
    folder = scenarios(user_data) / "variant"
    map_data = yaml.safe_load(Path(store.__file__).parents[2].joinpath(
        "scenarios", "mediterranean_empires", "map.yaml").read_text("utf-8"))
    layout = {"projection": {"kind": "equirectangular"}}
    store.save(folder, {"setup": {"name": "V", "id": "variant"}, "map": map_data,
                        "layout": layout}, draft=True)
    assert store.read_parts(folder)["map"] == map_data
    assert "# geo: Hanson, Londinium" in (folder / "map.yaml").read_text("utf-8")
    store.save(folder, {"setup": {"name": "V"}, "map": None, "layout": None}, draft=True)
    assert not (folder / "map.yaml").exists() and not (folder / "layout.yaml").exists()
    (folder / "map.yaml").write_text("provinces: {}\n", "utf-8")
    try:
        store.read_parts(folder)
    except store.EditorFileError as exc:
        assert "both map.yaml and layout.yaml" in str(exc)
    else:
        raise AssertionError("a map without its layout was read")
