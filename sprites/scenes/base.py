"""Scenes, intents and the scene stack.

A scene turns input events into intents (plain records: tests can send intents directly),
applies them, updates with the frame's dt, and draws, returning the rectangles it changed
(None: the whole screen).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from sprites.app import App


@dataclass(frozen=True)
class Intent:
    """Something the player wants: a name and arguments."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)

    def arg(self, key: str, default: Any = None) -> Any:
        """One argument."""
        return self.args.get(key, default)


def intent(name: str, **args: Any) -> Intent:
    """Shorthand for Intent(name, {...})."""
    return Intent(name, args)


class Scene:
    """Base scene: override what you need."""

    opaque = True
    """Whether the scene covers the whole screen (else the one below is drawn first)."""

    def __init__(self) -> None:
        self.app: App | None = None
        self.full_redraw = True

    def enter(self, app: App) -> None:
        """Called when the scene becomes active on the stack (pushed or uncovered)."""
        self.app = app
        self.full_redraw = True

    def leave(self) -> None:
        """Called when the scene is popped or covered."""

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Intents an input event means here."""
        return []

    def apply(self, intent: Intent) -> None:
        """Carry out an intent."""

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw; the rectangles changed, or None for everything."""
        return None

    def resized(self) -> None:
        """The window changed size (or UI scale): rebuild layouts."""
        self.full_redraw = True


class SceneStack:
    """The scenes; the top one gets input."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene, app: App) -> None:
        """Cover the current scene with a new one."""
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter(app)

    def pop(self, app: App) -> Scene | None:
        """Remove the top scene; the one below becomes active."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter(app)
        return scene

    def replace(self, scene: Scene, app: App) -> None:
        """Swap the top scene for another."""
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter(app)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first (down to the highest opaque one)."""
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if scene.opaque:
                break
        return list(reversed(out))

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)
