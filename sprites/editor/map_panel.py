"""The map editor's side panel, in the game's parchment: the tools (the active one marked),
what was just done or refused, the selection's fields, the problems on the map (a click
centres the map on one), and Undo, Redo and Done."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import sound, theme
from sprites.editor.map_checks import MapProblems
from sprites.editor.map_form import Form, FormPainter
from sprites.editor.map_tools import TOOLS, Tools
from sprites.scenes.base import Intent, intent
from sprites.scenes.lan_common import TextField
from sprites.ui.input import hover_buttons
from sprites.ui.text import draw_text, elide, wrap
from sprites.ui.widgets import Button, panel, rule

Scale = Callable[[float], int]


@dataclass
class PanelState:
    """What the panel shows."""

    title: str
    tools: Tools
    name: TextField
    typing: bool
    problems: MapProblems
    undo: str | None
    """The label of the step Undo takes back (None: nothing to undo)."""
    redo: str | None


class MapPanel:
    """The panel at `rect` of the screen: `render` draws it, `intents` reads clicks on it."""

    def __init__(self, rect: pygame.Rect, u: Scale) -> None:
        self.rect = rect
        self.u = u
        self.surface = pygame.Surface(rect.size)
        self.buttons: list[Button] = []
        self.form = Form()
        self.problem_rows: list[tuple[pygame.Rect, int]] = []
        self._active: list[Button] = []

    @property
    def name_box(self) -> pygame.Rect | None:
        """Where the name field is (screen), if shown."""
        box = self.form.name_box
        return None if box is None else box.move(self.rect.topleft)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """A click on a button, on the name field or on a problem."""
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            return []
        pos = (event.pos[0] - self.rect.x, event.pos[1] - self.rect.y)
        hit = [b.intent for b in self.buttons if b.hit(pos)][:1]
        if hit:
            sound.play("click")
            return hit
        if self.form.name_box is not None and self.form.name_box.collidepoint(pos):
            return [intent("focus_name")]
        return [intent("problem", index=k) for row, k in self.problem_rows
                if row.collidepoint(pos)][:1]

    def hover(self, pos: tuple[int, int]) -> bool:
        """Light the button under the pointer; whether the panel must be drawn again."""
        return hover_buttons(self.buttons, (pos[0] - self.rect.x, pos[1] - self.rect.y))

    def render(self, state: PanelState) -> pygame.Surface:
        """Draw the whole panel (its buttons laid out anew)."""
        hovered = next((b.text for b in self.buttons if b.hovered), None)
        surface, u = self.surface, self.u
        panel(surface, surface.get_rect(), shadow=False)
        x, width = u(24), self.rect.w - u(48)
        y = self._header(state.title, x, width)
        y = self._tools(state.tools, x, y, width)
        y = self._notice(state.tools, x, y + u(6), width)
        rule(surface, y + u(8), x, x + width)
        painter = FormPainter(surface, x, width, u)
        self.form = painter.draw(y + u(22), state.tools, state.name, state.typing)
        footer = self._footer(state, x, width)
        rule(surface, painter.y + u(6), x, x + width)
        self._problems(state.problems, x, painter.y + u(20), width, footer - u(10))
        self.buttons += self.form.buttons
        for button in self.buttons:
            button.hovered = button.text == hovered and button.enabled
            button.draw(surface)
        for button in self.form.chosen + self._active:
            pygame.draw.rect(surface, theme.WAX, button.rect, max(2, u(3)), border_radius=4)
        return surface

    def _header(self, title: str, x: int, width: int) -> int:
        u = self.u
        y = draw_text(self.surface, "display_bold", u(26), "MAP EDITOR", theme.INK,
                      topleft=(x, u(20))).bottom
        shown = elide("serif_italic", u(20), title, width)
        return draw_text(self.surface, "serif_italic", u(20), shown, theme.INK_SOFT,
                         topleft=(x, y)).bottom + u(12)

    def _tools(self, tools: Tools, x: int, y: int, width: int) -> int:
        u = self.u
        gap, height = u(8), u(38)
        column = (width - gap) // 2
        self.buttons, self._active = [], []
        for k, tool in enumerate(TOOLS):
            rect = pygame.Rect(x + (k % 2) * (column + gap), y + (k // 2) * (height + gap),
                               column, height)
            button = Button(rect, f"{tool.key}  {tool.name}", intent("tool", id=tool.id), u(16))
            self.buttons.append(button)
            if tool is tools.tool:
                self._active.append(button)
        return y + (len(TOOLS) + 1) // 2 * (height + gap)

    def _notice(self, tools: Tools, x: int, y: int, width: int) -> int:
        u = self.u
        face, colour = ("serif_bold", theme.WAX) if tools.refused else ("serif", theme.INK)
        for line in wrap(face, u(18), tools.notice, width)[:3] if tools.notice else []:
            y = draw_text(self.surface, face, u(18), line, colour, topleft=(x, y)).bottom
        return y

    def _problems(self, problems: MapProblems, x: int, y: int, width: int, bottom: int) -> None:
        u, surface = self.u, self.surface
        count = len(problems.problems)
        heading = "PROBLEMS" + (f" · {count}" if count else "")
        y = draw_text(surface, "display_bold", u(17), heading, theme.WAX,
                      topleft=(x, y)).bottom + u(4)
        self.problem_rows = []
        if problems.unavailable or not count:
            words = problems.unavailable or "None: the scenario is ready to play."
            for line in wrap("serif_italic", u(18), words, width)[:2]:
                y = draw_text(surface, "serif_italic", u(18), line, theme.INK_SOFT,
                              topleft=(x, y)).bottom
        for k, problem in enumerate(problems.problems):
            lines = wrap("serif", u(17), str(problem.sentence), width - u(14))[:3]
            if y + len(lines) * u(22) > bottom - u(24):
                draw_text(surface, "serif_italic", u(17), f"… and {count - k} more",
                          theme.INK_SOFT, topleft=(x, y))
                break
            top = y
            for line in lines:
                y = draw_text(surface, "serif", u(17), line, theme.INK,
                              topleft=(x + u(14), y)).bottom
            pygame.draw.circle(surface, theme.WAX, (x + u(4), top + u(11)), max(2, u(3)))
            self.problem_rows.append((pygame.Rect(x, top, width, y - top), k))
            y += u(4)

    def _footer(self, state: PanelState, x: int, width: int) -> int:
        u = self.u
        gap, height = u(8), u(42)
        top = self.rect.h - u(24) - height
        third = (width - 2 * gap) // 3
        self.buttons += [
            Button(pygame.Rect(x, top, third, height), "Undo", intent("undo"), u(18),
                   enabled=state.undo is not None),
            Button(pygame.Rect(x + third + gap, top, third, height), "Redo", intent("redo"),
                   u(18), enabled=state.redo is not None),
            Button(pygame.Rect(x + 2 * (third + gap), top, third, height), "Done",
                   intent("back"), u(18))]
        step = f"Undo: {state.undo}" if state.undo else "Ctrl+Z undoes, Ctrl+Y redoes"
        shown = elide("serif_italic", u(16), step, width)
        draw_text(self.surface, "serif_italic", u(16), shown, theme.INK_SOFT,
                  bottomleft=(x, top - u(4)))
        return top - u(26)
