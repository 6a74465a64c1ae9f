"""The table's side panel: scenario, turn and round, the Random Event, the Enraged level, the
empires (VP, cities, cards; whose decision it is), the VP track with its +40 flip, and a
scrollable log of the engine's sentences. Drawn into a surface only when something changed;
each heading and figure has a tooltip (hud_tips.py) drawn over the table while hovered."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from sprites import content, theme
from sprites.colour import mix, readable_on
from sprites.table.controller import TableController
from sprites.table.hud_tips import SeatLine, Tip, column_tip, figure_tip, part_tip
from sprites.ui.text import render, wrap
from sprites.ui.widgets import panel, rule, tooltip

Scale = Callable[[float], int]
TRACK = 40
"""VP track cells (0-39); a marker past 39 flips to its +40 side."""
CROWD = 3
"""Markers in one track cell from which they are also shown, lettered, under the grid."""


@dataclass
class HudModel:
    """Everything the panel shows."""

    title: str
    turn: int
    last_turn: int
    round: int
    event: str
    event_summary: str
    enraged: int
    enraged_max: int
    seats: list[SeatLine]
    log: list[str] = field(default_factory=list)
    scroll: int = 0
    """Log lines scrolled back from the newest."""
    colour_blind: bool = False
    hand_size: int = 0
    """The scenario's hand size (rule 3.2)."""
    victory_cities: int = 0
    """Cities that win at once (rule 4.4)."""


@dataclass
class HudLayout:
    """Where the clickable parts ended up (filled in by draw)."""

    rows: list[pygame.Rect] = field(default_factory=list)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    track: pygame.Rect = field(default_factory=pygame.Rect)
    log_lines: int = 0
    tips: list[Tip] = field(default_factory=list)
    """Hover zones of the panel (its own coordinates) and what they say."""


class Hud:
    """The side panel as a widget: drawn into its own surface when what it shows changes."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.surface = pygame.Surface((1, 1))
        self.model: HudModel | None = None
        self.layout = HudLayout()
        self.u: Scale = lambda px: round(px)
        self.pointer: tuple[int, int] | None = None

    def place(self, rect: pygame.Rect, u: Scale) -> None:
        """Where the panel goes."""
        self.rect, self.u = rect, u
        self.surface = pygame.Surface(rect.size)

    def show(self, model: HudModel) -> None:
        """Draw new contents (the log keeps its scroll)."""
        if self.model is not None:
            model.scroll = self.model.scroll
        self.model = model
        self.layout = draw_hud(self.surface, model, self.u)

    def scroll(self, lines: int) -> None:
        """Scroll the chronicle back (positive) or forward."""
        if self.model is not None:
            self.model.scroll = max(0, self.model.scroll + lines)
            self.layout = draw_hud(self.surface, self.model, self.u)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose line is under a point."""
        return next((k for k, row in enumerate(self.layout.rows) if row.collidepoint(pos)),
                    None)

    def tip_at(self, pos: tuple[int, int] | None) -> Tip | None:
        """The tooltip of the heading or figure under a screen point, if any."""
        if pos is None or not self.rect.collidepoint(pos):
            return None
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        return next((tip for tip in self.layout.tips if tip.rect.collidepoint(local)), None)

    def point(self, pos: tuple[int, int] | None) -> bool:
        """The pointer moved (None: it left); whether the tooltip it calls for changed."""
        before, self.pointer = self.tip_at(self.pointer), pos
        return self.tip_at(pos) != before

    def draw_tip(self, surface: pygame.Surface, scale: float) -> list[pygame.Rect]:
        """The tooltip under the pointer, beside it; the rectangle drawn."""
        tip = self.tip_at(self.pointer)
        if tip is None or self.pointer is None:
            return []
        return [tooltip(surface, self.pointer, tip.title, list(tip.lines), scale)]


def hud_model(control: TableController, view: Mapping[str, Any], log: list[str],
              colour_blind: bool) -> HudModel:
    """What the panel shows of a view: the turn, the event, the empires, the chronicle."""
    session = control.session
    decision = session.decision()
    acting = decision.actor if decision.kind == "action" else -9
    data = content.content()
    setup = data.setup(view["scenario"])
    seats = [SeatLine(s["empire"], s["vp"], s["cities"], s["hand_size"], s["deck"],
                      len(s["discard"]), session.players[k], k == control.screen_seat,
                      k == acting, setup.hand_size + s.get("hand_bonus", 0),
                      k == control.thinking_seat)
             for k, s in enumerate(view["seats"])]
    event, names = view["event"], control.names
    return HudModel(setup.title, view["turn"], view["last_turn"],
                    view["round"], names.event(event),
                    names.event_summary(event) if event else "", view["enraged"],
                    data.tables.enraged.max_level, seats, log, 0, colour_blind,
                    setup.hand_size, setup.automatic_victory_cities)


def draw_hud(surface: pygame.Surface, model: HudModel, u: Scale) -> HudLayout:
    """Draw the whole panel on `surface` (its own size); where rows and the log are."""
    rect = surface.get_rect()
    layout = HudLayout()
    panel(surface, rect, shadow=False)
    x, width = u(22), rect.w - u(44)
    y = u(18)
    for line in wrap("display_bold", u(24), model.title.upper(), width)[:2]:
        text = render("display_bold", u(24), line, theme.INK)
        surface.blit(text, (x, y))
        y += text.get_height()
    when = (f"Turn {model.turn} of {model.last_turn}  ·  Round {max(model.round, 1)}"
            if model.turn else "Set-up: the Empire Foundation")  # round 0: round 1's event
    sub = render("serif_italic", u(21), when, theme.INK_SOFT)
    surface.blit(sub, (x, y))
    layout.tips.append(part_tip("turn", pygame.Rect(x, u(18), width, y + sub.get_height()
                                                    - u(18)), model))
    y += sub.get_height() + u(8)
    rule(surface, y, x, x + width)
    y = _event(surface, model, layout, x, y + u(10), width, u)
    rule(surface, y, x, x + width)
    y = _seats(surface, model, layout, x, y + u(10), width, u)
    y = _track(surface, model, layout, x, y + u(6), width, u)
    rule(surface, y + u(4), x, x + width)
    _log(surface, model, layout, pygame.Rect(x, y + u(14), width, rect.h - y - u(30)), u)
    return layout


def _head(surface: pygame.Surface, words: str, x: int, y: int, u: Scale) -> int:
    head = render("display_bold", u(16), words.upper(), theme.WAX, tracking=0.12)
    surface.blit(head, (x, y))
    return y + head.get_height() + u(2)


def _event(surface: pygame.Surface, model: HudModel, layout: HudLayout, x: int, y: int,
           width: int, u: Scale) -> int:
    top = y
    y = _head(surface, "Random Event", x, y, u)
    name = render("serif_bold", u(23), model.event or "None yet", theme.INK)
    surface.blit(name, (x, y))
    pips_x = x + width - model.enraged_max * u(20)
    label = render("serif_italic", u(18), "Enraged", theme.INK_SOFT)
    spot = surface.blit(label, (pips_x - label.get_width() - u(8), y + u(3)))
    layout.tips.append(part_tip("enraged", pygame.Rect(spot.x, y, x + width - spot.x, u(28)),
                                model))
    for k in range(model.enraged_max):
        centre = (pips_x + k * u(20) + u(8), y + u(14))
        if k < model.enraged:
            pygame.draw.circle(surface, theme.WAX, centre, u(7))
        pygame.draw.circle(surface, theme.INK, centre, u(7), 1)
    y += name.get_height()
    for line in wrap("serif", u(18), model.event_summary, width)[:3]:
        text = render("serif", u(18), line, theme.INK_SOFT)
        surface.blit(text, (x, y))
        y += text.get_height() - u(2)
    layout.tips.append(part_tip("event", pygame.Rect(x, top, width, y - top), model))
    return y + u(8)


def _seats(surface: pygame.Surface, model: HudModel, layout: HudLayout, x: int, y: int,
           width: int, u: Scale) -> int:
    cols = (("VP", 0.50), ("Cities", 0.64), ("Hand", 0.80), ("Pile", 0.94))
    for words, at in cols:
        head = render("serif_italic", u(16), words, theme.INK_SOFT)
        cell = surface.blit(head, head.get_rect(midtop=(x + round(width * at), y)))
        layout.tips.append(column_tip(words, cell.inflate(u(14), u(4)), model))
    y += u(20)
    for seat in model.seats:
        row = pygame.Rect(x - u(6), y, width + u(12), u(34))
        layout.rows.append(row)
        if seat.acting:
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, row, 2, border_radius=3)
        colour = theme.empire_colour(seat.empire, model.colour_blind)
        chip = pygame.Rect(x, y + u(7), u(20), u(20))
        pygame.draw.rect(surface, colour, chip, border_radius=4)
        pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=4)
        if model.colour_blind:
            letter = render("serif_bold", u(16), theme.EMPIRE_INITIALS[seat.empire],
                            readable_on(colour))
            surface.blit(letter, letter.get_rect(center=chip.center))
        name = render("serif_bold", u(22), theme.empire_name(seat.empire), theme.INK)
        spot = surface.blit(name, (x + u(28), y + u(2)))
        layout.tips.append(figure_tip("name", seat, chip.union(spot), model))
        who = "you" if seat.you else ("bot" if seat.player.startswith("bot") else "")
        who += " · thinking…" if seat.thinking else ""
        if who:
            tag = render("serif_italic", u(16), who, theme.INK_SOFT)
            surface.blit(tag, (x + u(32) + name.get_width(), y + u(9)))
        for (words, at), value in zip(cols, (seat.vp, seat.cities, seat.hand, seat.discard),
                                      strict=True):
            face = "display_bold" if at == cols[0][1] else "serif"
            text = render(face, u(21), str(value), theme.INK)
            spot = surface.blit(text, text.get_rect(midtop=(x + round(width * at), y + u(4))))
            layout.tips.append(figure_tip(words, seat, spot.inflate(u(20), u(6)), model))
        y += u(36)
    return y


def _track(surface: pygame.Surface, model: HudModel, layout: HudLayout, x: int, y: int,
           width: int, u: Scale) -> int:
    y = _head(surface, "Victory points", x, y, u)
    per_row, rows = 10, TRACK // 10
    cell_w = width // per_row
    cell_h = u(30)
    layout.track = pygame.Rect(x, y, cell_w * per_row, cell_h * rows)
    marks: dict[int, list[SeatLine]] = {}
    for seat in model.seats:
        marks.setdefault(seat.vp % TRACK, []).append(seat)
    for n in range(TRACK):
        cell = pygame.Rect(x + (n % per_row) * cell_w, y + (n // per_row) * cell_h, cell_w,
                           cell_h)
        shade = theme.PARCHMENT if (n // 5) % 2 == 0 else mix(theme.PARCHMENT,
                                                               theme.PARCHMENT_DARK, 0.35)
        pygame.draw.rect(surface, shade, cell)
        pygame.draw.rect(surface, mix(theme.INK_SOFT, theme.PARCHMENT, 0.5), cell, 1)
        digits = render("serif", u(13), str(n), theme.INK_SOFT)
        surface.blit(digits, (cell.x + u(2), cell.y))
        _marks(surface, cell, marks.get(n, []), model.colour_blind, u)
    layout.tips.append(part_tip("track", layout.track, model))
    flipped = [s for s in model.seats if s.vp >= TRACK]
    y = _crowds(surface, marks, x, y + rows * cell_h + u(4), width, model.colour_blind, u)
    if flipped:
        names = ", ".join(theme.empire_name(s.empire) for s in flipped)
        note = render("serif_italic", u(16), f"+40 side (gold ring): {names}", theme.INK_SOFT)
        surface.blit(note, (x, y))
        y += note.get_height()
    return y


def _marks(surface: pygame.Surface, cell: pygame.Rect, seats: list[SeatLine],
           colour_blind: bool, u: Scale) -> None:
    """One cell's markers from its right edge, along its foot so that its number (top left)
    stays readable; crowded, in two overlapping rows (`_crowds` letters them legibly below
    the grid)."""
    d = max(11, u(15))
    rows = 1 if len(seats) * (d + 1) <= cell.w - 1 else 2
    per_row = -(-len(seats) // rows)
    step = min(d + 1, (cell.w - d - 2) / max(1, per_row - 1))
    for k, seat in enumerate(seats):
        row, col = divmod(k, per_row)
        y = cell.bottom - 1 - d // 2 if rows == 1 or row == 1 else cell.y + 1 + d // 2
        _chip(surface, seat, (round(cell.right - 1 - d / 2 - (per_row - 1 - col) * step), y),
              d, colour_blind)


def _chip(surface: pygame.Surface, seat: SeatLine, centre: tuple[int, int], d: int,
          colour_blind: bool) -> None:
    """A VP marker: the empire's colour lettered with its initial, in every mode (a gold
    ring: on its +40 side)."""
    colour = theme.empire_colour(seat.empire, colour_blind)
    pygame.draw.circle(surface, colour, centre, d // 2)
    flipped = seat.vp >= TRACK
    pygame.draw.circle(surface, theme.GOLD if flipped else theme.INK, centre, d // 2,
                       2 if flipped else 1)
    letter = render("serif_bold", d, theme.EMPIRE_INITIALS[seat.empire], readable_on(colour))
    ink = letter.get_bounding_rect()
    surface.blit(letter, (centre[0] - ink.centerx, centre[1] - ink.centery))


def _crowds(surface: pygame.Surface, marks: dict[int, list[SeatLine]], x: int, y: int,
            width: int, colour_blind: bool, u: Scale) -> int:
    """Under the grid, the markers of each cell holding CROWD or more, lettered in a row after
    the cell's number; the y below them."""
    d, at, top = max(13, u(19)), x, y
    for n, seats in sorted(marks.items()):
        if len(seats) < CROWD:
            continue
        words = render("serif_italic", u(16), f"{n}:", theme.INK_SOFT)
        if at > x and at + words.get_width() + len(seats) * (d + 1) > x + width:
            at, y = x, y + d + u(3)
        surface.blit(words, words.get_rect(midleft=(at, y + d // 2)))
        at += words.get_width() + u(4)
        for seat in seats:
            _chip(surface, seat, (at + d // 2, y + d // 2), d, colour_blind)
            at += d + 1
        at += u(12)
    return y + d + u(3) if at > x else top


@lru_cache(maxsize=4096)
def _wrapped(sentence: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap("serif", size, sentence, width))


def _log(surface: pygame.Surface, model: HudModel, layout: HudLayout, box: pygame.Rect,
         u: Scale) -> None:
    layout.log = box
    y = _head(surface, "Chronicle", box.x, box.y, u)
    layout.tips.append(part_tip("chronicle", pygame.Rect(box.x, box.y, box.w, y - box.y), model))
    size = u(18)
    line_h = render("serif", size, "Mg", theme.INK).get_height() - u(3)
    room = max(1, (box.bottom - y) // line_h)
    lines: list[tuple[str, bool]] = []
    for k, sentence in enumerate(model.log[-300:]):
        wrapped = _wrapped(sentence, size, box.w - u(8))
        lines.extend((w, k % 2 == 0) for w in wrapped)
    layout.log_lines = len(lines)
    model.scroll = max(0, min(model.scroll, len(lines) - room))
    end = len(lines) - model.scroll
    shown = lines[max(0, end - room):end]
    for words, even in shown:
        ink = theme.INK if even else mix(theme.INK, theme.INK_SOFT, 0.6)
        text = render("serif", size, words, ink)
        surface.blit(text, (box.x, y))
        y += line_h
    if model.scroll:
        more = render("serif_italic", u(15), f"▼ {model.scroll} newer lines (scroll)",
                      theme.WAX)
        surface.blit(more, more.get_rect(bottomright=(box.right, box.bottom + u(12))))
