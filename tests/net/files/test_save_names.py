"""Names players give their saves: kept in `NAME.info.json` beside the log, cleaned (no path
separators or control characters, at most 60 characters), never used as a path; a rename that
fails says why in one line and changes nothing; a damaged info file only loses the name."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.session import GameSession, Secrets
from net.files.save_names import NAME_LIMIT, clean_save_name, info_path_of, read_name
from net.files.saves import GameFiles, SaveError, delete_save, list_saves, read_info, rename_save

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4), b"chance" * 6, b"bots" * 8)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A short game of scenario 1 saved as `game` in tmp_path; its log's path."""
    session = GameSession.start("mediterranean_empires", "1", ("human", "bot:greedy"), KEYS)
    files = GameFiles(tmp_path, "game")
    files.save(session, "Set-up")
    assert files.saver.flush()
    return files.log_path


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(("typed", "kept"), [
    ("Friday with Ana", "Friday with Ana"),
    ("  spaced \t out\n twice  ", "spaced out twice"),
    ("tab\tand\nnewline", "tab and newline"),
    ("../../etc/passwd", "....etcpasswd"),
    ("C:\\saves\\mine", "C:savesmine"),
    ("bell\x07 and\x00 nul", "bell and nul"),
    ("right\u202eto left\u2028line", "rightto left line"),
    ("é" * 80, "é" * NAME_LIMIT),
    ("/ \\ \x01", ""),
])
def test_names_are_cleaned(typed: str, kept: str) -> None:
    assert clean_save_name(typed) == kept


def test_a_rename_is_kept_beside_the_save_and_its_files_keep_their_names(save: Path) -> None:
    before = _files(save.parent)
    assert rename_save(save, " Friday/night\x1b with Ana ") == "Fridaynight with Ana"
    after = _files(save.parent)
    assert {k: v for k, v in after.items() if k != "game.info.json"} == before
    assert sorted(after) == ["game.info.json", "game.log", "game.seats.json"]
    [info] = list_saves(save.parent)
    assert info.name == "Fridaynight with Ana" and info.path == save and not info.problem
    assert rename_save(save, "") == ""
    assert not info_path_of(save).exists() and read_info(save).name == ""


def test_a_failed_rename_says_why_and_changes_nothing(save: Path) -> None:
    rename_save(save, "Kept")
    info_path_of(save).unlink()
    info_path_of(save).mkdir()  # a folder where the name file should be: no write can land
    before = _files(save.parent)
    with pytest.raises(SaveError) as caught:
        rename_save(save, "New")
    message = str(caught.value)
    assert message.startswith("The new name could not be kept: ") and "\n" not in message
    assert _files(save.parent) == before and read_name(save) == ""
    with pytest.raises(SaveError, match=r"^gone\.log is gone: it was deleted or moved\.$"):
        rename_save(save.with_name("gone.log"), "Anything")
    assert not save.with_name("gone.info.json").exists()


@pytest.mark.parametrize("content", [b"", b"not json", b"[1, 2]", b'{"name": 7}',
                                     b'{"name": "' + b"x" * 8000 + b'"}'])
def test_a_damaged_name_file_only_loses_the_name(save: Path, content: bytes) -> None:
    info_path_of(save).write_bytes(content)
    info = read_info(save)
    assert info.name == "" and not info.problem and info.summary == "Set-up"


def test_a_hand_edited_name_is_cleaned_when_read(save: Path) -> None:
    info_path_of(save).write_text('{"format": 1, "name": "a/b\\u0000c"}')
    assert read_info(save).name == "abc"


def test_delete_removes_the_name_too(save: Path) -> None:
    rename_save(save, "Gone soon")
    delete_save(save)
    assert list(save.parent.iterdir()) == []
