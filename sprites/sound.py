"""Short sound effects (sprites/assets/sounds/, made by tools/make_sounds.py), played through
pygame.mixer, which starts on the first sound. Silent, never an error, when the mixer cannot
start (no audio device; SDL_AUDIODRIVER=dummy), a file is missing, or the sound is off."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from sprites.settings import Settings, load_settings

FOLDER = Path(__file__).resolve().parent / "assets" / "sounds"
VARIANTS = {"dice": ("dice_1", "dice_2", "dice_3"), "card": ("card",), "discard": ("discard",),
            "battle": ("battle",), "turn_end": ("turn_end",), "click": ("click",)}
"""What the client asks for → the files that answer (taken in turn, so repeats differ)."""
GAP = 0.08
"""Seconds within which the same sound is not started again (a skipped story's burst)."""


class Player(Protocol):
    """Something that plays named sounds (the mixer, or a test's recorder)."""

    def play(self, name: str) -> None:
        """Start the sound called `name` (a key of VARIANTS)."""

    def configure(self, enabled: bool, volume: int) -> None:
        """Switch sound on or off and set the volume (0-100)."""


def gain(volume: int) -> float:
    """The mixer's level for a volume setting (squared, so the steps sound even)."""
    return max(0.0, min(1.0, volume / 100)) ** 2


def no_device() -> bool:
    """Whether SDL is told to use no real audio device."""
    return os.environ.get("SDL_AUDIODRIVER", "").strip().lower() == "dummy"


class Mixer:
    """Plays the named sounds through pygame.mixer at the settings' volume."""

    def __init__(self, folder: Path = FOLDER, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.folder, self.clock = folder, clock
        self.enabled, self.volume = True, 75
        self.ready: bool | None = None
        """None until the first sound tries to start the mixer; then whether it did."""
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.turns: dict[str, int] = {}
        self.last: dict[str, float] = {}

    def configure(self, enabled: bool, volume: int) -> None:
        """Switch sound on or off and set the volume (0-100)."""
        self.enabled, self.volume = enabled, volume

    def play(self, name: str) -> None:
        """Start a sound unless off, unknown, just started, or the mixer is unavailable."""
        files = VARIANTS.get(name)
        now = self.clock()
        if not files or not self.enabled or self.volume <= 0 \
                or now - self.last.get(name, -math.inf) < GAP:
            return
        self.last[name] = now
        turn = self.turns.get(name, 0)
        self.turns[name] = turn + 1
        sound = self._sound(files[turn % len(files)]) if self._start() else None
        if sound is not None:
            sound.set_volume(gain(self.volume))
            sound.play()

    def _start(self) -> bool:
        """Start the mixer once (unless SDL has it already); whether it runs."""
        if self.ready is None:
            self.ready = not no_device() and _init_mixer()
        return self.ready

    def _sound(self, file: str) -> pygame.mixer.Sound | None:
        """A file's sound, loaded on first use (None if it cannot be read)."""
        if file not in self.sounds:
            try:
                self.sounds[file] = pygame.mixer.Sound(str(self.folder / f"{file}.wav"))
            except (pygame.error, OSError):
                self.sounds[file] = None
        return self.sounds[file]


def _init_mixer() -> bool:
    """Start pygame.mixer with a short buffer (low latency); whether it runs."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(44100, -16, 2, 512)
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError, OSError):
        return False


_current: list[Player] = []
"""The player in use (empty until the first sound or setting)."""


def player() -> Player:
    """The player in use: a Mixer set from the saved settings the first time."""
    if not _current:
        settings, _ = load_settings()
        configure(settings)
    return _current[0]


def install(new: Player | None) -> Player | None:
    """Use another player (a test's recorder; None: a fresh Mixer next time); the old one."""
    old = _current[0] if _current else None
    _current[:] = [new] if new is not None else []
    return old


def configure(settings: Settings) -> None:
    """Follow the settings' sound switch and volume."""
    if not _current:
        _current.append(Mixer())
    _current[0].configure(settings.sound, settings.volume)


def play(name: str) -> None:
    """Play a sound by name ("dice", "card", "discard", "battle", "turn_end", "click")."""
    player().play(name)
