"""The Roll Through the Ages table of a LAN game: the hot-seat table driven by the network's
records (`lan_control.py`), with the LAN side every table of its own shares
(`sprites/lan_table.py`: the pause and stop dialogs, the machines' strip, the audit lines),
the strip at the top of the lower right panel and the end screen with each seat's audit
line under the scores. Opened by the LAN table once the signed genesis names this rule set.
"""

from __future__ import annotations

import pygame

from game.core.actions import Action
from net.lan.facade import GameStart, Lan
from net.lan.mirror import Mirror
from sprites.lan_table import LanOwnTable
from sprites.rtta.lan_control import LanRttaControl
from sprites.rtta.scene import RttaScene
from sprites.rtta.words import seat_name
from sprites.scenes.base import Host, Intent


class LanRttaScene(LanOwnTable[LanRttaControl], RttaScene):
    """A LAN game of Roll Through the Ages (or one being followed) at this screen."""

    LEAVE_WORDS = "Leave to the title"

    def __init__(self, start: GameStart, lan: Lan) -> None:
        mirror = Mirror(start)
        self.lan_control = LanRttaControl(lan, mirror)
        super().__init__(mirror.session, control=self.lan_control)
        self._join(lan)

    def enter(self, app: Host) -> None:
        """The hot-seat layout, with the machines' strip at the top of the lower panel."""
        super().enter(app)
        self.lower_rect = self._strip_atop(self.lower_rect, 20, 14)

    def _leave(self, it: Intent) -> None:
        """Esc closes the end screen or a chooser first; Leave leaves the game (the others
        wait for this machine, then adjourn or go on; Resume LAN Game comes back to it)."""
        if self.end_open or ((self.chooser or self.tray.omen_die is not None)
                             and it.arg("key")):
            super()._leave(it)
        else:
            self._title(it)

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

    def _strip_shown(self) -> bool:
        """The strip stays off the end screen."""
        return not self.end_open

    def _under_scores(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Each seat's audit line (abandoned games so marked in the scores)."""
        self._draw_audit(surface, box.w, topleft=(box.x, box.bottom + self.u(12)))
