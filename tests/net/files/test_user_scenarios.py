"""The user scenarios folder: listing (drafts and broken ones with their reasons, never an
exception), size-limited reading, atomic writing, the rule set of a folder, and finding a
recorded game's rule set again (refused, in one line, when its scenario is gone or changed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.mediterranean_empires.content import RULESET_ID
from game.rulesets.mediterranean_empires.content.user import UserRuleset
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
from net.files.user_scenarios import (
    AUTOSAVE,
    FILE_LIMIT,
    ScenarioTexts,
    UserScenarioError,
    list_scenarios,
    playable_ruleset,
    read_scenario,
    read_texts,
    resolve_scenario,
    ruleset_for,
    user_scenarios_folder,
    write_texts,
)
from tests.net.files.user_helpers import (
    book_setup,
    for_moved_map,
    moved_city_map,
    user_root,
    write_user,
)


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder; its scenarios folder."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    return user_root(tmp_path / "data")


def test_the_folder_is_in_the_users_data_folder(root: Path) -> None:
    assert user_scenarios_folder() == root
    assert list_scenarios() == []


def test_listing_names_drafts_broken_files_and_wrong_folders(root: Path) -> None:
    write_user(root, "good", book_setup(1, "good", "A Good War"))
    write_user(root, "drafty", {"draft": True, **book_setup(2, "drafty", "Half Done")})
    broken = book_setup(3, "broken", "Broken")
    broken["empires"][1]["capital"] = "athenai"
    write_user(root, "broken", broken)
    write_user(root, "Shouting", book_setup(1, "shouting"))
    write_user(root, "elsewhere", book_setup(1, "somewhere_else", "Misfiled"))
    write_user(root, "garbled", "name: [unclosed\n")
    (root / "binary").mkdir()
    (root / "binary" / "scenario.yaml").write_bytes(b"\xff\xfe\x00")
    (root / "empty").mkdir()
    (root / ".hidden").mkdir()
    listed = {s.id: s for s in list_scenarios()}
    assert sorted(listed) == ["Shouting", "binary", "broken", "drafty", "elsewhere", "empty",
                              "garbled", "good"]
    assert listed["good"].playable and listed["good"].name == "A Good War"
    assert listed["drafty"].draft and not listed["drafty"].playable
    assert "is a draft" in listed["drafty"].why_not()
    assert listed["broken"].problems[0].where == ("setup", "empires", 1, "capital")
    assert "not an id" in listed["Shouting"].problems[0].sentence
    assert "not the folder's name" in listed["elsewhere"].problems[0].sentence
    assert listed["garbled"].problems[0].sentence.startswith("Line 2: invalid YAML")
    assert "not UTF-8" in listed["binary"].problems[0].sentence
    assert listed["empty"].problems[0].sentence == "The folder holds no scenario.yaml."
    assert not any(s.playable for k, s in listed.items() if k != "good")


def test_a_huge_or_endless_file_is_refused_by_name(root: Path) -> None:
    folder = write_user(root, "huge", book_setup(1, "huge"))
    (folder / "map.yaml").write_bytes(b"#" * (FILE_LIMIT + 1))
    with pytest.raises(UserScenarioError, match=r"map\.yaml cannot be read.*larger"):
        read_texts(folder)
    assert not read_scenario(folder).playable


def test_write_and_read_back_a_map_variant_then_drop_it(root: Path) -> None:
    moved, layout = moved_city_map()
    setup = "id: mine\n"
    folder = root / "mine"
    write_texts(folder, ScenarioTexts(setup, moved, layout))
    assert read_texts(folder) == ScenarioTexts(setup, moved, layout)
    write_texts(folder, ScenarioTexts(setup))
    assert read_texts(folder) == ScenarioTexts(setup)
    assert sorted(p.name for p in folder.iterdir()) == ["scenario.yaml"]


def test_a_playable_folder_gives_its_rule_set_and_a_draft_says_why_not(root: Path) -> None:
    moved, layout = moved_city_map()
    write_user(root, "ostia", for_moved_map(book_setup(1, "ostia")), moved, layout)
    ruleset = playable_ruleset(root / "ostia")
    assert isinstance(ruleset, UserRuleset) and ruleset.rules.content.map.is_city("ostia")
    assert playable_ruleset(root / "ostia") is ruleset  # built once per rules hash
    write_user(root, "drafty", {"draft": True, **book_setup(2, "drafty")})
    with pytest.raises(UserScenarioError, match="'drafty' is a draft"):
        playable_ruleset(root / "drafty")


def test_commands_name_a_scenario_by_number_id_folder_or_file(root: Path) -> None:
    folder = write_user(root, "mine", book_setup(3, "mine"))
    assert resolve_scenario("mediterranean-empires", "3") == (bundled_ruleset(), "3")
    assert resolve_scenario(RULESET_ID, "second_punic_war")[0] is bundled_ruleset()
    for name in ("mine", str(folder), str(folder / "scenario.yaml")):
        ruleset, scenario = resolve_scenario(RULESET_ID, name)
        assert scenario == "mine" and isinstance(ruleset, UserRuleset)
    with pytest.raises(KeyError, match="no scenario 'nothing'"):
        resolve_scenario(RULESET_ID, "nothing")


def test_a_recorded_game_finds_its_scenario_or_says_what_became_of_it(root: Path) -> None:
    folder = write_user(root, "mine", book_setup(1, "mine"))
    played = playable_ruleset(folder)
    game_hash = played.content_hash()
    assert ruleset_for(RULESET_ID, "mine", game_hash) is played
    assert ruleset_for(RULESET_ID, "first_punic_war", "any") is bundled_ruleset()
    saved = (folder / "scenario.yaml").read_text(encoding="utf-8")
    (folder / "scenario.yaml").write_text(saved.replace("hand_size: 14", "hand_size: 12"),
                                          encoding="utf-8")
    with pytest.raises(UserScenarioError) as changed:
        ruleset_for(RULESET_ID, "mine", game_hash)
    assert "'mine' is not what it was when the game began" in str(changed.value)
    assert game_hash[:12] in str(changed.value)
    (folder / AUTOSAVE).mkdir()
    (folder / AUTOSAVE / "scenario.yaml").write_text(saved, encoding="utf-8")
    assert ruleset_for(RULESET_ID, "mine", game_hash).content_hash() == game_hash
    for gone in ("ghost", "../../etc"):
        with pytest.raises(UserScenarioError, match="no longer in"):
            ruleset_for(RULESET_ID, gone, game_hash)
