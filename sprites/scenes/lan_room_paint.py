"""Drawing a lobby room's parts: a seat line (chip and empire, who and where, the ready tick,
the host's seat control), the scenario, the optional rules as a joiner sees them (no arrows),
and the room's machines."""

from __future__ import annotations

import pygame

from game.session import seat_title
from net.lan.facade import Room, RoomSeat
from sprites import theme
from sprites.scenes.lan_common import (
    Scale,
    arrow,
    chip,
    plate,
    room_scenario,
    short_fingerprint,
    tick_box,
)
from sprites.scenes.lan_seats import assignment_words, who
from sprites.theme import empire_colour, empire_name
from sprites.ui.rows import ChoiceRows
from sprites.ui.text import draw_text, elide

CLAIM_WIDTH = 140
"""Design width of a seat line's Claim or Release button."""
CYCLE_WIDTH = 250
"""Design width of the host's seat control."""


def tick_rect(u: Scale, rect: pygame.Rect, hosting: bool) -> pygame.Rect:
    """Where a seat line's ready tick goes (one column for every line, left of the controls)."""
    right = rect.right - u(12) - u(CLAIM_WIDTH) - u(14) - (u(CYCLE_WIDTH + 14) if hosting else 0)
    size = u(26)
    return pygame.Rect(right - u(16) - size, rect.centery - size // 2, size, size)


def draw_seat(surface: pygame.Surface, u: Scale, room: Room, seat: RoomSeat, rect: pygame.Rect,
              focused: bool, tick: pygame.Rect, cycle: pygame.Rect | None, colour_blind: bool
              ) -> None:
    """Colour chip and empire; who and where; the ready tick; the host's seat control."""
    plate(surface, rect, focused)
    colour = (empire_colour(seat.empire, colour_blind) if seat.empire in theme.EMPIRE_COLOURS
              else theme.OUT_OF_PLAY)
    chip(surface, colour, pygame.Rect(rect.x + u(14), rect.centery - u(13), u(26), u(26)))
    draw_text(surface, "serif_bold", u(24), empire_name(seat_title(seat.empire)), theme.INK,
              midleft=(rect.x + u(52), rect.centery))
    if seat.machine:
        tick_box(surface, tick, seat.ready)
    x, end = rect.x + u(210), tick.x - u(16)
    first, second = who(room, seat)
    ink = theme.INK if seat.machine else theme.INK_SOFT
    draw_text(surface, "serif_bold", u(21), elide("serif_bold", u(21), first, end - x), ink,
              topleft=(x, rect.y + u(4)))
    draw_text(surface, "serif_italic", u(18), elide("serif_italic", u(18), second, end - x),
              theme.INK_SOFT, bottomleft=(x, rect.bottom - u(5)))
    if cycle is not None:
        draw_cycle(surface, u, cycle, assignment_words(room, seat))


def draw_cycle(surface: pygame.Surface, u: Scale, rect: pygame.Rect, words: str) -> None:
    """The host's seat control: the seat's assignment between two arrows."""
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=4)
    pygame.draw.rect(surface, theme.INK_SOFT, rect, 1, border_radius=4)
    arrow(surface, (rect.x + u(14), rect.centery), u(6), -1)
    arrow(surface, (rect.right - u(14), rect.centery), u(6), 1)
    text = elide("serif_bold", u(21), words, rect.w - u(60))
    draw_text(surface, "serif_bold", u(21), text, theme.WAX, center=rect.center)


def draw_scenario(surface: pygame.Surface, u: Scale, room: Room, rect: pygame.Rect,
                  hosting: bool, focused: bool) -> None:
    """The scenario's name on a plate (between arrows for the host, who may change it); the
    host's own scenario is marked as the host's."""
    plate(surface, rect, focused)
    inset = u(40) if hosting else u(16)
    name = elide("serif_bold", u(24), room_scenario(room), rect.w - 2 * inset)
    draw_text(surface, "serif_bold", u(24), name, theme.INK, center=rect.center)
    if hosting:
        arrow(surface, (rect.x + u(20), rect.centery), u(7), -1)
        arrow(surface, (rect.right - u(20), rect.centery), u(7), 1)


def draw_fixed_rows(surface: pygame.Surface, u: Scale, rows: ChoiceRows) -> None:
    """The optional rules as a joiner sees them: each line and its value, nothing to click."""
    for choice, row in zip(rows.choices, rows.rects, strict=True):
        plate(surface, row, False)
        draw_text(surface, "serif_bold", u(21), choice.label, theme.INK,
                  midleft=(row.x + u(14), row.centery))
        draw_text(surface, "display_bold", u(18), choice.words(rows.values[choice.key]),
                  theme.WAX, midright=(row.right - u(16), row.centery))


def draw_machines(surface: pygame.Surface, u: Scale, room: Room, area: pygame.Rect) -> None:
    """Every machine of the room with its short fingerprint, as far as `area` has room."""
    if area.h < u(30):
        return
    y = draw_text(surface, "display_bold", u(20), "MACHINES", theme.WAX,
                  bottomleft=(area.x, area.y)).bottom
    for k, (fingerprint, name) in enumerate(room.machines):
        if y + u(28) > area.bottom:
            break
        tags = [tag for tag, yes in (("host", k == 0), ("this machine", fingerprint == room.me))
                if yes]
        words = " · ".join([name, short_fingerprint(fingerprint), *tags])
        y = draw_text(surface, "serif", u(20), elide("serif", u(20), words, area.w), theme.INK,
                      topleft=(area.x, y + u(2))).bottom
