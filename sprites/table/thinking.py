"""A bot's decision worked out on a background thread, so the table keeps drawing frames.

Only bots that say they think long (`thinks_long`, the search bot's searching levels) are
run this way; the entry is handed back to the table's own thread, which submits it. The
search bot polls `stop` between its sampled worlds: the client caps a decision at
THINK_LIMIT seconds of wall clock (games in the engine stay reproducible without it; a
saved game's log holds the choices anyway).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from game.core.entries import Entry
from game.session import GameSession

THINK_LIMIT = 3.0
"""Seconds a bot may think at this screen before it takes its best action so far."""


def thinks_long(session: GameSession, seat: int) -> bool:
    """Whether the bot at `seat` searches (worth a background thread)."""
    return bool(getattr(session.bots.get(seat), "thinks_long", False))


class Thinker:
    """One bot decision under way on a daemon thread."""

    def __init__(self, session: GameSession, limit: float = THINK_LIMIT) -> None:
        self.seat = session.decision().actor
        self.records = len(session.table.records)
        self.entry: Entry | None = None
        self.error: BaseException | None = None
        bot: Any = session.bots[self.seat]
        deadline = time.monotonic() + limit
        bot.stop = lambda: time.monotonic() >= deadline
        self._thread = threading.Thread(target=self._run, args=(session,), daemon=True,
                                        name=f"bot-{self.seat}-thinking")
        self._thread.start()

    def _run(self, session: GameSession) -> None:
        try:
            self.entry = session.next_entry()
        except BaseException as exc:  # handed to the table's thread, raised there
            self.error = exc

    @property
    def done(self) -> bool:
        """Whether the bot has decided."""
        return not self._thread.is_alive()

    def wait(self, seconds: float | None = None) -> bool:
        """Wait for the decision (tests, leaving the table); whether it is done."""
        self._thread.join(seconds)
        return self.done

    def entry_for(self, session: GameSession) -> Entry | None:
        """The decided entry, if it still answers the session's pending decision (the error
        the thread met, raised here)."""
        self.wait()
        if self.error is not None:
            raise self.error
        return self.entry if len(session.table.records) == self.records else None
