"""The visual identity: parchment, sea and ink, gold and wax, and the empires' colours."""

from __future__ import annotations

from sprites.colour import RGB, hex_rgb

PARCHMENT: RGB = (246, 234, 204)
PARCHMENT_LIGHT: RGB = (245, 237, 215)
PARCHMENT_DARK: RGB = (214, 194, 152)
SEA: RGB = (166, 192, 192)
SEA_DEEP: RGB = (134, 164, 170)
SEA_SHALLOW: RGB = (196, 214, 204)
INK: RGB = (52, 40, 32)
INK_SOFT: RGB = (104, 86, 68)
GOLD: RGB = (176, 136, 52)
GOLD_LIGHT: RGB = (214, 178, 96)
WAX: RGB = (140, 44, 34)
BACKDROP: RGB = (40, 33, 29)
BACKDROP_LIGHT: RGB = (58, 48, 41)
NEUTRAL: RGB = (247, 241, 226)
OUT_OF_PLAY: RGB = (170, 160, 140)

EMPIRES = ("greece", "macedonia", "carthage", "rome", "iberia", "gaul", "persia", "egypt")
EMPIRE_NAMES = {"greece": "Greece", "macedonia": "Macedonia", "carthage": "Carthage",
                "rome": "Rome", "iberia": "Iberia", "gaul": "Gaul", "persia": "Persia",
                "egypt": "Egypt"}
EMPIRE_INITIALS = {"greece": "H", "macedonia": "M", "carthage": "C", "rome": "R",
                   "iberia": "I", "gaul": "G", "persia": "P", "egypt": "E"}
"""Letters on markers in the colour-blind mode (H for Hellas, so Gaul keeps G)."""

# Paul Tol's "muted" scheme as the starting point, each colour kept to its empire's lore
# (indigo Hellas, sky-blue Macedon, Tyrian purple, Roman red, Iberian ochre, Gaulish green,
# Persian turquoise, Egyptian gold) and nudged until every pair is at least 25 ΔE2000 apart:
# Scenario 13 seats all eight empires, so one palette serves every scenario.
EMPIRE_COLOURS: dict[str, RGB] = {
    "greece": hex_rgb("#2a1f85"), "macedonia": hex_rgb("#8bcef2"),
    "carthage": hex_rgb("#b042b2"), "rome": hex_rgb("#ce5e63"), "iberia": hex_rgb("#dd8738"),
    "gaul": hex_rgb("#0a7129"), "persia": hex_rgb("#2baa94"), "egypt": hex_rgb("#e9d76a"),
}
# Okabe & Ito's scheme, nudged so that every pair stays at least 15 ΔE2000 apart under
# simulated protanopia and deuteranopia (lightness carries much of it); markers are lettered.
EMPIRE_COLOURS_SAFE: dict[str, RGB] = {
    "greece": hex_rgb("#0061a0"), "macedonia": hex_rgb("#48bcfb"),
    "carthage": hex_rgb("#c47aa7"), "rome": hex_rgb("#bc5603"), "iberia": hex_rgb("#e19b00"),
    "gaul": hex_rgb("#0b9d72"), "persia": hex_rgb("#000000"), "egypt": hex_rgb("#fffc5a"),
}

def empire_colour(empire: str, colour_blind: bool = False) -> RGB:
    """An empire's colour in the chosen palette."""
    return (EMPIRE_COLOURS_SAFE if colour_blind else EMPIRE_COLOURS)[empire]


def empire_name(empire: str) -> str:
    """An empire's display name."""
    return EMPIRE_NAMES.get(empire, empire.replace("_", " ").title())
