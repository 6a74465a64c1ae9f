"""The command line and user scenarios: `mare --help` names their folder, `mare validate`
lists every problem with its file and key path, `simulate` and `demo` play one named by its
folder or its id (never a draft), and `mare replay` checks the game on it, refusing in one
line when the scenario is gone or changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.files.user_helpers import (
    book_setup,
    for_moved_map,
    moved_city_map,
    user_root,
    write_user,
)
from tools.cli import main


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user scenarios folder holding `hannibal` (scenario 3, Carthage at Gadir) and
    `ostia_war` (scenario 1 on a map variant)."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    folder = user_root(tmp_path / "data")
    setup = book_setup(3, "hannibal", "Hannibal's Way")
    write_user(folder, "hannibal", setup)
    moved, layout = moved_city_map()
    write_user(folder, "ostia_war", for_moved_map(book_setup(1, "ostia_war")), moved, layout)
    return folder


def test_help_names_the_user_scenarios_folder(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("Your own scenarios live in") + 1].strip() == str(root)


def test_validate_a_good_scenario_by_folder_or_file(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(root / "hannibal")]) == 0
    assert capsys.readouterr().out.strip() == "hannibal: ok"
    assert main(["validate", str(root / "ostia_war" / "scenario.yaml")]) == 0
    assert capsys.readouterr().out.strip() == "ostia_war: ok"


def test_validate_lists_every_problem_with_file_and_key_path(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = book_setup(3, "broken")
    broken["empires"][1]["capital"] = "athenai"
    broken["hand_size"] = "many"
    write_user(root, "broken", broken)
    moved, layout = moved_city_map()
    write_user(root, "bad_map", book_setup(1, "bad_map"), moved.replace("size: 3", "size: 4", 1),
               layout)
    write_user(root, "drafty", {"draft": True, **book_setup(2, "drafty")})
    for command in (["validate", str(root)], ["validate"]):
        assert main(command) == 1
        lines = capsys.readouterr().out.strip().splitlines()
        assert "broken/scenario.yaml: hand_size: Expected an integer, got text." in lines
        assert "broken/scenario.yaml: empires[1].capital: Athenai lies in Helade, which is " \
            "not in play." in lines
        assert any(line.startswith("bad_map/map.yaml: cities.") and "outside 1..3" in line
                   for line in lines)
        verdicts = [line for line in lines if "/" not in line]
        assert verdicts[-5:] == ["bad_map: 1 problem", "broken: 2 problems",
                                 "drafty: ok (a draft)", "hannibal: ok", "ostia_war: ok"]
        assert lines[-1] == f"{root}: 5 scenarios, 2 with problems"


def test_validate_names_a_scenario_by_its_id_and_passes_without_problems(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "hannibal"]) == 0
    assert capsys.readouterr().out.strip() == "hannibal: ok"
    assert main(["validate"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("mediterranean_empires: ok (140 cities") for line in out)
    assert out[-3:] == ["hannibal: ok", "ostia_war: ok", f"{root}: 2 scenarios, none with problems"]


def test_validate_names_the_file_of_a_broken_folder(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (root / "binary").mkdir()
    (root / "binary" / "scenario.yaml").write_bytes(b"\xff\xfe\x00junk")
    (root / "empty").mkdir()
    assert main(["validate", str(root)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert "binary: scenario.yaml is not UTF-8 text (byte 0)." in lines
    assert "empty: The folder holds no scenario.yaml." in lines


def test_validate_prints_warnings_without_failing(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    setup = book_setup(1, "crowded")
    setup["automatic_victory_cities"] = 10
    write_user(root, "crowded", setup)
    assert main(["validate", str(root / "crowded")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith(f"{root / 'crowded' / 'scenario.yaml'}: automatic_victory_cities: "
                             "warning: An empire holding 10 cities wins at once")
    assert out[-1] == "crowded: ok, 1 warning"


def test_simulate_and_demo_play_a_user_scenario_and_replay_checks_it(
        root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "ostia.log"
    assert main(["simulate", "--scenario", "ostia_war", "--seats", "bot:greedy,bot:random",
                 "--seed", "0a", "--log", str(log)]) == 0
    final = capsys.readouterr().out.strip().splitlines()[-1]
    assert final.startswith("final-hash ")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == final and "audit: ok" in "\n".join(out)
    assert main(["demo", "--scenario", str(root / "hannibal"), "--seed", "0b", "--quiet"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("final-hash ")


def test_replay_refuses_in_one_line_when_the_scenario_changed_or_went(
        root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hannibal.log"
    assert main(["simulate", "--scenario", "hannibal", "--seed", "0c", "--log", str(log)]) == 0
    capsys.readouterr()
    moved = tmp_path / "kept"
    (root / "hannibal").rename(moved)
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "your scenario 'hannibal', which is no longer in" in err[0]
    assert main(["replay", str(log), "--scenario", str(moved)]) == 0
    capsys.readouterr()
    scenario = moved / "scenario.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("hand_size: 14",
                                                                     "hand_size: 13"),
                        encoding="utf-8")
    moved.rename(root / "hannibal")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'hannibal' is not what it was when the game began" in err[0]


@pytest.mark.parametrize(("command", "words"), [
    ("simulate", "is a draft: finish it in the editor first"),
    ("demo", "is a draft: finish it in the editor first"),
])
def test_drafts_and_broken_scenarios_are_not_played(
        root: Path, command: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    write_user(root, "drafty", {"draft": True, **book_setup(2, "drafty")})
    assert main([command, "--scenario", "drafty"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    broken = book_setup(2, "broken")
    broken["hand_size"] = 0
    write_user(root, "broken", broken)
    assert main([command, "--scenario", str(root / "broken")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"mare {command}: error: your scenario 'broken' has a problem: "
                   "scenario.yaml: hand_size: 0 is outside 1..30."]


def test_a_user_folder_named_like_a_book_scenario_never_shadows_it(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_user(root, "first_punic_war", book_setup(1, "first_punic_war"))
    assert main(["simulate", "--scenario", "first_punic_war", "--seed", "01"]) == 0
    assert "Carthage" in capsys.readouterr().out
    assert main(["validate", str(root / "first_punic_war")]) == 1
    assert "is that of the book's scenario 1" in capsys.readouterr().out


def test_validate_an_empty_user_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    folder = user_root(tmp_path)
    folder.mkdir(parents=True)
    assert main(["validate", str(folder)]) == 0
    assert capsys.readouterr().out.strip() == f"{folder}: no scenarios yet"
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == \
        f"your scenarios: none yet (in {folder})"
