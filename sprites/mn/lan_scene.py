"""The Mare Nostrum table of a LAN game: the hot-seat table driven by the network's records
(lan_control.py), with the LAN side every table of its own shares (`sprites/lan_table.py`:
the pause and stop dialogs, the machines' strip, the end waiting for every machine's audit),
the strip at the top of the right column, and the end's banner followed by each seat's audit
line. Opened by the LAN table once the signed genesis names this rule set."""

from __future__ import annotations

import pygame

from net.lan.facade import GameStart, Lan
from net.lan.mirror import Mirror
from sprites.lan_table import LanOwnTable
from sprites.mn.lan_control import LanMnControl
from sprites.mn.scene import MnScene
from sprites.mn.words import empire_name
from sprites.scenes.base import Host, Intent


class LanMnScene(LanOwnTable[LanMnControl], MnScene):
    """A LAN game of Mare Nostrum (or one being followed) at this screen."""

    def __init__(self, start: GameStart, lan: Lan) -> None:
        mirror = Mirror(start)
        self.lan_control = LanMnControl(lan, mirror)
        super().__init__(mirror.session, control=self.lan_control)
        self._join(lan)

    def enter(self, app: Host) -> None:
        """The hot-seat layout, the machines' strip at the top of the right column."""
        super().enter(app)
        self.right_rect = self._strip_atop(self.right_rect, 16, 10)

    def _leave(self, it: Intent) -> None:
        """Esc closes the end, a chooser or the display first; Leave leaves the game (the
        others wait for this machine; Resume LAN Game comes back to it)."""
        if self.end_open or ((self.chooser or self.display_open) and it.arg("key")):
            super()._leave(it)
        else:
            self._title(it)

    def whose(self) -> str:
        """Who decides, and on which machine; an answer on its way says so."""
        decision = self.session.decision()
        if self.lan_control.sent_at is not None and not decision.is_over:
            return "Sent — waiting for the table"
        if decision.is_over or decision.actor < 0:
            return super().whose()
        who = empire_name(self.empires[decision.actor])
        return f"{who} ({self.lan_control.mirror.person(decision.actor)}) to play"

    def _end(self, surface: pygame.Surface) -> None:
        """The banner, and under it each seat's audit line once every machine's is in."""
        super()._end(surface)
        u = self.u
        self._draw_audit(surface, u(1100),
                         midbottom=(surface.get_width() // 2, surface.get_height() - u(20)))
