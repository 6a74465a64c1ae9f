"""Typed text in the editor's form: the scenario's name (one line) and its description
(several lines), with a caret that moves (arrows, Home, End) and edits where it stands; drawn
wrapped inside its box in the game's serif."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites import theme
from sprites.resources import font
from sprites.scenes.base import Intent, intent
from sprites.ui.text import draw_text, wrap

Scale = Callable[[float], int]
KEYS = {pygame.K_BACKSPACE: "erase", pygame.K_DELETE: "erase_ahead", pygame.K_LEFT: "left",
        pygame.K_RIGHT: "right", pygame.K_HOME: "home", pygame.K_END: "end",
        pygame.K_TAB: "done", pygame.K_ESCAPE: "revert"}


class TextBox:
    """The text being typed, where the caret is, and what it was before."""

    def __init__(self, text: str, limit: int, lines: bool) -> None:
        self.before = text
        self.limit = max(limit, len(text))
        """The most characters (never fewer than a file already holds)."""
        self.text = text
        self.lines = lines
        """Whether Enter starts a new line (else it finishes the typing)."""
        self.caret = len(self.text)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Typed text and the editing keys, as "text_*" intents."""
        if event.type == pygame.TEXTINPUT:
            return [intent("text_type", text=event.text)]
        if event.type != pygame.KEYDOWN:
            return []
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            newline = self.lines and not event.mod & pygame.KMOD_CTRL
            return [intent("text_type", text="\n") if newline else intent("text_done")]
        name = KEYS.get(event.key)
        return [intent(f"text_{name}")] if name else []

    def apply(self, it: Intent) -> bool:
        """Type, erase or move the caret; whether the box changed."""
        before = (self.text, self.caret)
        if it.name == "text_type":
            self._insert(str(it.arg("text", "")))
        elif it.name == "text_erase" and self.caret:
            self.text = self.text[:self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
        elif it.name == "text_erase_ahead":
            self.text = self.text[:self.caret] + self.text[self.caret + 1:]
        elif it.name in ("text_left", "text_right"):
            step = -1 if it.name == "text_left" else 1
            self.caret = max(0, min(len(self.text), self.caret + step))
        elif it.name in ("text_home", "text_end"):
            self.caret = 0 if it.name == "text_home" else len(self.text)
        return (self.text, self.caret) != before

    def _insert(self, typed: str) -> None:
        allowed = "".join(c for c in typed if c.isprintable() or (c == "\n" and self.lines))
        room = self.limit - len(self.text)
        allowed = allowed[:max(0, room)]
        self.text = self.text[:self.caret] + allowed + self.text[self.caret:]
        self.caret += len(allowed)

    @property
    def result(self) -> str:
        """The text as it would be kept: spaces squeezed at the ends of lines."""
        lines = [" ".join(line.split()) for line in self.text.split("\n")]
        return "\n".join(lines).strip("\n")

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, u: Scale, focused: bool,
             hint: str = "") -> None:
        """The box and the words wrapped in it (the caret's line kept in view)."""
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
        edge, width = (theme.GOLD, 2) if focused else (theme.PARCHMENT_DARK, 1)
        pygame.draw.rect(surface, edge, rect, width, border_radius=3)
        size = u(22)
        if not self.text and not focused:
            draw_text(surface, "serif_italic", size, hint, theme.INK_SOFT,
                      topleft=(rect.x + u(12), rect.y + u(8)))
            return
        rows = self.rows(size, rect.w - u(24))
        height = font("serif", size).get_linesize()
        room = max(1, (rect.h - u(12)) // height)
        here = max((k for k, (_, start) in enumerate(rows) if start <= self.caret), default=0)
        first = max(0, here - room + 1)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4).clip(clip) if clip else rect.inflate(-4, -4))
        y = rect.y + u(6)
        for k, (words, start) in enumerate(rows[first:first + room], first):
            box = draw_text(surface, "serif", size, words, theme.INK, topleft=(rect.x + u(12), y))
            if focused and k == here:
                offset = font("serif", size).size(words[:self.caret - start])[0]
                x = box.x + offset + 1
                pygame.draw.line(surface, theme.WAX, (x, y + 2), (x, y + height - 2),
                                 max(1, u(2)))
            y += height
        surface.set_clip(clip)

    def rows(self, size: int, width: int) -> list[tuple[str, int]]:
        """The lines as drawn, each with the index in the text where it starts."""
        rows: list[tuple[str, int]] = []
        start = 0
        for paragraph in self.text.split("\n"):
            offset = start
            for line in wrap("serif", size, paragraph, width) if paragraph else [""]:
                found = paragraph.find(line, offset - start) if line else offset - start
                rows.append((line, start + max(0, found)))
                offset = start + max(0, found) + len(line)
            start += len(paragraph) + 1
        return rows
