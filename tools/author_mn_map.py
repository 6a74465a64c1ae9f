"""Derive Mare Nostrum's drawn areas from the anchors of its layout and check them against the
rules' map.

Reads `scenarios/mare_nostrum/layout.yaml` (anchors, reaches) and `map.yaml` (which area is
land, island or sea; land borders, coasts, sea adjacency), cuts each anchor's nearest-anchor
cell to the Natural Earth land of `sprites/assets/coastlines.json` (tools.area_build), and
writes the areas' pieces and typed borders, in integer hundredths of a degree, to
`sprites/assets/mare_nostrum_areas.json`. Deterministic and re-runnable:

    python -m tools.author_mn_map [--check] [--surround land-50m.json]

`--surround` also writes `sprites/assets/mare_nostrum_surround.json`: the Natural Earth land
of a wider window (world-atlas's `land-50m.json`), drawn muted round the board so that the map
fills its panel. It fails (exit 1) listing every pair whose derived border disagrees with map.yaml.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from tools.area_build import COAST, LAND, SEA, AreaSeed, Geometry, build
from tools.make_coastlines import MIN_RING_POINTS, clip, polygons, simplify, to_hundredths

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "scenarios" / "mare_nostrum"
COASTLINES = ROOT / "sprites" / "assets" / "coastlines.json"
OUT = ROOT / "sprites" / "assets" / "mare_nostrum_areas.json"
SURROUND = ROOT / "sprites" / "assets" / "mare_nostrum_surround.json"
SURROUND_WINDOW = (-22.0, 9.0, 62.0, 67.0)
"""lon_min, lat_min, lon_max, lat_max of the land round the board: enough to fill panels from
about 0.95 to 1.65 wide per high at the fit zoom."""
SURROUND_TOLERANCE = 0.02
MIN_LENGTH = {LAND: 15.0, COAST: 15.0, SEA: 0.0}
"""Shortest border kept, in board units (hundredths of a degree of latitude): land and coast
slivers where a cell only grazes are dropped; a sea lane through a strait may be very short."""


def seeds(layout: dict[str, Any], board: dict[str, Any]) -> list[AreaSeed]:
    """One seed per area of map.yaml, with its layout anchors (KeyError if one has none); an
    area without a reach runs up to the board's frame."""
    areas = layout["areas"]
    land = [AreaSeed(p["id"], False, _points(areas[p["id"]]["anchors"]),
                     _reach(areas[p["id"]]), bool(p.get("island", False)))
            for p in board["provinces"]]
    seas = [AreaSeed(s["id"], True, _points(areas[s["id"]]["anchors"]), _reach(areas[s["id"]]))
            for s in board["seas"]]
    return land + seas


def _reach(look: dict[str, Any]) -> int | None:
    return int(look["reach"]) if "reach" in look else None


def _points(raw: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(x), int(y)) for x, y in raw)


def authored_borders(board: dict[str, Any]) -> set[tuple[str, str, str]]:
    """The rules' adjacency as typed pairs (kind, a, b) with a < b."""
    pairs = set()
    for province in board["provinces"]:
        pairs |= {_pair(LAND, province["id"], other) for other in province["neighbours"]}
        pairs |= {_pair(COAST, province["id"], sea) for sea in province["coasts"]}
    for sea in board["seas"]:
        pairs |= {_pair(SEA, sea["id"], other) for other in sea["neighbours"]}
    return pairs


def _pair(kind: str, a: str, b: str) -> tuple[str, str, str]:
    if kind == COAST:
        return (kind, a, b)
    first, second = sorted((a, b))
    return (kind, first, second)


def mismatches(geometry: Geometry, authored: set[tuple[str, str, str]]) -> list[str]:
    """Every pair bordering on the drawn map but not in map.yaml, and the reverse."""
    derived = set(geometry.borders)
    extra = [f"drawn but not in map.yaml: {k} {a} / {b} ({geometry.lengths[(k, a, b)]:.0f})"
             for k, a, b in sorted(derived - authored)]
    missing = [f"in map.yaml but not drawn: {k} {a} / {b}"
               for k, a, b in sorted(authored - derived)]
    return extra + missing


def geometry_json(geometry: Geometry, seeds_: Sequence[AreaSeed], window: list[int]) -> str:
    """The geometry file's text (sorted keys, compact, one area or border a line)."""
    kinds = {s.id: "sea" if s.sea else "land" for s in seeds_}
    areas = [json.dumps({"id": a, "kind": kinds[a], "pieces": geometry.pieces.get(a, [])},
                        separators=(",", ":")) for a in sorted(kinds)]
    borders = [json.dumps({"kind": k, "areas": [a, b], "lines": lines}, separators=(",", ":"))
               for (k, a, b), lines in sorted(geometry.borders.items())]
    head = json.dumps({"source": "tools/author_mn_map.py from layout.yaml anchors and "
                                 "coastlines.json (Natural Earth 1:50m land)",
                       "units": "hundredths of a degree (lon, lat)", "window": window})
    return (head[:-1] + ',\n"areas": [\n' + ",\n".join(areas) + '\n],\n"borders": [\n'
            + ",\n".join(borders) + "\n]}\n")


def derive(layout: dict[str, Any], board: dict[str, Any], coastlines: dict[str, Any]
           ) -> tuple[Geometry, list[AreaSeed], list[int]]:
    """The geometry of a layout and a board on some coastlines, framed by the projection."""
    projection = layout["projection"]
    frame = coastlines["window"]
    window = [max(frame[0], projection["west"]), max(frame[1], projection["south"]),
              min(frame[2], projection["east"]), min(frame[3], projection["north"])]
    seeds_ = seeds(layout, board)
    x_scale = projection["x_per_degree"] / projection["y_per_degree"]
    geometry = build(seeds_, coastlines["polygons"], (window[0], window[1], window[2],
                                                      window[3]), x_scale, MIN_LENGTH)
    return geometry, seeds_, window


def _read_yaml(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """Write the geometry file (or with --check only compare); 1 on any problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--surround", type=Path, help="land-50m.json of world-atlas 2.0.2")
    args = parser.parse_args(argv)
    if args.surround is not None and not args.check:
        write_surround(json.loads(args.surround.read_text(encoding="utf-8")), SURROUND)
    board = _read_yaml(CONTENT / "map.yaml")
    geometry, seeds_, window = derive(_read_yaml(CONTENT / "layout.yaml"), board,
                                      json.loads(COASTLINES.read_text(encoding="utf-8")))
    problems = geometry.problems + _empty(geometry, seeds_) + mismatches(
        geometry, authored_borders(board))
    for line in problems:
        print(line, file=sys.stderr)
    if not args.check:
        args.out.write_text(geometry_json(geometry, seeds_, window), encoding="utf-8")
        print(f"wrote {args.out} ({len(geometry.pieces)} areas, {len(geometry.borders)} borders)")
    return 1 if problems else 0


def surround_json(topology: dict[str, Any]) -> str:
    """The land of SURROUND_WINDOW, clipped and simplified, in hundredths of a degree."""
    shapes = []
    for polygon in polygons(topology):
        if len(clip(polygon[0], SURROUND_WINDOW)) < MIN_RING_POINTS:
            continue
        rings = [to_hundredths(simplify(clip(ring, SURROUND_WINDOW), SURROUND_TOLERANCE))
                 for ring in polygon]
        shapes.append([ring for ring in rings if len(ring) >= MIN_RING_POINTS])
    shapes = [rings for rings in shapes if rings and len(rings[0]) >= MIN_RING_POINTS]
    shapes.sort(key=lambda rings: (-len(rings[0]), rings[0][0]))
    head = {"source": "Natural Earth 1:50m land (public domain), via the world-atlas package",
            "units": "hundredths of a degree (lon, lat), WGS84",
            "window": [round(v * 100) for v in SURROUND_WINDOW]}
    return json.dumps(head | {"polygons": shapes}, separators=(",", ":")) + "\n"


def write_surround(topology: dict[str, Any], out: Path) -> None:
    """Write the surround asset (same bytes on every run)."""
    out.write_text(surround_json(topology), encoding="utf-8")
    print(f"wrote {out}")


def _empty(geometry: Geometry, seeds_: Sequence[AreaSeed]) -> list[str]:
    return [f"{s.id}: no area drawn" for s in seeds_ if not geometry.pieces.get(s.id)]


if __name__ == "__main__":
    raise SystemExit(main())
