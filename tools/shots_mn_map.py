"""Screenshots of Mare Nostrum's area map alone: the 5-player starting position, dressed as a
game in progress would be (a trireme chain glowing, a battle ringed, a province At War, an
occupied site and control marker), at the fit zoom and zoomed on Italy and Greece.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m tools.shots_mn_map OUT.png

writes OUT.png (the whole board), OUT-zoom.png (zoomed two levels on the Ionian sea) and
OUT-table.png (the board fitted to the table's map at this window size).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame

SIZE = (1920, 1080)
CHAIN = ("mare_tyrrhenum", "mare_ionium", "mare_aegaeum")
TABLE = pygame.Rect(22, 98, 1120, 960)
"""Where the table (sprites/mn/scene.py) puts the map in a 1920×1080 window."""


def start_view() -> tuple[Any, dict[str, Any]]:
    """The content and seat 0's view of a 5-player game just set up."""
    from game.core.ruleset import GameConfig, ViewRequest
    from game.rulesets.mare_nostrum.content import load_content
    from game.rulesets.mare_nostrum.setup import initial_state
    from game.rulesets.mare_nostrum.view import build_view

    content = load_content()
    seats = tuple(e.id for e in content.empires_for(5))
    state = initial_state(content, GameConfig("mare_nostrum", "5", seats, b"map shots"))
    return content, dict(build_view(content, state, ViewRequest(0), None))


def dressed(view: dict[str, Any]) -> dict[str, Any]:
    """The starting view with a war, an occupation and a battle added (drawing only)."""
    provinces = {p["id"]: p for p in view["provinces"]}
    achaea, sicilia = provinces["achaea"], provinces["sicilia"]
    achaea["at_war"] = True
    achaea["occupied"] = [[f"{achaea['id']}.market1", 0]]
    sicilia["marker_occupier"] = 4
    view["move"] = dict(view.get("move") or {}, battle={"place": "achaea"})
    return view


def shoot(out: Path) -> list[Path]:
    """Render the pictures; returns their paths."""
    from sprites.mn.map_view import MnMap

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    content, view = start_view()
    board = MnMap(content, rect=screen.get_rect())
    paths = [out, *(out.with_name(f"{out.stem}-{kind}{out.suffix}") for kind in ("zoom", "table"))]
    view = dressed(view)
    board.draw(screen, screen.get_rect(), view, CHAIN)
    pygame.image.save(screen, str(paths[0]))
    board.centre_on("mare_ionium")
    board.zoom(2)
    board.draw(screen, screen.get_rect(), view, CHAIN)
    pygame.image.save(screen, str(paths[1]))
    screen.fill((0, 0, 0))
    MnMap(content, rect=TABLE).draw(screen, TABLE, view, CHAIN)
    pygame.image.save(screen, str(paths[2]))
    return paths


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    for path in shoot(Path(args[0] if args else "mn_map.png")):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
