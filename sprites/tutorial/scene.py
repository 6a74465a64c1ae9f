"""A lesson at the real table: the table scene over a LessonRun's GameSession, narrowed to
leave the lesson panel down the right, with the highlight on the move the lesson waits for.
After the last step the turn's summary (if the turn ended) and then the closing page open."""

from __future__ import annotations

import pygame

from game.core.actions import Action
from game.rulesets.mediterranean_empires.tutorial import LessonRun, find_lesson
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.controller import Move
from sprites.table.display import TableDisplay
from sprites.table.scene import TableScene
from sprites.tutorial.controller import LessonController
from sprites.tutorial.panel import (
    WIDTH,
    Highlight,
    LessonPanel,
    Page,
    draw_highlight,
    draw_refusal,
    find_highlight,
    status_words,
)

KEYS = {pygame.K_n: intent("next"), pygame.K_RIGHT: intent("next")}


class TutorialScene(TableScene):
    """One lesson, played at the table."""

    def __init__(self, lesson: str) -> None:
        Scene.__init__(self)
        self.lesson = find_lesson(lesson)
        self.run = LessonRun(self.lesson)
        self.control: LessonController = LessonController(self.run)
        self.display = TableDisplay(self.control)
        self.panel = LessonPanel()
        self.clock = 0.0
        self.closed = False
        """The closing page has been opened."""
        self.light: Highlight | None = None
        self._framed = -1
        """The step whose place was last brought into view."""

    def enter(self, app: Host) -> None:
        """The table to the left of the panel."""
        Scene.enter(self, app)
        w, h = app.size
        width = min(app.ui(WIDTH), w // 3)
        self.control.animation_speed = app.settings.animation_speed
        self.display.place((w - width, h), app.ui, app.settings)
        self.panel.place(pygame.Rect(w - width, 0, width, h), app.ui)
        self._refresh()

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The panel's buttons and keys, then the table's gestures."""
        pos = getattr(event, "pos", None)
        if pos is not None and self.panel.rect.collidepoint(pos):
            if event.type == pygame.MOUSEMOTION:
                return [intent("panel_hover", pos=pos)]
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                button = self.panel.at(pos)
                return [button.intent] if button is not None else []
            return []
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            return [KEYS[event.key]]
        return super().intents(event)

    def apply(self, it: Intent) -> None:
        """Next, pause and leave; the rest as at any table."""
        if it.name == "next":
            self.control.hurry()
            self.display.timeline.skip()
        elif it.name == "hold":
            self.control.hold()
        elif it.name == "leave":
            self.host.back_to("lessons")
        elif it.name == "panel_hover":
            self.display.map.dirty |= self.panel.hover(it.arg("pos"))
        else:
            super().apply(it)
        self._sync()

    def _act(self, action: Action) -> None:
        """The lesson's move is played; another is refused with the hint (nothing changes)."""
        super()._act(action)
        if self.control.refused:
            self.display.bar.close()
            self.display.map.dirty = True

    # -- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The table moves on; the panel follows once the story has been told."""
        self.clock += dt
        super().update(dt)
        self._sync()
        if self.light is not None:
            self.display.map.dirty = True  # the pulse

    def _sync(self) -> None:
        """The panel's page and the highlight, from where the lesson stands."""
        if self.app is None:
            return
        if not self.display.timeline.busy:
            self.display.map.dirty |= self.panel.show(self._page())
        expected = self.control.expected()
        if expected is not None and self.display.offered is not None \
                and self._framed != self.run.index:
            self._framed = self.run.index
            self._bring_into_view(expected)
        self.light = find_highlight(self.display, expected)

    def _bring_into_view(self, action: Action) -> None:
        """Pan the map so that the place the lesson's move needs is in sight (not under the
        bar or the hand)."""
        display = self.display
        offered = display.offered
        node = next((n for n, acts in offered.offer.targets.items() if action in acts),
                    None) if offered is not None else None
        where = display.map.to_screen(node) if node is not None else None
        if where is None:
            return
        free = display.map.viewport.copy()
        free.h = display.hand.area.y - free.y
        if not free.inflate(-display.u(60), -display.u(60)).collidepoint(where):
            display.map.map_view.pan(free.centerx - where[0], free.centery - where[1])
            display.map.dirty = True

    def _page(self) -> Page:
        """What the panel says now."""
        control, run = self.control, self.run
        step = control.page()
        number = min(run.index, len(run.steps) - 1) - run.start + 1
        expected = control.expected()
        offered = self.display.offered
        task = ""
        if expected is not None and offered is not None:
            task = f"{control.words(expected)} — click {control.way(expected)}."
        who, _, _ = control.prompt(offered)
        status = "" if task else status_words(who or "The table moves on", control.reading(),
                                              control.held)
        return Page(self.lesson.title, number, len(self.lesson.steps),
                    step.say if step is not None else self.lesson.blurb, task, status,
                    control.held, control.refused if task else "")

    def _settle(self, move: Move) -> None:
        """After the last step: the turn's summary if the turn ended, then the closing page."""
        if move != "over":
            super()._settle(move)
            return
        if self.display.offered is not None:
            self._refresh()  # nothing more to click
        if self.ending:
            self.host.open("turn_summary", self.ending, self.control.empires)
            self.ending = ()
        elif not self.closed:
            self.closed = True
            self.host.open("lesson_end", self.lesson.id)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table, then the script's reading meter in the panel."""
        rects = super().draw(surface)
        meter = self.panel.draw_meter(surface, self.control.progress())
        return None if rects is None else rects + meter

    def _paint(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The panel, the table's overlays, then the highlight on top."""
        rects = [self.panel.draw(surface), *super()._paint(surface)]
        if self.light is not None:
            rects += draw_highlight(surface, self.light, self.clock, self.display.u,
                                    self.display.map.viewport)
            top = self.display.map.viewport.y + self.display.u(40)
            rects += draw_refusal(surface, self.control.refused,
                                  (self.display.map.viewport.centerx, top), self.display.u)
        return rects
