"""Names of the seas, in Latin as on a Roman-era map (presentation only).

Positions are [longitude, latitude] in hundredths of a degree, like the layout file's; they
live here rather than in the rule set's layout because no rule names a sea.
"""

from __future__ import annotations

SEAS: tuple[tuple[str, tuple[int, int], bool], ...] = (
    ("Mare Internum", (1950, 3390), True),
    ("Oceanus", (-700, 4650), True),
    ("Pontus Euxinus", (3420, 4330), True),
    ("Mare Tyrrhenum", (1180, 3980), False),
    ("Mare Ionium", (1850, 3700), False),
    ("Mare Aegaeum", (2530, 3880), False),
    ("Mare Adriaticum", (1540, 4290), False),
    ("Mare Balearicum", (520, 3920), False),
    ("Mare Aegyptium", (2850, 3290), False),
    ("Mare Germanicum", (380, 5520), False),
)
"""(name, position, major?)"""

COMPASS: tuple[int, int] = (-600, 2640)
"""Where the compass rose stands: the western Sahara, empty on this map."""

STRAITS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1566, 3834), (1566, 3826), (1562, 3822), (1560, 3818), (1558, 3812), (1556, 3806),
     (1555, 3800), (1553, 3792)),
)
"""Narrow seas kept open at every zoom, as lines down their middle (the Strait of Messina:
at the smallest zooms Sicily's and Italy's coasts fall on the same pixels)."""
