"""The list of the draft's problems and, apart, its warnings, over the foot of the map: each
one sentence, wrapped; a click on one shows where it is (the editor centres the map on its
place or scrolls the form to its field). Scrolls with the wheel when it is long."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites import theme
from sprites.colour import mix
from sprites.editor.checks import Finding, Report
from sprites.editor.controls import Spots
from sprites.resources import font
from sprites.scenes.base import intent
from sprites.ui.text import draw_text, wrap
from sprites.ui.widgets import panel

Scale = Callable[[float], int]
WARNING_INK = mix(theme.GOLD, theme.INK, 0.35)
GOOD_INK = (46, 96, 52)


class ProblemsPanel:
    """The panel's rectangle on the screen, its scroll and its rows' spots."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.spots = Spots()
        self.length = 0

    def fit(self, room: pygame.Rect, u: Scale, report: Report | None) -> None:
        """Take as much of `room` (from its foot) as the lines need."""
        size, head = u(19), font("display_bold", u(18)).get_linesize() + u(2)
        height = font("serif", size).get_linesize()
        width = room.w - u(28) - u(26)
        need = u(20) + head
        if report is not None:
            findings = (*report.problems, *report.warnings)
            need += sum(len(wrap("serif", size, f.sentence, width)) * height + u(8)
                        for f in findings)
            need += (head + u(6)) if report.warnings else 0
        self.rect = pygame.Rect(room.x, room.bottom - min(room.h, need), room.w,
                                min(room.h, need))

    def scroll_by(self, steps: int, u: Scale) -> bool:
        """Scroll by wheel steps; whether it moved."""
        room = self.length - (self.rect.h - u(20))
        before = self.scroll
        self.scroll = max(0, min(max(0, room), self.scroll + steps * u(40)))
        return self.scroll != before

    def draw(self, surface: pygame.Surface, u: Scale, report: Report | None,
             hover: tuple[int, int] | None, unavailable: str = "") -> pygame.Rect:
        """The plaque and its lines; the rectangle drawn."""
        self.spots = Spots()
        panel(surface, self.rect, shadow=False)
        inner = self.rect.inflate(-u(28), -u(20))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.y - self.scroll
        if report is None:
            draw_text(surface, "serif_italic", u(20), unavailable or "Checking…",
                      theme.INK_SOFT, topleft=(inner.x, y))
        else:
            y = self._group(surface, u, inner, y, report.problems, hover, False)
            if report.warnings:
                y = self._group(surface, u, inner, y + u(6), report.warnings, hover, True)
        self.length = y + self.scroll - inner.y
        surface.set_clip(clip)
        return self.rect

    def _group(self, surface: pygame.Surface, u: Scale, inner: pygame.Rect, y: int,
               findings: tuple[Finding, ...], hover: tuple[int, int] | None, warning: bool
               ) -> int:
        ink = WARNING_INK if warning else theme.WAX
        title = (f"Warnings: it plays, but… ({len(findings)})" if warning else
                 f"Problems to fix before it can be played ({len(findings)})" if findings
                 else "No problems: the scenario can be played")
        draw_text(surface, "display_bold", u(18), title.upper(),
                  ink if findings or warning else GOOD_INK, topleft=(inner.x, y))
        y += font("display_bold", u(18)).get_linesize() + u(2)
        size = u(19)
        height = font("serif", size).get_linesize()
        for index, finding in enumerate(findings):
            lines = wrap("serif", size, finding.sentence, inner.w - u(26))
            row = pygame.Rect(inner.x, y, inner.w, len(lines) * height + u(4))
            shown = row.clip(inner)
            where = finding.field is not None or finding.node is not None
            if hover is not None and shown.collidepoint(hover) and where:
                pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
            pygame.draw.circle(surface, ink, (row.x + u(7), row.y + height // 2 + u(1)), u(4))
            for k, line in enumerate(lines):
                draw_text(surface, "serif", size, line, theme.INK,
                          topleft=(row.x + u(20), row.y + k * height))
            if shown.h > 0:
                self.spots.add(shown, intent("show_problem", index=index, warning=warning),
                               "" if where else "It is about the whole scenario")
            y = row.bottom + u(4)
        return y
