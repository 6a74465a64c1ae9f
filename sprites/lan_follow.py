"""What the control of every LAN table shares (the Mediterranean Empires table's and those of
the rule sets with a table of their own): the mirror follows the records the network brings,
a person's answer is on its way until its record is back, and the network's side of the table
is read from its snapshot. No pygame."""

from __future__ import annotations

from collections import deque

from game.core.events import Event
from net.lan.facade import Lan, Record, TableStatus
from net.lan.mirror import Mirror

RESEND_SECONDS = 5.0
"""An answer the network did not take within this time may be given again."""


class LanFollower:
    """A mixin put before a table's control to play its game on a LAN (the control owns
    `waited`, `stuck` and `notice`; its `__init__` calls `_follow`)."""

    waited: float
    stuck: bool
    notice: str

    def _follow(self, lan: Lan, mirror: Mirror) -> None:
        """Follow the network's records of the mirror's game."""
        self.lan = lan
        self.mirror = mirror
        self.feed: deque[Record] = deque()
        self.sent_at: float | None = None
        """How long ago (s) a person's answer went to the network, while it is on its way."""

    @property
    def status(self) -> TableStatus | None:
        """The network's side of the table (machines, whom it waits for, the end)."""
        return self.lan.snapshot().table

    def bot_seat(self, seat: int) -> bool:
        """Whether a bot plays a seat, on whichever machine."""
        return self.mirror.genesis.seats[seat].player.startswith("bot:")

    def pull(self) -> None:
        """Take the records the network brought since the last frame."""
        self.feed.extend(self.lan.take_records())

    def _age_answer(self, dt: float) -> None:
        """An answer in flight ages; past RESEND_SECONDS it may be given again."""
        if self.sent_at is not None:
            self.sent_at += dt
            if self.sent_at > RESEND_SECONDS:
                self.sent_at = None

    def step(self) -> tuple[Event, ...] | None:
        """Follow the next record; None (and a stuck table) if the mirror cannot."""
        self.waited = 0.0
        record = self.feed.popleft()
        try:
            events = self.mirror.take(record)
        except Exception as exc:  # any failure freezes this table, never the app
            self.notice = f"This screen lost track of the game: {exc}"
            self.stuck = True
            return None
        if record.entry is not None:
            self.sent_at = None
        self._followed(record)
        return events

    def _followed(self, record: Record) -> None:
        """A record the mirror took (the control's own bookkeeping)."""

    def _sent(self) -> tuple[Event, ...]:
        """A person's answer went to the network thread: its events come with its record."""
        self.sent_at = 0.0
        self.notice = ""
        return ()

    def leave(self) -> None:
        """This machine leaves the game (the others wait for it, then adjourn or go on)."""
        self.lan.leave()
