"""What a rule set's table of its own (Roll Through the Ages, Mare Nostrum) does the same way
at this screen: its save, a click on a button or a zone, a person's action, the end screen's
buttons and the way back to the title. The LAN side of such a table is `sprites/lan_table.py`.

Here rather than in `sprites/scenes/`: it reads the tables' action buttons, and the scenes'
package does not import the tables'."""

from __future__ import annotations

from pathlib import Path
from typing import Generic, Protocol, TypeVar

import pygame

from game.core.actions import Action
from net.files.saves import GameFiles
from sprites.rtta.panel import ActionButton
from sprites.scenes.base import Intent, Scene, intent


class OwnControl(Protocol):
    """What the shared part of a table reads of the rule set's control."""

    files: GameFiles | None

    def unsaved(self) -> str:
        """Why leaving now would lose moves ("" when nothing would be lost)."""

    def act(self, action: Action) -> object:
        """The person's action goes into the game."""


Control = TypeVar("Control", bound=OwnControl)


class OwnTableScene(Scene, Generic[Control]):
    """The base of a rule set's own table scene: the scene sets `control`, `buttons`, `zones`,
    `chooser` and `end_open`, and says what `legal` and `_after` mean for its game."""

    control: Control
    buttons: list[ActionButton]
    zones: dict[str, pygame.Rect]
    chooser: list[Action] | None
    end_open: bool

    def save_in_use(self) -> Path | None:
        """The game's log (while it is saved)."""
        files = self.control.files
        return files.log_path if files is not None else None

    def unsaved(self) -> str:
        """Why leaving now would lose moves."""
        return self.control.unsaved()

    def legal(self) -> tuple[Action, ...]:
        """The person's legal actions now."""
        raise NotImplementedError

    def act(self, action: Action) -> None:
        """Answer the person's decision with a legal action."""
        if action not in self.legal():
            return
        self.chooser = None
        self._clear_choices()
        self.control.act(action)
        self._after()

    def _clear_choices(self) -> None:
        """What the table forgets once an action is taken, besides the chooser."""

    def _after(self) -> None:
        """A new entry: the table's view follows."""
        raise NotImplementedError

    def _click(self, it: Intent) -> None:
        """A button first, then (unless something covers the table) the topmost zone, then
        whatever else the table answers."""
        pos = it.arg("pos")
        for button in self.buttons:
            if button.hit(pos):
                return self.apply(button.intent)
        if self._covered():
            return None
        for key, rect in reversed(list(self.zones.items())):
            if rect.collidepoint(pos):
                return self.apply(intent("zone", key=key))
        return self._click_elsewhere(pos)

    def _covered(self) -> bool:
        """Whether the zones are hidden under something (the end screen here)."""
        return self.end_open

    def _click_elsewhere(self, pos: tuple[int, int]) -> None:
        """A click on no button and no zone (nothing here)."""

    def _act_intent(self, it: Intent) -> None:
        self.act(it.arg("action"))

    def _title(self, it: Intent) -> None:
        self.host.back_to("title")

    def _close_end(self, it: Intent) -> None:
        self.end_open = False

    def _show_end(self, it: Intent) -> None:
        self.end_open = True
