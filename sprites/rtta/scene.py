"""The Roll Through the Ages table: the shown player's score sheet on the left; the dice
tray, the decision panel, the players, the colony board and the chronicle on the right; the
end of the game over it all.

A click becomes one of the engine's legal actions: on a die (keep or reroll, Leadership,
Omens then a face), on a glowing part of the sheet (a province, a port, a monument, a peg
track, a development), on a colony, or on a button naming an action in words. The control
(control.py) paces chance and bots; nothing here decides what is legal.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pygame

from game.core.actions import Action, act
from game.core.outcome import Outcome
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.session import GameSession
from net.files.saves import GameFiles
from sprites import sound, theme
from sprites.colour import RGB
from sprites.own_table import OwnTableScene
from sprites.rtta import board
from sprites.rtta.asks import dice_status, items, prompt_words
from sprites.rtta.control import RttaControl
from sprites.rtta.end import draw_end
from sprites.rtta.look import HIGHLIGHT, SELECTED, Scale, glow
from sprites.rtta.panel import ActionButton, flow, prompt
from sprites.rtta.sheet import SheetPainter
from sprites.rtta.tray import DiceTray
from sprites.rtta.words import (
    PLAYER_COLOURS,
    printed_names,
    seat_name,
    target,
)
from sprites.scenes.base import Host, Intent, intent
from sprites.theme import empire_colour
from sprites.ui.decor import parchment_backdrop
from sprites.ui.widgets import panel, tooltip

SHEET_PARTS = ("province", "port", "monument", "army", "ship", "dev")
"""Zones on the shown sheet: they answer only when it is the sheet of the person choosing."""
STEP_BUDGET = 0.01
"""Seconds per frame spent answering chance and bots when nothing holds the game up."""
class RttaScene(OwnTableScene[RttaControl]):
    """A game of Roll Through the Ages at this screen."""

    LEAVE_WORDS = "Back to the title"
    """The end screen's button back to the title."""

    def __init__(self, session: GameSession, files: GameFiles | None = None,
                 control: RttaControl | None = None) -> None:
        super().__init__()
        self.control = control or RttaControl(session, files)
        """Paces the game (a LAN table gives its own, driven by the network's records)."""
        self.content: RttaContent = session.ruleset.content  # type: ignore[attr-defined]
        self.tray = DiceTray()
        self.printed = printed_names(self.content)
        self.view: Mapping[str, Any] = session.view(None)
        self.turn_seen = (0, -1)
        """(round, seat) of the turn on screen: a new turn shows its sheet again."""
        self.picked_seat: int | None = None
        """The player whose sheet a click chose (None: follow the game)."""
        self.chooser: list[Action] | None = None
        self.zones: dict[str, pygame.Rect] = {}
        self.buttons: list[ActionButton] = []
        self.pointer = (-1, -1)
        self.colony_spots: dict[str, pygame.Rect] = {}
        self.shown = 0
        """The seat whose sheet is on screen."""
        self.end_open = False
        self.dirty = True

    @property
    def session(self) -> GameSession:
        """The game."""
        return self.control.session

    # -- the screen ----------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        """Lay out for the window."""
        super().enter(app)
        self.control.animation_speed = app.settings.animation_speed
        self.u = Scale(app.size)
        u = self.u
        self.header_rect = pygame.Rect(0, 0, app.size[0], u(84))
        self.sheet_rect = pygame.Rect(u(16), u(92), u(976), app.size[1] - u(108))
        right = self.sheet_rect.right + u(16)
        width = app.size[0] - right - u(16)
        self.tray_rect = pygame.Rect(right, u(92), width, u(470))
        self.lower_rect = pygame.Rect(right, self.tray_rect.bottom + u(12), width,
                                      self.sheet_rect.bottom - self.tray_rect.bottom - u(12))
        self.backdrop = parchment_backdrop(app.size, silhouette=False)
        for plaque in (self.sheet_rect, self.tray_rect, self.lower_rect):
            panel(self.backdrop, plaque)
        self.dirty = True

    def colour(self, seat: int) -> RGB:
        """A seat's colour."""
        blind = self.app.settings.colour_blind if self.app is not None else False
        return empire_colour(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], blind)

    # -- what the person may do ----------------------------------------------------------

    def legal(self) -> tuple[Action, ...]:
        """The person's legal actions now (none while a roll tumbles or a bot plays)."""
        seat = self.control.person()
        if seat is None or self.tray.busy or self.control.stuck:
            return ()
        return self.session.legal(seat)


    def live_targets(self, legal: tuple[Action, ...]) -> set[str]:
        """The parts of the table a click answers now."""
        phase = self.view["phase"]
        if phase == "keep":
            return {f"die:{d['die']}" for d in self.view["dice"] if not d["locked"]}
        return {t for t in map(target, legal) if t}

    # -- input ---------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks, pointer moves, Space (skip the tumble), Esc (the menu or back)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [intent("click", pos=event.pos)]
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return [intent("skip")]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("leave", key=True)]
        return []

    def apply(self, it: Intent) -> None:
        """Carry out a click, a hover, an action or a key."""
        self.dirty = True
        handler = {"click": self._click, "hover": self._hover, "skip": self._skip,
                   "leave": self._leave, "act": self._act_intent, "toggle": self._toggle,
                   "zone": self._zone, "reroll": self._reroll, "seat": self._seat,
                   "cancel": self._cancel, "title": self._title,
                   "close_end": self._close_end, "show_end": self._show_end}.get(it.name)
        if handler is not None:
            handler(it)

    def _hover(self, it: Intent) -> None:
        self.pointer = it.arg("pos")
        for button in self.buttons:
            button.hovered = button.rect.collidepoint(self.pointer)

    def _skip(self, it: Intent) -> None:
        self.tray.skip()

    def _leave(self, it: Intent) -> None:
        """Esc or Leave: close the end screen or a chooser first, else back to the title
        (the game stays saved)."""
        if self.end_open:
            self.end_open = False
        elif (self.chooser or self.tray.omen_die is not None) and it.arg("key"):
            self._cancel(it)
        else:
            self.host.back_to("title")

    def _cancel(self, it: Intent) -> None:
        self.chooser = None
        self.tray.omen_die = None

    def _seat(self, it: Intent) -> None:
        seat = it.arg("seat")
        self.picked_seat = None if seat == self._following() else seat

    def _zone(self, it: Intent) -> None:
        key: str = it.arg("key")
        kind, _, rest = key.partition(":")
        if kind == "seat":
            return self._seat(intent("seat", seat=int(rest)))
        if kind in SHEET_PARTS and self.shown != self.control.person():
            return None
        legal = self.legal()
        phase = self.view["phase"]
        if kind == "die" and phase == "keep":
            return self._toggle(intent("toggle", die=int(rest)))
        if kind == "die" and phase == "omens" and legal:
            self.tray.omen_die = int(rest)
            return None
        if kind == "face":
            number, _, face = rest.partition(":")
            return self.act(act("omen", die=int(number), face=face))
        matching = [a for a in legal if target(a) == key]
        if len(matching) == 1:
            return self.act(matching[0])
        if matching:
            self.chooser = matching
        return None

    def _toggle(self, it: Intent) -> None:
        die = int(it.arg("die"))
        dice = self.view["dice"]
        if not self.legal() or die >= len(dice) or dice[die]["locked"]:
            return
        self.tray.picked ^= {die}

    def _reroll(self, it: Intent) -> None:
        self.act(act("reroll", dice=tuple(sorted(self.tray.picked))))

    def _clear_choices(self) -> None:
        self.tray.picked.clear()
        self.tray.omen_die = None

    # -- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Tumbles run; then the game moves on as the control says."""
        if self.tray.update(dt):
            self.dirty = True
            return
        move = self.control.next_move()
        started = time.perf_counter()
        while move == "step" and time.perf_counter() - started < STEP_BUDGET:
            self.control.step()
            self._after()
            move = "wait" if self.tray.busy else self.control.next_move()
        if move == "wait":
            self.control.tick(dt)
        elif move == "over" and self.control.finish():
            self.end_open = True
            self.dirty = True

    def _after(self) -> None:
        """A new entry: the view follows, rolls tumble, choices reset."""
        self.view = self.session.view(None)
        for ev in self.control.take_events():
            if ev.kind == "rolled":
                self.tray.landed(ev.get("dice"), ev.get("faces"), self.content, ev.get("seat"))
                self.tray.roll(ev.get("dice"), self.control.speed)
                sound.play("dice")
            elif ev.kind == "turn_ended":
                sound.play("turn_end")
        if (self.view["round"], self.view["turn"]) != self.turn_seen:
            self.turn_seen = (self.view["round"], self.view["turn"])
            self.picked_seat = None
        self.dirty = True

    def _following(self) -> int:
        """The seat whose sheet the game puts on screen: whoever chooses, else the turn's."""
        pending = self.view["pending"]
        return int(pending["seat"]) if pending else int(self.view["turn"])

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The whole table after a change; nothing otherwise."""
        if not (self.dirty or self.full_redraw):
            return []
        self.dirty = self.full_redraw = False
        u = self.u
        surface.blit(self.backdrop, (0, 0))
        legal = self.legal()
        live = self.live_targets(legal)
        shown = self.picked_seat if self.picked_seat is not None else self._following()
        self.shown = shown
        board.header(surface, u, self.header_rect, self.view, self._whose())
        self.zones = self._sheet(surface, shown, live if shown == self.control.person() else set())
        self._tray(surface, legal, live)
        self._lower(surface, shown, live)
        if self.chooser and target(self.chooser[0]) in self.zones:
            glow(surface, self.zones[target(self.chooser[0])], SELECTED, u(3))
        self._tooltip(surface)
        if self.end_open:
            self._end(surface)
        return None

    def _whose(self) -> str:
        pending = self.view["pending"]
        if self.view["phase"] == "over":
            return "The game is over"
        seat = pending["seat"] if pending else self.view["turn"]
        return f"{seat_name(seat)}'s turn" if not pending or seat == self.view["turn"] else \
            f"{seat_name(self.view['turn'])}'s turn, {seat_name(seat)} answers"

    def _sheet(self, surface: pygame.Surface, seat: int, live: set[str]
               ) -> dict[str, pygame.Rect]:
        u, rect = self.u, self.sheet_rect
        bot = " (bot)" if self.control.bot_seat(seat) else ""
        title = f"{seat_name(seat)}{bot} · score sheet"
        chip = pygame.Rect(rect.x + u(24), rect.y + u(20), u(22), u(22))
        pygame.draw.rect(surface, self.colour(seat), chip, border_radius=u(4))
        board.text(surface, "display_bold", u(26), title, theme.INK,
                   midleft=(chip.right + u(10), chip.centery))
        inner = pygame.Rect(rect.x, rect.y + u(54), rect.w, rect.h - u(66))
        zones = SheetPainter(surface, u, self.content, self.view, seat,
                             self.colour(seat)).draw(inner)
        for key, spot in zones.items():
            if key in live:
                glow(surface, spot.inflate(-u(4), -u(4)), HIGHLIGHT, u(2))
        return {k: v for k, v in zones.items() if k in live or k.startswith("dev:")}

    def _tray(self, surface: pygame.Surface, legal: tuple[Action, ...], live: set[str]) -> None:
        u, rect = self.u, self.tray_rect
        dice_area = pygame.Rect(rect.x + u(10), rect.y + u(4), rect.w - u(20), u(212))
        strip = pygame.Rect(rect.x, dice_area.bottom + u(26), rect.w, u(100))
        clickable = {int(k[4:]) for k in live if k.startswith("die:")}
        zones = self.tray.draw(surface, u, dice_area, self.view, self.content, clickable, strip)
        self.zones.update({k: v for k, v in zones.items()
                           if k in live or k.startswith("face:")})
        status = dice_status(self.view, bool(self.tray.last))
        board.text(surface, "serif_italic", u(20), status, theme.INK_SOFT,
                   midtop=(rect.centerx, dice_area.bottom - u(6)))
        area = pygame.Rect(rect.x + u(24), dice_area.bottom + u(30), rect.w - u(48),
                           rect.bottom - dice_area.bottom - u(40))
        picking = self.tray.omen_die is not None and bool(self.view["dice"]) and bool(legal)
        if picking:
            area.y += u(116)
            area.h -= u(116)
        self._decision(surface, area, legal, brief=picking)
        leave = pygame.Rect(self.header_rect.right - u(150), u(18), u(130), u(46))
        self.buttons.append(ActionButton(leave, "Leave", intent("leave")))
        self.buttons[-1].hovered = leave.collidepoint(self.pointer)
        self.buttons[-1].draw(surface, u)

    def _decision(self, surface: pygame.Surface, area: pygame.Rect,
                  legal: tuple[Action, ...], brief: bool = False) -> None:
        """Whose decision and why (only who, when `brief`), then the buttons."""
        u = self.u
        who, why, hint = self.prompt_words(legal)
        if brief:
            why, hint = "", ""
        y = prompt(surface, u, area, who, why, hint)
        offered = items(self.view, legal, self.chooser, self.tray.picked, self.printed)
        self.buttons = flow(u, pygame.Rect(area.x, y, area.w, area.bottom - y), offered)
        for button in self.buttons:
            button.hovered = button.rect.collidepoint(self.pointer)
            button.draw(surface, u)

    def prompt_words(self, legal: tuple[Action, ...]) -> tuple[str, str, str]:
        """(who, why, hint) over the decision panel."""
        return prompt_words(self.view, legal, self.tray.busy, bool(self.chooser))

    def _lower(self, surface: pygame.Surface, shown: int, live: set[str]) -> None:
        u = self.u
        rect = self.lower_rect.inflate(-u(40), -u(36))
        bots = [self.control.bot_seat(s) for s in range(len(self.view["players"]))]
        players = pygame.Rect(rect.x, rect.y, rect.w, u(150))
        self.zones.update(board.others(surface, u, players, self.view, shown, self.colour,
                                       bots))
        y = players.bottom + u(12)
        if self.view["mediterranean"]:
            area = pygame.Rect(rect.x, y, rect.w, u(180))
            zones = board.colonies(surface, u, area, self.view, self.colour, live)
            self.zones.update({k: v for k, v in zones.items() if k in live})
            self.colony_spots = zones
            y = area.bottom + u(10)
        board.chronicle(surface, u, pygame.Rect(rect.x, y, rect.w, rect.bottom - y),
                        self.control.chronicle, self.control.notice)

    def _tooltip(self, surface: pygame.Surface) -> None:
        """A development's whole effect, or a colony's size, rewards and pegs, under the
        pointer."""
        spots = {**self.colony_spots, **{k: v for k, v in self.zones.items()
                                         if k.startswith("dev:")}}
        for key, rect in spots.items():
            if rect.collidepoint(self.pointer):
                title, lines = board.tip(self.view, key)
                tooltip(surface, self.pointer, title, lines, self.u.factor * 1.2)
                return

    def outcome(self) -> Outcome:
        """How the game ended."""
        return self.session.outcome()

    def _end(self, surface: pygame.Surface) -> None:
        box = draw_end(surface, self.u, self.view, self.outcome(), self.colour)
        self._under_scores(surface, box)
        u = self.u
        area = pygame.Rect(box.x + u(40), box.bottom - u(70), box.w - u(80), u(50))
        self.buttons = flow(u, area, [("Look at the table", intent("close_end"), True),
                                      (self.LEAVE_WORDS, intent("title"), True)])
        for button in self.buttons:
            button.hovered = button.rect.collidepoint(self.pointer)
            button.draw(surface, u)

    def _under_scores(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What the end screen shows under the scores' plaque `box` (here nothing)."""
