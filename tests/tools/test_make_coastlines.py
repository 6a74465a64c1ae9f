"""The coastline tool: topology decoding, clipping, simplification, and the shipped asset."""

from __future__ import annotations

import json
from pathlib import Path

from tools.make_coastlines import build, clip, decode_arcs, simplify

ROOT = Path(__file__).resolve().parents[2]


def test_quantized_arcs_are_delta_decoded() -> None:
    topology = {"transform": {"scale": [0.5, 0.5], "translate": [10, 20]},
                "arcs": [[[0, 0], [2, 0], [0, 2]]]}
    assert decode_arcs(topology) == [[(10.0, 20.0), (11.0, 20.0), (11.0, 21.0)]]


def test_clipping_keeps_the_inside_of_the_window() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    clipped = clip(square, (5.0, -1.0, 20.0, 20.0))
    assert min(x for x, _ in clipped) == 5.0 and max(x for x, _ in clipped) == 10.0
    assert clip(square, (20.0, 20.0, 30.0, 30.0)) == []


def test_simplify_drops_collinear_points_and_keeps_corners() -> None:
    line = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (2.0, 2.0)]
    assert simplify(line, 0.1) == [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]


def test_build_writes_integer_rings_inside_the_window() -> None:
    topology = {"arcs": [[[0, 30], [20, 30], [20, 45], [0, 45], [0, 30]]],
                "objects": {"land": {"geometries": [{"type": "Polygon", "arcs": [[0]]}]}}}
    asset = build(topology)
    (ring,) = asset["polygons"][0]
    assert all(isinstance(v, int) for point in ring for v in point)
    assert [0, 3000] in ring and [2000, 4500] in ring


def test_the_shipped_asset_covers_the_mediterranean() -> None:
    asset = json.loads((ROOT / "sprites/assets/coastlines.json").read_text())
    points = [p for polygon in asset["polygons"] for ring in polygon for p in ring]
    assert len(asset["polygons"]) > 50 and len(points) > 2000
    lons = [p[0] for p in points]
    lats = [p[1] for p in points]
    assert min(lons) >= -1200 and max(lons) <= 5200 and min(lats) >= 2100 and max(lats) <= 5700
    sicily = [p for polygon in asset["polygons"] for p in polygon[0]
              if 1240 <= p[0] <= 1570 and 3660 <= p[1] <= 3830]
    assert sicily, "Sicily's coast should be in the asset"
