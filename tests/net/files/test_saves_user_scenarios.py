"""Games of user scenarios save, load and continue like any other, and a save whose scenario
was edited or deleted since is listed with the reason and refused in one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.encoding import state_hash
from game.rulesets.mediterranean_empires.content import RULESET_ID
from game.session import GameSession, Secrets
from net.files.saves import GameFiles, SaveError, latest_unfinished, list_saves, load, read_info
from net.files.user_scenarios import playable_ruleset
from tests.net.files.user_helpers import (
    book_setup,
    for_moved_map,
    moved_city_map,
    played,
    user_root,
    write_user,
)

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4), b"chance" * 6, b"b" * 32)


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user scenarios folder of a fresh data folder, holding `ostia_war` (a map variant)."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    folder = user_root(tmp_path / "data")
    moved, layout = moved_city_map()
    write_user(folder, "ostia_war", for_moved_map(book_setup(1, "ostia_war", "Ostia")), moved,
               layout)
    return folder


def _played(root: Path, saves: Path, entries: int) -> tuple[GameSession, GameFiles]:
    session = GameSession.start(RULESET_ID, "ostia_war", ("human", "bot:greedy"), KEYS,
                                ruleset=playable_ruleset(root / "ostia_war"))
    return played(session, saves, entries)


def test_a_user_scenario_game_saves_loads_and_continues(root: Path, tmp_path: Path) -> None:
    session, files = _played(root, tmp_path / "saves", 120)
    resumed = load(files.log_path)
    assert state_hash(resumed.table.state) == state_hash(session.table.state)
    assert resumed.ruleset.content_hash() == session.ruleset.content_hash()
    [info] = list_saves(tmp_path / "saves")
    assert (info.problem, info.scenario, info.entries) == ("", "ostia_war", 120)
    assert latest_unfinished(tmp_path / "saves") == info
    resumed.run()  # the bot plays on where the person must choose


def test_an_edited_scenario_no_longer_opens_its_games(root: Path, tmp_path: Path) -> None:
    _, files = _played(root, tmp_path / "saves", 40)
    scenario = root / "ostia_war" / "scenario.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    info = read_info(files.log_path)
    assert info.problem.startswith("Your scenario 'ostia_war' is not what it was")
    assert latest_unfinished(tmp_path / "saves") is None
    with pytest.raises(SaveError, match="'ostia_war' is not what it was") as refused:
        load(files.log_path)
    assert len(str(refused.value).splitlines()) == 1


def test_a_deleted_scenario_is_named_when_its_game_is_opened(root: Path, tmp_path: Path) -> None:
    _, files = _played(root, tmp_path / "saves", 40)
    shutil.rmtree(root / "ostia_war")
    with pytest.raises(SaveError, match="your scenario 'ostia_war', which is no longer in"):
        load(files.log_path)
    assert "no longer in" in read_info(files.log_path).problem
