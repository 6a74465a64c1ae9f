"""The table of a LAN game without the screen: the mirror follows the records the network
brings (at the pace of the animations), a person's answer goes to the network thread to be
signed and sent, and no decision passes instantly on a person's behalf.

No pygame; tests drive it with a fake `Lan` and a manual clock as they do the hot-seat table.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from game.core.actions import Action
from game.core.events import Event
from net.lan.facade import Lan, Record
from net.lan.mirror import Mirror
from sprites.lan_follow import LanFollower
from sprites.table.controller import Move, Offered, TableController

AUTO_PASS_SECONDS = (1.0, 3.0)
"""A person's only possible answer (a pass) is given after a random wait in this range, so
that how fast it came reveals nothing about their hand."""


class LanController(LanFollower, TableController):
    """One LAN game at this screen, for the people of this machine (or a spectator)."""

    can_load = False
    """Leaving a LAN game goes through Leave to Title (this machine leaves the table)."""
    undo_allowed = False
    """Every machine has signed what was sent: nothing is taken back at a LAN table."""

    def __init__(self, lan: Lan, mirror: Mirror, animation_speed: int = 100,
                 fraction: Callable[[], float] | None = None) -> None:
        super().__init__(mirror.session, None, animation_speed)
        self._follow(lan, mirror)
        self.fraction = fraction or system_fraction
        """A number in [0, 1] no other machine can predict (the auto-pass's wait)."""
        self.auto_pass: float | None = None
        """Seconds left before the screen's person's only answer (a pass) is given."""
        self.auto_passing = False

    # -- pacing -------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Time passes: a bot's record waits out its pause, an answer in flight ages, and a
        pending automatic pass counts down."""
        super().tick(dt)
        self._age_answer(dt)
        if self.auto_pass is not None:
            self.auto_pass -= dt

    def next_move(self) -> Move:
        """Follow the records first; then the person at the screen, or wait for the network."""
        self.pull()
        if self.stuck:
            return "stuck"
        if self.feed:
            return "wait" if self._pausing() else "step"
        if self.session.over:
            return "over"
        seat = self.session.human_turn()
        if seat is None or self.sent_at is not None:
            return "wait"
        if self._must_cover(seat):
            return "cover"
        self._pass_if_only(seat)
        return "person"

    def _bot_to_move(self) -> bool:
        """A bot's record waits a moment so people can follow (a person's comes at once)."""
        decision = self.session.decision()
        return decision.kind == "action" and bool(self.feed) and self.bot_seat(decision.actor)

    def _pass_if_only(self, seat: int) -> None:
        """When a pass is all the screen's person can do, give it after a random wait."""
        if seat != self.screen_seat or self.covered:
            self.auto_pass = None
            return
        legal = self.session.legal(seat)
        if len(legal) != 1 or legal[0].verb != "pass":
            self.auto_pass = None
        elif self.auto_pass is None:
            low, high = AUTO_PASS_SECONDS
            self.auto_pass = low + (high - low) * self.fraction()
        elif self.auto_pass <= 0:
            self.auto_pass = None
            self.auto_passing = True
            self.act(legal[0])

    # -- the game moves on --------------------------------------------------------------

    def _followed(self, record: Record) -> None:
        """An answer's record ends the automatic pass that gave it."""
        if record.entry is not None:
            self.auto_passing = False

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """The person at the screen answers: checked here, then signed and sent by the
        network thread; its events come back with the record."""
        seat = self.session.human_turn()
        if seat is None or self.sent_at is not None or action not in self.session.legal(seat):
            self.notice = "That is not possible now."
            return None
        self.lan.act(seat, action)
        return self._sent()

    # -- words --------------------------------------------------------------------------

    def prompt(self, offered: Offered | None) -> tuple[str, str, str]:
        """(who, why, hint): who plays a seat is a person or a bot on a named machine."""
        who, why, hint = super().prompt(offered)
        decision = self.session.decision()
        if offered is None and decision.kind == "action" and not self.covered:
            empire = self.names.empire(self.empires[decision.actor])
            who = f"{empire} ({self.mirror.person(decision.actor)}) is deciding"
        elif offered is not None and self.auto_pass is not None:
            hint = "Nothing you hold can be played here — passing in a moment"
        if self.sent_at is not None:
            hint = "Sent — waiting for the table"
        return who, why, hint

    def kept_words(self) -> str:
        """A LAN game is kept by every machine's ledger."""
        return "Every move is in this machine's ledger: Resume LAN Game goes on with it."

    def unsaved(self, wait: float = 0.5) -> str:
        """Nothing is ever lost by leaving: every record is on disk before it is sent."""
        return ""


def system_fraction() -> float:
    """A fraction in [0, 1] from the operating system's randomness."""
    return int.from_bytes(os.urandom(4), "big") / 0xFFFFFFFF
