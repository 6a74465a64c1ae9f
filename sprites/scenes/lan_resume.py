"""Resume a LAN game: the unfinished LAN games on this machine's disk (read once on entering),
each with its title, how many records it holds and its machines; Resume rejoins the selected
one at the LAN table (the others' machines must rejoin too)."""

from __future__ import annotations

import pygame

from net.lan.facade import Resumable
from sprites import theme
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.lan_common import line, list_page, list_rows, open_lan, page, plate, plural
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_lines, draw_text, elide, wrap
from sprites.ui.widgets import Button

KEYS = {pygame.K_ESCAPE: intent("back"), pygame.K_RETURN: intent("resume"),
        pygame.K_KP_ENTER: intent("resume"), pygame.K_UP: intent("select", step=-1),
        pygame.K_DOWN: intent("select", step=1)}
EMPTY = "No unfinished LAN games on this machine."
ABOUT = ("Resuming waits for the other machines of the game to rejoin: ask their players to "
         "choose Resume LAN Game too.")


class LanResumeScene(Page):
    """The unfinished LAN games; select one (click, arrows) and resume it."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Resumable] = []
        self.selected = 0
        self.first = 0
        self.page = 1
        self.problem = ""
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out and read the unfinished games (once per entering: it reads the disk)."""
        super().enter(app)
        u = app.ui
        self.box, self.list, self.page = list_page(u, app.size, (1100, 820), 128, 100)
        lan, self.problem = open_lan(app)
        self.games = list(lan.resumable()) if lan is not None else []
        self._choose(self.selected)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Keys, the wheel, buttons, rows."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("select", step=-event.y)]
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "pick"))

    def apply(self, it: Intent) -> None:
        """Select, resume, or go back."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        if it.name == "back":
            self.host.pop()
        elif it.name == "select":
            self._choose(self.selected + it.arg("step"))
        elif it.name == "pick":
            index = self.first + it.arg("index")
            if index == self.selected:
                self.resume()
            else:
                self._choose(index)
        elif it.name == "resume":
            self.resume()
        self.full_redraw = True

    def resume(self) -> None:
        """Rejoin the selected game at the LAN table."""
        lan, self.problem = open_lan(self.host)
        if not self.games or lan is None:
            return
        lan.resume(self.games[self.selected].game)
        self.host.open("lan_table")

    def _choose(self, index: int) -> None:
        count = len(self.games)
        self.selected = max(0, min(index, count - 1))
        self.first = max(0, min(self.first, self.selected, count - self.page),
                         self.selected - self.page + 1)
        u, box = self.host.ui, self.list
        shown = max(0, min(self.page, count - self.first))
        self.rows = list_rows(u, box, shown, box.w)
        back = Button(pygame.Rect(0, 0, u(220), u(58)), "Back", intent("back"), u(24))
        back.rect.bottomleft = (self.box.x + u(40), self.box.bottom - u(30))
        go = Button(pygame.Rect(0, 0, u(220), u(58)), "Resume", intent("resume"), u(24),
                    enabled=bool(self.games))
        go.rect.bottomright = (self.box.right - u(40), self.box.bottom - u(30))
        self.buttons = [back, go]

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The games (or that there are none), a word on resuming, the buttons."""
        u, box = self.host.ui, self.box
        page(surface, u, box, "RESUME LAN GAME")
        if self.problem:
            draw_lines(surface, "serif", u(24), wrap("serif", u(24), self.problem,
                                                     box.w - u(120)),
                       theme.WAX, self.list.y + u(20), box.centerx)
        elif not self.games:
            draw_text(surface, "serif", u(26), EMPTY, theme.INK,
                      midtop=(box.centerx, self.list.y + u(20)))
        for k, row in enumerate(self.rows):
            game = self.games[self.first + k]
            self._row(surface, game, row, self.first + k == self.selected)
        if self.games:
            lines = wrap("serif_italic", u(21), ABOUT, box.w - u(120))[:2]
            draw_lines(surface, "serif_italic", u(21), lines, theme.INK_SOFT,
                       self.list.bottom + u(18), box.centerx)
        count = len(self.games)
        if count > self.page:
            line(surface, u, f"{self.first + 1}–{min(count, self.first + self.page)} of {count}",
                 theme.INK_SOFT, (box.centerx, self.buttons[0].rect.centery), u(300), 18,
                 "serif_italic")
        for button in self.buttons:
            button.draw(surface)
        return None

    def _row(self, surface: pygame.Surface, game: Resumable, row: pygame.Rect, chosen: bool
             ) -> None:
        """The game's title and records; its machines."""
        u = self.host.ui
        plate(surface, row, chosen)
        stamp = draw_text(surface, "serif_italic", u(19), plural(game.records, "record"),
                          theme.INK_SOFT, topright=(row.right - u(14), row.y + u(8)))
        draw_text(surface, "serif_bold", u(24),
                  elide("serif_bold", u(24), game.title, stamp.x - row.x - u(40)),
                  theme.WAX if chosen else theme.INK, topleft=(row.x + u(14), row.y + u(4)))
        machines = "with " + ", ".join(game.machines) if game.machines else "no machines"
        draw_text(surface, "serif_italic", u(19), elide("serif_italic", u(19),
                                                        f"{machines} · game {game.game[:8]}",
                                                        row.w - u(28)),
                  theme.INK_SOFT, bottomleft=(row.x + u(14), row.bottom - u(6)))
