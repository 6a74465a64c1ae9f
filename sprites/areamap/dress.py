"""Each area's dressing on screen: its block (sprites.areamap.block: name, sites, units,
markers) at the spot the placer found for it at this zoom (sprites.areamap.place: no two
blocks overlap), and a ring round the focus area's name. Blocks and spots are worked out once
per picture and zoom, so that a pan only blits; every drawn box is kept for hit-testing."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from sprites import theme
from sprites.areamap.block import Block, Box, SidesKey, Sizes, block, sides_key
from sprites.areamap.geometry import AreaGeometry, Point
from sprites.areamap.picture import AreaLook, AreaPicture, UnitLook
from sprites.areamap.place import GAP, Footprint, placer_for
from sprites.map.camera import Camera

Dressing = list[tuple[str, Block, Point]]
"""(area id, its block, its name's centre in board units), in drawing order."""
ROOMY_UNITS = 2
"""Units every area is given room for."""


class Dresser:
    """The dressing of one geometry's areas, kept for the last picture and zoom."""

    def __init__(self, geometry: AreaGeometry) -> None:
        self.geometry = geometry
        self.placer = placer_for(geometry)
        self._last: tuple[AreaPicture, float, Dressing] | None = None

    def dressing(self, picture: AreaPicture, zoom: float) -> Dressing:
        """Every area's block and where it goes at `zoom`."""
        if self._last is not None and self._last[1] == zoom and self._last[0] == picture:
            return self._last[2]
        sizes, sides = Sizes.at(zoom), sides_key(picture.sides)
        blocks = {shape.id: block(picture.area(shape.id), shape.sea, sides, sizes)
                  for shape in self.geometry.areas.values()}
        room = {shape.id: block(roomy(picture.area(shape.id), shape.sea, sides), shape.sea,
                                sides, sizes) for shape in self.geometry.areas.values()}
        footprints = {area: _footprint(found, room[area]) for area, found in blocks.items()}
        spots, crowded = self.placer.placed(zoom, footprints)
        if crowded:
            spots = self._uncrowded(picture, zoom, footprints, blocks, spots)
        dressing = [(area, found, spots[area]) for area, found in blocks.items() if area in spots]
        self._last = (picture, zoom, dressing)
        return dressing

    def _uncrowded(self, picture: AreaPicture, zoom: float, footprints: dict[str, Footprint],
                   blocks: dict[str, Block], spots: dict[str, Point]) -> dict[str, Point]:
        """At a zoom too small for every block: the seas that show only their name give way
        (placed after the rest, each kept at its spot only where it touches no other block;
        a player zooms in to read the others)."""
        bare = [area for area in footprints if self._bare(picture, area)]
        kept, _ = self.placer.placed(zoom, {area: footprint for area, footprint in
                                            footprints.items() if area not in bare})
        taken = [_on_board(blocks[area], centre, zoom) for area, centre in kept.items()]
        for area in bare:
            box = _on_board(blocks[area], spots[area], zoom)
            if box.inflate(GAP, GAP).collidelist(taken) < 0:
                kept, taken = {**kept, area: spots[area]}, [*taken, box]
        return kept

    def _bare(self, picture: AreaPicture, area: str) -> bool:
        """A sea whose block is its name alone (no triremes, marker or war), not in focus."""
        look = picture.area(area)
        return (self.geometry.areas[area].sea and picture.focus != area and not look.units
                and look.marker is None and not look.at_war)

    def dress(self, surface: pygame.Surface, picture: AreaPicture, camera: Camera
              ) -> list[Box]:
        """Draw every area's block into `surface` (the camera's viewport); returns the boxes
        drawn, topmost last."""
        view = pygame.Rect(camera.viewport)
        boxes: list[Box] = []
        shown: list[tuple[str, Block, tuple[int, int]]] = []
        for area, found, spot in self.dressing(picture, camera.zoom):
            x, y = camera.to_screen(spot)
            corner = (round(x) - found.anchor[0], round(y) - found.anchor[1])
            if view.colliderect(found.surface.get_rect(topleft=corner)):
                surface.blit(found.surface, corner)
                boxes += [(key, box.move(corner)) for key, box in found.boxes]
                shown.append((area, found, corner))
            if picture.focus == area:
                _ring(surface, (round(x), round(y)), Sizes.at(camera.zoom))
        return boxes + self._names_on_top(surface, shown)

    def _names_on_top(self, surface: pygame.Surface,
                      shown: list[tuple[str, Block, tuple[int, int]]]) -> list[Box]:
        """Names that another block overlaps, drawn again over the blocks, seas' first and
        lands' last: where blocks must overlap (a small window), a land's name is never
        hidden under tokens."""
        drawn = [found.surface.get_rect(topleft=corner) for _, found, corner in shown]
        boxes: list[Box] = []
        for k, (area, found, corner) in sorted(enumerate(shown), key=lambda s: (
                not self.geometry.areas[s[1][0]].sea, s[0])):
            name = found.boxes[0][1].move(corner)
            if any(name.colliderect(other) for j, other in enumerate(drawn) if j != k):
                surface.blit(found.surface, name, area=found.boxes[0][1])
                boxes.append((area, name))
        return boxes


@lru_cache(maxsize=256)
def roomy(look: AreaLook, sea: bool, sides: SidesKey) -> AreaLook:
    """The area with a row of units (ROOMY_UNITS of them) even if it has none: blocks are
    placed with room for that, so that a move in a game seldom changes where they go."""
    if not sides or len(look.units) >= ROOMY_UNITS:
        return look
    first = sides[0][0]
    units = tuple(UnitLook("trireme" if sea else "legion", first) for _ in range(ROOMY_UNITS))
    return replace(look, units=units)


def _footprint(found: Block, room: Block) -> Footprint:
    """Bounds round a block and its roomy twin, and its name's (the first box), relative to
    the name's centre."""
    name = found.boxes[0][1].move(-found.anchor[0], -found.anchor[1])
    bounds = [found.bounds(), room.bounds()]
    union = (min(b[0] for b in bounds), min(b[1] for b in bounds),
             max(b[2] for b in bounds), max(b[3] for b in bounds))
    return Footprint(union, (name.left, name.top, name.right, name.bottom))


def _on_board(found: Block, centre: Point, zoom: float) -> pygame.Rect:
    """A block's box in the zoom's pixels, its name centred on `centre` (board units)."""
    left, top, right, bottom = found.bounds()
    x, y = round(centre[0] * zoom), round(centre[1] * zoom)
    return pygame.Rect(x + left, y + top, right - left, bottom - top)


def _ring(surface: pygame.Surface, centre: tuple[int, int], sizes: Sizes) -> None:
    pygame.draw.circle(surface, theme.WAX, centre, sizes.token * 3, max(2, sizes.gap))
