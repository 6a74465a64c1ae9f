"""The Mare Nostrum table's panels, drawn for the scene (scene.py) from the view the panels'
adapters read (shows.py): over the map the hero and wonder display, the battle dialog and the
trade table; on the right the leader board, the empires, the screen at this table, the
decision panel with its buttons and the chronicle; the header's buttons, a tile's tooltip,
the hot seat's cover and the victory banner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.core.actions import Action
from game.core.outcome import Outcome
from game.rulesets.mare_nostrum.content_records import MnContent
from game.session import GameSession
from sprites.colour import RGB
from sprites.mn import board, shows
from sprites.mn.battle import BattleShow, draw_battle
from sprites.mn.control import MnControl
from sprites.mn.cover import draw_cover
from sprites.mn.display import draw_display, power
from sprites.mn.end import draw_banner
from sprites.mn.leaders import draw_exchange_markers, draw_leaders
from sprites.mn.look import resource_name
from sprites.mn.map_view import MnMap
from sprites.mn.screen import draw_lines, draw_own, screen_height
from sprites.mn.trade import draw_trade
from sprites.mn.words import empire_name, label, payment_words, target
from sprites.rtta.look import HIGHLIGHT, Scale, glow
from sprites.rtta.panel import ActionButton, flow, prompt
from sprites.scenes.base import Intent, intent
from sprites.ui.widgets import panel, tooltip

CHRONICLE = 100
"""The chronicle's least height in design pixels: the decision panel's buttons take the rest."""


class TablePanels:
    """The drawing half of the table (a mixin of MnScene, which owns the state read here)."""

    u: Scale
    view: Mapping[str, Any]
    content: MnContent
    names: dict[str, str]
    empires: tuple[str, ...]
    control: MnControl
    zones: dict[str, pygame.Rect]
    buttons: list[ActionButton]
    chooser: list[Action] | None
    offer: list[str]
    display_open: bool
    pointer: tuple[int, int]
    header_rect: pygame.Rect
    map_rect: pygame.Rect
    right_rect: pygame.Rect
    board_rect: pygame.Rect
    map: MnMap
    overlays: list[pygame.Rect]
    last_battle: BattleShow | None
    colour_blind: bool

    @property
    def session(self) -> GameSession:
        """The game."""
        return self.control.session

    def colour(self, seat: int) -> RGB:
        """A seat's colour: its empire's."""
        blind = bool(self.colour_blind)
        return board.empire_colour(self.empires[seat], blind)

    def composing(self) -> bool:
        """Whether the person at the screen is putting a face-down offer together."""
        return self.control.person() is not None and self.control.sealing()

    def behind_screen(self) -> list[str]:
        """The resources behind the screen at this table, less those put in the offer."""
        left = list(shows.own_resources(self.view))
        for resource in self.offer:
            if resource in left:
                left.remove(resource)
        return left

    def offer_choice(self) -> tuple[str, ...]:
        """The offer as the rule set reads it: its resource ids, sorted."""
        return tuple(sorted(self.offer))

    def outcome(self) -> Outcome:
        """How the game ended, as the banner tells it."""
        return self.session.outcome()

    def whose(self) -> str:
        """Whose decision it is, in words."""
        decision = self.session.decision()
        if decision.is_over:
            return "The game is over"
        if decision.actor < 0:
            return "The dice are rolling"
        return f"{empire_name(self.empires[decision.actor])} to play"

    def _over_map(self, surface: pygame.Surface, live: set[str],
                  legal: tuple[Action, ...] = ()) -> None:
        """The map with the areas a click answers glowing (and the trireme chains a march
        crosses), and the panels laid over it: the display, the trade table, the battle."""
        u, view = self.u, self.view
        areas = {key[5:] for key in live if key.startswith("area:")}
        areas |= shows.trireme_chains(view, self.content, self.control.person(), legal)
        conquered = shows.conquest(view)
        if conquered is not None:
            areas.add(conquered)
        self.map.draw(surface, self.board_rect, view, areas)
        area = self.map_rect.inflate(-u(24), -u(24))
        self.overlays = []
        if self.display_open:
            box = pygame.Rect(area.x, area.y, area.w, u(290))
            panel(surface, box)
            self.overlays.append(box)
            seat = self.control.screen_seat
            self.zones |= draw_display(surface, u, box.inflate(-u(32), -u(28)),
                                       shows.tiles(view, self.content),
                                       shows.price(view, self.content, seat), self.colour)
        if self.last_battle is not None:
            box = draw_battle(surface, u, area, self.last_battle, self.colour)
            self.overlays.append(box)
            close = pygame.Rect(box.right - u(130), box.y + u(12), u(110), u(40))
            self._add_buttons(surface, [ActionButton(close, "Close", intent("close_battle"))])
        table = shows.trade(view, self.empires, self.offer if self.composing() else ())
        if table is not None:
            zones, box = draw_trade(surface, u, area, table, self.empires, self.colour, live)
            self.zones |= zones
            self.overlays.append(box)

    def _right(self, surface: pygame.Surface, legal: tuple[Action, ...], live: set[str]
               ) -> None:
        """The leader board, the empires, the screen at this table, the decision panel and
        the chronicle, top to bottom."""
        u, view, content = self.u, self.view, self.content
        rect = self.right_rect.inflate(-u(32), -u(28))
        y = draw_leaders(surface, u, rect, shows.levels(view), shows.titles(view), self.colour,
                         self.empires)
        draw_exchange_markers(surface, u, pygame.Rect(rect.x, y + u(6), rect.w, u(34)),
                              shows.markers(view))
        lines = shows.lines(view, content, [self.control.bot_seat(s)
                                            for s in range(len(self.empires))])
        y = draw_lines(surface, u, pygame.Rect(rect.x, y + u(52), rect.w, u(190)), lines,
                       self.colour, self.control.deciding())
        seat = self.control.screen_seat
        if seat is not None:
            left = self.behind_screen()
            screen = pygame.Rect(rect.x, y + u(8), rect.w, screen_height(u, rect.w, left))
            title = f"Behind {empire_name(self.empires[seat])}'s screen"
            self.zones |= draw_own(surface, u, screen, title, left, live)
            y = screen.bottom
        area = pygame.Rect(rect.x, y + u(10), rect.w, rect.bottom - y - u(10) - u(CHRONICLE))
        y = self._decision(surface, area, legal)
        chronicle = pygame.Rect(rect.x, y + u(10), rect.w, rect.bottom - y - u(10))
        board.chronicle(surface, u, chronicle, self.control.chronicle, self.control.notice)

    def _decision(self, surface: pygame.Surface, area: pygame.Rect,
                  legal: tuple[Action, ...]) -> int:
        """Whose decision and why, then the buttons for actions without a place; the y
        below them."""
        u = self.u
        decision = self.session.decision()
        why = decision.prompt
        paying = shows.payment(self.view)
        if paying and legal:
            why = payment_words(paying, self.names)
        conquered = shows.conquest(self.view)
        if conquered is not None and legal:
            why = f"Conquest of {self.names.get(conquered, conquered)}: {why}"
        reason = self.control.check_offer(self.offer_choice()) if self.composing() else None
        if reason:
            why = f"{why} — {reason}"
        verbs = {a.verb for a in legal}
        who, why, hint = board.prompt_words(why, self.whose(), verbs, self.composing())
        y = prompt(surface, u, area, who, why, hint)
        buttons = flow(u, pygame.Rect(area.x, y, area.w, area.bottom - y),
                       self._items(legal, reason))
        self._add_buttons(surface, buttons)
        return max([y, *(b.rect.bottom for b in buttons)])

    def _items(self, legal: tuple[Action, ...], reason: str | None
               ) -> list[tuple[str, Intent, bool]]:
        """The decision panel's buttons: a chooser's actions, or those without a place; an
        offer's Seal and Take back; at the end the banner again and the way out."""
        if self.session.over:
            return [("Show the end", intent("show_end"), True),
                    ("Back to the title", intent("title"), True)]
        if self.chooser:
            return [*[(label(a, self.names), intent("act", action=a), True)
                      for a in self.chooser], ("Cancel", intent("cancel"), True)]
        items = [(label(a, self.names), intent("act", action=a), True) for a in legal
                 if not target(a)]
        if self.composing():
            items.append(("Offer these face down", intent("seal"), reason is None))
            items += [(f"Take back {resource_name(r)}", intent("zone", key=f"mine:{r}"),
                       True) for r in sorted(set(self.offer))]
        return items

    def _add_buttons(self, surface: pygame.Surface, buttons: list[ActionButton]) -> None:
        for button in buttons:
            button.hovered = button.rect.collidepoint(self.pointer)
            button.draw(surface, self.u)
        self.buttons += buttons
    def _header_buttons(self, surface: pygame.Surface, live: set[str]) -> None:
        """Leave, and the hero and wonder display (glowing when a tile may be chosen)."""
        u = self.u
        leave = pygame.Rect(self.header_rect.right - u(150), u(18), u(130), u(46))
        tiles = pygame.Rect(leave.x - u(250), u(18), u(236), u(46))
        words = "Hide the display" if self.display_open else "Heroes & Wonders"
        self._add_buttons(surface, [ActionButton(tiles, words, intent("display")),
                                    ActionButton(leave, "Leave", intent("leave"))])
        if not self.display_open and any(k.startswith("tile:") for k in live):
            glow(surface, tiles, HIGHLIGHT, u(2))

    def _tooltip(self, surface: pygame.Surface) -> None:
        """A tile's power under the pointer."""
        for key, rect in self.zones.items():
            if key.startswith("tile:") and rect.collidepoint(self.pointer):
                tile = self.content.tile(key[5:])
                tooltip(surface, self.pointer, tile.name, [power(tile.id)], self.u.factor * 1.2)
                return

    def _cover(self, surface: pygame.Surface) -> None:
        seat = self.control.covered_for
        if seat is None:
            return
        button = draw_cover(surface, self.u, self.map_rect.center,
                            empire_name(self.empires[seat]), self.colour(seat),
                            self.control.cover_ready)
        button.hovered = button.rect.collidepoint(self.pointer)
        self.buttons = [b for b in self.buttons if b.words == "Leave"] + [button]

    def _end(self, surface: pygame.Surface) -> None:
        """The victory banner over the table."""
        u = self.u
        box = draw_banner(surface, u, self.outcome(), self.empires,
                          str(self.view.get("victory", "")), self.colour)
        area = pygame.Rect(box.x + u(40), box.bottom - u(70), box.w - u(80), u(50))
        self.buttons = []
        self._add_buttons(surface, flow(u, area, [
            ("Look at the table", intent("close_end"), True),
            ("Back to the title", intent("title"), True)]))
