"""The table's side panel: scenario, turn and round, the Random Event, the Enraged level, the
empires (VP, cities, cards; whose decision it is), the VP track with its +40 flip, and a
scrollable log of the engine's sentences. Drawn into a surface only when something changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from sprites import content, theme
from sprites.colour import mix, readable_on
from sprites.table.controller import TableController
from sprites.ui.text import render, wrap
from sprites.ui.widgets import panel, rule

Scale = Callable[[float], int]
TRACK = 40
"""VP track cells (0-39); a marker past 39 flips to its +40 side."""


@dataclass(frozen=True)
class SeatLine:
    """One empire as the HUD shows it."""

    empire: str
    vp: int
    cities: int
    hand: int
    deck: int
    discard: int
    player: str
    you: bool = False
    acting: bool = False


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


@dataclass
class HudLayout:
    """Where the clickable parts ended up (filled in by draw)."""

    rows: list[pygame.Rect] = field(default_factory=list)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    track: pygame.Rect = field(default_factory=pygame.Rect)
    log_lines: int = 0


class Hud:
    """The side panel as a widget: drawn into its own surface when what it shows changes."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.surface = pygame.Surface((1, 1))
        self.model: HudModel | None = None
        self.layout = HudLayout()
        self.u: Scale = lambda px: round(px)

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


def hud_model(control: TableController, view: Mapping[str, Any], log: list[str],
              colour_blind: bool) -> HudModel:
    """What the panel shows of a view: the turn, the event, the empires, the chronicle."""
    session = control.session
    decision = session.decision()
    acting = decision.actor if decision.kind == "action" else -9
    seats = [SeatLine(s["empire"], s["vp"], s["cities"], s["hand_size"], s["deck"],
                      len(s["discard"]), session.players[k], k == control.screen_seat,
                      k == acting) for k, s in enumerate(view["seats"])]
    data = content.content()
    setup = data.setup(view["scenario"])
    event, names = view["event"], control.names
    return HudModel(f"{setup.number}. {setup.name}", view["turn"], view["last_turn"],
                    view["round"], names.event(event),
                    names.event_summary(event) if event else "", view["enraged"],
                    data.tables.enraged.max_level, seats, log, 0, colour_blind)


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
    when = (f"Turn {model.turn} of {model.last_turn}  ·  Round {model.round}" if model.turn
            else "Set-up: the Empire Foundation")
    sub = render("serif_italic", u(21), when, theme.INK_SOFT)
    surface.blit(sub, (x, y))
    y += sub.get_height() + u(8)
    rule(surface, y, x, x + width)
    y = _event(surface, model, x, y + u(10), width, u)
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


def _event(surface: pygame.Surface, model: HudModel, x: int, y: int, width: int, u: Scale
           ) -> int:
    y = _head(surface, "Random Event", x, y, u)
    name = render("serif_bold", u(23), model.event or "None yet", theme.INK)
    surface.blit(name, (x, y))
    pips_x = x + width - model.enraged_max * u(20)
    label = render("serif_italic", u(18), "Enraged", theme.INK_SOFT)
    surface.blit(label, (pips_x - label.get_width() - u(8), y + u(3)))
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
    return y + u(8)


def _seats(surface: pygame.Surface, model: HudModel, layout: HudLayout, x: int, y: int,
           width: int, u: Scale) -> int:
    cols = (("VP", 0.50), ("Cities", 0.64), ("Hand", 0.80), ("Pile", 0.94))
    for words, at in cols:
        head = render("serif_italic", u(16), words, theme.INK_SOFT)
        surface.blit(head, head.get_rect(midtop=(x + round(width * at), y)))
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
        surface.blit(name, (x + u(28), y + u(2)))
        who = "you" if seat.you else ("bot" if seat.player.startswith("bot") else "")
        if who:
            tag = render("serif_italic", u(16), who, theme.INK_SOFT)
            surface.blit(tag, (x + u(32) + name.get_width(), y + u(9)))
        for (_, at), value in zip(cols, (seat.vp, seat.cities, seat.hand, seat.discard),
                                  strict=True):
            face = "display_bold" if at == cols[0][1] else "serif"
            text = render(face, u(21), str(value), theme.INK)
            surface.blit(text, text.get_rect(midtop=(x + round(width * at), y + u(4))))
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
        for k, seat in enumerate(marks.get(n, [])):
            r = u(5)
            centre = (cell.x + u(8) + (k % 4) * (r * 2 + 1), cell.y + u(15) + (k // 4) * (2 * r))
            colour = theme.empire_colour(seat.empire, model.colour_blind)
            pygame.draw.circle(surface, colour, centre, r)
            ring = theme.GOLD if seat.vp >= TRACK else theme.INK
            pygame.draw.circle(surface, ring, centre, r, 2 if seat.vp >= TRACK else 1)
    flipped = [s for s in model.seats if s.vp >= TRACK]
    y += rows * cell_h + u(2)
    if flipped:
        names = ", ".join(theme.empire_name(s.empire) for s in flipped)
        note = render("serif_italic", u(16), f"+40 side (gold ring): {names}", theme.INK_SOFT)
        surface.blit(note, (x, y))
        y += note.get_height()
    return y


@lru_cache(maxsize=4096)
def _wrapped(sentence: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap("serif", size, sentence, width))


def _log(surface: pygame.Surface, model: HudModel, layout: HudLayout, box: pygame.Rect,
         u: Scale) -> None:
    layout.log = box
    y = _head(surface, "Chronicle", box.x, box.y, u)
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
