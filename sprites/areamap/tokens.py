"""Icons drawn by our own code, centred on a point, `size` px across: building sites (caravan
bale, market stall, city walls, capital, Legendary City, temple), legions, triremes,
fortresses, control markers and the At War mark. An empty site is drawn hollow in ink; a
built one in its owner's colour."""

from __future__ import annotations

import pygame

from sprites import theme
from sprites.areamap.picture import Side, SiteLook
from sprites.colour import RGB, readable_on
from sprites.resources import font

INK = theme.INK
PAPER = theme.PARCHMENT_LIGHT


def site(surface: pygame.Surface, look: SiteLook, owner: Side | None,
         centre: tuple[int, int], size: int) -> pygame.Rect:
    """A building site; returns its box (for hit-testing)."""
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    ground = owner.colour if owner else PAPER
    pygame.draw.rect(surface, ground, box, border_radius=max(2, size // 5))
    pygame.draw.rect(surface, INK, box, max(1, size // 12), border_radius=max(2, size // 5))
    ink = readable_on(ground) if owner else INK
    _ICONS.get(look.kind, _city)(surface, box.inflate(-size // 4, -size // 4), ink, look)
    return box


def _caravan(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    bale = box.inflate(-box.w // 5, -box.h // 3)
    pygame.draw.ellipse(surface, look.fill or PAPER, bale)
    pygame.draw.ellipse(surface, ink, bale, max(1, box.w // 8))


def _market(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    roof = [(box.left, box.centery), (box.centerx, box.top), (box.right, box.centery)]
    pygame.draw.polygon(surface, ink, roof)
    stall = pygame.Rect(box.left + box.w // 5, box.centery, box.w * 3 // 5, box.h // 2)
    pygame.draw.rect(surface, ink, stall, max(1, box.w // 8))


def _city(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    wall = pygame.Rect(box.left, box.centery - box.h // 6, box.w, box.h // 2 + box.h // 6)
    pygame.draw.rect(surface, ink, wall)
    step = max(2, box.w // 4)
    for x in range(box.left, box.right - 1, step * 2):
        pygame.draw.rect(surface, ink, (x, box.top + box.h // 8, step, box.h // 4))


def _capital(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    _city(surface, box, ink, look)
    pygame.draw.circle(surface, theme.GOLD, box.center, max(2, box.w // 5))


def _legendary(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    pygame.draw.circle(surface, theme.GOLD, box.center, box.w // 2)
    _city(surface, box.inflate(-box.w // 3, -box.h // 3), ink, look)


def _temple(surface: pygame.Surface, box: pygame.Rect, ink: RGB, look: SiteLook) -> None:
    top = box.top + box.h // 3
    pygame.draw.polygon(surface, ink, [(box.left, top), (box.centerx, box.top),
                                       (box.right, top)])
    for k in range(3):
        x = box.left + box.w // 6 + k * box.w // 3
        pygame.draw.line(surface, ink, (x, top), (x, box.bottom - 1), max(1, box.w // 8))
    pygame.draw.line(surface, ink, (box.left, box.bottom - 1), (box.right, box.bottom - 1),
                     max(1, box.w // 8))


_ICONS = {"caravan": _caravan, "market": _market, "city": _city, "capital": _capital,
          "legendary": _legendary, "temple": _temple}


def legion(surface: pygame.Surface, side: Side, centre: tuple[int, int], size: int,
           count: int = 1) -> pygame.Rect:
    """A legion: a shield in the side's colour, with the count if more than one."""
    box = pygame.Rect(0, 0, size * 3 // 4, size)
    box.center = centre
    points = [box.topleft, box.topright, (box.right, box.centery), box.midbottom,
              (box.left, box.centery)]
    pygame.draw.polygon(surface, side.colour, points)
    pygame.draw.polygon(surface, INK, points, max(1, size // 10))
    _letter(surface, str(count) if count > 1 else side.initial, side.colour, box, size)
    return box


def trireme(surface: pygame.Surface, side: Side, centre: tuple[int, int], size: int,
            count: int = 1) -> pygame.Rect:
    """A trireme: a hull with a sail, in the side's colour, with the count."""
    box = pygame.Rect(0, 0, size * 3 // 2, size)
    box.center = centre
    hull = [(box.left, box.centery), (box.right, box.centery),
            (box.right - size // 4, box.bottom), (box.left + size // 4, box.bottom)]
    pygame.draw.polygon(surface, side.colour, hull)
    pygame.draw.polygon(surface, INK, hull, max(1, size // 10))
    sail = [(box.centerx, box.top), (box.centerx, box.centery),
            (box.centerx + size // 2, box.centery)]
    pygame.draw.polygon(surface, PAPER, sail)
    pygame.draw.polygon(surface, INK, sail, 1)
    label = str(count) if count > 1 else side.initial
    _letter(surface, label, side.colour, pygame.Rect(box.left, box.centery, box.w, box.h // 2),
            size * 3 // 4)
    return box


def fortress(surface: pygame.Surface, side: Side, centre: tuple[int, int], size: int
             ) -> pygame.Rect:
    """A fortress: a tower in the side's colour."""
    box = pygame.Rect(0, 0, size * 3 // 4, size)
    box.center = centre
    pygame.draw.rect(surface, side.colour, box.inflate(0, -size // 4).move(0, size // 8))
    for k in range(3):
        tooth = pygame.Rect(box.left + k * box.w * 2 // 5, box.top, box.w // 5 + 1, size // 4)
        pygame.draw.rect(surface, side.colour, tooth)
        pygame.draw.rect(surface, INK, tooth, 1)
    pygame.draw.rect(surface, INK, box.inflate(0, -size // 4).move(0, size // 8),
                     max(1, size // 10))
    return box


def marker(surface: pygame.Surface, side: Side, centre: tuple[int, int], size: int
           ) -> pygame.Rect:
    """A control marker: a disc in the side's colour with its letter."""
    radius = size // 2
    pygame.draw.circle(surface, side.colour, centre, radius)
    pygame.draw.circle(surface, INK, centre, radius, max(1, size // 10))
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    _letter(surface, side.initial, side.colour, box, size)
    return box


def at_war(surface: pygame.Surface, centre: tuple[int, int], size: int) -> pygame.Rect:
    """The At War mark: two crossed swords in wax red on a paper disc."""
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    pygame.draw.circle(surface, PAPER, centre, size // 2)
    pygame.draw.circle(surface, theme.WAX, centre, size // 2, max(1, size // 10))
    inner = box.inflate(-size // 3, -size // 3)
    width = max(2, size // 7)
    pygame.draw.line(surface, theme.WAX, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, theme.WAX, inner.topright, inner.bottomleft, width)
    return box


def _letter(surface: pygame.Surface, words: str, ground: RGB, box: pygame.Rect,
            size: int) -> None:
    if size < 10 or not words:
        return
    text = font("serif_bold", max(8, size * 2 // 3)).render(words, True, readable_on(ground))
    surface.blit(text, text.get_rect(center=box.center))

