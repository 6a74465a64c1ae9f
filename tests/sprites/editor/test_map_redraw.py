"""An edit redraws only the tiles it changed: every tile kept is exactly the tile a fresh
painter of the edited map paints, and the rebuild is quick."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from sprites.editor.document import Draft
from sprites.editor.map_edits import MapEdits
from sprites.editor.map_model import draft_model, draft_picture
from sprites.editor.map_redraw import show_edit
from sprites.map.pane import MapPane
from sprites.map.tiles import TILE, StaticPainter


def _rename_and_resize(edits: MapEdits) -> None:
    edits.rename("capua", "Casilinum")
    edits.set_size("neapolis", 3)


EDITS: dict[str, Callable[[MapEdits], object]] = {
    "move a city": lambda e: e.move("messana", [1620, 3840]),
    "add a city": lambda e: e.add_city("Henna", [1440, 3757], "corsica_sardinia_sicilia"),
    "remove a city": lambda e: e.remove("syracusae"),
    "another province": lambda e: e.set_province("reghium", "corsica_sardinia_sicilia"),
    "rename and resize": _rename_and_resize,
    "draw a route": lambda e: e.add_route("coastal", "roma", "carthago"),
    "move an area": lambda e: e.move("massylii_numidae", [820, 3600]),
}


def _tiles(pane: MapPane) -> dict[tuple[int, int, int], pygame.Surface]:
    cache = pane.map_view.tiles
    return {key: tile for key in list(cache._tiles) if (tile := cache.get(key)) is not None}


@pytest.mark.parametrize("name", list(EDITS))
def test_kept_tiles_are_those_a_fresh_painter_paints(display: pygame.Surface, name: str) -> None:
    edits = MapEdits(Draft({}))
    pane = MapPane(draft_model(edits.map, edits.layout), draft_picture(edits.map, {}))
    pane.place(pygame.Rect(0, 0, *display.get_size()), display.get_size(), False, 100)
    view = pane.map_view
    view.prepare()
    view.fit(2, pane.model.city("messana").pos)
    view.sharpen()
    before = _tiles(pane)
    EDITS[name](edits)
    seconds = show_edit(pane, draft_model(edits.map, edits.layout),
                        draft_picture(edits.map, {}))
    assert seconds < 1.0
    kept = {key: tile for key, tile in _tiles(pane).items() if before.get(key) is tile}
    assert kept and len(kept) < len(before)
    fresh = StaticPainter(pane.model, pane.picture.provinces_in_play,
                          pane.picture.nodes_in_play)
    for (level, col, row), tile in kept.items():
        painted = fresh.paint(view.camera.level_zoom(level),
                              pygame.Rect(col * TILE, row * TILE, TILE, TILE))
        assert pygame.image.tobytes(painted.convert(), "RGB") == \
            pygame.image.tobytes(tile, "RGB"), (name, level, col, row)
