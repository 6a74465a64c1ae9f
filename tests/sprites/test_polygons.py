"""Point-in-polygon: even-odd in a ring, and a polygon's holes are outside it."""

from __future__ import annotations

from sprites.polygons import inside_polygon, inside_ring

SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
HOLE = [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]


def test_a_ring_holds_the_points_within_it() -> None:
    assert inside_ring((5, 5), SQUARE) and inside_ring((0.5, 9.5), SQUARE)
    assert not inside_ring((11, 5), SQUARE) and not inside_ring((5, -1), SQUARE)


def test_a_point_in_a_hole_is_outside_the_polygon() -> None:
    assert inside_polygon((2, 2), [SQUARE, HOLE])
    assert not inside_polygon((5, 5), [SQUARE, HOLE])
    assert not inside_polygon((12, 5), (SQUARE,))
