"""What the table shows: the view on screen, which follows the session as the story of each
entry plays (timeline.py, story.py), and the widgets drawn from it — the map, the HUD, the
decision bar, the autosave's warning banner, the hand, the route previews and the battle
board — in the order they stack."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.core.events import Event
from sprites import content, theme
from sprites.map.pane import MapPane
from sprites.map.picture import BoardPicture, picture_from_view
from sprites.settings import Settings
from sprites.table.bar import DecisionBar
from sprites.table.battle import BattleModel, battle_model, board_rect, draw_battle
from sprites.table.controller import Offered, TableController
from sprites.table.fresh import NewCards
from sprites.table.hand import Hand
from sprites.table.hud import Hud, hud_model
from sprites.table.paint import (
    TableStage,
    draw_banner,
    draw_cover,
    draw_notice,
    draw_targets,
)
from sprites.table.route import RouteLayer
from sprites.table.story import Where, places_of, private_slots, steps_for
from sprites.table.timeline import Call, Timeline
from sprites.table.tray import Tray, tray_groups

Scale = Callable[[float], int]
Snapshot = tuple[BoardPicture, tuple[int, ...]]


class TableDisplay:
    """The view on screen and the widgets that show it."""

    def __init__(self, control: TableController) -> None:
        self.control = control
        session = control.session
        self.shown: Mapping[str, Any] = session.view(control.screen_seat)
        self.shown_upto = len(session.history)
        """How many entries of the session's history `shown` includes."""
        self.log = [session.describe(ev) for _, evs in session.history for ev in evs]
        content.show_game(session.ruleset)  # a user scenario's game draws its own map
        self.map = MapPane(content.map_model(), picture(self.shown))
        self.timeline = Timeline()
        self.hud, self.bar, self.hand, self.routes = Hud(), DecisionBar(), Hand(), RouteLayer()
        self.tray = Tray()
        """The cards committed to the expeditions under way, above the hand."""
        self.fresh = NewCards()
        """The cards newly drawn into each seat's hand (badged in the fan)."""
        self.fresh.see(self.shown)
        self.offered: Offered | None = None
        self.battle: BattleModel | None = None
        self.telling = ""
        """The first sentence of the entry being animated (shown in the bar meanwhile)."""
        self.stale = True
        """The widgets need recomputing from `shown` (done once per frame)."""
        self.u: Scale = lambda px: round(px)
        self.colour_blind = False
        self.banner = ""
        """The autosave's problem, shown in a strip under the bar while it lasts."""
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        self.strip: Callable[[pygame.Surface, int], pygame.Rect] | None = None
        """A strip drawn under the bar and the banner (a LAN game's network status)."""

    def place(self, size: tuple[int, int], u: Scale, settings: Settings) -> None:
        """Lay out the HUD, the map, the bar and the hand for a window."""
        w, h = size
        self.u, self.colour_blind = u, settings.colour_blind
        hud = pygame.Rect(0, 0, u(400), h)
        viewport = pygame.Rect(hud.right, 0, w - hud.right, h)
        self.bar.place(pygame.Rect(viewport.x, 0, viewport.w, u(96)), u)
        if self.map.place(viewport, size, settings.colour_blind, settings.animation_speed):
            self.map.below(self.bar.rect.bottom)
            self.map.frame(u(14), u(170))
            self.map.map_view.sharpen()
        self.hud.place(hud, u)
        self.hand.place(pygame.Rect(viewport.x + u(20), h - u(230), viewport.w - u(40), u(230)),
                        u(124), u(60))
        self.tray.place((viewport.right - u(20), h - u(134)), u)

    # -- what is shown ------------------------------------------------------------------

    def show(self, view: Mapping[str, Any], sentences: list[str], upto: int | None = None
             ) -> None:
        """Adopt a new view (HUD, hand, log); the map follows through its own story step."""
        self.shown = view
        self.shown_upto = len(self.control.session.history) if upto is None else upto
        self.fresh.see(view)
        self.log.extend(sentences)
        self.stale = True

    def restart(self) -> None:
        """Show the session afresh (decisions were taken back): log, board and widgets."""
        session = self.control.session
        self.timeline.skip()
        self.log = [session.describe(ev) for _, evs in session.history for ev in evs]
        view = session.view(self.control.screen_seat)
        self.map.show(picture(view))
        self.show(view, [])

    def refresh(self) -> None:
        """Recompute the HUD, the offer, the bar, the hand and the boards from `shown`."""
        self.stale, control, view = False, self.control, self.shown
        self.hud.show(hud_model(control, view, self.log, self.colour_blind))
        self.offered = None if self.timeline.busy else control.offered(view)
        self.map.prefer = frozenset(self.offered.offer.targets if self.offered else ())
        self.bar.offer(self.offered.words(self.offered.offer.buttons) if self.offered else [],
                       control.can_undo())
        self.bar.close()
        seen = control.screen_seat is not None and not control.covered
        self.hand.new = self.fresh.of(view.get("seat"))
        known = control.known(view)
        self.tray.show(tray_groups(view, known, control.names, control.empires,
                                   control.screen_seat) if not control.covered else [])
        self.hand.deal([(h["slot"], h["card"]) for h in view["hand"]
                        if h["slot"] not in self.tray.committed] if seen else [])
        history = control.session.history[:self.shown_upto]
        self.battle = battle_model(view, control.empires, known,
                                   (ev for _, evs in history for ev in evs))
        self.routes.show(view, known)

    def fit_bar(self) -> None:
        """Start the map below the bar, however tall its words make it now."""
        self.map.below(self.bar.bottom(self.words()))

    def check_saves(self) -> bool:
        """Adopt the autosave's problem (or its end) for the banner; whether it changed."""
        problem = self.control.save_problem
        changed, self.banner = problem != self.banner, problem
        self.map.dirty |= changed
        return changed

    def snapshot(self) -> Snapshot:
        """The board and the VP shown now (what the story of the next entry starts from)."""
        return self.map.picture, tuple(s["vp"] for s in self.shown["seats"])

    def tell(self, before: Snapshot, events: tuple[Event, ...]) -> None:
        """Queue the story of one entry; the new view is shown when the story reaches it."""
        seat, session = self.control.screen_seat, self.control.session
        after = session.view(seat)
        sentences = [s for s in map(session.describe, events) if s]
        private = private_slots(events, seat)
        known = session.cards_of(seat, private) if seat is not None and private else {}
        steps = steps_for(events, session.describe, before[0], picture(after), before[1],
                          tuple(s["vp"] for s in after["seats"]), after, self.map.model,
                          self.where(), seat, self.map.show, self.colour_blind, known)
        upto = len(session.history)

        def shown() -> None:
            self.fresh.told(events)
            self.show(after, sentences, upto)

        steps.insert(len(steps) - sum(1 for s in steps if s.parallel), Call(shown))
        told, places = sentences[0] if sentences else "", places_of(events)
        self.timeline.add(Call(lambda: setattr(self, "telling", told)),
                          Call(lambda: self.map.pulse(places)), *steps)
        if self.control.speed <= 0:
            self.timeline.skip()
        self.offered = None

    def where(self) -> Where:
        """Screen places the story of an entry needs (map middle, banner line, HUD rows, hand)."""
        vx, vy, vw, vh = self.map.viewport
        u = self.u
        rows = {k: (r.right - u(120), r.centery) for k, r in enumerate(self.hud.layout.rows)}
        return Where((vx + vw // 2, vy + vh // 2 - u(40)),
                     (vx + vw // 2, vy + u(60)), rows, self.hand.area.center,
                     u(220))

    # -- drawing ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Everything over the map and the HUD, bottom first; the rectangles touched."""
        u, control, viewport = self.u, self.control, self.map.viewport
        rects = self.map.marks(surface, self._marks)
        rects += self.timeline.draw(surface, TableStage(self.map, self.hud, u))
        bar = self.bar.draw(surface, self.words())
        rects.append(bar)
        strip = self.banner_rect = draw_banner(surface, self.banner, bar.bottom, viewport, u)
        below = strip.bottom if strip.h else bar.bottom
        if self.strip is not None:
            status = self.strip(surface, below)
            rects.append(status)
            below = max(below, status.bottom)
        rects += [strip, *self._boards(surface, below)]
        if not control.covered:
            rects += self.tray.draw(surface, self._usable(), self.colour_blind)
            rects += self.hand.draw(surface, self._usable(), u, self.colour_blind)
        rects += self.bar.draw_chooser(surface)
        pointing = self.hand.hover is not None or self.tray.hover is not None
        if not control.covered and not pointing and not self.bar.choosing:
            rects += self.map.tooltip(surface, u(100) / 100, self._click_words())
        notice_y = max(bar.bottom + u(60), below + u(16))
        rects += draw_notice(surface, control.notice, (viewport.centerx, notice_y), u)
        if control.covered_for is not None:
            rects.append(draw_cover(surface, viewport.center, control.empires[control.covered_for],
                                    u, self.colour_blind, control.cover_ready))
        return [r.clip(surface.get_rect()) for r in rects if r.w > 0 and r.h > 0]

    def words(self) -> tuple[str, str, str]:
        """(who, why, hint) for the bar: the sentence being told while the story plays."""
        if self.timeline.busy and self.telling:
            return "", self.telling, ""
        return self.control.prompt(self.offered)

    def _marks(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """On the map: the route previewed and the rings on legal targets."""
        blind, empires = self.colour_blind, self.control.empires
        rects = self.routes.draw_path(surface, self.map.to_screen, self.u,
                                      lambda seat: theme.empire_colour(empires[seat], blind))
        targets = self.offered.offer.targets if self.offered is not None else {}
        return rects + draw_targets(surface, self.map, targets)

    def _boards(self, surface: pygame.Surface, top: int) -> list[pygame.Rect]:
        """The battle board across the map below `top` and the route's note at its corner."""
        u, viewport, rects = self.u, self.map.viewport, []
        if self.battle is not None and not self.control.covered:
            where = self.control.names.node(self.battle.where)
            rects.append(draw_battle(surface, self.battle, board_rect(viewport, top, u), u, where,
                                     self.colour_blind).inflate(10, 12))
        corner = (viewport.x + u(16), self.hand.area.y - u(8))
        return rects + self.routes.draw_notes(surface, self.control.names, corner, u)

    def _usable(self) -> dict[str, list[str]]:
        """slot → what a click on that card does, for the cards the decision can use."""
        offered = self.offered
        if offered is None:
            return {}
        return {slot: [offered.labels[a] for a in acts]
                for slot, acts in offered.offer.cards.items()}

    def _click_words(self) -> list[str]:
        """What a click on the place under the pointer does, if anything."""
        hover, offered = self.map.hover, self.offered
        if hover is None or offered is None or hover.id not in offered.offer.targets:
            return []
        return ["Click: " + " / ".join(offered.labels[a] for a in offered.offer.targets[hover.id])]


def picture(view: Mapping[str, Any]) -> BoardPicture:
    """What the map shows of a view."""
    data = content.content()
    return picture_from_view(view, data.setup(view["scenario"]), data)
