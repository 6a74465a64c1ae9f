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

# Paul Tol's "muted" qualitative scheme (colour-blind safe), matched to each empire's lore.
EMPIRE_COLOURS: dict[str, RGB] = {
    "rome": hex_rgb("#cc6677"), "carthage": hex_rgb("#aa4499"), "greece": hex_rgb("#332288"),
    "macedonia": hex_rgb("#88ccee"), "egypt": hex_rgb("#ddcc77"), "persia": hex_rgb("#44aa99"),
    "gaul": hex_rgb("#117733"), "iberia": hex_rgb("#882255"),
}
# Okabe & Ito's scheme: the widest separation for protan and deutan vision.
EMPIRE_COLOURS_SAFE: dict[str, RGB] = {
    "greece": hex_rgb("#0072b2"), "macedonia": hex_rgb("#56b4e9"),
    "carthage": hex_rgb("#cc79a7"), "rome": hex_rgb("#d55e00"), "iberia": hex_rgb("#e69f00"),
    "gaul": hex_rgb("#009e73"), "persia": hex_rgb("#000000"), "egypt": hex_rgb("#f0e442"),
}


def empire_colour(empire: str, colour_blind: bool = False) -> RGB:
    """An empire's colour in the chosen palette."""
    return (EMPIRE_COLOURS_SAFE if colour_blind else EMPIRE_COLOURS)[empire]


def empire_name(empire: str) -> str:
    """An empire's display name."""
    return EMPIRE_NAMES.get(empire, empire.replace("_", " ").title())
