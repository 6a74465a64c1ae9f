"""The Mare Nostrum table: the area map on the left; on the right the leader board, the
empires, the screen of the player at this table, the decision panel and the chronicle; over
the map the hero and wonder display (a header button shows it), the trade table, the battle
dialog, the hot seat's cover and the victory banner.

A click becomes one of the engine's legal actions: on a glowing area of the map, on a
glowing resource behind the screen (a payment, resource by resource), on a glowing offer of
the trade table, on a glowing tile, or on a button naming an action in words. A face-down
offer is composed on the screen and sealed once the rule set accepts it. The control
(control.py) paces chance and bots and covers the table between people; nothing here decides
what is legal.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pygame

from game.core.actions import Action
from game.core.entries import ActionEntry
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.text import printed_names
from game.session import GameSession
from net.files.saves import GameFiles
from sprites import sound
from sprites.mn import board, shows
from sprites.mn.battle import BattleShow
from sprites.mn.control import MnControl
from sprites.mn.map_view import MnMap
from sprites.mn.panels import TablePanels
from sprites.mn.words import target
from sprites.own_table import OwnTableScene
from sprites.rtta.look import HIGHLIGHT, Scale, glow
from sprites.rtta.panel import ActionButton
from sprites.scenes.base import Host, Intent, intent
from sprites.ui.decor import parchment_backdrop
from sprites.ui.widgets import panel

STEP_BUDGET = 0.01
"""Seconds per frame spent answering chance and bots when nothing holds the game up."""
INSTANT_BUDGET = 0.05
"""The same with animations off: bots' moves need not be followed, so fewer frames."""
RIGHT_WIDTH = 740
"""The right column's width in design pixels."""


class MnScene(TablePanels, OwnTableScene[MnControl]):
    """A game of Mare Nostrum: Empires at this screen."""

    def __init__(self, session: GameSession, files: GameFiles | None = None,
                 control: MnControl | None = None) -> None:
        super().__init__()
        self.control = control or MnControl(session, files)
        """Paces the game and covers it between people."""
        self.content: MnContent = session.ruleset.content  # type: ignore[attr-defined]
        self.names = printed_names(self.content)
        self.empires = tuple(str(p["empire"]) for p in session.view(None)["players"])
        self.names |= {f"seat:{k}": self.names.get(e, e) for k, e in enumerate(self.empires)}
        self.view: Mapping[str, Any] = session.view(self.control.screen_seat)
        self.zones: dict[str, pygame.Rect] = {}
        self.buttons: list[ActionButton] = []
        self.chooser: list[Action] | None = None
        self.offer: list[str] = []
        """The face-down offer being composed (resource ids), before it is sealed."""
        self.display_open = False
        """Whether the hero and wonder display is shown over the map."""
        self.last_battle: BattleShow | None = None
        """The latest battle rolled, shown while it explains the decision (or until closed)."""
        self.pointer = (-1, -1)
        self.overlays: list[pygame.Rect] = []
        """The panels laid over the map this frame (a click there is not the map's)."""
        self.colour_blind = False
        self.end_open = False
        self.dirty = True

    # -- the screen ----------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        """Lay out for the window."""
        super().enter(app)
        self.control.animation_speed = app.settings.animation_speed
        self.colour_blind = app.settings.colour_blind
        self.u = u = Scale(app.size)
        w, h = app.size
        self.header_rect = pygame.Rect(0, 0, w, u(84))
        right = w - u(RIGHT_WIDTH) - u(16)
        self.map_rect = pygame.Rect(u(16), u(92), right - u(32), h - u(108))
        self.right_rect = pygame.Rect(right, u(92), u(RIGHT_WIDTH), h - u(108))
        self.backdrop = parchment_backdrop(app.size, silhouette=False)
        for plaque in (self.map_rect, self.right_rect):
            panel(self.backdrop, plaque)
        self.board_rect = self.map_rect.inflate(-u(12), -u(12))
        self.map = MnMap(self.content, self.colour_blind, self.board_rect)
        self.dirty = True

    # -- what the person may do ----------------------------------------------------------

    def legal(self) -> tuple[Action, ...]:
        """The person's legal actions now (none while a bot plays, the screen is covered or
        an offer is being sealed)."""
        seat = self.control.person()
        if seat is None or self.control.stuck or self.control.sealing():
            return ()
        return self.session.legal(seat)

    def live_targets(self, legal: tuple[Action, ...]) -> set[str]:
        """The parts of the table a click answers now."""
        found = {t for t in map(target, legal) if t}
        if self.composing():
            found |= {f"res:{r}" for r in self.behind_screen()}
        return found

    # -- input ---------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks, the map's wheel zoom and drag pan, pointer moves, Enter (lift the cover),
        Esc (a chooser, the end, leave). A press on the map is its click only when released
        without a drag."""
        if self.map.handle(event):
            return [intent("moved_map")]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [] if self._on_map(event.pos) else [intent("click", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._on_map(event.pos):
            return [intent("click", pos=event.pos)]
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return [intent("reveal")]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("leave", key=True)]
        return []

    def apply(self, it: Intent) -> None:
        """Carry out a click, a hover, an action or a key."""
        self.dirty = True
        handler = {"click": self._click, "hover": self._hover, "leave": self._leave,
                   "act": self._act_intent, "zone": self._zone, "reveal": self._reveal,
                   "cancel": self._cancel, "title": self._title, "seal": self._seal,
                   "display": self._toggle_display, "close_end": self._close_end,
                   "close_battle": self._close_battle,
                   "show_end": self._show_end}.get(it.name)
        if handler is not None:
            handler(it)

    def _on_map(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the bare map: no button, no panel laid over it."""
        return (self.board_rect.collidepoint(pos) and not self.end_open
                and not self.control.covered and not any(b.rect.collidepoint(pos)
                                                         for b in self.buttons)
                and not any(r.collidepoint(pos) for r in self.overlays))

    def _covered(self) -> bool:
        return self.end_open or self.control.covered

    def _click_elsewhere(self, pos: tuple[int, int]) -> None:
        """A click on the bare map answers the area under it."""
        spot = self.map.hit(pos) if self._on_map(pos) else None
        if spot is not None:
            self.apply(intent("zone", key=f"area:{spot.partition('.')[0]}"))

    def _hover(self, it: Intent) -> None:
        self.pointer = it.arg("pos")

    def _leave(self, it: Intent) -> None:
        """Esc closes the end screen, a chooser or the display first; else back to the
        title (the game stays saved)."""
        if self.end_open:
            self.end_open = False
        elif (self.chooser or self.display_open) and it.arg("key"):
            self.chooser, self.display_open = None, False
        else:
            self.host.back_to("title")

    def _cancel(self, it: Intent) -> None:
        self.chooser = None

    def _close_battle(self, it: Intent) -> None:
        self.last_battle = None

    def _toggle_display(self, it: Intent) -> None:
        self.display_open = not self.display_open

    def _reveal(self, it: Intent) -> None:
        if self.control.reveal():
            self._after()

    def _zone(self, it: Intent) -> None:
        key: str = it.arg("key")
        kind, _, rest = key.partition(":")
        if kind == "res" and self.composing():
            return self._add_to_offer(rest)
        if kind == "mine" and self.composing():
            return self._take_back(rest)
        matching = [a for a in self.legal() if target(a) == key]
        if len(matching) == 1:
            return self.act(matching[0])
        if matching:
            self.chooser = matching
        return None

    def _add_to_offer(self, resource: str) -> None:
        """A resource from behind the screen goes into the face-down offer."""
        if resource in self.behind_screen():
            self.offer.append(resource)

    def _take_back(self, resource: str) -> None:
        """A resource of the offer goes back behind the screen."""
        if resource in self.offer:
            self.offer.remove(resource)

    def _seal(self, it: Intent) -> None:
        if self.control.seal(self.offer_choice()) is not None:
            self.offer.clear()
            self._after()

    # -- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The game moves on as the control says; the cover waits for the next person."""
        covered = self.control.covered
        move = self.control.next_move()
        started = time.perf_counter()
        budget = STEP_BUDGET if self.control.speed > 0 else INSTANT_BUDGET
        while move == "step" and time.perf_counter() - started < budget:
            self.control.step()
            self._after()
            move = self.control.next_move()
        if move == "wait":
            ready = self.control.cover_ready
            self.control.tick(dt)
            self.dirty |= self.control.cover_ready != ready or self.control.thought is not None
        elif move == "over" and self.control.finish():
            self.end_open = True
            self.dirty = True
        if self.control.covered != covered:
            self._after()

    def _after(self) -> None:
        """A new entry (or another person at the screen): the view follows."""
        self.view = self.session.view(self.control.screen_seat)
        for ev in self.control.take_events():
            if ev.kind == "battle":
                self.last_battle = shows.battle(dict(ev.facts), self.empires, self.names)
                sound.play("dice")
        if not self.composing():
            self.offer.clear()
        if self.last_battle is not None and not shows.battle_belongs(
                self.view, self.last_battle, self._battle_fresh()):
            self.last_battle = None
        self.dirty = True

    def _battle_fresh(self) -> bool:
        """Whether nothing but a battle's losses was decided since the last battle's roll."""
        records = self.session.table.records
        for index, events in reversed(self.session.history):
            if any(ev.kind == "battle" for ev in events):
                return True
            entry = records[index].entry
            if not (isinstance(entry, ActionEntry) and entry.action.verb == "lose"):
                return False
        return False

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The whole table after a change; nothing otherwise."""
        if not (self.dirty or self.full_redraw):
            return []
        self.dirty = self.full_redraw = False
        surface.blit(self.backdrop, (0, 0))
        legal = self.legal()
        live = self.live_targets(legal)
        self.buttons, self.zones = [], {}
        board.header(surface, self.u, self.header_rect, self.view, self.whose())
        self._over_map(surface, live, legal)
        self._right(surface, legal, live)
        self._header_buttons(surface, live)
        for key, spot in self.zones.items():
            if key in live:
                glow(surface, spot, HIGHLIGHT, self.u(2))
        if self.control.covered:
            self._cover(surface)
        elif self.end_open:
            self._end(surface)
        else:
            self._tooltip(surface)
        return None
