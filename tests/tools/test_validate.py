"""`mare validate`: the bundled content passes; each kind of breakage fails naming file and path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content.bundle import ruleset_dir
from tools.cli import main


def test_bundled_content_validates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "mediterranean_empires: ok (140 cities" in out and "280 cards" in out


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "mediterranean_empires"
    shutil.copytree(ruleset_dir("mediterranean_empires"), target)
    return target


def _break(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("decks/rome.yaml", "effect: cf_bonus,", "effect: cf_bonnus,", "decks/rome.yaml: cards"),
    ("decks/rome.yaml", "amount: 1, with_cards: [principes", "amount: one, with_cards: [principes",
     "decks/rome.yaml: cards"),
    ("setups/03_second_punic_war.yaml", "massilia", "massillia", "setups/03"),
    ("tables.yaml", "dice: 2", "dice: two", "tables.yaml"),
    ("map.yaml", "size: 3", "size: 4", "map.yaml: cities"),
])
def test_broken_content_fails_naming_file_and_path(copy: Path, file: str, old: str, new: str,
                                                   message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _break(copy, file, old, new)
    assert main(["validate", str(copy)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("mare validate: error: ") and message in err, err
    assert len(err.splitlines()) == 1
