"""Without a screen, `mare play` says so instead of running an invisible window."""

from __future__ import annotations

import pygame
import pytest

from sprites.app import NoDisplayError, check_display


def test_an_invisible_fallback_driver_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    with pytest.raises(NoDisplayError, match="no display found"):
        check_display()


def test_a_requested_headless_driver_is_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    check_display()
