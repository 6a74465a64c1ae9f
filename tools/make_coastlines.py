"""Build the map's coastline asset from Natural Earth land polygons (public domain).

Run once by hand, offline, with the TopoJSON file of the npm package `world-atlas`
(`land-50m.json`, Natural Earth 1:50m land):

    python -m tools.make_coastlines path/to/land-50m.json sprites/assets/coastlines.json

It decodes the topology, clips every polygon to the board's window, simplifies each ring
(Douglas-Peucker) and writes integer hundredths of a degree, so neither the game nor CI needs
a geo package. The output is small (a few hundred KB) and reproducible byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

Point = tuple[float, float]
Ring = list[Point]

WINDOW = (-12.0, 21.0, 52.0, 57.0)
"""lon_min, lat_min, lon_max, lat_max: the board (−11..50, 22..56) with a margin."""
TOLERANCE = 0.01
"""Simplification tolerance in degrees (about 1 km): finer than a pixel at full zoom."""
MIN_RING_POINTS = 4


def decode_arcs(topology: dict) -> list[list[Point]]:
    """Arcs in degrees (delta-decoded and de-quantized when the topology is quantized)."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        if transform is None:
            arcs.append([(float(x), float(y)) for x, y in arc])
            continue
        (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(ring_arcs: Sequence[int], arcs: list[list[Point]]) -> Ring:
    """One ring from its arc indexes (a negative index is the reversed arc ~i)."""
    points: Ring = []
    for index in ring_arcs:
        arc = arcs[index] if index >= 0 else list(reversed(arcs[~index]))
        points.extend(arc if not points else arc[1:])
    return points


def polygons(topology: dict, name: str = "land") -> list[list[Ring]]:
    """Every polygon (outer ring first, then holes) of a geometry collection."""
    arcs = decode_arcs(topology)
    out = []
    for geometry in topology["objects"][name]["geometries"]:
        parts = geometry["arcs"]
        if geometry["type"] == "Polygon":
            parts = [parts]
        for polygon in parts:
            out.append([ring_points(ring, arcs) for ring in polygon])
    return out


def clip(ring: Ring, window: tuple[float, float, float, float] = WINDOW) -> Ring:
    """Sutherland-Hodgman clipping of a ring to the window rectangle."""
    x0, y0, x1, y1 = window
    edges = ((0, x0, True), (0, x1, False), (1, y0, True), (1, y1, False))
    for axis, bound, keep_above in edges:
        ring = _clip_edge(ring, axis, bound, keep_above)
        if not ring:
            break
    return ring


def _clip_edge(ring: Ring, axis: int, bound: float, keep_above: bool) -> Ring:
    def inside(p: Point) -> bool:
        return p[axis] >= bound if keep_above else p[axis] <= bound

    out: Ring = []
    for i, current in enumerate(ring):
        previous = ring[i - 1]
        if inside(current):
            if not inside(previous):
                out.append(_cross(previous, current, axis, bound))
            out.append(current)
        elif inside(previous):
            out.append(_cross(previous, current, axis, bound))
    return out


def _cross(a: Point, b: Point, axis: int, bound: float) -> Point:
    t = (bound - a[axis]) / (b[axis] - a[axis])
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def simplify(points: Ring, tolerance: float = TOLERANCE) -> Ring:
    """Douglas-Peucker simplification (iterative, keeps both ends)."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        start, end = stack.pop()
        index, distance = _farthest(points, start, end)
        if distance > tolerance:
            keep[index] = True
            stack += [(start, index), (index, end)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def _farthest(points: Ring, start: int, end: int) -> tuple[int, float]:
    (ax, ay), (bx, by) = points[start], points[end]
    dx, dy = bx - ax, by - ay
    length = (dx * dx + dy * dy) ** 0.5
    best, best_distance = start, -1.0
    for i in range(start + 1, end):
        px, py = points[i]
        if length == 0:
            distance = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
        else:
            distance = abs(dy * px - dx * py + bx * ay - by * ax) / length
        if distance > best_distance:
            best, best_distance = i, distance
    return best, best_distance


def to_hundredths(ring: Ring) -> list[list[int]]:
    """A ring in integer hundredths of a degree, consecutive duplicates dropped."""
    out: list[list[int]] = []
    for lon, lat in ring:
        point = [round(lon * 100), round(lat * 100)]
        if not out or out[-1] != point:
            out.append(point)
    return out


def build(topology: dict) -> dict:
    """The asset: polygons (outer ring, then holes) clipped, simplified, in 1/100 degree."""
    shapes = []
    for polygon in polygons(topology):
        rings = []
        for ring in polygon:
            clipped = to_hundredths(simplify(clip(ring)))
            if len(clipped) >= MIN_RING_POINTS:
                rings.append(clipped)
        if rings and _is_outer_kept(polygon, rings):
            shapes.append(rings)
    shapes.sort(key=lambda rings: (-len(rings[0]), rings[0][0]))
    return {
        "source": "Natural Earth 1:50m land (public domain), via the world-atlas package",
        "units": "hundredths of a degree (lon, lat), WGS84",
        "window": [round(v * 100) for v in WINDOW],
        "tolerance_degrees": str(TOLERANCE),
        "polygons": shapes,
    }


def _is_outer_kept(polygon: list[Ring], rings: list[list[list[int]]]) -> bool:
    # A polygon whose outer ring was clipped away entirely contributes no land.
    return len(clip(polygon[0])) >= MIN_RING_POINTS


def main(argv: Sequence[str] | None = None) -> int:
    """Read the TopoJSON, write the asset; one line of summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topojson", type=Path, help="land-50m.json from world-atlas")
    parser.add_argument("output", type=Path, help="e.g. sprites/assets/coastlines.json")
    args = parser.parse_args(argv)
    try:
        topology = json.loads(args.topojson.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"make_coastlines: error: cannot read {args.topojson}: {exc}", file=sys.stderr)
        return 1
    asset = build(topology)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(asset, separators=(",", ":")) + "\n", encoding="utf-8")
    points = sum(len(r) for p in asset["polygons"] for r in p)
    print(f"{args.output}: {len(asset['polygons'])} polygons, {points} points, "
          f"{args.output.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
