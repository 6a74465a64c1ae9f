"""The LAN table's network strip: one chip per machine (a dot for its link, its name, the
empires it answers for) across the top of the map, and on its right whom the table waits for.
The dots and state words are shared with the pause dialog (lan_dialogs.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from net.lan.facade import MachineState, TableStatus
from sprites import theme
from sprites.colour import RGB, hex_rgb, mix
from sprites.resources import font
from sprites.ui.text import draw_text, elide

Scale = Callable[[float], int]

STRIP_HEIGHT = 34
"""The strip's height in design pixels."""
NAME = ("serif_bold", 18)
SEATS = ("serif_italic", 16)
WAITING = ("serif_bold", 18)
WAITING_SHARE = 0.45
"""The most of the strip's width the waiting line may take (the rest is the chips')."""

STATE_COLOURS: dict[str, RGB] = {
    "connected": hex_rgb("#4f7f3a"), "reconnecting": hex_rgb("#d08a1e"), "away": theme.WAX,
}
"""Olive green, amber and wax red, in keeping with the parchment."""
STATE_COLOURS_SAFE: dict[str, RGB] = {
    "connected": hex_rgb("#009e73"), "reconnecting": hex_rgb("#e69f00"),
    "away": hex_rgb("#d55e00"),
}
"""Okabe & Ito's bluish green, orange and vermilion (the dots' shapes differ as well)."""
STATE_WORDS = {"this machine": "this machine", "connected": "connected",
               "reconnecting": "reconnecting…", "away": "away"}


def strip_height(u: Scale) -> int:
    """The strip's height in pixels."""
    return u(STRIP_HEIGHT)


def state_colour(state: str, colour_blind: bool = False) -> RGB:
    """The colour of a machine's dot ("this machine" is connected, ringed in gold)."""
    colours = STATE_COLOURS_SAFE if colour_blind else STATE_COLOURS
    return colours.get("connected" if state == "this machine" else state, theme.INK_SOFT)


def state_words(state: str) -> str:
    """A machine's state as the dialogs say it."""
    return STATE_WORDS.get(state, state)


def seat_words(seats: Sequence[str]) -> str:
    """The empires a machine answers for: "Rome, Iberia" ("" for none)."""
    return ", ".join(theme.empire_name(seat) for seat in seats)


def draw_dot(surface: pygame.Surface, state: str, centre: tuple[int, int], radius: int,
             colour_blind: bool = False) -> pygame.Rect:
    """A machine's dot: filled when linked (this machine ringed in gold), a thick ring while
    reconnecting, filled and barred when away; the rectangle it covers."""
    radius = max(3, radius)
    colour = state_colour(state, colour_blind)
    if state == "reconnecting":
        pygame.draw.circle(surface, colour, centre, radius, max(2, radius * 2 // 5))
        pygame.draw.circle(surface, theme.INK, centre, radius, 1)
    else:
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, theme.INK, centre, radius, 1)
    if state == "away":
        half, bar = radius * 3 // 5, max(2, radius // 3)
        pygame.draw.line(surface, theme.PARCHMENT_LIGHT, (centre[0] - half, centre[1]),
                         (centre[0] + half, centre[1]), bar)
    if state == "this machine":
        pygame.draw.circle(surface, theme.GOLD, centre, radius + max(2, radius // 2),
                           max(2, radius // 3))
    ring = radius + max(2, radius // 2) + 1
    return pygame.Rect(centre[0] - ring, centre[1] - ring, 2 * ring + 1, 2 * ring + 1)


def fair_widths(wanted: Sequence[int], room: int) -> list[int]:
    """Widths for items that want `wanted` px sharing `room` px: all they want if it fits,
    else one cap for the widest so the narrow ones keep their width (never below 0)."""
    if sum(wanted) <= room:
        return list(wanted)
    left, cap = max(0, room), 0
    order = sorted(wanted)
    for k, width in enumerate(order):
        share = left // (len(order) - k)
        if width > share:
            cap = share
            break
        left -= width
    return [min(width, cap) for width in wanted]


def draw_status_strip(surface: pygame.Surface, status: TableStatus, area: pygame.Rect, u: Scale,
                      colour_blind: bool = False) -> pygame.Rect:
    """The strip across the top of `area` (the map below the decision bar): one chip per
    machine, then whom the table waits for on the right in wax red; the rectangle drawn
    (empty when there is nothing to show). Nothing is drawn outside `area`."""
    if not status.machines and not status.waiting:
        return pygame.Rect(area.x, area.y, area.w, 0)
    strip = pygame.Rect(area.x, area.y, area.w, strip_height(u)).clip(area)
    clip = surface.get_clip()
    surface.set_clip(strip.clip(clip) if clip else strip)
    try:
        surface.fill(mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5), strip)
        pygame.draw.line(surface, theme.GOLD, (strip.x, strip.bottom - 2),
                         (strip.right, strip.bottom - 2), 2)
        middle = strip.y + (strip.h - 2) // 2
        pad = u(12)
        right = strip.right - pad
        if status.waiting:
            face, size = WAITING[0], u(WAITING[1])
            words = elide(face, size, status.waiting, round(strip.w * WAITING_SHARE))
            box = draw_text(surface, face, size, words, theme.WAX, midright=(right, middle))
            right = box.x - u(18)
        _chips(surface, status.machines, pygame.Rect(strip.x + pad, strip.y,
                                                       right - strip.x - pad, strip.h - 2),
               middle, u, colour_blind)
    finally:
        surface.set_clip(clip)
    return strip


def _chips(surface: pygame.Surface, machines: Sequence[MachineState], room: pygame.Rect,
           middle: int, u: Scale, colour_blind: bool) -> None:
    """The machines' chips from the left of `room`, each cut short to share its width."""
    if not machines or room.w <= 0:
        return
    name_font, seat_font = font(NAME[0], u(NAME[1])), font(SEATS[0], u(SEATS[1]))
    radius, gap, inner = u(6), u(22), u(7)
    dot = 2 * radius + inner
    parts = [(m.name, seat_words(m.seats)) for m in machines]
    wanted = [dot + name_font.size(name)[0]
              + (inner + seat_font.size(seats)[0] if seats else 0) for name, seats in parts]
    widths = fair_widths(wanted, room.w - gap * (len(machines) - 1))
    x = room.x
    for k, (machine, (name, seats), width, want) in enumerate(
            zip(machines, parts, widths, wanted, strict=True)):
        if k:
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (x - gap // 2, room.y + u(7)),
                             (x - gap // 2, room.bottom - u(7)), 1)
        draw_dot(surface, machine.state, (x + radius, middle), radius, colour_blind)
        _chip_words(surface, (name, seats), (x + dot, middle), width - dot, want == width, u)
        x += width + gap


def _chip_words(surface: pygame.Surface, words: tuple[str, str], at: tuple[int, int],
                width: int, whole: bool, u: Scale) -> None:
    """A chip's name and empires from `at` in `width` px: the name keeps at least 60 % of
    a chip that must be cut; the empires take what is left, or are left out."""
    name, seats = words
    name_face, seat_face = (NAME[0], u(NAME[1])), (SEATS[0], u(SEATS[1]))
    name_w = font(*name_face).size(name)[0]
    seat_w = font(*seat_face).size(seats)[0] if seats else 0
    gap = u(7)
    if not whole:
        name_w = min(name_w, max(width * 3 // 5, width - gap - seat_w))
    ellipsis = font(*name_face).size("…")[0]
    if name and width >= ellipsis:
        box = draw_text(surface, *name_face, elide(*name_face, name, max(ellipsis, name_w)),
                        theme.INK, midleft=at)
        x, width = box.right + gap, width - box.w - gap
    else:
        x = at[0]
    if seats and width >= max(u(28), font(*seat_face).size("…")[0]):
        draw_text(surface, *seat_face, elide(*seat_face, seats, width), theme.INK_SOFT,
                  midleft=(x, at[1] + u(1)))
