"""The Roll Through the Ages table of a LAN game without the screen: the mirror follows the
records the network brings (a bot's waits a moment so people can follow), a person's answer
goes to the network thread to be signed and sent, and the end waits for every machine's
audit. No pygame; the hot-seat control's chronicle and event queue are kept as they are.

Nothing is hidden in this game, so unlike the Mediterranean Empires LAN table no pass is
ever given on a person's behalf: how fast a person answers reveals nothing."""

from __future__ import annotations

from game.core.actions import Action
from game.core.events import Event
from net.lan.facade import Lan, Record
from net.lan.mirror import Mirror
from sprites.lan_follow import LanFollower
from sprites.rtta.control import Move, RttaControl


class LanRttaControl(LanFollower, RttaControl):
    """One LAN game of Roll Through the Ages at this screen (its people, or a spectator)."""

    def __init__(self, lan: Lan, mirror: Mirror, animation_speed: int = 100) -> None:
        super().__init__(mirror.session, None, animation_speed)
        self._follow(lan, mirror)

    def person(self) -> int | None:
        """The seat of this screen's person who must choose now (None while an answer is on
        its way)."""
        return None if self.sent_at is not None else self.session.human_turn()

    def tick(self, dt: float) -> None:
        """Time passes: a bot's record waits out its pause; an answer in flight ages."""
        super().tick(dt)
        self._age_answer(dt)

    def next_move(self) -> Move:
        """Follow the records first; the end once every machine's audit is in; then this
        screen's person, or wait for the network."""
        self.pull()
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

    def _followed(self, record: Record) -> None:
        """The record's events go to the chronicle and the scene's queue."""
        self._tell()

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """This screen's person answers: checked here, then signed and sent by the network
        thread; its events come back with the record."""
        seat = self.person()
        if seat is None or action not in self.session.legal(seat):
            self.notice = "That is not possible now."
            return None
        self.lan.act(seat, action)
        return self._sent()
