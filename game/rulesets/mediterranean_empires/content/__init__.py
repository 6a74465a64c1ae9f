"""Mediterranean Empires content: map, decks, tables and set-ups as frozen definitions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from game.content import ContentBundle, read_bundled
from game.rulesets.mediterranean_empires.content.decks import DecksDef, load_decks
from game.rulesets.mediterranean_empires.content.layout import LayoutDef, load_layout
from game.rulesets.mediterranean_empires.content.map import MapDef, load_map
from game.rulesets.mediterranean_empires.content.map_facts import check_map_facts
from game.rulesets.mediterranean_empires.content.setups import SetupDef, load_setups
from game.rulesets.mediterranean_empires.content.tables import TablesDef, load_tables

RULESET_ID = "mediterranean_empires"
PRESENTATION_FILES = ("layout.yaml", "tutorial/")
"""Drawing-only files, loaded by the client (content.layout), and the lessons (tutorial/):
outside the rules hash."""


@dataclass(frozen=True)
class MeContent:
    """Everything the rules read, loaded and cross-checked (the drawing is in `layout`)."""

    map: MapDef
    decks: DecksDef
    tables: TablesDef
    setups: tuple[SetupDef, ...]
    content_hash: str

    def setup(self, key: str) -> SetupDef:
        """A scenario by id, number ("3", "03") or file stem."""
        for setup in self.setups:
            if key in (setup.id, str(setup.number), f"{setup.number:02d}",
                       setup.file.rsplit("/", 1)[-1].removesuffix(".yaml")):
                return setup
        known = ", ".join(f"{s.number} ({s.id})" for s in self.setups)
        raise KeyError(f"no scenario {key!r}; known: {known}")


def load_content(bundle: ContentBundle) -> MeContent:
    """Load every file, check the books' facts and every cross-reference; ContentError if not."""
    map_def = load_map(bundle)
    check_map_facts(map_def)
    decks = load_decks(bundle)
    return MeContent(
        map=map_def,
        decks=decks,
        tables=load_tables(bundle),
        setups=load_setups(bundle, map_def, decks),
        content_hash=bundle.content_hash,
    )


def validate_bundle(bundle: ContentBundle | None) -> str:
    """`mare validate`'s check: load everything, the drawing too; a one-line summary."""
    bundle = bundle or bundled_bundle()
    content = load_content(bundle)
    load_layout(bundle, content.map)
    cards = sum(deck.size for deck in content.decks.decks)
    return (f"{len(content.map.cities)} cities, {len(content.map.barbarian_areas)} barbarian "
            f"areas, {len(content.map.routes)} routes, {len(content.decks.decks)} decks of "
            f"{cards} cards, {len(content.setups)} scenarios")


ContentLoader = Callable[[ContentBundle], MeContent]
_loader: list[ContentLoader] = []


def use_content_loader(loader: ContentLoader | None) -> None:
    """How `bundled_content()` turns the bundle into content (None: parse the YAML).

    Callers that may do I/O install a cached loader (net/files/content_cache); `game` itself only
    reads the bundled files. Content of another hash than the bundle's is not used.
    """
    _loader[:] = [] if loader is None else [loader]


def bundled_bundle() -> ContentBundle:
    """The bundled content files, with the drawing-only ones marked."""
    return read_bundled(RULESET_ID, PRESENTATION_FILES)


@cache
def bundled_content() -> MeContent:
    """The content shipped with the game (loaded once)."""
    bundle = bundled_bundle()
    if _loader:
        content = _loader[0](bundle)
        if content.content_hash == bundle.content_hash:
            return content
    return load_content(bundle)


@cache
def bundled_layout() -> LayoutDef:
    """How the bundled map is drawn (layout.yaml), checked against the bundled map."""
    return load_layout(bundled_bundle(), bundled_content().map)
