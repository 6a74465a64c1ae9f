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
from sprites import theme
from sprites.colour import RGB
from sprites.mn import board, shows
from sprites.mn.battle import BattleShow, draw_battle
from sprites.mn.control import MnControl
from sprites.mn.cover import draw_cover
from sprites.mn.display import draw_display, power
from sprites.mn.end import draw_banner
from sprites.mn.leaders import draw_exchange_markers, draw_leaders
from sprites.mn.look import chain_tag, resource_name, tag_size
from sprites.mn.map_view import MnMap
from sprites.mn.screen import draw_lines, draw_own, screen_height
from sprites.mn.trade import draw_trade
from sprites.mn.words import cost_words, empire_name, label, payment_words, target
from sprites.rtta.look import HIGHLIGHT, Scale, glow, text
from sprites.rtta.panel import ActionButton, flow
from sprites.scenes.base import Intent, intent
from sprites.ui.text import wrap
from sprites.ui.widgets import panel, tooltip

CHRONICLE = 100
"""The chronicle's least height in design pixels: the decision panel's buttons take the rest."""
BOT_HINT = "A bot plays this empire: its moves show on the map and in the chronicle."
CHOOSERS = {"build": "the Culture", "move": "the Military"}
"""The Leader who picks each next Active Player, by phase (rules 3 and 4)."""
CHAIN_TAG = "by trireme"
"""The tag of a sea a march crosses on the player's triremes."""


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
        """The resources behind the screen at this table, less those put in the offer or
        picked for the build being paid."""
        left = list(shows.own_resources(self.view))
        for resource in [*self.offer, *shows.picked(self.view)]:
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
            winners = [empire_name(self.empires[seat]) for seat in self.outcome().winners]
            return f"{' and '.join(winners)} win{'s' * (len(winners) == 1)}" if winners \
                else "The game is over"
        if decision.actor < 0:
            return "The dice are rolling"
        bot = " (bot)" if self.control.bot_seat(decision.actor) else ""
        return f"{empire_name(self.empires[decision.actor])}{bot} to play"

    def _over_map(self, surface: pygame.Surface, live: set[str],
                  legal: tuple[Action, ...] = ()) -> None:
        """The map with the areas a click answers glowing (and the trireme chains a march
        crosses), and the panels laid over it: the display, the trade table, the battle."""
        u, view = self.u, self.view
        areas = {key[5:] for key in live if key.startswith("area:")}
        chains = shows.trireme_chains(view, self.content, self.control.person(), legal)
        conquered = shows.conquest(view)
        if conquered is not None:
            areas.add(conquered)
        areas |= {shows.battle_place(a) for a in legal} - {""}
        paying = shows.payment(view)
        if paying and paying["item"] != "tile" and paying.get("place"):
            areas.add(str(paying["place"]).partition(".")[0])
        self.map.draw(surface, self.board_rect, view, areas | chains)
        self._chain_tags(surface, chains)
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

    def _chain_tags(self, surface: pygame.Surface, seas: set[str]) -> None:
        """A tag beside the name of each lit sea of a trireme chain where one fits without
        hiding a name or token of the map (the decision panel names them all)."""
        boxes = self.map.view.boxes
        taken = [box for _, box in boxes]
        for sea in sorted(seas):
            own = [box for key, box in boxes if key == sea]
            if not own:
                continue
            tag = self._free_spot(sea, own[0].unionall(own), taken)
            if tag is not None:
                chain_tag(surface, self.u, tag, CHAIN_TAG)
                taken.append(tag)

    def _free_spot(self, sea: str, name: pygame.Rect, taken: list[pygame.Rect]
                   ) -> pygame.Rect | None:
        """The place in a sea nearest below its name and tokens that covers nothing (None:
        the sea is drawn too small for one)."""
        tag = pygame.Rect((0, 0), tag_size(self.u, CHAIN_TAG))
        tag.midtop = (name.centerx, name.bottom + self.u(4))
        steps = sorted(((dx, dy) for dx in range(-4, 5) for dy in range(-6, 5)),
                       key=lambda step: abs(step[0]) * 2 + abs(step[1]))
        spots = [tag.move(dx * tag.w // 3, dy * tag.h // 2) for dx, dy in steps]
        free = [s for s in spots if self.board_rect.contains(s) and s.collidelist(taken) < 0]
        return next((s for s in free if self.map.hit(s.center) == sea), None)

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
        y = self._decision(surface, area, legal, rect.bottom)
        chronicle = pygame.Rect(rect.x, y + u(10), rect.w, rect.bottom - y - u(10))
        board.chronicle(surface, u, chronicle, self.control.chronicle, self.control.notice)

    def _decision(self, surface: pygame.Surface, area: pygame.Rect,
                  legal: tuple[Action, ...], floor: int) -> int:
        """Whose decision and why, then the buttons for actions without a place (down to
        `floor`, over the chronicle, when they need it); the y below them."""
        u = self.u
        reason = self.control.check_offer(self.offer_choice()) if self.composing() else None
        why = self._asked(legal) + self._offer_words(reason) + "".join(self._notes(legal))
        who, why, hint = board.prompt_words(why, self.whose(), {a.verb for a in legal},
                                            self.composing())
        if not legal and who.endswith("(bot) to play"):
            hint = BOT_HINT
        y = self._prompt(surface, area, who, why, hint)
        items = self._items(legal, reason)
        buttons = flow(u, pygame.Rect(area.x, y, area.w, area.bottom - y), items)
        if len(buttons) < len(items):
            buttons = flow(u, pygame.Rect(area.x, y, area.w, floor - y), items)
        self._add_buttons(surface, buttons)
        return max([y, *(b.rect.bottom for b in buttons)])

    def _asked(self, legal: tuple[Action, ...]) -> str:
        """What the engine asks, or the payment under way, or the conquest being chosen
        with the legions that can hold it."""
        why = self.session.decision().prompt
        paying, conquered = shows.payment(self.view), shows.conquest(self.view)
        seat = self.control.person()
        if paying and legal:
            return payment_words(paying, self.names)
        if conquered is None or not legal or seat is None:
            return why
        legions = shows.legions(self.view, conquered, seat)
        held = f"{legions} legion{'s' * (legions != 1)} there: each holds a site or the marker"
        return f"Conquest of {self.names.get(conquered, conquered)} ({held}): {why}"

    def _offer_words(self, reason: str | None) -> str:
        """How far the face-down offer is, or why it cannot be sealed yet ("": it can)."""
        asked = int(self.view["trade"]["value"])
        if reason and len(self.offer) < asked:
            return f" — {len(self.offer)} of {asked} chosen so far"
        return f" — {reason}" if reason else ""

    def _notes(self, legal: tuple[Action, ...]) -> list[str]:
        """Sentences a new player needs beside the question: who chooses the next Active
        Player, what building costs, where triremes carry legions."""
        verbs, seat = {a.verb for a in legal}, self.control.person()
        notes = []
        leader = CHOOSERS.get(str(self.view["phase"]))
        if "choose_active" in verbs and leader:
            notes.append(f". As {leader} Leader you say who plays next; each empire plays "
                         "once this phase.")
        if "build" in verbs and seat is not None:
            costs = self.content.costs
            notes.append(". " + cost_words(costs.items, shows.next_tile_cost(self.view, seat),
                                           costs.keep_coins))
        chains = shows.trireme_chains(self.view, self.content, seat, legal)
        if chains:
            seas = " and ".join(sorted(self.names.get(sea, sea) for sea in chains))
            coasts = "its coasts" if len(chains) == 1 else "their coasts"
            notes.append(f". Your triremes in {seas} (lit) carry legions to {coasts}.")
        return notes

    def _prompt(self, surface: pygame.Surface, area: pygame.Rect, who: str, why: str,
                hint: str) -> int:
        """The panel's heading, the question (up to three lines) and the hint (up to two);
        the y below them."""
        u = self.u
        y = text(surface, "display_bold", u(25), who, theme.INK, topleft=area.topleft).bottom
        for line in wrap("serif", u(21), why[:1].upper() + why[1:], area.w)[:3]:
            y = text(surface, "serif", u(21), line, theme.INK, topleft=(area.x, y)).bottom
        for line in wrap("serif_italic", u(19), hint, area.w)[:2]:
            y = text(surface, "serif_italic", u(19), line, theme.INK_SOFT,
                     topleft=(area.x, y)).bottom
        return y + u(8)

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
        in_order = sorted(legal, key=lambda a: str(a.arg("value")) if a.verb == "marker"
                          else "")
        items = [(self._words(a), intent("act", action=a), True) for a in in_order
                 if not target(a)]
        if self.composing():
            items.append(("Offer these face down", intent("seal"), reason is None))
            items += [(f"Take back {resource_name(r)}", intent("zone", key=f"mine:{r}"),
                       True) for r in sorted(set(self.offer))]
        return items

    def _words(self, action: Action) -> str:
        """A button's words: the action's, and for a battle both sides' units there."""
        seat = self.control.person()
        if not shows.battle_place(action) or seat is None:
            return label(action, self.names)
        mine, theirs = shows.forces(self.view, action, seat)
        return f"{label(action, self.names)} ({mine} against {theirs})"

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
                bonus = shows.bonus_words(tile)
                lines = [power(tile.id)] + ([f"Leader tracks: {bonus}."] if bonus else [])
                tooltip(surface, self.pointer, tile.name, lines, self.u.factor * 1.2)
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
