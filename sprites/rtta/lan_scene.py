"""The Roll Through the Ages table of a LAN game: the hot-seat table driven by the network's
records (`lan_control.py`), with the machines' strip (each machine's link and whom the table
waits for) at the top of the lower right panel, the pause and stop dialogs of the
Mediterranean Empires LAN table, and the end screen with each seat's audit line once every
machine's audit is in. Opened by the LAN table once the signed genesis names this rule set.
"""

from __future__ import annotations

import pygame

from game.core.actions import Action
from net.lan.facade import GameStart, Lan, TableStatus
from net.lan.mirror import Mirror
from sprites import theme
from sprites.rtta.end import draw_end
from sprites.rtta.lan_control import LanRttaControl
from sprites.rtta.look import text
from sprites.rtta.panel import flow
from sprites.rtta.scene import RttaScene
from sprites.rtta.words import seat_name
from sprites.scenes.base import Host, Intent, intent
from sprites.scenes.lan_seats import seat_words
from sprites.table.lan_status import draw_status_strip, strip_height
from sprites.ui.widgets import panel

ADJOURNED = "The game is adjourned: every machine kept it, and Resume LAN Game goes on with it."
CHECKING = "The game is over — waiting for every machine's audit…"


class LanRttaScene(RttaScene):
    """A LAN game of Roll Through the Ages (or one being followed) at this screen."""

    def __init__(self, start: GameStart, lan: Lan) -> None:
        mirror = Mirror(start)
        self.lan_control = LanRttaControl(lan, mirror)
        super().__init__(mirror.session, control=self.lan_control)
        self.lan = lan
        self.dialog = ""
        """The dialog last opened over the table ("lan_pause", "lan_frozen")."""
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.status_drawn: TableStatus | None = None

    def enter(self, app: Host) -> None:
        """The hot-seat layout, with the machines' strip at the top of the lower panel."""
        super().enter(app)
        self.dialog = ""
        u, lower = self.u, self.lower_rect
        self.strip_rect = pygame.Rect(lower.x + u(20), lower.y + u(14), lower.w - u(40),
                                      strip_height(u))
        room = self.strip_rect.h + u(8)
        self.lower_rect = pygame.Rect(lower.x, lower.y + room, lower.w, lower.h - room)

    # -- leaving -------------------------------------------------------------------------

    def _leave(self, it: Intent) -> None:
        """Esc closes the end screen or a chooser first; Leave leaves the game (the others
        wait for this machine, then adjourn or go on; Resume LAN Game comes back to it)."""
        if self.end_open or ((self.chooser or self.tray.omen_die is not None)
                             and it.arg("key")):
            super()._leave(it)
        else:
            self._title(it)

    def _title(self, it: Intent) -> None:
        self.lan_control.leave()
        self.host.back_to("title")

    # -- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The game as the records come; the network's news opens its dialogs."""
        super().update(dt)
        self._news()

    def _news(self) -> None:
        """A frozen table, a machine away, an adjourned game, the wait for the audit."""
        status = self.lan_control.status
        if status is None:
            return
        control, notice = self.lan_control, self.lan_control.notice
        if status.stopped and self.dialog != "lan_frozen":
            self._open("lan_frozen")
        elif status.paused and not self.dialog and not control.stuck:
            self._open("lan_pause")
        elif status.result == "adjourned":
            control.notice = ADJOURNED
        elif self.session.over:
            control.notice = "" if status.result else CHECKING
        if not status.paused and self.dialog == "lan_pause":
            self.dialog = ""
        self.dirty |= control.notice != notice

    def _open(self, name: str) -> None:
        self.dialog = name
        self.host.open(name, self.lan)

    # -- drawing -------------------------------------------------------------------------

    def prompt_words(self, legal: tuple[Action, ...]) -> tuple[str, str, str]:
        """Who decides is a person or a bot on a named machine; an answer on its way says
        so."""
        who, why, hint = super().prompt_words(legal)
        pending, control = self.view["pending"], self.lan_control
        if control.sent_at is not None and pending is not None:
            return f"{seat_name(int(pending['seat']))}, your answer is sent", why, \
                "Sent — waiting for the table"
        if pending is not None and not legal and not self.tray.busy:
            seat = int(pending["seat"])
            who = f"{seat_name(seat)} ({control.mirror.person(seat)}) is deciding"
        return who, why, hint

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table, the machines' strip over it, redrawn as the network's news changes."""
        status = self.lan_control.status
        if status != self.status_drawn:
            self.status_drawn = status
            self.dirty = True
        drawn = super().draw(surface)
        if drawn is None and status is not None and not self.end_open:
            draw_status_strip(surface, status, self.strip_rect, self.u,
                              self.host.settings.colour_blind)
        return drawn

    def _end(self, surface: pygame.Surface) -> None:
        """The scores, and under them each seat's audit line (abandoned games so marked)."""
        status = self.lan_control.status
        outcome = self.session.outcome()
        if status is not None and status.result == "abandoned":
            outcome = outcome.abandoned()
        box = draw_end(surface, self.u, self.view, outcome, self.colour)
        u = self.u
        lines = status.audit if status is not None else ()
        if lines:
            audit = pygame.Rect(box.x, box.bottom + u(12), box.w, u(30) + len(lines) * u(28))
            panel(surface, audit)
            for k, words in enumerate(lines):
                seat, colon, rest = words.partition(": ")
                words = f"{seat_words(seat)}{colon}{rest}"
                text(surface, "serif_italic", u(20), words, theme.INK,
                     midtop=(audit.centerx, audit.y + u(14) + k * u(28)))
        area = pygame.Rect(box.x + u(40), box.bottom - u(70), box.w - u(80), u(50))
        self.buttons = flow(u, area, [("Look at the table", intent("close_end"), True),
                                      ("Leave to the title", intent("title"), True)])
        for button in self.buttons:
            button.hovered = button.rect.collidepoint(self.pointer)
            button.draw(surface, u)
