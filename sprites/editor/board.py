"""The scenario editor's map: the draft's map (its variant, else the bundled one) with the
provinces and barbarian areas in play tinted, the capitals in their empires' colours and the
key cities ringed. An edit redraws only what it changed: a new capital or key city its
markers, a province or area put in or out of play the tiles round it, the map editor's
changes the tiles they touched (the camera stays)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites import content
from sprites.editor import facts
from sprites.editor.document import Draft
from sprites.editor.map_redraw import stale_tiles
from sprites.map.model import MapModel
from sprites.map.pane import MapPane
from sprites.map.picture import FREE, NEUTRAL, BoardPicture, CityState
from sprites.map.provinces import RADIUS
from sprites.map.terrain import WASH
from sprites.map.tiles import TILE, Key, StaticPainter

TINT_REACH = RADIUS + 2 * WASH + 8
"""How far (board units) a city's province tint and its boundaries reach round it."""
LABEL_PAD = 140
"""Level pixels round a changed place for its name and its province's name."""


def scenario_picture(draft: Draft, model: MapModel) -> BoardPicture:
    """The scenario at set-up as the editor shows it: cities of the provinces in play neutral
    (capitals their empire's), the others out of play; areas in play free."""
    playing = set(facts.provinces_in_play(draft))
    capitals = {e.get("capital"): str(e.get("empire")) for e in facts.empires(draft)}
    keys = set(facts.key_cities(draft))
    cities = {c.id: CityState(capitals.get(c.id, NEUTRAL), 0, capitals.get(c.id),
                              c.id in keys) if c.province in playing else CityState(None)
              for c in model.cities}
    areas_in = set(facts.areas_in_play(draft))
    areas: dict[str, str | None] = {a.id: FREE if a.id in areas_in else None
                                    for a in model.areas}
    return BoardPicture(str(draft.setup.get("name", "")), tuple(capitals.values()),
                        frozenset(playing), cities, areas)


def model_of(draft: Draft) -> MapModel:
    """The drawable map of the draft: its variant's when it has one that can be drawn."""
    if draft.map is None:
        return bundled_model()
    from sprites.editor.map_model import draft_model

    try:
        return draft_model(draft.map, draft.layout or facts.bundled_data("layout.yaml"))
    except (AttributeError, KeyError, TypeError, ValueError, ZeroDivisionError):
        return bundled_model()


def bundled_model() -> MapModel:
    """The bundled map, drawable (whatever game the table shows)."""
    from sprites.map.model import build_model

    return build_model(content.bundled())


class Board:
    """The map pane and what it shows of the draft."""

    def __init__(self, draft: Draft) -> None:
        self._drawn = _signature(draft)
        model = model_of(draft)
        self.pane = MapPane(model, scenario_picture(draft, model))

    def follow(self, draft: Draft) -> None:
        """Show the draft as it is now (after an edit, an undo or the map editor)."""
        pane, drawn = self.pane, _signature(draft)
        model = pane.model if drawn == self._drawn else model_of(draft)
        self._drawn = drawn
        picture = scenario_picture(draft, model)
        old = pane.picture
        if pane.view is None:
            pane.model, pane.picture = model, picture
            return
        if model is pane.model and old.nodes_in_play == picture.nodes_in_play \
                and old.provinces_in_play == picture.provinces_in_play:
            pane.show(picture)
            return
        view = pane.map_view
        painter = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
        zooms = {level: view.camera.level_zoom(level) for level in {0, view.level}}
        stale = changed_tiles(view.painter, painter, _changed(old, picture), zooms)
        if model is not pane.model:  # the map editor changed the map: only where it did
            stale = _either(stale, stale_tiles(view.painter, painter, zooms))
        pane.remodel(painter, picture, stale)


def _signature(draft: Draft) -> str:
    """What the map looks like, in a few words (the map variant's data, if any)."""
    return "" if draft.map is None else repr((draft.map, draft.layout))


def _either(one: Callable[[Key], bool], other: Callable[[Key], bool]
            ) -> Callable[[Key], bool]:
    return lambda key: one(key) or other(key)


def _changed(old: BoardPicture, new: BoardPicture) -> tuple[set[str], set[str]]:
    """The provinces and the barbarian areas that came into play or left it."""
    provinces = set(old.provinces_in_play ^ new.provinces_in_play)
    areas = {a for a in set(old.areas) | set(new.areas)
             if (old.area(a) is None) != (new.area(a) is None)}
    return provinces, areas


def changed_tiles(old: StaticPainter, new: StaticPainter,
                  changed: tuple[set[str], set[str]], zooms: dict[int, float]
                  ) -> Callable[[Key], bool]:
    """The tiles to paint again when provinces or areas came into play or left it: at the
    levels in `zooms` those round the places concerned, their routes and their names; at
    the other levels all."""
    model = new.model
    provinces, areas = changed
    nodes = {c.id for c in model.cities if c.province in provinces} | areas
    points = [model.position(n) for n in nodes]
    points += [p.label for p in model.provinces if p.id in provinces]
    boxes = [(x - TINT_REACH, y - TINT_REACH, x + TINT_REACH, y + TINT_REACH)
             for x, y in points]
    for route in model.routes:
        if set(route.ends) & nodes:
            xs, ys = [p[0] for p in route.points], [p[1] for p in route.points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    rects = {level: [pygame.Rect(int(x0 * zoom) - LABEL_PAD, int(y0 * zoom) - LABEL_PAD,
                                 int((x1 - x0) * zoom) + 2 * LABEL_PAD,
                                 int((y1 - y0) * zoom) + 2 * LABEL_PAD)
                     for x0, y0, x1, y1 in boxes]
             + _names_moved(old, new, zoom) for level, zoom in zooms.items()}

    def stale(key: Key) -> bool:
        found = rects.get(key[0])
        return found is None or pygame.Rect(key[1] * TILE, key[2] * TILE, TILE,
                                            TILE).collidelist(found) >= 0
    return stale


def _names_moved(old: StaticPainter, new: StaticPainter, zoom: float) -> list[pygame.Rect]:
    """Names placed differently at a level (a name out of play may give way to another)."""
    before = {(p.node, p.pos, p.surface.get_size()): p.rect for p in old.labels(zoom).placed}
    after = {(p.node, p.pos, p.surface.get_size()): p.rect for p in new.labels(zoom).placed}
    return [rect.inflate(4, 4) for key, rect in (*before.items(), *after.items())
            if (key in before) != (key in after)]

