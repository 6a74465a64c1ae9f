"""The table: a game in progress. The map (pan, zoom, hover) with the HUD beside it, the
decision bar above, the seat's hand below, and the animation timeline over everything.

The scene turns a person's gestures into legal actions (intents.py) and lets time pass; the
controller (controller.py) decides what is offered, covers the screen between people and
paces chance, mechanical answers and bots; the display (display.py) shows it all.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.session import GameSession
from net.files.saves import GameFiles
from sprites import content
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.controller import Move, TableController
from sprites.table.display import TableDisplay
from sprites.table.intents import resolve
from sprites.table.paint import cover_button
from sprites.ui.input import key_intents

STEP_BUDGET = 0.006
"""Seconds per frame spent advancing the game when nothing animates."""
TURN_TOLD = ("turn_started", "game_over")
"""Events after which a turn's end is told in full (its summary may open)."""
KEYS = {pygame.K_p: intent("key", key="pass"), pygame.K_RETURN: intent("key", key="confirm"),
        pygame.K_KP_ENTER: intent("key", key="confirm"), pygame.K_ESCAPE: intent("escape"),
        pygame.K_SPACE: intent("skip"), pygame.K_TAB: intent("fast"),
        pygame.K_BACKSPACE: intent("undo"), pygame.K_F1: intent("help"),
        pygame.K_QUESTION: intent("help")}


class TableScene(Scene):
    """A game at the table, seen by the person in front of the screen."""

    ending: tuple[Event, ...] = ()
    """The events of a turn's end told so far, from its End Turn roll (for its summary)."""

    def __init__(self, session: GameSession, files: GameFiles | None = None) -> None:
        super().__init__()
        self.control = TableController(session, files)
        self.display = TableDisplay(self.control)

    @property
    def session(self) -> GameSession:
        """The game."""
        return self.control.session

    def enter(self, app: Host) -> None:
        """Lay out for the window and show the game as it stands."""
        super().enter(app)
        self.control.animation_speed = app.settings.animation_speed
        self.display.place(app.size, app.ui, app.settings)
        self._refresh()

    def leave(self) -> None:
        """Closed (not merely covered): the content in use is the bundled one again."""
        if self.app is not None and self not in self.app.stack:
            content.show_game(None)

    def resized(self) -> None:
        """A new view for a new window size or settings."""
        self.display.map.view = None
        super().resized()

    def save_in_use(self) -> Path | None:
        """The game's log (while it is saved)."""
        return self.control.files.log_path if self.control.files is not None else None

    def unsaved(self) -> str:
        """Why leaving now would lose moves ("": the saves hold them all)."""
        return self.control.unsaved()

    def _refresh(self) -> None:
        if self.app is not None:
            self.display.refresh()
            self.full_redraw = True

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The wheel over the chronicle, the table's keys, then the map's gestures."""
        if event.type == pygame.MOUSEWHEEL and self.display.hud.layout.log.collidepoint(
                pygame.mouse.get_pos()):
            return [intent("scroll", lines=3 * event.y)]
        if event.type == pygame.KEYDOWN and getattr(event, "unicode", "") == "?":  # Shift+/
            return [intent("help")]
        return key_intents(event, KEYS) or self.display.map.intents(event)

    def apply(self, it: Intent) -> None:
        """Game intents become legal actions; the rest pans, zooms and hovers."""
        display = self.display
        handlers: dict[str, Callable[[], Any]] = {
            "release": lambda: self._release(it.arg("pos")),
            "key": lambda: self._key(it),
            "node": lambda: self._answer(it), "card": lambda: self._answer(it),
            "choose": lambda: self._answer(it),
            "escape": self._escape, "unchoose": self._unchoose, "skip": display.timeline.skip,
            "fast": self._fast, "reveal": self._reveal, "undo": self._undo,
            "take_back": lambda: self._take_back(it.arg("slot")),
            "help": self._help,
            "scroll": lambda: self._scroll(it.arg("lines")),
            "discards": lambda: self.host.open("pile", display.shown, it.arg("seat")),
            "pointer": lambda: self._point(it.arg("pos")),
        }
        handlers.get(it.name, lambda: display.map.apply(it))()

    def _key(self, it: Intent) -> None:
        if not self.control.covered:
            self._answer(it)
        elif it.arg("key") == "confirm":
            self._reveal()

    def _escape(self) -> None:
        if not (self.display.offered and self._answer(intent("key", key="cancel"))) \
                and not self._unchoose():
            self.host.open("game_menu", self.control)

    def _unchoose(self) -> bool:
        closed = self.display.bar.close()
        self.full_redraw |= closed
        return closed

    def _returnable(self) -> set[str]:
        """Tray cards a click takes back into the hand (added in choices still undoable)."""
        return set(self.control.returnable()) if not self.display.timeline.busy else set()

    def _take_back(self, slot: str) -> None:
        """A tray card goes back into the hand (its adding is replayed away)."""
        if self.control.taken_back(slot):
            self.display.restart()
            self._refresh()

    def _undo(self) -> None:
        """Take the person's own decisions back, when the timeline is quiet."""
        if not self.display.timeline.busy and self.control.undo():
            self.display.restart()
            self._refresh()

    def _help(self) -> None:
        """The help over the table (the panel's tooltip goes: the pointer is on the help)."""
        self.display.map.dirty |= self.display.hud.point(None)
        self.host.open("help")

    def _fast(self) -> None:
        self.control.fast = not self.control.fast
        self.display.bar.show_speed(self.control.fast)
        self.full_redraw = True

    def _reveal(self) -> None:
        if self.control.reveal():
            self.display.show(self.session.view(self.control.screen_seat), [])
            self._refresh()

    def _scroll(self, lines: int) -> None:
        self.display.hud.scroll(lines)
        self.full_redraw = True

    def _point(self, pos: tuple[int, int]) -> None:
        """Hover: the map, the hand, and the route of a choice under the pointer."""
        display = self.display
        display.map.apply(intent("pointer", pos=pos))
        hover, offered = display.map.hover, display.offered
        place = offered.offer.targets.get(hover.id, []) if offered and hover else []
        buttons = display.bar.actions_at(pos) if offered else []
        display.map.dirty |= display.hand.point(pos) | display.routes.hover(buttons, place)
        display.map.dirty |= display.tray.point(pos if display.hand.hover is None else None)
        display.map.dirty |= display.hud.point(pos)

    def _release(self, pos: tuple[int, int]) -> None:
        """A click (not the end of a drag) does the first thing under it that means one."""
        meant = self._meaning(pos) if self.display.map.release() else None
        if meant is not None:
            self.apply(meant)

    def _meaning(self, pos: tuple[int, int]) -> Intent | None:
        display = self.display
        if self.control.covered:
            return intent("reveal") if self._on_cover_button(pos) else None
        button = display.bar.at(pos)
        if button is not None or display.bar.choosing:
            return button.intent if button is not None else intent("unchoose")
        tray = display.tray.at(pos)
        if tray is not None and tray in self._returnable():
            return intent("take_back", slot=tray)
        slot, seat = display.hand.at(pos) or tray, display.hud.row_at(pos)
        if slot is not None:
            return intent("card", slot=slot)
        if seat is not None:
            return intent("discards", seat=seat)
        beacon = display.map.beacons.at(pos)  # an arrow to a place out of sight: go there
        if beacon is not None:
            return intent("centre", node=beacon)
        hit = display.map.hit(pos)
        return intent("node", id=hit.id) if hit and hit.kind in ("city", "area") else None

    def _on_cover_button(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the cover's "show my hand" button (the rest of it is inert)."""
        seat, display = self.control.covered_for, self.display
        return seat is not None and cover_button(display.map.viewport.center,
                                                 self.control.empires[seat],
                                                 display.u).rect.collidepoint(pos)

    def _answer(self, it: Intent) -> bool:
        """Turn an intent into an action if it is legal now; whether it meant something."""
        offered = self.display.offered
        if offered is None or self.display.timeline.busy:
            return False
        found = resolve(it, offered.offer)
        if isinstance(found, list):
            self.display.bar.choose(pygame.mouse.get_pos(), offered.words(found),
                                    pygame.Rect((0, 0), self.host.size))
            self.full_redraw = True
        elif found is not None:
            self._act(found)
        return found is not None

    def _act(self, action: Action) -> None:
        before = self.display.snapshot()
        events = self.control.act(action)
        if events is not None:
            self.display.bar.close()
            self.display.tell(before, events)
            self.ending = ending_after(self.ending, events)

    # -- the game moves on --------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations play; when none holds the game up, the game advances."""
        display = self.display
        display.map.update(dt)
        display.timeline.speed = self.control.speed
        was_busy = display.timeline.busy
        display.timeline.update(dt)
        display.map.dirty |= display.timeline.moving or was_busy
        display.stale |= was_busy and not display.timeline.busy
        display.check_saves()
        self._advance(dt)
        if display.stale:
            self._refresh()

    def _advance(self, dt: float) -> None:
        """While nothing animates, do what the controller says, STEP_BUDGET a frame."""
        timeline = self.display.timeline
        if timeline.busy:
            return
        ready = self.control.cover_ready
        self.control.tick(dt)
        self.display.map.dirty |= self.control.cover_ready != ready  # the button lights up
        start = time.perf_counter()
        while not timeline.busy and time.perf_counter() - start <= STEP_BUDGET:
            thinking = self.control.thinking_seat
            move = self.control.next_move()
            self.display.stale |= self.control.thinking_seat != thinking  # the HUD's mark
            if self._summarise(move):
                return
            if move != "step":
                self._settle(move)
                return
            before = self.display.snapshot()
            events = self.control.step()
            if events is not None:
                self.display.tell(before, events)
                self.ending = ending_after(self.ending, events)

    def _summarise(self, move: Move) -> bool:
        """Pause on the summary of a turn's end once its story has played to the next turn
        (or the game's end, or a person's decision in it); whether it opened."""
        told = any(e.kind in TURN_TOLD for e in self.ending)
        if not self.ending or not (told or move in ("person", "cover")):
            return False
        self.host.open("turn_summary", self.ending, self.control.empires)
        self.ending = ()
        return True

    def _settle(self, move: Move) -> None:
        """The end, a cover for the next person, or the offer for the person at the screen."""
        if move == "over" and self.control.finish():
            self.host.open("end", self.session)
        elif move == "cover":
            self.control.cover()
            self.display.show(self.session.view(None), [])
            self._refresh()
        elif move == "person" and self.display.offered is None and not self.control.covered:
            self.display.stale = True

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose the map and HUD when they changed; otherwise redraw only the overlays."""
        display = self.display
        if self.full_redraw or display.map.dirty or display.map.map_view.dirty:
            display.fit_bar()  # the bar's words show (and may change) only in such frames
        rects = display.map.present(surface, self.full_redraw, display.hud.surface,
                                    display.hud.rect, self._paint)
        self.full_redraw = False
        return rects

    def _paint(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The table's overlays, then the tooltip of the panel's part under the pointer."""
        return self.display.paint(surface) + self.display.hud.draw_tip(
            surface, self.display.u(100) / 100)


def ending_after(ending: tuple[Event, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events of a turn's end told so far, after one more entry's: they start at the End
    Turn roll (the entry that ends a turn) and run until the summary takes them."""
    kinds = [e.kind for e in events]
    if "turn_ended" not in kinds:
        return ending + events if ending else ()
    end = kinds.index("turn_ended")
    rolls = [k for k in range(end) if kinds[k] == "random_event"]
    return events[rolls[-1] if rolls else end:]
