"""The help overlay (F1 or ? at the table, Help in the game menu): a plaque over the table
with tabs — combat, expeditions, the HUD, the keys — whose text flows into columns, and onto
a second sheet of the same tab when the window is too small to hold it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.table.help_pages import HELP_KEYS, HelpPage, Item, pages
from sprites.ui.input import key_intents, tab_intents
from sprites.ui.text import draw_text, wrap
from sprites.ui.widgets import panel, rule

Scale = Callable[[float], int]
BODY = ("serif", 21)
TERM = ("serif_bold", 21)
HEADING = ("display_bold", 19)
TAB = 23
"""Design size of the tabs' words."""


@dataclass(frozen=True)
class Line:
    """One line of text placed on the screen."""

    face: str
    size: int
    words: str
    ink: RGB
    x: int
    y: int


@dataclass(frozen=True)
class Unit:
    """Lines that stay together (offsets from the unit's top left), with their height."""

    lines: tuple[Line, ...]
    height: int
    gap: int
    keep: bool = False
    """Kept in the same column as the next unit (a heading)."""


class HelpScene(Page):
    """The rules in short and the table's keys, over the table."""

    opaque = False

    def __init__(self, page: int = 0) -> None:
        super().__init__()
        self.pages = pages()
        self.page = page % len(self.pages)
        self.sheet = 0
        self.sheets: list[list[list[Line]]] = []
        self.tabs: list[pygame.Rect] = []
        self.drawn: list[pygame.Rect] = []
        """The rectangles of the texts drawn last (tests check they stay on the plaque)."""

    def enter(self, app: Host) -> None:
        """Lay out the plaque in the middle of the window and flow every page into it."""
        super().enter(app)
        w, h, u = *app.size, app.ui
        self.box = pygame.Rect(0, 0, min(w - u(60), u(1180)), h - u(70))
        self.box.center = (w // 2, h // 2)
        self.body = pygame.Rect(self.box.x + u(40), self.box.y + u(96), self.box.w - u(80),
                                self.box.h - u(96) - u(58))
        self.sheets = [flow(page, self.body, u) for page in self.pages]
        self.sheet = min(self.sheet, len(self.sheets[self.page]) - 1)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows turn, Esc, F1 or ? close; a click on a tab opens it, outside closes."""
        if event.type == pygame.KEYDOWN:
            typed = [intent("close")] if getattr(event, "unicode", "") == "?" else []
            return key_intents(event, HELP_KEYS) or typed
        return tab_intents(event, self.tabs, self.box, "page")

    def apply(self, it: Intent) -> None:
        """Close, open a tab, or turn to the next or the last sheet (across tabs)."""
        if it.name == "close":
            self.host.pop()
            return
        if it.name == "page":
            self.page, self.sheet = it.arg("to") % len(self.pages), 0
        elif it.name == "turn":
            self._turn(it.arg("step"))
        self.full_redraw = True

    def _turn(self, step: int) -> None:
        self.sheet += step
        if 0 <= self.sheet < len(self.sheets[self.page]):
            return
        self.page = (self.page + step) % len(self.pages)
        self.sheet = 0 if step > 0 else len(self.sheets[self.page]) - 1

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The plaque, the tabs, this sheet's lines and the foot line."""
        u, box = self.host.ui, self.box
        panel(surface, box)
        self.drawn = []
        self._tabs(surface, u)
        for line in self.sheets[self.page][self.sheet]:
            self.drawn.append(draw_text(surface, line.face, line.size, line.words, line.ink,
                                        topleft=(line.x, line.y)))
        count = len(self.sheets[self.page])
        part = f"Part {self.sheet + 1} of {count}  ·  " if count > 1 else ""
        foot = f"{part}← → turn the pages  ·  Esc, F1 or ? closes"
        self.drawn.append(draw_text(surface, "serif_italic", u(18), foot, theme.INK_SOFT,
                                    midbottom=(box.centerx, box.bottom - u(16))))
        return [box.inflate(12, 14)]

    def _tabs(self, surface: pygame.Surface, u: Scale) -> None:
        """The pages' names across the top, this one in wax red over a gold line."""
        faces = [("display_bold" if k == self.page else "display", page.title.upper())
                 for k, page in enumerate(self.pages)]
        widths = [font(face, u(TAB)).size(words)[0] for face, words in faces]
        gap = u(44)
        x = self.box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        y = self.box.y + u(30)
        self.tabs = []
        for k, ((face, words), width) in enumerate(zip(faces, widths, strict=True)):
            ink = theme.WAX if k == self.page else theme.INK
            rect = draw_text(surface, face, u(TAB), words, ink, topleft=(x, y))
            self.drawn.append(rect)
            self.tabs.append(rect.inflate(gap // 2, u(12)))
            if k == self.page:
                pygame.draw.line(surface, theme.GOLD, (rect.x, rect.bottom + u(3)),
                                 (rect.right, rect.bottom + u(3)), max(1, u(2)))
            x += width + gap
        rule(surface, self.body.y - u(22), self.box.x + u(60), self.box.right - u(60))


def columns(body: pygame.Rect, u: Scale) -> tuple[int, int]:
    """How many columns fit the body (two once they are wide enough), and their width."""
    count = 2 if body.w >= u(760) else 1
    return count, (body.w - (count - 1) * u(44)) // count


def flow(page: HelpPage, body: pygame.Rect, u: Scale) -> list[list[Line]]:
    """The page's lines placed in the body's columns, sheet after sheet: paragraphs whole, a
    heading with what follows it, a short section (a third of a column) in one piece."""
    placer = Placer(body, *columns(body, u), u(44))
    for section in page_units(page, placer.width, u):
        tall = sum(unit.gap + unit.height for unit in section)
        if placer.y and placer.y + tall > body.h and tall <= body.h // 3:
            placer.break_column()
        for k, unit in enumerate(section):
            placer.place(unit, section[k + 1] if unit.keep and k + 1 < len(section) else None)
    return placer.sheets


class Placer:
    """Places units down the columns of a body, sheet after sheet."""

    def __init__(self, body: pygame.Rect, count: int, width: int, gutter: int) -> None:
        self.body, self.count, self.width, self.gutter = body, count, width, gutter
        self.sheets: list[list[Line]] = [[]]
        self.column = self.y = 0

    def break_column(self) -> None:
        """Go on at the top of the next column (or of a new sheet)."""
        self.column, self.y = self.column + 1, 0
        if self.column == self.count:
            self.sheets.append([])
            self.column = 0

    def place(self, unit: Unit, keep: Unit | None) -> None:
        """Place a unit below the last (in the next column if it, and `keep`, do not fit)."""
        need = unit.gap + unit.height + (keep.gap + keep.height if keep else 0)
        if self.y and self.y + need > self.body.h:
            self.break_column()
        self.y += unit.gap if self.y else 0
        x = self.body.x + self.column * (self.width + self.gutter)
        self.sheets[-1] += [Line(line.face, line.size, line.words, line.ink, x + line.x,
                                 self.body.y + self.y + line.y) for line in unit.lines]
        self.y += unit.height


def page_units(page: HelpPage, width: int, u: Scale) -> list[list[Unit]]:
    """Each section's heading, paragraph lines and term rows, in reading order."""
    out: list[list[Unit]] = []
    step = font(BODY[0], u(BODY[1])).get_linesize()
    for section in page.sections:
        head = Line(HEADING[0], u(HEADING[1]), section.heading.upper(), theme.WAX, 0, 0)
        tall = font(head.face, head.size).get_linesize() + u(2)
        terms = [font(TERM[0], u(TERM[1])).size(i[0])[0] for i in section.items
                 if not isinstance(i, str)]
        term_w = min(max(terms, default=0) + u(16), width * 2 // 5, u(220))
        out.append([Unit((head,), tall, u(16), keep=True),
                    *(_item(item, width, term_w, step, u) for item in section.items)])
    return out


def _item(item: Item, width: int, term_w: int, step: int, u: Scale) -> Unit:
    """A paragraph, or a term and its words side by side (the term `term_w` wide)."""
    size = u(BODY[1])
    if isinstance(item, str):
        lines = wrap(BODY[0], size, item, width)
        return Unit(tuple(Line(BODY[0], size, words, theme.INK, 0, k * step)
                          for k, words in enumerate(lines)), len(lines) * step, u(7))
    term, words = item
    left = wrap(TERM[0], size, term, term_w - u(12))
    right = wrap(BODY[0], size, words, width - term_w)
    placed = [Line(TERM[0], size, t, theme.INK, 0, k * step) for k, t in enumerate(left)]
    placed += [Line(BODY[0], size, t, theme.INK, term_w, k * step) for k, t in enumerate(right)]
    return Unit(tuple(placed), max(len(left), len(right)) * step, u(7))
