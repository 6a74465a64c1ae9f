"""The side panel beside the map: scenario, empires in turn order, legend and controls."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites import theme
from sprites.map.markers import area_sprite, city_sprite
from sprites.map.picture import FREE, NEUTRAL, BoardPicture, CityState
from sprites.theme import empire_colour, empire_name
from sprites.ui.text import render, wrap
from sprites.ui.widgets import panel, rule

Scale = Callable[[float], int]


def draw_hud(surface: pygame.Surface, rect: pygame.Rect, picture: BoardPicture,
             capitals: dict[str, str], u: Scale, colour_blind: bool,
             notes: tuple[tuple[str, str], ...] = ()) -> None:
    """The whole panel (static while the scene is open)."""
    panel(surface, rect, shadow=False)
    x, y = rect.x + u(26), rect.y + u(24)
    width = rect.w - u(52)
    for line in wrap("display_bold", u(26), picture.title.upper(), width):
        text = render("display_bold", u(26), line, theme.INK)
        surface.blit(text, (x, y))
        y += text.get_height()
    note = render("serif_italic", u(20), "At set-up, before the Empire Foundation",
                  theme.INK_SOFT)
    surface.blit(note, (x, y + u(4)))
    y += note.get_height() + u(16)
    rule(surface, y, x, x + width)
    y += u(18)
    y = _empires(surface, x, y, picture, capitals, u, colour_blind)
    y += u(10)
    rule(surface, y, x, x + width)
    y += u(18)
    y = _legend(surface, x, y, u)
    controls = rect.bottom - u(110)
    for heading, words in notes:
        y += u(10)
        lines = wrap("serif", u(20), words, width)
        if y + u(26) + len(lines) * u(24) > controls - u(10):
            break
        head = render("display_bold", u(18), heading.upper(), theme.WAX, tracking=0.12)
        surface.blit(head, (x, y))
        y += head.get_height() + u(2)
        for line in lines:
            text = render("serif", u(20), line, theme.INK)
            surface.blit(text, (x, y))
            y += text.get_height()
    _controls(surface, x, controls, width, u)


def _empires(surface: pygame.Surface, x: int, y: int, picture: BoardPicture,
             capitals: dict[str, str], u: Scale, colour_blind: bool) -> int:
    for empire in picture.empires:
        colour = empire_colour(empire, colour_blind)
        chip = pygame.Rect(x, y + u(3), u(22), u(22))
        pygame.draw.rect(surface, colour, chip, border_radius=4)
        pygame.draw.rect(surface, theme.INK, chip, 2, border_radius=4)
        name = render("serif_bold", u(22), empire_name(empire), theme.INK)
        surface.blit(name, (x + u(34), y))
        cap = render("serif_italic", u(19), capitals.get(empire, ""), theme.INK_SOFT)
        surface.blit(cap, (x + u(170), y + u(2)))
        y += u(32)
    return y


def _legend(surface: pygame.Surface, x: int, y: int, u: Scale) -> int:
    head = render("display_bold", u(18), "LEGEND", theme.WAX, tracking=0.12)
    surface.blit(head, (x, y))
    y += head.get_height() + u(6)
    r = u(7)
    rows: list[tuple[pygame.Surface, str]] = [
        (city_sprite(1, r - 2, CityState(NEUTRAL), False, False), "City of size 1, 2, 3"),
        (city_sprite(2, r, CityState(NEUTRAL, forts=2), True, False),
         "Port; fortification markers"),
        (city_sprite(3, r + 1, CityState(NEUTRAL, 1, capital_of="rome"), False, False),
         "Capital"),
        (city_sprite(2, r, CityState(NEUTRAL, 1, key=True), False, False), "Key city"),
        (area_sprite(u(9), 3, FREE), "Barbarian area and strength"),
    ]
    for sprite, words in rows:
        surface.blit(sprite, sprite.get_rect(center=(x + u(16), y + u(13))))
        text = render("serif", u(20), words, theme.INK)
        surface.blit(text, (x + u(40), y + u(1)))
        y += u(30)
    for kind, words in (("land", "Land route"), ("coastal", "Coastal route (shipwreck roll)"),
                        ("barbarian", "Route to a barbarian area")):
        _route_sample(surface, kind, (x, y + u(13)), u(32), u)
        text = render("serif", u(20), words, theme.INK)
        surface.blit(text, (x + u(40), y + u(1)))
        y += u(30)
    return y


def _route_sample(surface: pygame.Surface, kind: str, start: tuple[int, int], length: int,
                  u: Scale) -> None:
    from sprites.map.model import RouteLine
    from sprites.map.routes import draw_route

    a = (float(start[0]), float(start[1]))
    b = (float(start[0] + length), float(start[1]))
    draw_route(surface, RouteLine(kind, ("a", "b"), (a, b)), [a, b], max(1.5, u(1.6)))


def _controls(surface: pygame.Surface, x: int, y: int, width: int, u: Scale) -> None:
    lines = ("Drag or arrow keys: move", "Wheel or + −: zoom at the pointer",
             "F: the scenario's provinces  ·  Esc: back")
    for line in lines:
        text = render("serif_italic", u(19), line, theme.INK_SOFT)
        surface.blit(text, (x, y))
        y += text.get_height()
