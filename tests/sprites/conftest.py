"""Client tests: a hidden display, a private config folder, shared map fixtures."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

if TYPE_CHECKING:
    from game.rulesets.mediterranean_empires.content import MeContent
    from sprites.map.model import MapModel

SIZE = (960, 540)


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and saves go to a temporary folder."""
    folder = tmp_path / "config"
    monkeypatch.setenv("MARE_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def display() -> Iterator[pygame.Surface]:
    """A hidden window (SDL's dummy driver), opened once."""
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    pygame.display.init()
    yield pygame.display.set_mode(SIZE)


@pytest.fixture(scope="session")
def me_content() -> MeContent:
    """The bundled Mediterranean Empires content."""
    from sprites import content

    return content.content()


@pytest.fixture(scope="session")
def model(me_content: MeContent) -> MapModel:
    """The drawable map."""
    from sprites.map.model import build_model

    return build_model(me_content)
