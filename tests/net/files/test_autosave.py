"""Autosave never fails silently: a full disk or a read-only folder is reported in plain
words, the write is retried, and it lands once the problem is gone."""

from __future__ import annotations

import contextlib
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.files.autosave import AutoSaver
from net.files.storage import StorageError, write_atomic


@contextlib.contextmanager
def _tmpfs(folder: Path, size: str, read_only: bool = False) -> Iterator[Path]:
    folder.mkdir()
    options = f"size={size}" + (",ro" if read_only else "")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        reason = (done.stderr.strip() or "mount failed").splitlines()[0]
        print(f"skipped: cannot mount a small tmpfs here ({reason})")
        pytest.skip(f"cannot mount a small tmpfs here ({reason})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def _wait(check: object, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_a_full_disk_is_reported_and_the_save_lands_once_space_is_freed(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "small", "64k") as folder:
        filler = folder / "filler"
        with contextlib.suppress(OSError):
            filler.write_bytes(b"x" * 60_000)
        saver = AutoSaver()
        game = b"entry\n" * 4000  # 24 KB: does not fit beside the filler
        saver.write(folder / "game.log", game)
        assert not saver.flush(5)
        assert saver.problem is not None
        assert saver.problem == ("Autosave failed: the disk is full — your game is safe in "
                                 "memory; free some space and it is saved at the next try")
        assert not (folder / "game.log").exists()
        filler.unlink()
        assert _wait(lambda: saver.saved), saver.problem
        assert (folder / "game.log").read_bytes() == game and saver.problem is None


def test_a_read_only_folder_is_reported(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "ro", "64k", read_only=True) as folder:
        saver = AutoSaver()
        saver.write(folder / "game.log", b"data\n")
        assert not saver.flush(5)
        assert saver.problem is not None and "the folder is read-only" in saver.problem
        with pytest.raises(StorageError, match="read-only"):
            write_atomic(folder / "copy.log", b"data\n")


def test_a_vanished_folder_is_made_again(tmp_path: Path) -> None:
    saver = AutoSaver()
    target = tmp_path / "gone" / "deeper" / "game.log"
    saver.write(target, b"data\n")
    assert saver.flush(5) and target.read_bytes() == b"data\n"


def test_a_newer_write_replaces_a_failing_one(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    saver = AutoSaver()
    saver.write(blocker / "game.log", b"old\n")
    assert not saver.flush(5) and saver.problem is not None
    assert "a file stands where the folder should be" in saver.problem
    blocker.unlink()
    saver.write(blocker / "game.log", b"new\n")
    assert _wait(lambda: saver.saved)
    assert (blocker / "game.log").read_bytes() == b"new\n"
