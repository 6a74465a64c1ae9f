"""The table of a LAN game: the hot-seat table, driven by the network's records, with a strip
showing the machines and whom the table waits for, a dialog while a machine is away, a frozen
table's message, and the audit on the end screen.

Until the genesis is signed (joining a game in progress, spectating, resuming) it shows a
short "connecting" page; the screen never waits for the network.
"""

from __future__ import annotations

import pygame

from game.core.actions import Action
from net.lan.facade import Lan, Snapshot, TableStatus
from net.lan.mirror import Mirror
from sprites import theme
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.controller import Move
from sprites.table.display import TableDisplay
from sprites.table.lan_controller import LanController
from sprites.table.lan_status import draw_status_strip
from sprites.table.scene import TableScene
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import draw_lines, render, wrap

ADJOURNED = "The game is adjourned: every machine kept it, and Resume LAN Game goes on with it."


class LanTableScene(TableScene):
    """A LAN game (or one being followed) at this screen."""

    def __init__(self) -> None:
        Scene.__init__(self)
        self.started = False
        self.dialog = ""
        """The dialog last opened over the table ("lan_pause", "lan_frozen", "end")."""
        self.elsewhere = ""
        """The LAN table scene of a rule set with a table of its own, which this connecting
        page hands the game to ("": the game is played here)."""

    @property
    def lan(self) -> Lan:
        """The app's LAN handle."""
        return self.host.lan

    def enter(self, app: Host) -> None:
        """Show the table once the game is known, else the connecting page."""
        Scene.enter(self, app)
        self.dialog = ""
        if not self.started:
            self._begin(self.lan.snapshot())
        if self.started:
            TableScene.enter(self, app)

    def _begin(self, snapshot: Snapshot) -> None:
        if snapshot.game is None or self.elsewhere:
            return
        self.elsewhere = own_table(snapshot.game.genesis.ruleset)
        if self.elsewhere:
            return
        mirror = Mirror(snapshot.game)
        self.control = LanController(self.lan, mirror)
        self.display = TableDisplay(self.control)
        self.display.strip = self._strip
        self.started = True

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The table's gestures, or Esc on the connecting page."""
        if self.started:
            return super().intents(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [intent("cancel")]
        return []

    def apply(self, it: Intent) -> None:
        """Table intents; on the connecting page only Esc (back to where we came from)."""
        if self.started:
            super().apply(it)
        elif it.name == "cancel":
            self.lan.leave()
            self.host.pop()

    def _act(self, action: Action) -> None:
        """A person's answer goes to the network; the bar closes until its record is back."""
        self.control.act(action)
        self.display.bar.close()
        self.display.stale = True

    # -- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The game as the records come; the network's news opens its dialogs."""
        snapshot = self.lan.snapshot()
        if self.elsewhere and snapshot.game is not None:
            self.host.pop()
            self.host.open(self.elsewhere, snapshot.game, self.lan)
            return
        if not self.started:
            self._begin(snapshot)
            if self.started:
                TableScene.enter(self, self.host)
            self.full_redraw = True
            return
        super().update(dt)
        self._news(snapshot)

    def _news(self, snapshot: Snapshot) -> None:
        """A frozen table, a machine away, an adjourned game: the dialog that says so."""
        status = snapshot.table
        if status is None:
            return
        if status.stopped and self.dialog != "lan_frozen":
            self._open("lan_frozen")
        elif status.paused and not self.dialog and not self.control.stuck:
            self._open("lan_pause")
        elif status.result == "adjourned" and self.control.notice != ADJOURNED:
            self.control.notice = ADJOURNED
            self.full_redraw = True
        if not status.paused and self.dialog == "lan_pause":
            self.dialog = ""

    def _open(self, name: str) -> None:
        self.dialog = name
        self.host.open(name, self.lan)

    def _settle(self, move: Move) -> None:
        """The end waits for the audit (every machine's openings) before the end screen."""
        status = self.lan.snapshot().table
        if move == "over" and (status is None or not status.result):
            self.display.telling = "The game is over — checking every deck and face-down play…"
            return
        if move == "over" and self.control.finish():
            self.dialog = "end"
            outcome = self.session.outcome()
            if status is not None and status.result == "abandoned":
                outcome = outcome.abandoned()
            self.host.open("end", self.session, status.audit if status else (), outcome)
            return
        super()._settle(move)
        if isinstance(self.control, LanController) and self.control.sent_at is not None \
                and self.display.offered is not None:
            self.display.stale = True

    # -- drawing ------------------------------------------------------------------------

    def _strip(self, surface: pygame.Surface, top: int) -> pygame.Rect:
        status: TableStatus | None = self.lan.snapshot().table
        if status is None:
            return pygame.Rect(0, top, 0, 0)
        area = self.display.map.viewport.copy()
        area.y, area.h = top, area.bottom - top
        return draw_status_strip(surface, status, area, self.host.ui,
                                 self.host.settings.colour_blind)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table, or the connecting page until the game is known."""
        if self.started:
            return super().draw(surface)
        if not self.full_redraw:
            return []
        self.full_redraw = False
        self._connecting(surface)
        return None

    def _connecting(self, surface: pygame.Surface) -> None:
        u, (w, h) = self.host.ui, surface.get_size()
        surface.blit(parchment_backdrop((w, h)), (0, 0))
        head = render("display_bold", u(48), "JOINING THE TABLE", theme.INK, tracking=0.1)
        surface.blit(head, head.get_rect(center=(w // 2, h // 2 - u(80))))
        snapshot = self.lan.snapshot()
        said = snapshot.notice or "Connecting to the other machines…"
        lines = wrap("serif", u(26), said, min(w - u(200), u(1100)))
        draw_lines(surface, "serif", u(26), lines, theme.INK_SOFT, h // 2, w // 2)
        foot = render("serif_italic", u(20), "Esc goes back", theme.INK_SOFT)
        surface.blit(foot, foot.get_rect(center=(w // 2, h - u(70))))


def own_table(ruleset: str) -> str:
    """The LAN table scene ("lan_" and its table's name) of a rule set whose games are played
    at a table of their own; "" for one played at this one."""
    from game.rulesets import entry

    scene = entry(ruleset).table_scene
    return "" if scene in ("", "table") else f"lan_{scene}"
