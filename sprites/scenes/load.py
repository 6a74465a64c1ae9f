"""Load game: every save in the saves folder, newest first, in two tabs — Unfinished and
Finished (Tab, or a click) — a page at a time (the wheel, the arrows, Page Up/Down, Home/End).
Each row names the scenario, where the game stands, when it was saved and who plays
(`load_rows`). A damaged save is listed as damaged with its reason (the checks of
`net.files.saves.read_info`) and never hides the others.

A click selects a save; Open, Enter or a double-click opens it — a single click never does.
Opening replays the log and resumes the rule set's table at the same state hash; Delete
removes a save after asking; Rename (F2) gives it a name, kept beside it. Nothing here crashes
on a bad file, and nothing is lost without asking: opening another game while the one in play
has unsaved moves asks first."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from net.files.save_names import NAME_LIMIT, SEPARATORS
from sprites import theme
from sprites.colour import RGB
from sprites.scenes import load_rows
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.lan_common import TextField, start_typing, stop_typing
from sprites.settings import saves_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_lines, draw_text, render, wrap
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from net.files.saves import SaveInfo

KEYS = {pygame.K_ESCAPE: intent("back"), pygame.K_RETURN: intent("open"),
        pygame.K_KP_ENTER: intent("open"), pygame.K_DELETE: intent("delete"),
        pygame.K_F2: intent("rename"), pygame.K_TAB: intent("tab"),
        pygame.K_UP: intent("select", step=-1), pygame.K_DOWN: intent("select", step=1),
        pygame.K_PAGEUP: intent("page", step=-1), pygame.K_PAGEDOWN: intent("page", step=1),
        pygame.K_HOME: intent("page", step=-10**6), pygame.K_END: intent("page", step=10**6)}
MESSAGE = ("serif_bold", 22)
"""The face and design size of the message under the list."""
DOUBLE_CLICK = 0.45
"""Seconds within which a second click on the same save opens it."""
HINT = "Double-click, Enter or Open opens a save · F2 renames it · Tab shows the other list"


class LoadScene(Page):
    """The saved games; a click selects one, a double-click (or Enter, or Open) opens it."""

    def __init__(self) -> None:
        super().__init__()
        self.every: list[SaveInfo] = []
        """Every save in the folder, newest first."""
        self.tab = 0
        """The list shown: 0 the unfinished games, 1 the finished ones."""
        self.saves: list[SaveInfo] = []
        """The saves of the list shown."""
        self.selected = 0
        self.first = 0
        """The save shown on the list's top row."""
        self.page = 1
        self.rows: list[pygame.Rect] = []
        self.tabs: list[pygame.Rect] = []
        self.message = ""
        self.message_ink: RGB = theme.WAX
        self.asking: tuple[str, int] | None = None
        """("delete", "open" or "rename", the save's index) while a question waits."""
        self.field: TextField | None = None
        """The new name being typed while renaming."""
        self.clicked: tuple[Path, float] | None = None
        """The save last clicked and when (a second click soon after opens it)."""
        self.now: Callable[[], float] = time.monotonic
        self.in_use: set[Path] = set()
        self.lost = ""
        """Why the game in play would lose moves (said when asking before opening another)."""
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out and read the saves folder."""
        super().enter(app)
        u, (w, h) = app.ui, app.size
        self.box = pygame.Rect(0, 0, min(w - u(100), u(1100)), min(h - u(60), u(820)))
        self.box.center = (w // 2, h // 2)
        self.tabs = load_rows.tab_rects(u, self.box.centerx, self.box.y + u(122))
        top, bottom = self.box.y + u(184), self.box.bottom - u(88) - u(104)
        self.page = max(1, (bottom - top) // u(load_rows.PITCH))
        self.list = pygame.Rect(self.box.x + u(40), top, self.box.w - u(80),
                                self.page * u(load_rows.PITCH) - u(6))
        self.field_rect = pygame.Rect(0, 0, min(self.list.w - u(200), u(640)), u(52))
        self.field_rect.midtop = (self.box.centerx + u(70), self.list.bottom + u(34))
        self.in_use = {p.resolve() for s in app.stack if (p := s.save_in_use()) is not None}
        self._reload(None)
        if not self.saves and any(s.finished != bool(self.tab) for s in self.every):
            self._show(1 - self.tab)

    def leave(self) -> None:
        """No more typing."""
        if self.field is not None:
            stop_typing()

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Typing while renaming; else keys, the wheel, the buttons, the tabs, the rows."""
        if self.field is not None:
            return self.field.intents(event) or button_intents(event, self.buttons)
        if event.type == pygame.MOUSEWHEEL:
            return [intent("scroll", lines=-event.y)]
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.tabs, "tab") or row_intents(event, self.rows, "pick"))

    def apply(self, it: Intent) -> None:
        """Back, select, scroll, switch lists, open, delete, rename, type, or answer."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        handlers: dict[str, Callable[[], Any]] = {
            "back": self._back, "cancel": self._back, "confirm": self._confirm,
            "accept": self._confirm, "delete": self._ask_delete, "rename": self._ask_rename,
            "type": lambda: self._edit(it), "erase": lambda: self._edit(it),
            "tab": lambda: self._show(it.arg("index", 1 - self.tab)),
            "select": lambda: self._choose(self.selected + it.arg("step"), wrap_round=True),
            "page": lambda: self._choose(self.selected + it.arg("step") * self.page),
            "scroll": lambda: self._scroll(it.arg("lines")),
            "pick": lambda: self._pick(self.first + it.arg("index")),
            "open": lambda: self._confirm() if self.asking else self._open(
                it.arg("index", self.selected)),
        }
        if it.name in handlers:
            handlers[it.name]()
            self.full_redraw = True

    def _back(self) -> None:
        """Cancel the question asked, else close the screen."""
        if self.asking is not None:
            self._ask(None)
        else:
            self.host.pop()

    def _choose(self, index: int, wrap_round: bool = False) -> None:
        """Select a save (and scroll to it); a new selection drops the question and message."""
        count = len(self.saves)
        index = index % count if wrap_round and count else max(0, min(index, count - 1))
        if index != self.selected:
            self.message = ""
        self.selected = index
        self.first = max(0, min(self.first, index, count - self.page), index - self.page + 1)
        self._ask(None)

    def _show(self, tab: int) -> None:
        """Show the unfinished games (0) or the finished ones (1), from the newest."""
        self.tab, self.message, self.selected, self.first = tab % len(load_rows.TABS), "", 0, 0
        self.saves = [s for s in self.every if s.finished == bool(self.tab)]
        self._choose(0)

    def _reload(self, keep: Path | None) -> None:
        """Read the saves folder again, keeping `keep` selected if it is still listed."""
        from net.files.saves import list_saves

        self.every = list_saves(saves_dir())
        self.saves = [s for s in self.every if s.finished == bool(self.tab)]
        self._choose(next((k for k, s in enumerate(self.saves) if s.path == keep),
                          self.selected))

    def _scroll(self, lines: int) -> None:
        """Move the list by some rows (the selection stays)."""
        self.first = max(0, min(self.first + lines, len(self.saves) - self.page))
        self.rows = self._row_rects()

    def _pick(self, index: int) -> None:
        """A click on a row selects it; a second click on it soon after opens it."""
        if index >= len(self.saves):
            return
        now, path = self.now(), self.saves[index].path
        last = self.clicked
        double = last is not None and last[0] == path and now - last[1] <= DOUBLE_CLICK
        self.clicked = None if double else (path, now)
        if double:
            self._open(index)
        else:
            self._choose(index)

    def _ask(self, question: tuple[str, int] | None) -> None:
        """Ask (or stop asking) a question; the buttons and the name field follow."""
        renaming = question is not None and question[0] == "rename"
        if self.field is not None and not renaming:
            stop_typing()
        self.asking = question
        self.field = TextField(self.saves[question[1]].name, NAME_LIMIT) \
            if question is not None and renaming else None
        if self.field is not None:
            start_typing(self.field_rect)
        self.rows = self._row_rects()
        self.buttons = self._buttons()

    # -- opening, deleting, renaming ----------------------------------------------------

    def _open(self, index: int) -> None:
        """Open the save at `index`: back to it if it is the game in play; ask first if
        another game in play would lose moves; say why if it is damaged."""
        if not self.saves:
            return
        self._choose(index)
        info = self.saves[index]
        if info.problem:
            self._say(_damaged(info))
        elif info.path.resolve() in self.in_use:
            self._return_to(info.path.resolve())
        elif lost := self._unsaved():
            self.lost = lost
            self._ask(("open", index))
        else:
            self.open(info.path)

    def open(self, path: Path) -> None:
        """Resume a save at its rule set's table, or say why it cannot be opened."""
        problem = load_rows.open_save(self.host, path)
        if problem:
            self._say(problem)

    def _return_to(self, path: Path) -> None:
        """Close the scenes above the one playing the game saved at `path`."""
        host = self.host
        owner = next(s for s in host.stack if (p := s.save_in_use()) and p.resolve() == path)
        while host.stack.top is not owner:
            host.pop()

    def _unsaved(self) -> str:
        """Why a game in play would lose moves if another were opened ("": none would)."""
        return next((words for scene in self.host.stack if (words := scene.unsaved())), "")

    def _ask_delete(self) -> None:
        """Ask before deleting the selected save (never the game in play's)."""
        if not self.saves:
            return
        if self.saves[self.selected].path.resolve() in self.in_use:
            self._say("This is the game in play: leave it (Leave to Title) before deleting "
                      "its save.")
        else:
            self._ask(("delete", self.selected))

    def _ask_rename(self) -> None:
        """Type a new name for the selected save (not a damaged one)."""
        if self.saves and not self.saves[self.selected].problem:
            self.message = ""
            self._ask(("rename", self.selected))

    def _edit(self, it: Intent) -> None:
        """Typing or Backspace in the name (path separators are never typed)."""
        if self.field is not None:
            typed = "".join(c for c in str(it.arg("text", "")) if c not in SEPARATORS)
            self.field.apply(intent(it.name, text=typed))

    def _confirm(self) -> None:
        """The question's answer is yes: delete the save, rename it, or open it anyway."""
        if self.asking is None:
            return
        (what, index), name = self.asking, self.field.text if self.field else ""
        self._ask(None)
        if what == "open":
            self.open(self.saves[index].path)
        elif what == "rename":
            self._rename(self.saves[index], name)
        else:
            self._delete(self.saves[index])

    def _rename(self, info: SaveInfo, name: str) -> None:
        """Keep a new name for a save and list the folder again, saying what happened."""
        from net.files.saves import SaveError, rename_save

        try:
            kept = rename_save(info.path, name)
        except SaveError as exc:
            self._say(str(exc))
            return
        self._reload(info.path)
        self._say(f"Renamed to “{kept}”." if kept else "The save has its usual name again.",
                  theme.INK_SOFT)

    def _delete(self, info: SaveInfo) -> None:
        """Remove a save and list the folder again, saying what happened."""
        from net.files.saves import SaveError, delete_save

        try:
            delete_save(info.path)
        except SaveError as exc:
            self._say(str(exc))
            return
        self._reload(None)
        self._say(f"Deleted {load_rows.described(info)}.", theme.INK_SOFT)

    def _say(self, words: str, ink: RGB = theme.WAX) -> None:
        """Show a message under the list."""
        self.message, self.message_ink = words, ink

    # -- layout -------------------------------------------------------------------------

    def _row_rects(self) -> list[pygame.Rect]:
        """The visible rows (narrower when a scroll bar is needed)."""
        u, box = self.host.ui, self.list
        width = box.w - (u(24) if len(self.saves) > self.page else 0)
        shown = min(self.page, len(self.saves) - self.first)
        return [pygame.Rect(box.x, box.y + k * u(load_rows.PITCH), width, u(load_rows.PITCH - 6))
                for k in range(shown)]

    def _buttons(self) -> list[Button]:
        """Back at the left; Open, Delete and Rename from the right; Cancel and yes while
        asking."""
        u, box = self.host.ui, self.box
        info = self.saves[self.selected] if self.saves else None
        good = bool(info and not info.problem)
        if self.asking is not None:
            yes = {"delete": "Delete", "open": "Open Anyway", "rename": "Rename"}
            specs = [("Cancel", intent("back"), True),
                     (yes[self.asking[0]], intent("confirm"), True)]
        else:
            specs = [("Back", intent("back"), True), ("Open", intent("open"), good),
                     ("Delete", intent("delete"), info is not None
                      and info.path.resolve() not in self.in_use),
                     ("Rename", intent("rename"), good)]
        buttons = [Button(pygame.Rect(0, 0, u(200), u(58)), words, it, u(24), enabled=ok)
                   for words, it, ok in specs]
        buttons[0].rect.bottomleft = (box.x + u(40), box.bottom - u(30))
        right = box.right - u(40)
        for button in buttons[1:]:
            button.rect.bottomright = (right, box.bottom - u(30))
            right = button.rect.x - u(16)
        return buttons

    # -- drawing ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The heading and tabs, the saves, the name being typed or a message, the buttons."""
        u = self.host.ui
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(44), "LOAD GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(60))))
        rule(surface, self.box.y + u(104), self.box.centerx - u(180), self.box.centerx + u(180))
        counts = sum(not s.finished for s in self.every), sum(s.finished for s in self.every)
        load_rows.draw_tabs(surface, u, self.tabs, counts, self.tab)
        self._list(surface)
        if self.field is not None:
            draw_text(surface, "display_bold", u(20), "NEW NAME", theme.WAX,
                      midright=(self.field_rect.x - u(16), self.field_rect.centery))
            self.field.draw(surface, self.field_rect, u,
                            hint=f"A name for this save (up to {NAME_LIMIT} letters)")
        else:
            self._message(surface)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _list(self, surface: pygame.Surface) -> None:
        """The rows shown and the scroll bar, or what an empty list says."""
        u = self.host.ui
        if not self.saves:
            words = wrap("serif", u(26), load_rows.empty_words(self.every, self.tab),
                         self.box.w - u(120))
            draw_lines(surface, "serif", u(26), words, theme.INK, self.list.y + u(20),
                       self.box.centerx)
        for k, row in enumerate(self.rows):
            info = self.saves[self.first + k]
            load_rows.draw_row(surface, u, info, row, self.first + k == self.selected,
                          info.path.resolve() in self.in_use)
        load_rows.draw_scroll_bar(surface, u, self.list, self.first, self.page, len(self.saves))

    def _message(self, surface: pygame.Surface) -> None:
        """The question asked, else the last message, else what the selected save says."""
        u = self.host.ui
        words, ink = self._words()
        top = self.list.bottom + u(28)
        area = pygame.Rect(self.box.x + u(60), top, self.box.w - u(120),
                           self.buttons[0].rect.y - u(6) - top)
        face, size = ("serif_italic", 20) if words == HINT else MESSAGE
        load_rows.draw_message(surface, (face, u(size)), words, ink, area)

    def _words(self) -> tuple[str, RGB]:
        """The words under the list and their ink."""
        if self.asking is not None:
            return self._question(*self.asking), theme.WAX
        if self.message or not self.saves:
            return self.message, self.message_ink
        info = self.saves[self.selected]
        if info.problem:
            return _damaged(info), theme.WAX
        if info.path.resolve() in self.in_use:
            return "This is the game in play: Open goes back to it.", theme.INK_SOFT
        return HINT, theme.INK_SOFT

    def _question(self, what: str, index: int) -> str:
        """The question asked before deleting a save or leaving unsaved moves behind."""
        if what == "delete":
            return (f"Delete {load_rows.described(self.saves[index])}? Its game log and seats "
                    "file are removed for good.")
        return (f"The game in play has moves that are not saved ({self.lost}). Opening "
                "another game loses them: Open Anyway, or Cancel and Save a Copy first.")


def _damaged(info: SaveInfo) -> str:
    """Why a damaged save cannot be opened, and what can be done."""
    return (f"{load_rows.title(info)} cannot be opened: {info.problem.rstrip('.')}. "
            "Delete removes it.")
