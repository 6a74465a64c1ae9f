"""The LAN lobby browser: the lobbies seen on this network as they appear, each with its host
(name and short fingerprint), rules, scenario, open seats and status; one this program cannot
join is greyed with the reason in words. Host opens a lobby of this machine's, Join enters
the selected one, Spectate follows a game in play, Join by Address takes HOST:PORT.

It never waits on the network: every frame it reads `lan.snapshot()` and redraws when the
snapshot's revision moved. The first time, with no player name yet, the name prompt opens
before anything is asked of the network."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from net.lan.facade import Lan, LobbyListing, Snapshot
from sprites import theme
from sprites.colour import RGB
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.lan_browser_paint import (
    FORMS,
    draw_ask,
    draw_form,
    draw_searching,
)
from sprites.scenes.lan_common import (
    BUSY,
    IN_A_ROOM,
    TextField,
    game_step,
    host_lobby,
    hostable,
    line,
    list_page,
    list_rows,
    open_lan,
    page,
    parse_address,
    start_typing,
    stop_typing,
)
from sprites.scenes.lan_lobbies import draw_lobby, host_port, joinable, reason, says, watchable
from sprites.settings import NAME_LIMIT, clean_name
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_text
from sprites.ui.widgets import Button, scroll_bar

KEYS = {pygame.K_ESCAPE: intent("back"), pygame.K_RETURN: intent("enter"),
        pygame.K_KP_ENTER: intent("enter"), pygame.K_UP: intent("select", step=-1),
        pygame.K_DOWN: intent("select", step=1)}
HINT_AFTER = 5.0
"""Seconds with no lobby before the hint about networks and firewalls shows."""
LOOKING = "Looking for lobbies on this network…"
HINT = ("None found yet. The other machines must be on the same network as this one (the "
        "same Wi-Fi or wired network), and a firewall may be blocking the game: allow it, or "
        "ask the host for the address their lobby shows and use Join by Address.")
ASK_KEYS = {pygame.K_ESCAPE: intent("refuse"), pygame.K_RETURN: intent("receive"),
            pygame.K_KP_ENTER: intent("receive")}
"""While the browser asks whether to receive the scenario of a game to follow."""


class LanBrowserScene(Page):
    """The lobbies on the network; select one (click, arrows) and join, spectate or host."""

    def __init__(self) -> None:
        super().__init__()
        self.snap = Snapshot(revision=-1)
        self.lobbies: tuple[LobbyListing, ...] = ()
        self.selected = ""
        """The selected lobby's address (a lobby keeps its selection as the list changes)."""
        self.first = 0
        self.page = 1
        self.empty_for = 0.0
        self.asked_name = False
        self.form = ""
        """"host" or "address" while a form is open."""
        self.field = TextField()
        self.games = hostable()
        """The games a lobby may be of (Mediterranean Empires first)."""
        self.game = 0
        """Which of them the host form has chosen."""
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.asking: LobbyListing | None = None
        """A game to follow whose scenario this machine lacks: Receive it, or Refuse."""
        self.message = ""
        self.problem = ""
        """Why LAN play cannot start here ("" while it can)."""
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []

    # -- entering and following the network ----------------------------------------------

    def enter(self, app: Host) -> None:
        """Lay out; with a player name, look for lobbies (unless in a room or a game)."""
        super().enter(app)
        u = app.ui
        self.box, self.list, self.page = list_page(u, app.size, (1300, 900), 150, 90)
        self.form_box = pygame.Rect(0, 0, min(self.box.w - u(80), u(820)), u(300))
        self.form_box.center = self.list.center
        lan = self._lan()
        if lan is not None:
            if lan.snapshot().phase not in BUSY:
                lan.browse()
            self._follow(lan.snapshot(), force=True)
        self._layout()

    def leave(self) -> None:
        """Covered or closed: a form being typed in stops taking text."""
        stop_typing()

    def update(self, dt: float) -> None:
        """Ask for the name first; then follow the snapshot and time the empty list."""
        host = self.host
        if not host.settings.player_name:
            if self.asked_name:
                host.pop()
            else:
                self.asked_name = True
                host.open("lan_name")
            return
        lan = self._lan()
        if lan is not None:
            self._follow(lan.snapshot())
        if self.lobbies:
            self.empty_for = 0.0
        else:
            before, self.empty_for = self.empty_for, self.empty_for + dt
            self.full_redraw |= before < HINT_AFTER <= self.empty_for

    def _follow(self, snap: Snapshot, force: bool = False) -> None:
        """Adopt a newer snapshot: the lobbies (keeping the selection) and the notice."""
        if snap.revision == self.snap.revision and not force:
            return
        self.snap, self.lobbies = snap, snap.lobbies
        addresses = [lobby.address for lobby in self.lobbies]
        if self.selected not in addresses:
            self.selected = addresses[0] if addresses else ""
        self._show(self._index())
        self.full_redraw = True

    # -- input ----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """A form's typing and buttons; else keys, the wheel, buttons and rows."""
        if self.form:
            return (self._game_intents(event) or self.field.intents(event)
                    or button_intents(event, self.buttons))
        if self.asking is not None:
            return key_intents(event, ASK_KEYS) or button_intents(event, self.buttons)
        if event.type == pygame.MOUSEWHEEL:
            return [intent("scroll", lines=-event.y)]
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "pick"))

    def _game_intents(self, event: pygame.event.Event) -> list[Intent]:
        """On the host form, the arrows or a click on the game's line change the game."""
        step = game_step(event, self.game_rect) if self.form == "host" else 0
        return [intent("game", step=step)] if step else []

    def apply(self, it: Intent) -> None:
        """Select, scroll, join, spectate, open or answer a form, or go back."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        lan = self._lan()
        if lan is not None:
            self._follow(lan.snapshot())
        handlers: dict[str, Callable[[], Any]] = {
            "back": self._back, "cancel": self._back, "join": self.join,
            "spectate": self.spectate, "enter": self._enter_key, "accept": self._submit,
            "host": lambda: self._open_form("host"),
            "address": lambda: self._open_form("address"),
            "select": lambda: self._choose(self._index() + it.arg("step")),
            "scroll": lambda: self._scroll(it.arg("lines")),
            "pick": lambda: self._pick(self.first + it.arg("index")),
            "receive": lambda: self._answer(True), "refuse": lambda: self._answer(False),
            "game": lambda: setattr(self, "game", (self.game + it.arg("step")) % len(self.games)),
        }
        if it.name in handlers:
            handlers[it.name]()
            self.full_redraw = True
        elif self.form and self.field.apply(it):
            self.message = ""
            self.full_redraw = True

    def _back(self) -> None:
        """Close the form; else leave the browser (leaving a room if this machine is in one)."""
        if self.form:
            self._close_form()
            return
        lan = self._lan()
        if lan is not None and lan.snapshot().phase in IN_A_ROOM:
            lan.leave()
        self.host.pop()

    def _enter_key(self) -> None:
        """Enter joins the selected lobby, or follows its game if it is playing."""
        lobby = self.chosen()
        if lobby is not None and watchable(lobby):
            self.spectate()
        else:
            self.join()

    def _lan(self) -> Lan | None:
        """The LAN handle, once the player has a name and unless it could not be made."""
        if not self.host.settings.player_name or self.problem:
            return None
        lan, self.problem = open_lan(self.host)
        return lan

    # -- selection ------------------------------------------------------------------------

    def chosen(self) -> LobbyListing | None:
        """The selected lobby."""
        return next((lobby for lobby in self.lobbies if lobby.address == self.selected), None)

    def _index(self) -> int:
        return next((k for k, lobby in enumerate(self.lobbies)
                     if lobby.address == self.selected), 0)

    def _choose(self, index: int) -> None:
        if not self.lobbies:
            return
        index %= len(self.lobbies)
        if self.lobbies[index].address != self.selected:
            self.message = ""
        self.selected = self.lobbies[index].address
        self._show(index)

    def _show(self, index: int) -> None:
        """Scroll so that row `index` is on the page; lay out again."""
        count = len(self.lobbies)
        self.first = max(0, min(self.first, index, count - self.page), index - self.page + 1)
        self._layout()

    def _scroll(self, lines: int) -> None:
        self.first = max(0, min(self.first + lines, len(self.lobbies) - self.page))
        self._layout()

    def _pick(self, index: int) -> None:
        """A click on a row selects it; a click on the selected row joins (or spectates)."""
        if index < len(self.lobbies) and self.lobbies[index].address == self.selected:
            self._enter_key()
        else:
            self._choose(index)

    # -- commands -------------------------------------------------------------------------

    def join(self) -> None:
        """Enter the selected lobby, or say why it cannot be joined."""
        lobby, lan = self.chosen(), self._lan()
        if lobby is None:
            self.message = "Choose a lobby first (or Host one, or Join by Address)."
        elif not joinable(lobby):
            self.message = f"{lobby.name} — {reason(lobby)}."
        elif lan is not None:
            lan.join(lobby.address)
            self.host.open("lan_room", lobby.address)

    def spectate(self) -> None:
        """Follow the selected lobby's game (asking first whether to receive its scenario when
        this machine lacks it), or say why not."""
        lobby, lan = self.chosen(), self._lan()
        if lobby is None or not watchable(lobby):
            self.message = "Only a lobby playing its game can be watched."
        elif lobby.note:
            self.asking = lobby
            self._layout()
        elif lan is not None:
            lan.spectate(lobby.address)
            self.host.open("lan_table")

    def _answer(self, receive: bool) -> None:
        """Receive the scenario of the game to follow and follow it, or refuse it."""
        lobby, lan, self.asking = self.asking, self._lan(), None
        self._layout()
        if lobby is None or lan is None:
            return
        if receive:
            lan.spectate(lobby.address, receive=True)
            self.host.open("lan_table")
        else:
            self.message = f"Not following {lobby.name}: you refused its scenario."

    def _open_form(self, form: str) -> None:
        if self._lan() is None:
            return
        name = self.host.settings.player_name
        self.form = form
        self.field = (TextField(f"{name}'s table", NAME_LIMIT) if form == "host"
                      else TextField("", 100))
        self.message = ""
        self._layout()
        start_typing(self.field_rect)

    def _close_form(self) -> None:
        self.form, self.message = "", ""
        stop_typing()
        self._layout()

    def _submit(self) -> None:
        """Open the lobby typed, or join the address typed (when it reads as one)."""
        host, lan = self.host, self._lan()
        if lan is None:
            self._close_form()
        elif self.form == "host":
            name = (clean_name(self.field.text)[:NAME_LIMIT]
                    or f"{host.settings.player_name}'s table")
            self._close_form()
            host_lobby(lan, name, self.games[self.game])
            host.open("lan_room")
        elif self.form == "address":
            parsed = parse_address(self.field.text)
            if isinstance(parsed, str):
                self.message = parsed
                return
            self._close_form()
            address = host_port(*parsed)
            lan.join(address)
            host.open("lan_room", address)

    # -- layout ---------------------------------------------------------------------------

    def _layout(self) -> None:
        """The visible rows and the buttons (a form's own while one is open)."""
        u, box = self.host.ui, self.list
        width = box.w - (u(24) if len(self.lobbies) > self.page else 0)
        shown = max(0, min(self.page, len(self.lobbies) - self.first))
        self.rows = list_rows(u, box, shown, width)
        if self.form or self.asking is not None:
            self.buttons = self._form_buttons()
        else:
            self.buttons = self._buttons()

    def _buttons(self) -> list[Button]:
        """Back at the left; Host, Join by Address, Spectate and Join at the right."""
        u, box = self.host.ui, self.box
        lobby = self.chosen()
        specs = [("Join", "join", 190, lobby is not None and joinable(lobby)),
                 ("Spectate", "spectate", 210, lobby is not None and watchable(lobby)),
                 ("Join by Address", "address", 300, not self.problem),
                 ("Host", "host", 190, not self.problem)]
        back = Button(pygame.Rect(0, 0, u(190), u(58)), "Back", intent("back"), u(24))
        back.rect.bottomleft = (box.x + u(40), box.bottom - u(30))
        buttons = [back]
        right = box.right - u(40)
        for words, name, width, ok in specs:
            button = Button(pygame.Rect(0, 0, u(width), u(58)), words, intent(name), u(24),
                            enabled=ok)
            button.rect.bottomright = (right, box.bottom - u(30))
            right = button.rect.x - u(16)
            buttons.append(button)
        return buttons

    def _form_buttons(self) -> list[Button]:
        u, fbox = self.host.ui, self.form_box
        choosing = self.form == "host" and len(self.games) > 1
        fbox.h = u(370) if choosing else u(300)
        fbox.center = self.list.center
        self.field_rect = pygame.Rect(fbox.x + u(40), fbox.y + u(96), fbox.w - u(80), u(58))
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        if choosing:
            self.game_rect = pygame.Rect(self.field_rect.x, self.field_rect.bottom + u(14),
                                         self.field_rect.w, u(50))
        no, yes = (("Refuse", "refuse"), ("Receive", "receive")) if self.asking else \
            (("Cancel", "cancel"), (FORMS[self.form][2], "accept"))
        cancel = Button(pygame.Rect(0, 0, u(190), u(56)), no[0], intent(no[1]), u(22))
        ok = Button(pygame.Rect(0, 0, u(230), u(56)), yes[0], intent(yes[1]), u(22))
        cancel.rect.bottomleft = (fbox.x + u(40), fbox.bottom - u(24))
        ok.rect.bottomright = (fbox.right - u(40), fbox.bottom - u(24))
        return [cancel, ok]

    # -- drawing --------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The lobbies (or the search and its hint), the message line, buttons, a form."""
        u, box = self.host.ui, self.box
        page(surface, u, box, "LAN GAME")
        name = self.host.settings.player_name
        draw_text(surface, "serif_italic", u(21), f"Lobbies on this network · you play as {name}",
                  theme.INK_SOFT, center=(box.centerx, box.y + u(122)))
        if not self.lobbies and not self.problem:
            draw_searching(surface, u, self.list, LOOKING,
                           HINT if self.empty_for >= HINT_AFTER else "")
        for k, row in enumerate(self.rows):
            lobby = self.lobbies[self.first + k]
            draw_lobby(surface, u, lobby, row, lobby.address == self.selected)
        scroll_bar(surface, u, self.list, self.first, self.page, len(self.lobbies))
        words, ink = self._words()
        if words:
            line(surface, u, words, ink, (box.centerx, self.list.bottom + u(40)),
                 box.w - u(100))
        if self.asking is not None:
            draw_ask(surface, u, self.form_box, self.asking, self.buttons)
        elif self.form:
            draw_form(surface, u, self.form, self.form_box, self.field, self.field_rect,
                      self.game_rect, self.games[self.game], self.message, self.buttons)
        else:
            for button in self.buttons:
                button.draw(surface)
        return None

    def _words(self) -> tuple[str, RGB]:
        """The message line: what was just refused here, else the network's notice, else why
        the selected lobby cannot be joined."""
        if self.problem:
            return self.problem, theme.WAX
        if self.message and not self.form:
            return self.message, theme.WAX
        if self.snap.notice:
            return self.snap.notice, theme.WAX
        lobby = self.chosen()
        if lobby is not None and says(lobby):
            return f"{lobby.name}: {says(lobby)}.", theme.INK_SOFT
        return "", theme.INK
