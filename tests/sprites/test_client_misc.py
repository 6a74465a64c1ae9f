"""`mare play --help`, no `random` in the client, the paper texture is deterministic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_mare_play_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "title screen" in out and "--scenario" in out and "--size" in out


def test_mare_play_rejects_a_bad_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--size", "big"])
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_the_client_never_imports_random() -> None:
    pattern = re.compile(r"^\s*(import random|from random import)", re.MULTILINE)
    offenders = [p for p in (ROOT / "sprites").rglob("*.py") if pattern.search(p.read_text())]
    assert not offenders


def test_paper_noise_is_deterministic_and_tiles() -> None:
    from tools.make_textures import grain_bytes, value_noise

    assert grain_bytes(32) == grain_bytes(32)
    noise = value_noise(64, 8, "test")
    step = sum(abs(noise[y][0] - noise[y][63]) for y in range(64)) / 64
    inner = sum(abs(noise[y][30] - noise[y][31]) for y in range(64)) / 64
    assert step < 3 * inner + 1e-9
