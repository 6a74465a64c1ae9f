"""A LAN lobby room: a line per seat (the empire in its colour, who plays it, on which machine
with its short fingerprint, a ready tick), Claim and Release, and for the host a control that
gives a seat to a bot on any machine of the room or opens it again; the host also picks the
scenario (for a rule set played at open seats, the number of players) and the optional rules.
Everyone marks their people ready; the host starts once every seat is held and every person
ready. The room says the address others can join at.

It never waits on the network: every frame it reads `lan.snapshot()`. When the game is on
it gives way to the LAN table; when the room is gone (closed by the host, a refusal) it goes
back to the browser, which shows the notice."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.rulesets import entry
from net.lan.facade import Room, Snapshot
from sprites import theme
from sprites.colour import RGB
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.lan_common import (
    GREY,
    RULESET,
    line,
    open_seats,
    page,
    room_scenario,
    ruleset_title,
    tick_box,
)
from sprites.scenes.lan_room_paint import (
    CLAIM_WIDTH,
    CYCLE_WIDTH,
    draw_fixed_rows,
    draw_machines,
    draw_scenario,
    draw_seat,
    tick_rect,
)
from sprites.scenes.lan_room_table import change_table
from sprites.scenes.lan_seats import (
    lacks,
    mine,
    missing_words,
    next_assignment,
    offer_words,
    ready_here,
)
from sprites.scenes.players import option_rows
from sprites.scenes.ruleset_pages import option_words
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.rows import Choice, ChoiceRows
from sprites.ui.text import draw_text
from sprites.ui.widgets import Button

KEYS = {pygame.K_ESCAPE: intent("leave"), pygame.K_UP: intent("focus", step=-1),
        pygame.K_DOWN: intent("focus", step=1), pygame.K_LEFT: intent("turn", step=-1),
        pygame.K_RIGHT: intent("turn", step=1), pygame.K_RETURN: intent("enter"),
        pygame.K_KP_ENTER: intent("enter")}
PITCH = 68
"""Design pixels from one seat line to the next."""
SIDE = 540
"""Design width of the table's column (scenario, optional rules, machines)."""
GONE = ("idle", "browsing", "ended")
"""Phases in which there is no room any more."""
STARTING = "Starting — exchanging keys…"
SLOW = ("No answer yet: the lobby may have closed, or a firewall is in the way. "
        "Leave to go back.")
SLOW_AFTER = 10.0


class LanRoomScene(Page):
    """The lobby this machine hosts or joined."""

    def __init__(self, joining: str = "") -> None:
        super().__init__()
        self.joining = joining
        """The address being joined ("" when this machine hosts the lobby)."""
        self.snap = Snapshot(revision=-1)
        self.first: Snapshot | None = None
        """The snapshot when the room opened (to tell a refusal from an old notice)."""
        self.seen = False
        self.waited = 0.0
        self.focus = 0
        self.rows: ChoiceRows | None = None
        self.seat_rects: list[pygame.Rect] = []
        self.cycles: dict[int, pygame.Rect] = {}
        self.scenario_rect = pygame.Rect(0, 0, 0, 0)
        self.seat_buttons: list[Button] = []
        self.buttons: list[Button] = []

    # -- following the network ------------------------------------------------------------

    @property
    def room(self) -> Room | None:
        """The room as last seen."""
        return self.snap.room

    @property
    def hosting(self) -> bool:
        """Whether this machine hosts the room."""
        return self.room is not None and self.room.role == "host"

    @property
    def open_for_changes(self) -> bool:
        """Whether seats, the table and readiness may change (not while starting)."""
        return self.room is not None and self.snap.phase == "room"

    def enter(self, app: Host) -> None:
        """Lay out for the window and the room as it stands."""
        super().enter(app)
        u, (w, h) = app.ui, app.size
        self.box = pygame.Rect(0, 0, min(w - u(60), u(1800)), h - u(60))
        self.box.center = (w // 2, h // 2)
        snap = app.lan.snapshot()
        if self.first is None:
            self.first = snap
        self._adopt(snap)

    def update(self, dt: float) -> None:
        """Follow the snapshot: redraw on a change, go to the table, or back to the browser."""
        host = self.host
        snap = host.lan.snapshot()
        if snap.revision != self.snap.revision:
            self._adopt(snap)
        if snap.phase in ("playing", "spectating") and snap.game is not None:
            host.pop()
            host.open("lan_table")
        elif snap.room is None and snap.phase in GONE and (self.seen or self._refused(snap)):
            host.pop()
        elif snap.room is None:
            before, self.waited = self.waited, self.waited + dt
            self.full_redraw |= before < SLOW_AFTER <= self.waited

    def _refused(self, snap: Snapshot) -> bool:
        """Whether a room never reached ended in a new notice (a refusal, no answer)."""
        first = self.first or snap
        return (snap.revision != first.revision and bool(snap.notice)
                and snap.notice != first.notice)

    def _adopt(self, snap: Snapshot) -> None:
        """Take a newer snapshot: the table's lines follow the room; lay out again."""
        self.snap = snap
        if snap.room is not None:
            self.seen = True
            self.rows = self._table_rows(snap.room)
        self._layout()
        self.full_redraw = True

    def _table_rows(self, room: Room) -> ChoiceRows:
        """The optional rules as the room has them (the New Game page's lines, no notes)."""
        choices = [replace(choice, note="") for choice in option_rows()] \
            if room.ruleset == RULESET else [Choice(o.key, o.label, o.values, option_words(o))
                                             for o in entry(room.ruleset).options]
        values = {c.key: c.values[0] for c in choices}
        values.update({key: value for key, value in room.options if key in values})
        rows = ChoiceRows(choices, values, size=21)
        if self.rows is not None:
            rows.selected = self.rows.selected
        return rows

    # -- input ----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Keys, the buttons, a seat's control, the scenario and the optional rules."""
        found = (key_intents(event, KEYS) or button_intents(event, self.buttons)
                 or button_intents(event, self.seat_buttons))
        if found or event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return found
        if not self.hosting or not self.open_for_changes:
            return []
        def step(rect: pygame.Rect) -> int:
            return -1 if event.button == 3 or event.pos[0] < rect.centerx else 1

        for index, rect in self.cycles.items():
            if rect.collidepoint(event.pos):
                return [intent("seat", seat=index, step=step(rect))]
        if self.scenario_rect.collidepoint(event.pos):
            return [intent("scenario", step=step(self.scenario_rect))]
        assert self.rows is not None
        return [intent("option", row=it.arg("row"), step=it.arg("step"))
                for it in self.rows.intents(event) if it.name == "cycle"]

    def apply(self, it: Intent) -> None:
        """Claim, release, give a seat, change the table, ready, start or leave."""
        lan = self.host.lan
        if lan.snapshot().revision != self.snap.revision:
            self._adopt(lan.snapshot())
        room = self.room
        if it.name == "hover":
            self.full_redraw |= hover_buttons([*self.buttons, *self.seat_buttons],
                                              it.arg("pos"))
            return
        if it.name in ("leave", "refuse"):
            if room is not None and room.offer is not None:
                lan.answer_offer(False)  # says why to the host, and leaves
            else:
                lan.leave()
            self.host.pop()
            return
        if it.name == "focus":
            self.focus = (self.focus + it.arg("step")) % max(1, self._focusable())
            self.full_redraw = True
            return
        if room is None or not self.open_for_changes:
            return
        if room.offer is not None and it.name in ("receive", "enter"):
            lan.answer_offer(True)
        elif it.name in ("turn", "enter"):
            it = self._focused(room, it)
        if it.name == "claim" and not lacks(room):
            lan.claim(it.arg("seat"), self.host.settings.player_name)
        elif it.name == "release":
            lan.release(it.arg("seat"))
        elif it.name == "ready":
            lan.ready(not ready_here(room))
        elif it.name == "start" and self.hosting and room.can_start:
            lan.start()
        elif it.name == "seat" and self.hosting:
            machine, player = next_assignment(room, room.seats[it.arg("seat")], it.arg("step"))
            lan.set_seat(it.arg("seat"), machine, player)
        elif it.name in ("scenario", "option") and self.hosting:
            assert self.rows is not None
            change_table(lan, room, self.rows, it)
        self.full_redraw = True

    def _focusable(self) -> int:
        """Seats, then (for the host) the scenario and each optional rule."""
        room = self.room
        if room is None:
            return 1
        extra = 1 + len(self.rows.choices) if self.hosting and self.rows is not None else 0
        return len(room.seats) + extra

    def _focused(self, room: Room, it: Intent) -> Intent:
        """What Enter or an arrow means on the focused line."""
        k = self.focus
        if k < len(room.seats):
            seat = room.seats[k]
            if it.name == "turn":
                return intent("seat", seat=k, step=it.arg("step"))
            if not seat.machine:
                return intent("claim", seat=k)
            return intent("release", seat=k) if seat.machine == room.me else intent("none")
        if it.name != "turn":
            return intent("none")
        if k == len(room.seats):
            return intent("scenario", step=it.arg("step"))
        return intent("option", row=k - len(room.seats) - 1, step=it.arg("step"))

    # -- layout ---------------------------------------------------------------------------

    def _layout(self) -> None:
        """Seat lines at the left, the table's column at the right, buttons at the foot."""
        u, box, room = self.host.ui, self.box, self.room
        side = min(u(SIDE), box.w * 2 // 5)
        self.seat_area = pygame.Rect(box.x + u(40), box.y + u(220),
                                     box.w - side - u(120), box.h - u(220) - u(170))
        self.side = pygame.Rect(self.seat_area.right + u(40), self.seat_area.y, side,
                                self.seat_area.h)
        count = len(room.seats) if room else 0
        pitch = min(u(PITCH), self.seat_area.h // max(1, count))
        self.seat_rects = [pygame.Rect(self.seat_area.x, self.seat_area.y + k * pitch,
                                       self.seat_area.w, pitch - u(8)) for k in range(count)]
        self.scenario_rect = pygame.Rect(self.side.x, self.side.y, self.side.w, u(78))
        if self.rows is not None:
            top = self.scenario_rect.bottom + u(56)
            self.rows.place([pygame.Rect(self.side.x, top + k * u(52), self.side.w, u(46))
                             for k in range(len(self.rows.choices))])
        self._seat_controls()
        self.buttons = self._buttons()

    def _seat_controls(self) -> None:
        """Claim or Release on each seat line; the host's cycle control at its right end."""
        u, room = self.host.ui, self.room
        self.seat_buttons, self.cycles = [], {}
        if room is None:
            return
        free = self.open_for_changes
        for seat, rect in zip(room.seats, self.seat_rects, strict=True):
            right = rect.right - u(12)
            if self.hosting:
                cycle = pygame.Rect(0, 0, u(CYCLE_WIDTH), rect.h - u(14))
                cycle.midright = (right, rect.centery)
                self.cycles[seat.index] = cycle
                right = cycle.x - u(14)
            words, name = (("Claim", "claim") if not seat.machine else ("Release", "release"))
            ok = free and (not seat.machine or seat.machine == room.me) and not lacks(room)
            if not seat.machine or seat.machine == room.me:
                button = Button(pygame.Rect(0, 0, u(CLAIM_WIDTH), rect.h - u(14)), words,
                                intent(name, seat=seat.index), u(20), enabled=ok)
                button.rect.midright = (right, rect.centery)
                self.seat_buttons.append(button)

    def _buttons(self) -> list[Button]:
        """Leave at the left; Ready (everyone) and Start (the host) at the right."""
        u, box, room = self.host.ui, self.box, self.room
        leave = Button(pygame.Rect(0, 0, u(200), u(58)), "Leave", intent("leave"), u(24))
        leave.rect.bottomleft = (box.x + u(40), box.bottom - u(30))
        buttons = [leave]
        if room is None:
            return buttons
        right = box.right - u(40)
        specs = [("Ready", "ready", bool(mine(room)) and self.open_for_changes)]
        if room.offer is not None:
            specs = [("Receive", "receive", self.open_for_changes), ("Refuse", "refuse", True)]
        if self.hosting:
            specs.insert(0, ("Start", "start", room.can_start and self.open_for_changes))
        for words, name, ok in specs:
            button = Button(pygame.Rect(0, 0, u(220), u(58)), words, intent(name), u(24),
                            enabled=ok)
            button.rect.bottomright = (right, box.bottom - u(30))
            right = button.rect.x - u(20)
            buttons.append(button)
        return buttons

    # -- drawing --------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The lobby's name and address, the seats, the table's column, a message, buttons."""
        u, box, room = self.host.ui, self.box, self.room
        page(surface, u, box, "LOBBY")
        if room is None:
            self._waiting(surface)
        else:
            self._heading(surface, room)
            for seat, rect in zip(room.seats, self.seat_rects, strict=True):
                draw_seat(surface, u, room, seat, rect, seat.index == self.focus,
                          tick_rect(u, rect, self.hosting), self.cycles.get(seat.index),
                          self.host.settings.colour_blind)
            self._table(surface, room)
        words, ink = self._words()
        if words:
            line(surface, u, words, ink, (box.centerx, box.bottom - u(128)), box.w - u(100))
        for button in [*self.buttons, *self.seat_buttons]:
            button.draw(surface)
        ready = next((b for b in self.buttons if b.text == "Ready"), None)
        if ready is not None and room is not None:
            size = ready.rect.h * 9 // 20
            tick_box(surface, pygame.Rect(ready.rect.x + u(16), ready.rect.centery - size // 2,
                                          size, size), ready_here(room),
                     theme.INK if ready.enabled else GREY)
        return None

    def _waiting(self, surface: pygame.Surface) -> None:
        u, box = self.host.ui, self.box
        words = (f"Joining the lobby at {self.joining}…" if self.joining
                 else "Opening your lobby…")
        draw_text(surface, "serif_italic", u(28), words, theme.INK,
                  center=(box.centerx, box.centery - u(40)))

    def _heading(self, surface: pygame.Surface, room: Room) -> None:
        """The lobby's name, who hosts it and what it plays, and where others join."""
        u, box = self.host.ui, self.box
        host = "Hosted here" if room.role == "host" else \
            f"Hosted by {room.machines[0][1] if room.machines else 'another machine'}"
        about = f"{room.name} · {host} · {ruleset_title(room.ruleset)} · {room_scenario(room)}"
        line(surface, u, about, theme.INK, (box.centerx, box.y + u(122)), box.w - u(100), 24,
             "serif_bold")
        if room.address:
            line(surface, u, f"Others can join at {room.address} (Join by Address)",
                 theme.WAX, (box.centerx, box.y + u(156)), box.w - u(100), 21, "serif_italic")

    def _table(self, surface: pygame.Surface, room: Room) -> None:
        """Headings; the scenario, the optional rules (the host may change both), machines."""
        u, side = self.host.ui, self.side
        assert self.rows is not None
        draw_text(surface, "display_bold", u(20), "SEATS (IN TURN ORDER)", theme.WAX,
                  bottomleft=(self.seat_area.x, self.seat_area.y - u(8)))
        if self.seat_rects:
            tick = tick_rect(u, self.seat_rects[0], self.hosting)
            draw_text(surface, "display_bold", u(16), "READY", theme.WAX,
                      midbottom=(tick.centerx, self.seat_area.y - u(8)))
        heading = "SCENARIO" if open_seats(room.ruleset) is None else "PLAYERS"
        draw_text(surface, "display_bold", u(20), heading, theme.WAX,
                  bottomleft=(side.x, side.y - u(8)))
        seats = len(room.seats)
        draw_scenario(surface, u, room, self.scenario_rect, self.hosting,
                      self.hosting and self.focus == seats)
        head_y = (self.rows.rects[0].y if self.rows.rects else self.scenario_rect.bottom
                  + u(56)) - u(10)
        draw_text(surface, "display_bold", u(20), "OPTIONAL RULES", theme.WAX,
                  bottomleft=(side.x, head_y))
        if self.hosting:
            focus = self.focus - seats - 1
            self.rows.selected = focus if 0 <= focus < len(self.rows.choices) else -1
            self.rows.draw(surface, u)
        else:
            draw_fixed_rows(surface, u, self.rows)
        bottom = self.rows.rects[-1].bottom if self.rows.rects else self.scenario_rect.bottom
        draw_machines(surface, u, room, pygame.Rect(side.x, bottom + u(42), side.w,
                                                    side.bottom - bottom - u(42)))

    def _words(self) -> tuple[str, RGB]:
        """The message line: starting, the network's notice, what is missing to start."""
        room = self.room
        if self.snap.phase == "starting":
            return STARTING, theme.WAX
        if self.snap.notice and self.snap.notice != (self.first.notice if self.first else ""):
            return self.snap.notice, theme.WAX
        if room is None:
            if self.waited < SLOW_AFTER:
                return "", theme.INK
            last = f" Last word: {self.snap.notice}" if self.snap.notice else ""
            return SLOW + last, theme.INK_SOFT
        if lacks(room):
            return offer_words(room), theme.WAX
        if not mine(room):
            return "Claim a seat to play, or wait for the host to start.", theme.INK_SOFT
        if room.can_start:
            return ("Every seat is held and everyone is ready: the host may start."
                    if not self.hosting else "Everyone is ready: Start the game."), theme.INK_SOFT
        return missing_words(room), theme.INK_SOFT
