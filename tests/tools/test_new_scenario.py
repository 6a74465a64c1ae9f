"""`mare new-scenario --from ID NAME`: a book scenario or one of the player's copied as the
start of a new one, written as the editor writes YAML, played at once by `simulate`, shown by
`validate` and `content-stats`; a name that cannot be the new id is refused in one line and
nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.rulesets.mediterranean_empires.content import bundled_bundle, bundled_content
from net.files.storage import StorageError
from tests.net.files.user_helpers import (
    book_setup,
    with_ostia_war,
    write_user,
)
from tools.cli import main


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user scenarios folder holding `ostia_war` (scenario 1 on a map variant)."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    return with_ostia_war(tmp_path / "data")


def _book(number: int) -> dict:
    setup = bundled_content().setup(str(number))
    return yaml.safe_load(bundled_bundle().text(setup.file) or "")


def test_a_book_scenario_copied_by_number_plays_at_once(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-scenario", "--from", "3", "my_war"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0] == (f"my_war: a copy of scenario 3, The Second Punic War, in {root / 'my_war'}"
                      " (scenario.yaml)")
    assert out[1] == "Play it: mare simulate --scenario my_war   Change it: mare edit my_war"
    assert sorted(p.name for p in (root / "my_war").iterdir()) == ["scenario.yaml"]
    text = (root / "my_war" / "scenario.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    book = _book(3)
    assert data == {**{k: v for k, v in book.items() if k != "number"}, "id": "my_war"}
    assert list(data) == [k for k in book if k != "number"]
    lines = text.splitlines()
    assert lines[0] == "# The Second Punic War: a Mediterranean Empires scenario."
    assert "Copied from scenario 3, The Second Punic War, by mare new-scenario" in lines[2]
    assert "  - {empire: carthage, capital: carthago}" in lines
    assert any(line.startswith("empires:") and line.endswith("# in turn order") for line in lines)
    assert main(["simulate", "--scenario", "my_war", "--seats",
                 "bot:greedy,bot:random,bot:random", "--seed", "0d"]) == 0
    played = capsys.readouterr().out.strip().splitlines()
    assert played[-1].startswith("final-hash ") and "Carthage" in "\n".join(played)


def test_by_id_with_a_title_and_seen_by_validate_and_content_stats(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-scenario", "--from", "second_punic_war", "hannibal",
                 "--title", "  Hannibal's   Way "]) == 0
    capsys.readouterr()
    data = yaml.safe_load((root / "hannibal" / "scenario.yaml").read_text(encoding="utf-8"))
    assert data["name"] == "Hannibal's Way" and data["id"] == "hannibal"
    assert main(["validate", "hannibal"]) == 0
    assert capsys.readouterr().out.strip() == "hannibal: ok"
    assert main(["content-stats", "--scenario", "hannibal"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == \
        "scenario hannibal Hannibal's Way: 3 players, 50 cities"


def test_a_user_scenario_is_copied_with_its_map_variant(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new-scenario", "--from", "ostia_war", "ostia_again"]) == 0
    assert "a copy of your scenario ostia_war, The Ostia War" in capsys.readouterr().out
    for name in ("map.yaml", "layout.yaml"):
        copy, source = (root / folder / name for folder in ("ostia_again", "ostia_war"))
        assert copy.read_bytes() == source.read_bytes()
    assert main(["content-stats", "--scenario", "ostia_again", "--json"]) == 0
    stats = yaml.safe_load(capsys.readouterr().out)
    assert stats["cities"]["total"] == 141 and list(stats["scenarios"]) == ["ostia_again"]
    assert main(["simulate", "--scenario", "ostia_again", "--seed", "0e"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("final-hash ")


def test_a_copy_with_problems_is_kept_as_a_draft(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = book_setup(2, "wrecked")
    broken["hand_size"] = 0
    write_user(root, "wrecked", broken)
    assert main(["new-scenario", "--from", "wrecked", "salvage"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[1] == ("It is kept as a draft: it has 1 problem (mare validate salvage lists "
                      "them); fix them in the editor: mare edit salvage")
    text = (root / "salvage" / "scenario.yaml").read_text(encoding="utf-8")
    assert next(line for line in text.splitlines() if not line.startswith("#")).startswith(
        "draft: true")
    assert main(["simulate", "--scenario", "salvage"]) == 1
    assert "is a draft" in capsys.readouterr().err


def test_a_copy_of_a_draft_without_problems_is_no_draft(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_user(root, "drafty", {"draft": True, **book_setup(2, "drafty")})
    assert main(["new-scenario", "--from", str(root / "drafty"), "finished"]) == 0
    capsys.readouterr()
    assert "draft" not in yaml.safe_load((root / "finished" / "scenario.yaml").read_text())
    assert main(["simulate", "--scenario", "finished", "--seed", "0f"]) == 0


@pytest.mark.parametrize(("source", "name", "words"), [
    ("3", "second_punic_war", "'second_punic_war' is the id of the book's scenario 3, The "
                              "Second Punic War"),
    ("3", "ostia_war", "you already have a scenario 'ostia_war' in"),
    ("3", "My-War", "'My-War' is not a scenario id: lowercase letters, digits and underscores"),
    ("3", "x" * 49, "is not a scenario id"),
    ("3", "unsaved", "the editor keeps an unsaved scenario 'unsaved' in"),
    ("99", "fresh", "no scenario '99': not a scenario folder, nor a book scenario"),
    ("nowhere", "fresh", "no scenario 'nowhere'"),
])
def test_refused_in_one_line_and_nothing_written(
        root: Path, source: str, name: str, words: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    (root / ".unsaved" / "autosave").mkdir(parents=True)
    before = sorted(p.name for p in root.iterdir())
    assert main(["new-scenario", "--from", source, name]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mare new-scenario: error: ") and words in err[0]
    assert sorted(p.name for p in root.iterdir()) == before


def test_a_failed_write_leaves_nothing_behind(root: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import net.files.user_scenarios as user_scenarios

    real = user_scenarios.write_atomic

    def fail_on_the_scenario(path: Path, data: bytes) -> None:
        if Path(path).name == "scenario.yaml":
            raise StorageError(f"cannot write {path}: the disk is full", "the disk is full")
        real(path, data)

    monkeypatch.setattr(user_scenarios, "write_atomic", fail_on_the_scenario)
    assert main(["new-scenario", "--from", "ostia_war", "lost"]) == 1
    assert "the disk is full" in capsys.readouterr().err
    assert not (root / "lost").exists()
