"""A lesson's closing page, over the table it ended on: what the lesson showed, then play it
again, go on to the next lesson, or back to the list."""

from __future__ import annotations

import pygame

from game.rulesets.mediterranean_empires.tutorial import bundled_lessons, find_lesson
from sprites import theme
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.text import draw_text, wrap
from sprites.ui.widgets import Button, panel, rule

KEYS = {pygame.K_ESCAPE: intent("lessons"), pygame.K_RETURN: intent("onward"),
        pygame.K_KP_ENTER: intent("onward")}
SIZES = (24, 22, 20, 18)
"""Type sizes tried for the closing words, largest first."""
HEAD, FOOT = 150, 130
"""Design px above the words (the heading) and below them (the buttons)."""


class LessonEnd(Scene):
    """The closing page of a lesson."""

    opaque = False

    def __init__(self, lesson: str) -> None:
        super().__init__()
        self.lesson = find_lesson(lesson)
        order = [item.id for item in bundled_lessons()]
        place = order.index(self.lesson.id)
        self.next = order[place + 1] if place + 1 < len(order) else None
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """A plaque in the middle of the window, as tall as its words, buttons at its foot."""
        super().enter(app)
        u, (w, h) = app.ui, app.size
        width = min(u(1000), w - u(60))
        self.size, self.blocks = self._fit(width - u(100), h - u(60) - u(HEAD + FOOT))
        line = font("serif", u(self.size)).get_linesize()
        words = sum(len(block) * line + u(12) for block in self.blocks)
        self.box = pygame.Rect(0, 0, width, u(HEAD + FOOT) + words)
        self.box.center = (w // 2, h // 2)
        items = [("Play It Again", intent("again")), ("All Lessons", intent("lessons"))]
        if self.next is not None:
            items.append((f"Next: {find_lesson(self.next).title}", intent("next")))
        gap, bh = u(16), u(56)
        width = (self.box.w - u(80) - gap * (len(items) - 1)) // len(items)
        self.buttons = [Button(pygame.Rect(self.box.x + u(40) + k * (width + gap),
                                           self.box.bottom - u(36) - bh, width, bh), words, it,
                               u(21)) for k, (words, it) in enumerate(items)]

    def _fit(self, width: int, room: int) -> tuple[int, list[list[str]]]:
        """The largest type size whose wrapped paragraphs fit `room`, and the lines."""
        u = self.host.ui
        paragraphs = self.lesson.closing.split("\n\n")
        for size in SIZES:
            blocks = [wrap("serif", u(size), p, width) for p in paragraphs]
            line = font("serif", u(size)).get_linesize()
            if sum(len(b) * line + u(12) for b in blocks) <= room:
                break
        return size, blocks

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Buttons, Enter (onward) and Esc (the list)."""
        return key_intents(event, KEYS) or button_intents(event, self.buttons)

    def apply(self, it: Intent) -> None:
        """Play again, the next lesson, or the list."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        if it.name == "onward":
            it = intent("next" if self.next is not None else "lessons")
        if it.name in ("again", "next", "lessons"):
            self.host.back_to("lessons")
            if it.name != "lessons":
                self.host.open("lesson", self.lesson.id if it.name == "again" else self.next)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The plaque: heading, the lesson's closing words, the buttons."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        u, box = self.host.ui, self.box
        panel(surface, box)
        x = box.x + u(50)
        y = draw_text(surface, "display_bold", u(20), "LESSON COMPLETE", theme.WAX,
                      midtop=(box.centerx, box.y + u(34))).bottom
        y = draw_text(surface, "display_bold", u(40), self.lesson.title, theme.INK,
                      midtop=(box.centerx, y + u(4))).bottom
        rule(surface, y + u(16), box.centerx - u(200), box.centerx + u(200))
        y += u(40)
        for block in self.blocks:
            for words in block:
                y = draw_text(surface, "serif", u(self.size), words, theme.INK,
                              topleft=(x, y)).bottom
            y += u(12)
        for button in self.buttons:
            button.draw(surface)
        return [box.inflate(12, 14)]
