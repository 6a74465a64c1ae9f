"""The Roll Through the Ages table without the screen: pacing (bots wait so people can
follow, and think on a background thread), the person's decision, the autosave and the
chronicle of the engine's sentences. No pygame."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Literal

from game.core.actions import Action
from game.core.entries import Entry
from game.core.errors import EngineError
from game.core.events import Event
from game.session import HUMAN, GameSession
from net.files.saves import GameFiles

BOT_PAUSE = 0.8
"""Seconds a bot's move waits at normal speed."""
BOX_PAUSE = 0.3
"""Seconds between a bot's boxes and pegs (one build or peg per decision)."""
BOX_PHASES = ("build", "colonies")
CHRONICLE = 60
"""Sentences the chronicle keeps."""

Move = Literal["over", "stuck", "person", "wait", "step"]
"""What the table does next: show the end; nothing (the rules failed); wait for the person;
wait for a bot; answer one decision (chance or a bot's choice)."""


class BotThought:
    """One bot's decision worked out off the frame loop."""

    def __init__(self, session: GameSession) -> None:
        self.records = len(session.table.records)
        self.entry: Entry | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(session,), daemon=True,
                                        name="rtta-bot")
        self._thread.start()

    def _run(self, session: GameSession) -> None:
        try:
            self.entry = session.next_entry()
        except BaseException as exc:  # raised again on the table's thread
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
        """The entry, if it still answers the session's decision."""
        self.wait()
        if self.error is not None:
            raise self.error
        return self.entry if len(session.table.records) == self.records else None


class RttaControl:
    """One game at this screen."""

    def __init__(self, session: GameSession, files: GameFiles | None = None,
                 animation_speed: int = 100) -> None:
        self.session = session
        self.files = files
        self.animation_speed = animation_speed
        self.waited = 0.0
        self.stuck = False
        self.ended = False
        self.notice = ""
        self.thought: BotThought | None = None
        self.chronicle: list[str] = []
        self.fresh: list[Event] = []
        """Events since the scene last took them (for the dice's tumble)."""
        self._told = len(session.history)
        if files is not None:
            session.on_entry = self.autosave

    @property
    def speed(self) -> float:
        """1 at normal speed, 0 for no pauses or animations."""
        return self.animation_speed / 100

    def bot_seat(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        return self.session.players[seat] != HUMAN

    def person(self) -> int | None:
        """The seat of the person who must choose now."""
        return self.session.human_turn()

    def tick(self, dt: float) -> None:
        """Time passes: a bot's pending move waits."""
        if self._bot_to_move():
            self.waited += dt

    def next_move(self) -> Move:
        """What to do now that no animation holds the game up (a bot to move starts
        thinking on its own thread)."""
        if self.stuck:
            return "stuck"
        if self.session.over:
            return "over"
        if self.person() is not None:
            return "person"
        if not self._bot_to_move():
            return "step"
        if self.thought is None:
            self.thought = BotThought(self.session)
        if not self.thought.done:
            return "wait"
        return "wait" if self.speed > 0 and self.waited < self._pause() / self.speed else "step"

    def _pause(self) -> float:
        """How long the bot's move waits: short between the boxes of one build step."""
        phase = getattr(self.session.table.state, "phase", "")
        return BOX_PAUSE if phase in BOX_PHASES else BOT_PAUSE

    def _bot_to_move(self) -> bool:
        decision = self.session.decision()
        return decision.kind == "action" and self.bot_seat(decision.actor)

    def act(self, action: Action) -> tuple[Event, ...] | None:
        """The person answers; None (and a notice) if the engine refuses."""
        seat = self.person()
        return None if seat is None else self._answer(lambda: self.session.act(seat, action))

    def _answer(self, answer: Callable[[], tuple[Event, ...]]) -> tuple[Event, ...] | None:
        """The person's answer given to the session; None (and a notice) if the engine
        refuses it."""
        try:
            events = answer()
        except EngineError as exc:
            self.notice = str(exc)
            return None
        self.notice = ""
        self._tell()
        return events

    def step(self) -> tuple[Event, ...] | None:
        """Answer one decision no person has to (chance, or a bot's move)."""
        self.waited = 0.0
        thought, self.thought = self.thought, None
        try:
            if thought is not None:
                entry = thought.entry_for(self.session)
                events = None if entry is None else self.session.submit(entry)
            else:
                events = self.session.step()
        except EngineError as exc:
            self.notice = f"The game cannot go on: {exc}"
            self.stuck = True
            return None
        self._tell()
        return events

    def _tell(self) -> None:
        """New events go to the chronicle and to the scene's queue."""
        for _, events in self.session.history[self._told:]:
            self.fresh.extend(events)
            self.chronicle.extend(s for s in map(self.session.describe, events) if s)
        self._told = len(self.session.history)
        del self.chronicle[:-CHRONICLE]

    def take_events(self) -> list[Event]:
        """The events since the last call."""
        taken, self.fresh = self.fresh, []
        return taken

    def autosave(self, session: GameSession) -> None:
        """Save after an entry (in the background)."""
        if self.files is not None:
            state = session.table.state
            self.files.save(session, f"Round {state.round}")

    def unsaved(self) -> str:
        """Why leaving now would lose moves ("": the saves hold them all)."""
        if self.files is None or self.files.saver.flush(0.5):
            return ""
        return self.files.saver.error or "they are still being written"

    def finish(self) -> bool:
        """The game is over: the saves are flushed; whether this is the first time."""
        if self.ended:
            return False
        self.ended = True
        if self.files is not None:
            self.files.saver.flush()
        return True
