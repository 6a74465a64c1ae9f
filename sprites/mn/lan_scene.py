"""The Mare Nostrum table of a LAN game: the hot-seat table driven by the network's records
(lan_control.py), with the machines' strip at the top of the right column, the pause and stop
dialogs and the end waiting for every machine's audit as Roll Through the Ages' LAN table
has them (its `_news` and `_open` are borrowed), and the end's banner followed by each seat's
audit line. Opened by the LAN table once the signed genesis names this rule set."""

from __future__ import annotations

import pygame

from game.core.outcome import Outcome
from net.lan.facade import GameStart, Lan, TableStatus
from net.lan.mirror import Mirror
from sprites import theme
from sprites.mn.lan_control import LanMnControl
from sprites.mn.scene import MnScene
from sprites.mn.words import empire_name
from sprites.rtta.lan_scene import LanRttaScene
from sprites.rtta.look import fit, text
from sprites.scenes.base import Host, Intent
from sprites.scenes.lan_seats import seat_words
from sprites.table.lan_status import draw_status_strip, strip_height
from sprites.ui.widgets import panel


class LanMnScene(MnScene):
    """A LAN game of Mare Nostrum (or one being followed) at this screen."""

    _news = LanRttaScene._news
    """A frozen table, a machine away, an adjourned game, the wait for the audit."""
    _open = LanRttaScene._open

    def __init__(self, start: GameStart, lan: Lan) -> None:
        mirror = Mirror(start)
        self.lan_control = LanMnControl(lan, mirror)
        super().__init__(mirror.session, control=self.lan_control)
        self.lan = lan
        self.dialog = ""
        """The dialog last opened over the table ("lan_pause", "lan_frozen")."""
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.status_drawn: TableStatus | None = None

    def enter(self, app: Host) -> None:
        """The hot-seat layout, the machines' strip at the top of the right column."""
        super().enter(app)
        self.dialog = ""
        u, right = self.u, self.right_rect
        self.strip_rect = pygame.Rect(right.x + u(16), right.y + u(10), right.w - u(32),
                                      strip_height(u))
        room = self.strip_rect.h + u(8)
        self.right_rect = pygame.Rect(right.x, right.y + room, right.w, right.h - room)

    def _leave(self, it: Intent) -> None:
        """Esc closes the end, a chooser or the display first; Leave leaves the game (the
        others wait for this machine; Resume LAN Game comes back to it)."""
        if self.end_open or ((self.chooser or self.display_open) and it.arg("key")):
            super()._leave(it)
        else:
            self._title(it)

    def _title(self, it: Intent) -> None:
        self.lan_control.leave()
        self.host.back_to("title")

    def update(self, dt: float) -> None:
        """The game as the records come; the network's news opens its dialogs."""
        super().update(dt)
        self._news()

    def whose(self) -> str:
        """Who decides, and on which machine; an answer on its way says so."""
        decision = self.session.decision()
        if self.lan_control.sent_at is not None and not decision.is_over:
            return "Sent — waiting for the table"
        if decision.is_over or decision.actor < 0:
            return super().whose()
        who = empire_name(self.empires[decision.actor])
        return f"{who} ({self.lan_control.mirror.person(decision.actor)}) to play"

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table with the machines' strip over it, redrawn as the network's news
        changes."""
        status = self.lan_control.status
        if status != self.status_drawn:
            self.status_drawn = status
            self.dirty = True
        drawn = super().draw(surface)
        if drawn is None and status is not None:
            draw_status_strip(surface, status, self.strip_rect, self.u,
                              self.host.settings.colour_blind)
        return drawn

    def outcome(self) -> Outcome:
        """How the game ended (an abandoned LAN game so marked)."""
        status = self.lan_control.status
        found = self.session.outcome()
        return found.abandoned() if status is not None and status.result == "abandoned" \
            else found

    def _end(self, surface: pygame.Surface) -> None:
        """The banner, and under it each seat's audit line once every machine's is in."""
        super()._end(surface)
        status = self.lan_control.status
        lines = status.audit if status is not None else ()
        if not lines:
            return
        u = self.u
        box = pygame.Rect(0, 0, u(1100), u(30) + len(lines) * u(28))
        box.midbottom = (surface.get_width() // 2, surface.get_height() - u(20))
        panel(surface, box)
        for k, words in enumerate(lines):
            seat, colon, rest = words.partition(": ")
            said = fit("serif_italic", u(20), f"{seat_words(seat)}{colon}{rest}", box.w - u(40))
            text(surface, "serif_italic", u(20), said, theme.INK,
                 midtop=(box.centerx, box.y + u(14) + k * u(28)))
