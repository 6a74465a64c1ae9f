"""The Roll Through the Ages table of a LAN game without the screen: the mirror follows the
records the network brings (a bot's waits a moment so people can follow), a person's answer
goes to the network thread to be signed and sent, and the end waits for every machine's
audit. No pygame; the hot-seat control's chronicle and event queue are kept as they are.

Nothing is hidden in this game, so unlike the Mediterranean Empires LAN table no pass is
ever given on a person's behalf: how fast a person answers reveals nothing."""

from __future__ import annotations

from collections import deque

from game.core.actions import Action
from game.core.events import Event
from net.lan.facade import Lan, Record, TableStatus
from net.lan.mirror import Mirror
from sprites.rtta.control import Move, RttaControl

RESEND_SECONDS = 5.0
"""An answer the network did not take within this time may be given again."""


class LanRttaControl(RttaControl):
    """One LAN game of Roll Through the Ages at this screen (its people, or a spectator)."""

    def __init__(self, lan: Lan, mirror: Mirror, animation_speed: int = 100) -> None:
        super().__init__(mirror.session, None, animation_speed)
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

    def person(self) -> int | None:
        """The seat of this screen's person who must choose now (None while an answer is on
        its way)."""
        return None if self.sent_at is not None else self.session.human_turn()

    def tick(self, dt: float) -> None:
        """Time passes: a bot's record waits out its pause; an answer in flight ages."""
        super().tick(dt)
        if self.sent_at is not None:
            self.sent_at += dt
            if self.sent_at > RESEND_SECONDS:
                self.sent_at = None

    def next_move(self) -> Move:
        """Follow the records first; the end once every machine's audit is in; then this
        screen's person, or wait for the network."""
        self.feed.extend(self.lan.take_records())
        if self.stuck:
            return "stuck"
        if self.feed:
            return "wait" if self._pausing() else "step"
        if self.session.over:
            status = self.status
            return "over" if status is not None and status.result else "wait"
        return "person" if self.person() is not None else "wait"

    def _pausing(self) -> bool:
        """Whether the next record, a bot's move, still waits its pause."""
        return self._bot_to_move() and self.speed > 0 and self.waited < self._pause() / self.speed

    def _bot_to_move(self) -> bool:
        decision = self.session.decision()
        return decision.kind == "action" and bool(self.feed) and self.bot_seat(decision.actor)

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
        self._tell()
        return events

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """This screen's person answers: checked here, then signed and sent by the network
        thread; its events come back with the record."""
        seat = self.person()
        if seat is None or action not in self.session.legal(seat):
            self.notice = "That is not possible now."
            return None
        self.lan.act(seat, action)
        self.sent_at = 0.0
        self.notice = ""
        return ()

    def leave(self) -> None:
        """This machine leaves the game (the others wait for it, then adjourn or go on)."""
        self.lan.leave()
