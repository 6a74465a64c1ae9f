"""Atomic writes: a save is the old file or the new one, never a mix; errors name the path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from net.files.storage import StorageError, read_bytes, write_atomic


def test_write_then_read(tmp_path: Path) -> None:
    target = tmp_path / "saves" / "game.log"
    write_atomic(target, b"one\n")
    write_atomic(target, b"two\n")
    assert read_bytes(target) == b"two\n"
    assert [p.name for p in target.parent.iterdir()] == ["game.log"]


def test_a_failed_write_leaves_the_old_file_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.log"
    write_atomic(target, b"old\n")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(StorageError, match=r"game\.log: the disk is full"):
        write_atomic(target, b"new\n")
    assert target.read_bytes() == b"old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.log"]


def test_reading_errors_are_plain(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no such file"):
        read_bytes(tmp_path / "missing.log")
    with pytest.raises(StorageError, match="is a folder"):
        read_bytes(tmp_path)
