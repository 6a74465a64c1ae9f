"""The table: a game in progress. The map (pan, zoom, hover) with the HUD beside it, the
decision bar above, the seat's hand below, and the animation timeline over everything.

The scene only reads views and turns a person's clicks into legal actions (intents.py);
the session plays chance, mechanical answers and bots, paced so people can follow.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.errors import EngineError
from game.session import GameSession
from net.files.saves import GameFiles
from sprites import content
from sprites.map.picture import BoardPicture, picture_from_view
from sprites.scenes.base import Intent, Scene, intent
from sprites.scenes.map_scene import MapScene
from sprites.table import hand as hand_mod
from sprites.table.bar import bar_buttons, chooser_buttons
from sprites.table.battle import BattleModel, battle_model
from sprites.table.hud import HudLayout, HudModel, draw_hud
from sprites.table.intents import Offer, resolve, sort_actions
from sprites.table.labels import LabelContext, choice_options, label
from sprites.table.names import Names
from sprites.table.paint import paint_overlays
from sprites.table.readout import bar_text, frame_scenario, hud_model, where
from sprites.table.route import RoutePreview, option_previews, route_preview
from sprites.table.story import steps_for
from sprites.table.timeline import Timeline
from sprites.ui.widgets import Button

if TYPE_CHECKING:
    from sprites.app import App

BOT_PAUSE = 0.7
"""Seconds a bot's move waits at normal speed, so people can follow."""
FAST = 6.0
"""Fast-forward multiplies animation speed by this."""
STEP_BUDGET = 0.006
"""Seconds per frame spent advancing the game when nothing animates."""


class TableScene(MapScene):
    """A game at the table, seen by the person in front of the screen."""

    def __init__(self, session: GameSession, files: GameFiles | None = None) -> None:
        super().__init__(session.table.config.scenario)
        self.session = session
        self.empires = tuple(str(s["empire"]) for s in session.view(None)["seats"])
        self.files = files
        self.names = Names(content.content())
        self.setup = content.content().setup(session.table.config.scenario)
        self.timeline = Timeline()
        humans = session.humans
        self.screen_seat: int | None = humans[0] if len(humans) == 1 else None
        self.covered_for: int | None = None
        self.shown: dict[str, Any] = session.view(self.screen_seat)
        self.picture = self._picture(self.shown)
        self.log: list[str] = [session.describe(ev) for _, evs in session.history for ev in evs]
        self.hud_model: HudModel | None = None
        self.layout = HudLayout()
        self.offer: Offer | None = None
        self.labels: dict[Action, str] = {}
        self.choosing: list[Button] = []
        self.buttons: list[Button] = []
        self.cards: list[hand_mod.HandCard] = []
        self.hover_slot: str | None = None
        self.fast = False
        self.waited = 0.0
        self.ended = False
        self.notice = ""
        self.telling = ""
        self.stuck = False
        """The first sentence of the entry being animated (shown in the bar meanwhile)."""
        self.stale = True
        """The HUD, offer and hand need recomputing from `shown` (done once per frame)."""
        self.shown_upto = len(session.history)
        """How many entries of the session's history `shown` includes."""
        self.battle: BattleModel | None = None
        self.route: RoutePreview | None = None
        self.route_options: dict[Action, RoutePreview] = {}
        """The route each pending route/port choice would take (the view's route_options)."""
        self.hover_route: RoutePreview | None = None
        """The route of the choice under the pointer (its button, or its port on the map)."""
        if files is not None:
            session.on_entry = self._autosave

    # -- layout -------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Lay out the HUD, the map, the bar and the hand for the window."""
        Scene.enter(self, app)
        from sprites.map.view import MapView

        w, h = app.size
        u = app.ui
        self.hud_rect = pygame.Rect(0, 0, u(400), h)
        viewport = pygame.Rect(self.hud_rect.right, 0, w - self.hud_rect.right, h)
        if self.view is None or pygame.Rect(self.view.camera.viewport) != viewport:
            self.view = MapView(self.model, self.picture, viewport, app.settings.colour_blind,
                                app.settings.animation_speed)
            frame_scenario(self.view, self.model, self.picture, u(110), u(170))
            self.view.sharpen()
        self.bar_rect = pygame.Rect(viewport.x, 0, viewport.w, u(96))
        self.hand_area = pygame.Rect(viewport.x + u(20), h - u(230), viewport.w - u(40), u(230))
        self.card_width = u(124)
        self.background = pygame.Surface((w, h))
        self.hud = pygame.Surface(self.hud_rect.size)
        self._refresh()

    def resized(self) -> None:
        """Rebuild for a new window size or settings."""
        if self.app is not None:
            self.view = None
            self.enter(self.app)

    # -- what is shown ------------------------------------------------------------------

    def _picture(self, view: dict[str, Any]) -> BoardPicture:
        return picture_from_view(view, self.setup, content.content())

    def _show(self, view: dict[str, Any], sentences: list[str], upto: int | None = None
              ) -> None:
        """Adopt a new view (HUD, hand, log) — the map follows via `_show_picture`."""
        self.shown = view
        self.shown_upto = len(self.session.history) if upto is None else upto
        self.log.extend(sentences)
        self.stale = True

    def _show_picture(self, picture: BoardPicture) -> None:
        self.picture = picture
        if self.view is not None:
            self.view.set_picture(picture)

    def _refresh(self) -> None:
        """Recompute the HUD, the offer, the bar and the hand from `shown`."""
        if self.app is None:
            return
        self.stale = False
        self.hud_model = hud_model(self)
        self.layout = draw_hud(self.hud, self.hud_model, self.app.ui)
        self._offer()
        hand = [] if self.screen_seat is None or self.covered_for is not None else [
            (h["slot"], h["card"]) for h in self.shown["hand"]]
        self.cards = hand_mod.lay_out(hand, self.hand_area, self.card_width)
        self._boards()
        self.full_redraw = True

    def _boards(self) -> None:
        """The battle board and the route preview, from `shown` and the public events."""
        known: dict[str, str] = {}
        if self.screen_seat is not None and self.covered_for is None:
            slots = tuple(c["slot"] for f in self.shown["stack"]
                          for side in ("force", "attacker", "defender")
                          if isinstance(f.get(side), dict)
                          for c in f[side].get("cards", ()))
            leaders = tuple(s for f in self.shown["stack"]
                            for side in ("force", "attacker", "defender")
                            if isinstance(f.get(side), dict)
                            for s in f[side].get("leaders", ()))
            known = self.session.cards_of(self.screen_seat, slots + leaders)
        events = (ev for _, evs in self.session.history[:self.shown_upto] for ev in evs)
        self.battle = battle_model(self.shown, self.empires, known, events)
        self.route = route_preview(self.shown, known)
        self.route_options = option_previews(self.shown)
        self.hover_route = None

    @property
    def shown_route(self) -> RoutePreview | None:
        """The route preview on the map: the hovered choice's, else the route chosen."""
        return self.hover_route or self.route

    def _offer(self) -> None:
        """The legal actions of the person in front of the screen, sorted for the mouse."""
        seat = self.session.human_turn()
        self.offer, self.labels, self.choosing = None, {}, []
        if seat is None or seat != self.screen_seat or self.covered_for is not None \
                or self.timeline.busy:
            self.buttons = self._buttons([])
            return
        legal = self.session.legal(seat)
        hand = {h["slot"] for h in self.shown["hand"]}
        self.offer = sort_actions(legal, self.names.is_node, hand)
        slots = tuple(str(a.arg(k)) for a in legal for k in ("slot", "fleet")
                      if a.arg(k) is not None)
        cards = {**{h["slot"]: h["card"] for h in self.shown["hand"]},
                 **self.session.cards_of(seat, slots)}
        top = self.shown["stack"][-1] if self.shown["stack"] else {}
        ctx = LabelContext(self.names, cards, self.empires,
                           choice_options(content.content(), top))
        self.labels = {a: label(a, ctx) for a in legal}
        self.buttons = self._buttons([(self.labels[a], a) for a in self.offer.buttons])

    def _buttons(self, actions: list[tuple[str, Action]]) -> list[Button]:
        assert self.app is not None
        return bar_buttons(self.bar_rect, actions, self.app.ui, self.fast)

    def bar_text(self) -> tuple[str, str, str]:
        """(who, why, hint) for the decision bar."""
        return bar_text(self)

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Map gestures, clicks, the wheel over the log, and the table's keys."""
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(
                pygame.mouse.get_pos()):
            return [intent("scroll", lines=3 * event.y)]
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_p: intent("key", key="pass"),
                    pygame.K_RETURN: intent("key", key="confirm"),
                    pygame.K_KP_ENTER: intent("key", key="confirm"),
                    pygame.K_ESCAPE: intent("escape"), pygame.K_SPACE: intent("skip"),
                    pygame.K_TAB: intent("fast")}
            if event.key in keys:
                return [keys[event.key]]
        return super().intents(event)

    def apply(self, it: Intent) -> None:
        """Game intents become legal actions; the rest pans, zooms and hovers."""
        assert self.app is not None
        name = it.name
        if name == "release" and self.drag is not None and not self.drag[1]:
            self.drag = None
            self._click(it.arg("pos"))
        elif name == "key" and self.covered_for is not None:
            if it.arg("key") == "confirm":
                self.apply(intent("reveal"))
        elif name in ("node", "card", "choose", "key"):
            self._answer(it)
        elif name == "escape":
            if not (self.offer and self._answer(intent("key", key="cancel"))):
                if self.choosing:
                    self.choosing = []
                    self.full_redraw = True
                else:
                    self._menu()
        elif name == "unchoose":
            self.choosing = []
            self.full_redraw = True
        elif name == "skip":
            self.timeline.skip()
        elif name == "fast":
            self.fast = not self.fast
            self.buttons = self._buttons([(self.labels[a], a) for a in
                                          (self.offer.buttons if self.offer else [])])
            self.full_redraw = True
        elif name == "reveal" and self.covered_for is not None:
            self.screen_seat, self.covered_for = self.covered_for, None
            self._show(self.session.view(self.screen_seat), [])
            self._refresh()
        elif name == "scroll" and self.hud_model is not None:
            self.hud_model.scroll = max(0, self.hud_model.scroll + it.arg("lines"))
            self.layout = draw_hud(self.hud, self.hud_model, self.app.ui)
            self.full_redraw = True
        elif name == "discards":
            from sprites.table.piles import PileScene

            self.app.push(PileScene(self.shown, it.arg("seat"), self.screen_seat))
        elif name == "pointer":
            super().apply(it)
            self._hover_card(it.arg("pos"))
            self._hover_route(it.arg("pos"))
        else:
            super().apply(it)

    def _click(self, pos: tuple[int, int]) -> None:
        """A click (not a drag): the first thing under it that means something."""
        if self.covered_for is not None:
            self.apply(intent("reveal"))
            return
        for button in self.choosing or self.buttons:
            if button.hit(pos):
                self.apply(button.intent)
                return
        if self.choosing:
            self.choosing = []
            self.full_redraw = True
            return
        slot = hand_mod.card_at(self.cards, pos, self.hover_slot, self._lift())
        if slot is not None:
            self.apply(intent("card", slot=slot))
            return
        for seat, row in enumerate(self.layout.rows):
            if row.collidepoint(pos):
                self.apply(intent("discards", seat=seat))
                return
        hit = self.view.hit(pos) if self.view is not None else None
        if hit is not None and hit.kind in ("city", "area"):
            self.apply(intent("node", id=hit.id))

    def _answer(self, it: Intent) -> bool:
        """Turn an intent into an action if it is legal now; whether it meant something."""
        if self.offer is None or self.timeline.busy:
            return False
        found = resolve(it, self.offer)
        if isinstance(found, list):
            anchor = pygame.mouse.get_pos()
            assert self.app is not None
            self.choosing = chooser_buttons(anchor, [(self.labels[a], a) for a in found],
                                            self.app.ui, pygame.Rect((0, 0), self.app.size))
            self.full_redraw = True
            return True
        if found is None:
            return False
        self._act(found)
        return True

    def _act(self, action: Action) -> None:
        seat = self.session.human_turn()
        assert seat is not None
        before = self._snapshot()
        try:
            events = self.session.act(seat, action)
        except EngineError as exc:
            self.notice = str(exc)
            return
        self.offer, self.choosing = None, []
        self._tell(before, events)

    def _hover_card(self, pos: tuple[int, int]) -> None:
        slot = hand_mod.card_at(self.cards, pos, self.hover_slot, self._lift())
        if slot != self.hover_slot:
            self.hover_slot = slot
            self._overlay_dirty = True

    def _hover_route(self, pos: tuple[int, int]) -> None:
        """Preview the route of the route/port choice under the pointer, if any."""
        found = None
        if self.route_options and self.offer is not None:
            actions = [b.intent.arg("action") for b in self.choosing or self.buttons
                       if b.intent.name == "choose" and b.rect.collidepoint(pos)]
            if not actions and self.hover is not None:
                actions = self.offer.targets.get(self.hover.id, [])
            found = next((self.route_options[a] for a in actions if a in self.route_options),
                         None)
        if found != self.hover_route:
            self.hover_route = found
            self._overlay_dirty = True

    def _lift(self) -> int:
        return self.app.ui(60) if self.app else 60

    def _menu(self) -> None:
        from sprites.table.menu import GameMenu

        assert self.app is not None
        self.app.push(GameMenu(self))

    # -- the game moves on --------------------------------------------------------------

    def _speed(self) -> float:
        speed = (self.app.settings.animation_speed if self.app else 100) / 100
        return speed * (FAST if self.fast else 1.0)

    def update(self, dt: float) -> None:
        """Animations play; when none holds the game up, the game advances."""
        super().update(dt)
        self.timeline.speed = self._speed()
        was_busy = self.timeline.busy
        self.timeline.update(dt)
        if self.timeline.moving or was_busy:
            self._overlay_dirty = True
        if was_busy and not self.timeline.busy:
            self.stale = True
        self._advance(dt)
        if self.stale:
            self._refresh()

    def _advance(self, dt: float) -> None:
        start = time.perf_counter()
        while not self.timeline.busy and self.app is not None and not self.stuck:
            if self.session.over:
                self._end()
                return
            seat = self.session.human_turn()
            if seat is not None:
                if seat != self.screen_seat and len(self.session.humans) > 1:
                    self._cover(seat)
                elif self.offer is None and self.covered_for is None:
                    self.stale = True
                return
            decision = self.session.decision()
            if decision.kind == "action" and self._speed() > 0 and not self.fast:
                self.waited += dt
                if self.waited < BOT_PAUSE / self._speed():
                    return
            self.waited = 0.0
            before = self._snapshot()
            try:
                events = self.session.step()
            except EngineError as exc:  # a rules bug: say so and stop, never crash
                self.notice = f"The game cannot go on: {exc}"
                self.stuck = True
                return
            if events is None:
                return
            self._tell(before, events)
            if time.perf_counter() - start > STEP_BUDGET:
                return

    def _cover(self, seat: int) -> None:
        """Hide the hand: the next person must take the screen first."""
        if self.covered_for == seat:
            return
        self.covered_for, self.screen_seat = seat, None
        self.hover_slot, self.choosing = None, []
        self._show(self.session.view(None), [])
        self._refresh()

    def _snapshot(self) -> tuple[BoardPicture, tuple[int, ...]]:
        return self.picture, tuple(s["vp"] for s in self.shown["seats"])

    def _tell(self, before: tuple[BoardPicture, tuple[int, ...]], events: tuple) -> None:
        """Queue the story of one entry; the new view is shown when the story reaches it."""
        after = self.session.view(self.screen_seat)
        sentences = [s for s in (self.session.describe(ev) for ev in events) if s]
        picture = self._picture(after)
        vp_after = tuple(s["vp"] for s in after["seats"])
        steps = steps_for(events, self.session.describe, before[0], picture, before[1],
                          vp_after, after, self.model, where(self), self.screen_seat,
                          self._show_picture, self.app.settings.colour_blind if self.app
                          else False)
        from sprites.table.timeline import Call

        upto = len(self.session.history)
        steps.insert(len(steps) - sum(1 for s in steps if s.parallel),
                     Call(lambda: self._show(after, sentences, upto)))
        told = sentences[0] if sentences else ""
        steps.insert(0, Call(lambda: setattr(self, "telling", told)))
        self.timeline.add(*steps)
        if self._speed() <= 0:
            self.timeline.skip()
        self.offer = None

    def _autosave(self, session: GameSession) -> None:
        if self.files is None:
            return
        view = session.table.state
        summary = f"Turn {view.turn}, round {view.round}" if view.turn else "Set-up"
        self.files.save(session, summary)

    def _end(self) -> None:
        if self.ended or self.app is None:
            return
        self.ended = True
        from sprites.table.end import EndScene

        if self.files is not None:
            self.files.saver.flush()
        self.app.push(EndScene(self.session))

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose the map and HUD when they changed; otherwise redraw only the overlays."""
        assert self.view is not None and self.background is not None
        if self.full_redraw or self.view.dirty:
            self.view.compose(self.background)
            self.background.blit(self.hud, self.hud_rect)
            surface.blit(self.background, (0, 0))
            self._overlay_rects = paint_overlays(self, surface)
            self.full_redraw = self._overlay_dirty = False
            return None
        if not self._overlay_dirty:
            return []
        old = self._overlay_rects
        for rect in old:
            surface.blit(self.background, rect, rect)
        self._overlay_rects = paint_overlays(self, surface)
        self._overlay_dirty = False
        return old + self._overlay_rects
