"""The LAN side of a rule set's table of its own (Roll Through the Ages, Mare Nostrum): the
dialogs the network's news opens (a frozen table, a machine away), the notice of an adjourned
game or of the wait for every machine's audit, leaving the game, the machines' strip over the
table, an abandoned game's outcome and each seat's audit line at the end.

Here rather than in `sprites/scenes/` or `sprites/table/`: it is a scene and draws the table's
strip, and those two packages do not import each other."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

import pygame

from game.core.outcome import Outcome
from game.session import GameSession, seat_title
from net.lan.facade import Lan, TableStatus
from sprites import theme
from sprites.rtta.look import Scale
from sprites.scenes.base import Host, Intent, Scene
from sprites.table.lan_status import draw_status_strip, strip_height
from sprites.ui.text import draw_text, elide
from sprites.ui.widgets import panel

ADJOURNED = "The game is adjourned: every machine kept it, and Resume LAN Game goes on with it."
CHECKING = "The game is over — waiting for every machine's audit…"
AUDIT_FONT = ("serif_italic", 20)
AUDIT_LINE = 28
"""Design pixels from one audit line to the next."""


class LanControl(Protocol):
    """What the LAN table reads of its control, the rule set's control of a LAN game."""

    session: GameSession
    notice: str
    stuck: bool

    @property
    def status(self) -> TableStatus | None:
        """The network's side of the table (machines, whom it waits for, the end)."""

    def leave(self) -> None:
        """This machine leaves the game."""


Control = TypeVar("Control", bound=LanControl)


class LanOwnTable(Scene, Generic[Control]):
    """A mixin put before a rule set's table scene to play it on a LAN (the scene owns `u`
    and `dirty`; its `__init__` sets `lan_control` and calls `_join`)."""

    u: Scale
    dirty: bool
    lan_control: Control

    def _join(self, lan: Lan) -> None:
        """The network's side of the table, before anything is shown."""
        self.lan = lan
        self.dialog = ""
        """The dialog last opened over the table ("lan_pause", "lan_frozen")."""
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.status_drawn: TableStatus | None = None

    def _strip_atop(self, area: pygame.Rect, side: int, top: int) -> pygame.Rect:
        """Lay the machines' strip at the top of `area`, `side` and `top` design pixels in;
        the rest of the area, under it."""
        u = self.u
        self.strip_rect = pygame.Rect(area.x + u(side), area.y + u(top), area.w - u(2 * side),
                                      strip_height(u))
        room = self.strip_rect.h + u(8)
        return pygame.Rect(area.x, area.y + room, area.w, area.h - room)

    def enter(self, app: Host) -> None:
        """The table's layout; no dialog of the network's is open over it."""
        super().enter(app)
        self.dialog = ""

    # -- leaving and time ---------------------------------------------------------------

    def _title(self, it: Intent) -> None:
        self.lan_control.leave()
        self.host.back_to("title")

    def update(self, dt: float) -> None:
        """The game as the records come; the network's news opens its dialogs."""
        super().update(dt)
        self._news()

    def _news(self) -> None:
        """A frozen table, a machine away, an adjourned game, the wait for the audit."""
        control = self.lan_control
        status, notice = control.status, control.notice
        if status is None:
            return
        if status.stopped and self.dialog != "lan_frozen":
            self._open("lan_frozen")
        elif status.paused and not self.dialog and not control.stuck:
            self._open("lan_pause")
        elif status.result == "adjourned":
            control.notice = ADJOURNED
        elif control.session.over:
            control.notice = "" if status.result else CHECKING
        if not status.paused and self.dialog == "lan_pause":
            self.dialog = ""
        self.dirty |= control.notice != notice

    def _open(self, name: str) -> None:
        self.dialog = name
        self.host.open(name, self.lan)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table with the machines' strip over it, redrawn as the network's news
        changes."""
        status = self.lan_control.status
        if status != self.status_drawn:
            self.status_drawn = status
            self.dirty = True
        drawn = super().draw(surface)
        if drawn is None and status is not None and self._strip_shown():
            draw_status_strip(surface, status, self.strip_rect, self.u,
                              self.host.settings.colour_blind)
        return drawn

    def _strip_shown(self) -> bool:
        """Whether the strip is drawn over the table as it is now."""
        return True

    def outcome(self) -> Outcome:
        """How the game ended (an abandoned LAN game so marked)."""
        status = self.lan_control.status
        found = self.lan_control.session.outcome()
        return found.abandoned() if status is not None and status.result == "abandoned" \
            else found

    def _draw_audit(self, surface: pygame.Surface, width: int,
                    **where: tuple[int, int]) -> None:
        """Each seat's audit line once every machine's is in, in a panel `width` wide
        placed by a Rect keyword (`midbottom=…`)."""
        status = self.lan_control.status
        lines = status.audit if status is not None else ()
        if not lines:
            return
        u, (face, size) = self.u, AUDIT_FONT
        box = pygame.Rect(0, 0, width, u(30) + len(lines) * u(AUDIT_LINE)).move_to(**where)
        panel(surface, box)
        for k, words in enumerate(lines):
            seat, colon, rest = words.partition(": ")
            said = elide(face, u(size), f"{seat_title(seat)}{colon}{rest}", box.w - u(40))
            draw_text(surface, face, u(size), said, theme.INK,
                      midtop=(box.centerx, box.y + u(14) + k * u(AUDIT_LINE)))
