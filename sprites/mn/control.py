"""The Mare Nostrum table without the screen: the Roll Through the Ages pacing (bots wait so
people can follow, and think on a background thread; autosave; the chronicle) plus the hot
seat — resources lie behind each player's screen, so with two or more people at this machine
the table is covered between them — and the sealed trade offers a person composes. No
pygame."""

from __future__ import annotations

import time

from game.core.events import Event
from game.core.sealed import Choice
from game.session import HUMAN, GameSession
from net.files.saves import GameFiles
from sprites.rtta.control import Move, RttaControl

COVER_GUARD = 0.5
"""Seconds the cover ignores clicks once it is up, so that a click meant for the last person
cannot show the next one's screen."""
THINK_SLICE = 0.02
"""Seconds a frame waits for a bot's decision when nothing is paced (animations off)."""
PERSON_KINDS = ("action", "seal")
"""Decisions a person answers (the others are chance or the seat's own secrets)."""


class MnControl(RttaControl):
    """One game of Mare Nostrum at this screen."""

    def __init__(self, session: GameSession, files: GameFiles | None = None,
                 animation_speed: int = 100) -> None:
        super().__init__(session, files, animation_speed)
        humans = session.humans
        self.screen_seat: int | None = humans[0] if len(humans) == 1 else None
        """The seat whose screen is shown (None: only what everyone sees)."""
        self.covered_for: int | None = None
        """The person the screen waits for while it is covered."""
        self.clock = 0.0
        self.covered_at = 0.0

    # -- who decides ---------------------------------------------------------------------

    def deciding(self) -> int | None:
        """The seat of the person (at this machine) who must act or seal now."""
        decision = self.session.decision()
        if decision.kind in PERSON_KINDS and self.session.players[decision.actor] == HUMAN:
            return decision.actor
        return None

    def sealing(self) -> bool:
        """Whether the pending decision is a sealed choice (a face-down trade offer)."""
        return self.session.decision().kind == "seal"

    def person(self) -> int | None:
        """The person at the screen who must choose now (None while the screen waits to be
        passed on)."""
        seat = self.deciding()
        return seat if seat is not None and seat == self.screen_seat else None

    def waiting_for(self) -> int | None:
        """The person the screen must be passed to before they choose (None: no pass)."""
        seat = self.deciding()
        if seat is None or seat == self.screen_seat or self.stuck or self.session.over:
            return None
        return seat

    def _bot_to_move(self) -> bool:
        decision = self.session.decision()
        return decision.kind in PERSON_KINDS and self.bot_seat(decision.actor)

    # -- the hot seat --------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Time passes: the cover ages, a bot's pending move waits."""
        super().tick(dt)
        self.clock += dt

    def next_move(self) -> Move:
        """As Roll Through the Ages' table, but a person not at the screen is waited for
        under the cover."""
        seat = self.waiting_for()
        if seat is None:
            move = super().next_move()
            if move == "wait" and self.speed <= 0 and self._thought_soon():
                move = super().next_move()
            return move
        if seat != self.covered_for:
            self.covered_for, self.covered_at, self.screen_seat = seat, self.clock, None
        return "wait"

    def _thought_soon(self) -> bool:
        """Whether a bot thinking with no pause to wait out decides within THINK_SLICE (a
        quick bot's move then takes no frame of its own)."""
        deadline = time.perf_counter() + THINK_SLICE
        while self.thought is not None and not self.thought.done:
            if time.perf_counter() > deadline:
                return False
            time.sleep(THINK_SLICE / 20)
        return self.thought is not None

    @property
    def cover_ready(self) -> bool:
        """Whether the cover has been up long enough to be lifted."""
        return self.covered_for is not None and self.clock - self.covered_at >= COVER_GUARD

    def reveal(self) -> bool:
        """The person the screen waited for is there; whether the cover lifted."""
        if not self.cover_ready or self.covered_for != self.waiting_for():
            return False
        self.screen_seat, self.covered_for = self.covered_for, None
        return True

    @property
    def covered(self) -> bool:
        """Whether the screen is covered, waiting for the next person."""
        return self.covered_for is not None and self.waiting_for() is not None

    # -- sealed offers -------------------------------------------------------------------

    def check_offer(self, choice: Choice) -> str | None:
        """Why the person's offer would be refused (None: it may be sealed)."""
        seat = self.person()
        if seat is None or not self.sealing():
            return "it is not your offer to make"
        return self.session.check_sealed(seat, choice)

    def seal(self, choice: Choice) -> tuple[Event, ...] | None:
        """The person seals an offer face down; None (and a notice) if refused."""
        seat = self.person()
        if seat is None or not self.sealing():
            return None
        return self._answer(lambda: self.session.seal(seat, choice))
