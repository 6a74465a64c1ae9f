"""Scenes, intents, the scene stack, and what a scene may ask of the app that shows it.

A scene turns input events into intents (plain records: tests can send intents directly),
applies them, updates with the frame's dt, and draws, returning the rectangles it changed
(None: the whole screen). Scenes open one another by name through the app's registry
(`host.open("load")`), never by importing one another. No pygame at run time: the pure table
controller imports intents from here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    import pygame

    from game.session import GameSession
    from net.files.saves import GameFiles
    from net.lan.facade import Lan
    from sprites.settings import Settings


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


class Host(Protocol):
    """What a scene may ask of the app that shows it (`sprites.app.App`)."""

    settings: Settings
    message: str | None
    stack: SceneStack

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""

    @property
    def lan(self) -> Lan:
        """The handle on LAN play (made on first use)."""

    def ui(self, px: float) -> int:
        """A design size in pixels for this window."""

    def apply_settings(self, settings: Settings) -> str | None:
        """Adopt and save new settings; a message if saving failed."""

    def pop(self) -> None:
        """Close the top scene."""

    def quit(self) -> None:
        """Stop after this frame."""

    def open(self, name: str, *args: Any) -> Scene:
        """Show the scene registered under `name`, made from `args`, over the current one."""

    def back_to(self, name: str) -> None:
        """Close the scenes above the nearest one registered under `name`."""

    def open_game(self, session: GameSession, files: GameFiles | None) -> Scene:
        """Show a game at its rule set's table, over the title screen."""


class Scene:
    """Base scene: override what you need."""

    opaque = True
    """Whether the scene covers the whole screen (else the one below is drawn first)."""

    def __init__(self) -> None:
        self.app: Host | None = None
        self.full_redraw = True

    @property
    def host(self) -> Host:
        """The app showing the scene (only while it is on the stack)."""
        assert self.app is not None
        return self.app

    def enter(self, app: Host) -> None:
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
        """The window changed size (or UI scale): lay out again."""
        self.full_redraw = True
        if self.app is not None:
            self.enter(self.app)

    def save_in_use(self) -> Path | None:
        """The log of the game this scene keeps saved, if any (the Load screen won't delete
        it, and opening it returns to this scene)."""
        return None

    def unsaved(self) -> str:
        """Why closing this scene now would lose something, in words ("": it would not)."""
        return ""


class Page(Scene):
    """A static screen, drawn in full after any change and otherwise left alone."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The whole page after a change; nothing otherwise."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        return self.paint(surface)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the page; the rectangles drawn (None: the whole screen)."""
        return None


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

    def push(self, scene: Scene, app: Host) -> None:
        """Cover the current scene with a new one."""
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter(app)

    def pop(self, app: Host) -> Scene | None:
        """Remove the top scene; the one below becomes active."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter(app)
        return scene

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
