"""Content a user hands `mare validate`: damaged files give one line naming the file, in
bounded time and memory."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.content.bundle import ruleset_dir
from tools.cli import main


def _non_utf8(folder: Path) -> None:
    (folder / "tables.yaml").write_bytes(b"\xff\xfe not text")


def _deep(folder: Path) -> None:
    (folder / "decks" / "rome.yaml").write_text("a: " + "[" * 100_000 + "]" * 100_000)


def _huge_number(folder: Path) -> None:
    with (folder / "tables.yaml").open("a") as handle:
        handle.write("\nx: " + "9" * 5000 + "\n")


def _big(folder: Path) -> None:
    with (folder / "map.yaml").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)


def _folder(folder: Path) -> None:
    (folder / "map.yaml").unlink()
    (folder / "map.yaml").mkdir()


def _dev_zero(folder: Path) -> None:
    (folder / "map.yaml").unlink()
    os.symlink("/dev/zero", folder / "map.yaml")


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "non-UTF-8": (_non_utf8, "tables.yaml: not UTF-8 text (byte 0)"),
    "deep nesting": (_deep, "decks/rome.yaml"),
    "huge number": (_huge_number, "tables.yaml: a number has too many digits"),
    "50 MB file": (_big, "map.yaml: larger than 8 MB"),
    "a folder": (_folder, "map.yaml: not a regular file"),
    "/dev/zero": (_dev_zero, "map.yaml: not a regular file"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_damaged_content_is_one_line_naming_the_file(tmp_path: Path, case: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mediterranean_empires"
    shutil.copytree(ruleset_dir("mediterranean_empires"), folder)
    damage, says = CASES[case]
    damage(folder)
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0] and "Traceback" not in err[0]
