"""The in-game menu (Esc at the table): resume, save a copy, load, settings, help, leave;
under them how the game stands on disk (saved, saving, or why the autosave fails) and what the
last choice did, every message wrapped inside the plaque."""

from __future__ import annotations

import pygame

from net.files.storage import StorageError
from sprites import theme
from sprites.colour import RGB
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.controller import TableController
from sprites.ui.text import draw_lines, render, wrap
from sprites.ui.widgets import Menu, MenuItem, panel, rule

TEXT = ("serif_italic", 19)
"""The face and design size of the plaque's messages."""
ITEMS_END = 470
"""Where the menu's items end, from the top of the plaque (design px)."""
MOST_LINES = {"status": 4, "note": 6}


class GameMenu(Scene):
    """A small menu over the table."""

    opaque = False

    def __init__(self, control: TableController) -> None:
        super().__init__()
        self.control = control
        self.note = ""
        """What the last choice did (a copy saved, or why it was not)."""
        self.leaving = False
        """Leave was chosen once with moves unsaved: a second Leave leaves anyway."""
        self.menu = Menu([MenuItem("Resume", intent("resume")),
                          MenuItem("Save a Copy", intent("save"),
                                   enabled=control.files is not None),
                          MenuItem("Load Game", intent("open", scene="load"),
                                   enabled=control.can_load),
                          MenuItem("Settings", intent("open", scene="settings")),
                          MenuItem("Help", intent("open", scene="help")),
                          MenuItem("Leave to Title", intent("leave"))], 30)

    def enter(self, app: Host) -> None:
        """Lay out a little above the middle of the window; Leave says where it goes."""
        super().enter(app)
        self.menu.items[-1].text = leave_words(app)
        w, h = app.size
        self.menu.size = app.ui(30)
        self.box = pygame.Rect(0, 0, app.ui(560), app.ui(ITEMS_END + 50))
        self.top = max(app.ui(16), h // 2 - app.ui(290))
        self.box.midtop = (w // 2, self.top)
        self.menu.layout(w // 2, self.box.y + app.ui(110), app.ui(56))

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows, Enter, the mouse; Esc resumes."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("resume")]
        return self.menu.intents(event)

    def apply(self, it: Intent) -> None:
        """Carry out a menu choice."""
        it = self.menu.chosen(it)
        if self.menu.apply(it):
            return
        if it.name == "resume":
            self.host.pop()
        elif it.name == "save":
            self._save()
        elif it.name == "open":
            self.host.open(it.arg("scene"))
        elif it.name == "leave":
            self._leave()

    def _save(self) -> None:
        """Save a copy now, and say where (or why not: the reason first, then the path)."""
        if self.control.files is None:
            return
        try:
            path = self.control.save_copy()
        except StorageError as exc:
            self.note = f"Could not save a copy: {_reason_first(exc)}"
            return
        self.note = f"Saved a copy as {path.name} in {path.parent}."

    def _leave(self) -> None:
        """Leave to the title, unless that loses moves and the player has not insisted."""
        lost = "" if self.leaving else self.control.unsaved()
        if not lost:
            self.control.leave()
            self.host.back_to("title")
            return
        self.leaving = True
        self.note = (f"Your last moves are not saved ({lost}). Choose "
                     f"{self.menu.items[-1].text} again to leave without them, or Save a Copy "
                     "first.")

    def status(self) -> tuple[str, RGB]:
        """How the game stands on disk, in words, and their ink."""
        control = self.control
        if control.files is None:
            return control.kept_words(), theme.INK_SOFT
        if control.save_problem:
            return control.save_problem, theme.WAX
        if control.files.saver.saved:
            return "Saved: every move so far is on disk.", theme.INK_SOFT
        return "Saving the last move…", theme.INK_SOFT

    def blocks(self) -> list[tuple[list[str], RGB]]:
        """The status and the note, each wrapped to the plaque and cut to its most lines."""
        u, width = self.host.ui, self.box.w - self.host.ui(56)
        words, ink = self.status()
        out = []
        for key, text, colour in (("status", words, ink), ("note", self.note, theme.WAX)):
            if text:
                out.append((_cut(wrap(TEXT[0], u(TEXT[1]), text, width), MOST_LINES[key]),
                            colour))
        return out

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The plaque, its items, and the messages under them (the plaque fits them and stays
        in the window)."""
        u, blocks = self.host.ui, self.blocks()
        line_h = font(TEXT[0], u(TEXT[1])).get_linesize()
        needed = u(ITEMS_END + 16) + sum(len(b[0]) * line_h + u(14) for b in blocks)
        self._fit(needed, surface.get_height() - u(16))
        panel(surface, self.box)
        head = render("display_bold", u(34), "THE GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(50))))
        self.menu.draw(surface)
        y = self.box.y + u(ITEMS_END)
        rule(surface, y - u(14), self.box.x + u(60), self.box.right - u(60))
        for lines, ink in blocks:
            y = draw_lines(surface, TEXT[0], u(TEXT[1]), lines, ink, y, self.box.centerx) + u(14)
        return [self.box.inflate(12, 14)]

    def _fit(self, height: int, bottom: int) -> None:
        """Make the plaque `height` tall, from its place or higher so it ends above `bottom`;
        the scene below redraws where a smaller plaque no longer covers."""
        if height == self.box.h:
            return
        old = self.box.copy()
        self.box.h = height
        self.box.y = max(0, min(self.top, bottom - height))
        self.menu.layout(self.box.centerx, self.box.y + self.host.ui(110), self.host.ui(56))
        if not self.box.contains(old):
            below = list(self.host.stack)
            below[below.index(self) - 1].full_redraw = True


def _cut(lines: list[str], most: int) -> list[str]:
    """At most `most` lines, the last ending in "…" if some were left out."""
    if len(lines) <= most:
        return lines
    return [*lines[:most - 1], lines[most - 1].rstrip(" .") + "…"]


def _reason_first(exc: StorageError) -> str:
    """Why, then where — 'the disk is full (cannot write /a/b.log).' — so a cut keeps why."""
    where = str(exc).removesuffix(f": {exc.reason}")
    return f"{exc.reason}." if where == exc.reason else f"{exc.reason} ({where})."


def leave_words(app: Host) -> str:
    """"Leave to Title", or what the scene a game goes back to calls it ("Back to the
    Editor" under a play test): the nearest scene below that names it."""
    named = [getattr(scene, "LEAVE_WORDS", "") for scene in app.stack]
    return next((words for words in reversed(named) if words), "Leave to Title")
