"""Drawing the table's own overlays over the composed map and HUD: the rings on legal
targets, a notice, the autosave's warning banner, the "pass the screen" cover; and the Stage
the animations draw on. Each returns the rectangles it touched (for dirty-rect updates)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from sprites import theme
from sprites.map.pane import MapPane
from sprites.resources import font
from sprites.scenes.base import intent
from sprites.table.hud import Hud
from sprites.ui.text import draw_lines, render, wrap
from sprites.ui.widgets import Button, panel

Scale = Callable[[float], int]


class TableStage:
    """The Stage protocol (timeline.py) over the table's map and HUD."""

    def __init__(self, pane: MapPane, hud: Hud, ui: Scale) -> None:
        self.pane = pane
        self.hud = hud
        self.ui = ui

    def board_to_screen(self, node: str) -> tuple[float, float] | None:
        """Screen position of a city or area."""
        return self.pane.to_screen(node)

    def point_to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        """Screen position of a board point."""
        return self.pane.map_view.camera.to_screen(point)

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Level with a seat's row in the HUD, just past the panel and the map's frame."""
        rows, rect = self.hud.layout.rows, self.hud.rect
        if 0 <= seat < len(rows):
            return (rect.right + self.ui(18), rect.y + rows[seat].centery)
        return (rect.right + self.ui(18), rect.y)


def draw_targets(surface: pygame.Surface, pane: MapPane, nodes: Iterable[str]
                 ) -> list[pygame.Rect]:
    """A gold and wax ring on every city or area a click may answer with."""
    rects, nodes = [], list(nodes)
    zoom = pane.map_view.camera.zoom
    for node in nodes:
        centre = pane.to_screen(node)
        if centre is None:
            continue
        radius = pane.node_radius(node, zoom)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius + 2, 4)
        pygame.draw.circle(surface, theme.WAX, centre, radius + 5, 2)
        rects.append(pygame.Rect(centre[0] - radius - 8, centre[1] - radius - 8,
                                 2 * radius + 16, 2 * radius + 16))
    for label, corner in pane.labels_of(set(nodes)):  # the rings would cut their names
        rects.append(surface.blit(label, corner))
    return rects


def draw_notice(surface: pygame.Surface, words: str, midtop: tuple[int, int], u: Scale
                ) -> list[pygame.Rect]:
    """A line in wax red (an action refused, the game stuck), if there is one."""
    if not words:
        return []
    note = render("serif_bold", u(22), words, theme.WAX)
    return [surface.blit(note, note.get_rect(midtop=midtop))]


def draw_banner(surface: pygame.Surface, words: str, top: int, across: pygame.Rect, u: Scale
                ) -> pygame.Rect:
    """A wax-red strip across `across` from `top`, its words wrapped in light ink (an autosave
    that fails); the rectangle drawn, empty when there are no words."""
    if not words:
        return pygame.Rect(across.x, top, across.w, 0)
    size, pad = u(21), u(9)
    lines = wrap("serif_bold", size, words, across.w - u(64))
    height = len(lines) * font("serif_bold", size).get_linesize() + 2 * pad
    strip = pygame.Rect(across.x, top, across.w, height)
    surface.fill(theme.WAX, strip)
    pygame.draw.line(surface, theme.GOLD_LIGHT, strip.bottomleft, strip.bottomright, 2)
    draw_lines(surface, "serif_bold", size, lines, theme.PARCHMENT_LIGHT, top + pad,
               strip.centerx)
    return pygame.Rect(strip.x, strip.y, strip.w, strip.h + 2)  # and the gold line under it


def draw_cover(surface: pygame.Surface, centre: tuple[int, int], empire: str, u: Scale,
               colour_blind: bool, ready: bool) -> pygame.Rect:
    """The "pass the screen" plaque and its "show my hand" button, greyed until `ready` (the
    hand is not drawn while it shows)."""
    box = cover_box(centre, u)
    panel(surface, box)
    colour = theme.empire_colour(empire, colour_blind)
    pygame.draw.rect(surface, colour, box.inflate(-u(24), -u(24)), u(6))
    name = theme.empire_name(empire)
    lines = ((f"Pass the screen to {name}", "display_bold", 40, theme.INK, 84),
             ("Cards stay hidden until that player is here.", "serif_italic", 24,
              theme.INK_SOFT, 138),
             ("or press Enter", "serif_italic", 19, theme.INK_SOFT, 266))
    for words, face, size, ink, y in lines:
        text = render(face, u(size), words, ink)
        surface.blit(text, text.get_rect(center=(box.centerx, box.y + u(y))))
    button = cover_button(centre, empire, u)
    button.enabled = ready
    button.draw(surface)
    return box.inflate(10, 12)


def cover_box(centre: tuple[int, int], u: Scale) -> pygame.Rect:
    """Where the "pass the screen" plaque lies, centred on `centre`."""
    box = pygame.Rect(0, 0, u(760), u(310))
    box.center = centre
    return box


def cover_button(centre: tuple[int, int], empire: str, u: Scale) -> Button:
    """The cover's "I am <Empire> — show my hand" button (the only click that reveals)."""
    words, size = f"I am {theme.empire_name(empire)} — show my hand", u(22)
    width = render("display_bold", size, words, theme.INK).get_width() + u(48)
    rect = pygame.Rect(0, 0, width, u(50))
    rect.center = (centre[0], cover_box(centre, u).y + u(206))
    return Button(rect, words, intent("reveal"), size)
