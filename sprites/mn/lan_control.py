"""The Mare Nostrum table of a LAN game without the screen: Roll Through the Ages' LAN
control (the mirror follows the network's records, a bot's wait a moment, a person's answer
goes to the network thread, the end waits for every machine's audit) with this table's hot
seat — several people at one machine pass the screen between them — and face-down offers
sealed through the network (`Lan.seal`). No pygame."""

from __future__ import annotations

from game.core.events import Event
from game.core.sealed import Choice
from sprites.mn.control import PERSON_KINDS, MnControl
from sprites.rtta.control import Move
from sprites.rtta.lan_control import LanRttaControl


class LanMnControl(LanRttaControl, MnControl):
    """One LAN game of Mare Nostrum at this screen (its people, or a spectator)."""

    def person(self) -> int | None:
        """The person at the screen who must choose now (None while an answer is on its way
        or the screen waits to be passed on)."""
        return None if self.sent_at is not None else MnControl.person(self)

    def next_move(self) -> Move:
        """Follow the records first; then this screen's person, the cover for the next one,
        or the network."""
        move = LanRttaControl.next_move(self)
        seat = self.waiting_for() if move == "wait" and not self.feed else None
        if seat is not None and seat != self.covered_for:
            self.covered_for, self.covered_at, self.screen_seat = seat, self.clock, None
        return move

    def _bot_to_move(self) -> bool:
        decision = self.session.decision()
        return decision.kind in PERSON_KINDS and bool(self.feed) and \
            self.bot_seat(decision.actor)

    def seal(self, choice: Choice) -> tuple[Event, ...] | None:
        """The person's offer: checked here, then sealed, signed and sent by the network
        thread."""
        seat = self.person()
        reason = self.check_offer(choice)
        if seat is None or reason is not None:
            self.notice = f"That offer cannot be made: {reason}" if reason else \
                "That is not possible now."
            return None
        self.lan.seal(seat, choice)
        return self._sent()
