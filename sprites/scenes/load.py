"""Load game: every save in the saves folder, newest first, a page at a time (the wheel, the
arrows, Page Up/Down, Home/End). A damaged save is listed as damaged with its reason (the
checks of `net.files.saves.read_info`: the log, the seats file, the rule set, the scenario and
its seats) and never hides the others. Opening one replays its log and resumes the rule set's
table at the same state hash; Delete removes a save after asking. Nothing here crashes on a
bad file, and nothing is lost without asking: opening another game while the one in play has
unsaved moves asks first."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from sprites import content, theme
from sprites.colour import RGB
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.settings import saves_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_lines, draw_text, elide, render, wrap
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from net.files.saves import SaveInfo

KEYS = {pygame.K_ESCAPE: intent("back"), pygame.K_RETURN: intent("open"),
        pygame.K_KP_ENTER: intent("open"), pygame.K_DELETE: intent("delete"),
        pygame.K_UP: intent("select", step=-1), pygame.K_DOWN: intent("select", step=1),
        pygame.K_PAGEUP: intent("page", step=-1), pygame.K_PAGEDOWN: intent("page", step=1),
        pygame.K_HOME: intent("page", step=-10**6), pygame.K_END: intent("page", step=10**6)}
PITCH = 66
"""Design pixels from one row of the list to the next."""
MESSAGE = ("serif_bold", 22)
"""The face and design size of the message under the list."""


class LoadScene(Page):
    """The saved games; click one to select it (again to open it), or arrows and Enter."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SaveInfo] = []
        self.selected = 0
        self.first = 0
        """The save shown on the list's top row."""
        self.page = 1
        self.rows: list[pygame.Rect] = []
        self.message = ""
        self.message_ink: RGB = theme.WAX
        self.asking: tuple[str, int] | None = None
        """("delete" or "open", the save's index) while a question waits for an answer."""
        self.in_use: set[Path] = set()
        self.lost = ""
        """Why the game in play would lose moves (said when asking before opening another)."""
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out and read the saves folder."""
        super().enter(app)
        from net.files.saves import list_saves

        u, (w, h) = app.ui, app.size
        self.box = pygame.Rect(0, 0, min(w - u(100), u(1100)), min(h - u(60), u(820)))
        self.box.center = (w // 2, h // 2)
        top, bottom = self.box.y + u(128), self.box.bottom - u(88) - u(104)
        self.page = max(1, (bottom - top) // u(PITCH))
        self.list = pygame.Rect(self.box.x + u(40), top, self.box.w - u(80),
                                self.page * u(PITCH) - u(6))
        self.saves = list_saves(saves_dir())
        self.in_use = {p.resolve() for s in app.stack if (p := s.save_in_use()) is not None}
        self._choose(min(self.selected, max(0, len(self.saves) - 1)))

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Keys; the wheel scrolls; a click on a button, or on a row (select, then open)."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("scroll", lines=-event.y)]
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "pick"))

    def apply(self, it: Intent) -> None:
        """Back, select, scroll, open, delete, or answer the question asked."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        handlers: dict[str, Callable[[], Any]] = {
            "back": self._back, "delete": self._ask_delete, "confirm": self._confirm,
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

    def _scroll(self, lines: int) -> None:
        """Move the list by some rows (the selection stays)."""
        self.first = max(0, min(self.first + lines, len(self.saves) - self.page))
        self.rows = self._row_rects()

    def _pick(self, index: int) -> None:
        """A click on a row: select it, or open it if it was selected already."""
        if index == self.selected:
            self._open(index)
        else:
            self._choose(index)

    def _ask(self, question: tuple[str, int] | None) -> None:
        """Ask (or stop asking) a question; the buttons follow."""
        self.asking = question
        self.rows = self._row_rects()
        self.buttons = self._buttons()

    # -- opening and deleting -----------------------------------------------------------

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
        from net.files.saves import GameFiles, SaveError, load

        try:
            session = load(path)
        except SaveError as exc:
            self._say(str(exc))
            return
        self.host.open_game(session, GameFiles(path.parent, path.name.removesuffix(".log")))

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

    def _confirm(self) -> None:
        """The question's answer is yes: delete the save, or open it anyway."""
        if self.asking is None:
            return
        what, index = self.asking
        self._ask(None)
        if what == "open":
            self.open(self.saves[index].path)
        else:
            self._delete(self.saves[index])

    def _delete(self, info: SaveInfo) -> None:
        """Remove a save and list the folder again, saying what happened."""
        from net.files.saves import SaveError, delete_save, list_saves

        try:
            delete_save(info.path)
        except SaveError as exc:
            self._say(str(exc))
            return
        self.saves = list_saves(saves_dir())
        self._choose(self.selected)
        self._say(f"Deleted {_title(info)}.", theme.INK_SOFT)

    def _say(self, words: str, ink: RGB = theme.WAX) -> None:
        """Show a message under the list."""
        self.message, self.message_ink = words, ink

    # -- layout -------------------------------------------------------------------------

    def _row_rects(self) -> list[pygame.Rect]:
        """The visible rows (narrower when a scroll bar is needed)."""
        u, box = self.host.ui, self.list
        width = box.w - (u(24) if len(self.saves) > self.page else 0)
        shown = min(self.page, len(self.saves) - self.first)
        return [pygame.Rect(box.x, box.y + k * u(PITCH), width, u(PITCH - 6))
                for k in range(shown)]

    def _buttons(self) -> list[Button]:
        """Back and Open at the corners, Delete beside Open; Cancel and yes while asking."""
        u, box = self.host.ui, self.box
        info = self.saves[self.selected] if self.saves else None
        if self.asking is not None:
            yes = "Delete" if self.asking[0] == "delete" else "Open Anyway"
            specs = [("Cancel", intent("back"), True), (yes, intent("confirm"), True)]
        else:
            specs = [("Back", intent("back"), True),
                     ("Open", intent("open"), bool(info and not info.problem)),
                     ("Delete", intent("delete"), info is not None
                      and info.path.resolve() not in self.in_use)]
        buttons = [Button(pygame.Rect(0, 0, u(220), u(58)), words, it, u(24), enabled=ok)
                   for words, it, ok in specs]
        buttons[0].rect.bottomleft = (box.x + u(40), box.bottom - u(30))
        right = box.right - u(40)
        for button in buttons[1:]:
            button.rect.bottomright = (right, box.bottom - u(30))
            right = button.rect.x - u(20)
        return buttons

    # -- drawing ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The saves, the scroll bar, a message or question, the buttons."""
        u = self.host.ui
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(44), "LOAD GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(60))))
        rule(surface, self.box.y + u(104), self.box.centerx - u(180), self.box.centerx + u(180))
        if not self.saves:
            words = ("No saved games yet. Games are saved automatically in "
                     f"{saves_dir()} as you play.")
            draw_lines(surface, "serif", u(26), wrap("serif", u(26), words, self.box.w - u(120)),
                       theme.INK, self.list.y + u(20), self.box.centerx)
        for k, row in enumerate(self.rows):
            self._row(surface, self.saves[self.first + k], row, self.first + k == self.selected)
        self._scroll_bar(surface)
        self._message(surface)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _scroll_bar(self, surface: pygame.Surface) -> None:
        """A gold thumb in a track beside the list, with "n of m" under it."""
        count, u = len(self.saves), self.host.ui
        if count <= self.page:
            return
        track = pygame.Rect(self.list.right - u(10), self.list.y, u(10), self.list.h)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=u(5))
        thumb = pygame.Rect(track.x, track.y + track.h * self.first // count, track.w,
                            max(u(24), track.h * self.page // count))
        pygame.draw.rect(surface, theme.GOLD, thumb.clamp(track), border_radius=u(5))
        last = min(count, self.first + self.page)
        draw_text(surface, "serif_italic", u(17), f"{self.first + 1}–{last} of {count}",
                  theme.INK_SOFT, topright=(track.right, self.list.bottom + u(4)))

    def _message(self, surface: pygame.Surface) -> None:
        """The question asked, else the last message, else what the selected save says."""
        u, (face, size) = self.host.ui, MESSAGE
        words, ink = self._words()
        if not words:
            return
        top = self.list.bottom + u(28)
        room = max(1, (self.buttons[0].rect.y - u(6) - top) // font(face, u(size)).get_linesize())
        lines = wrap(face, u(size), words, self.box.w - u(120))
        if len(lines) > room:
            lines = [*lines[:room - 1], elide(face, u(size), " ".join(lines[room - 1:]),
                                              self.box.w - u(120))]
        draw_lines(surface, face, u(size), lines, ink, top, self.box.centerx)

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
        return "", theme.INK

    def _question(self, what: str, index: int) -> str:
        """The question asked before deleting a save or leaving unsaved moves behind."""
        if what == "delete":
            return (f"Delete {_title(self.saves[index])}? Its game log and seats file are "
                    "removed for good.")
        return (f"The game in play has moves that are not saved ({self.lost}). Opening "
                "another game loses them: Open Anyway, or Cancel and Save a Copy first.")

    def _row(self, surface: pygame.Surface, info: SaveInfo, row: pygame.Rect, chosen: bool
             ) -> None:
        """Two lines: the game and when; what it holds, or why it is damaged."""
        u = self.host.ui
        if chosen:
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
        when = time.strftime("%d %b %Y, %H:%M", time.localtime(info.saved)) if info.saved else ""
        stamp = draw_text(surface, "serif_italic", u(18), when, theme.INK_SOFT,
                          topright=(row.right - u(14), row.y + u(8)))
        ink = theme.INK_SOFT if info.problem else (theme.WAX if chosen else theme.INK)
        title = elide("serif_bold", u(24), _title(info), stamp.x - row.x - u(40))
        draw_text(surface, "serif_bold", u(24), title, ink, topleft=(row.x + u(14), row.y + u(2)))
        detail = elide("serif_italic", u(19), self._detail(info), row.w - u(28))
        draw_text(surface, "serif_italic", u(19), detail,
                  theme.WAX if info.problem else theme.INK_SOFT,
                  bottomleft=(row.x + u(14), row.bottom - u(4)))

    def _detail(self, info: SaveInfo) -> str:
        """A row's second line: where the game stands and who plays, or why it is damaged."""
        if info.problem:
            return f"Damaged — {info.problem}"
        state = "finished" if info.finished else (info.summary or f"{info.entries} moves")
        playing = " · the game in play" if info.path.resolve() in self.in_use else ""
        return f"{state} · {_who(info.players)}{playing}"


def _who(players: tuple[str, ...]) -> str:
    """Who plays: "2 players at this screen, 1 bot"."""
    people = sum(1 for p in players if p == "human")
    bots = len(players) - people
    words = [f"{n} {noun}{'s' if n != 1 else ''}{where}" for n, noun, where in
             ((people, "player", " at this screen"), (bots, "bot", "")) if n]
    return ", ".join(words)


def _name(info: SaveInfo) -> str:
    """The save's file name, without .log."""
    return info.path.name.removesuffix(".log")


def _damaged(info: SaveInfo) -> str:
    """Why a damaged save cannot be opened, and what can be done."""
    return f"{_name(info)} cannot be opened: {info.problem.rstrip('.')}. Delete removes it."


def _title(info: SaveInfo) -> str:
    """The scenario's number and name (the file's name for a damaged save)."""
    if info.problem:
        return _name(info)
    try:
        setup = content.content().setup(info.scenario)
    except KeyError:
        return f"{info.scenario} ({_name(info)})"
    return f"{setup.number}. {setup.name}"
