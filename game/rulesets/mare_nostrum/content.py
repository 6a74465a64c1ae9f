"""Mare Nostrum content: the board, empires, tiles, supplies and dice as frozen records.

The figures live in `scenarios/mare_nostrum/` (`SOURCES.md` says where each comes from and
why); this module loads and cross-checks them. The records are in `content_records`.
`layout.yaml` (drawing only) stays outside the rules hash.
"""

from __future__ import annotations

from functools import cache

from game.content import ContentBundle, ContentError, Node, read_bundled
from game.rulesets.mare_nostrum.content_check import check_content
from game.rulesets.mare_nostrum.content_parse import (
    DICE_FILE,
    EMPIRES_FILE,
    LAYOUT_FILE,
    MAP_FILE,
    SUPPLIES_FILE,
    TILES_FILE,
    document,
    parse_costs,
    parse_die,
    parse_empires,
    parse_provinces,
    parse_seas,
    parse_supplies,
    parse_tiles,
    parse_titles,
)
from game.rulesets.mare_nostrum.content_records import (
    COIN,
    COMMODITIES,
    EMPIRES,
    Costs,
    Die,
    Empire,
    Leader,
    MnContent,
    Province,
    Sea,
    Site,
    StartingProvince,
    StartingTitle,
    Supplies,
    Tile,
    commodity_type,
    legendary,
)

RULESET_ID = "mare_nostrum"
PRESENTATION = (LAYOUT_FILE,)
"""Files that only say how to draw: outside the rules hash."""

__all__ = [
    "COIN", "COMMODITIES", "EMPIRES", "PRESENTATION", "RULESET_ID", "Costs", "Die", "Empire",
    "Leader", "MnContent", "Province", "Sea", "Site", "StartingProvince", "StartingTitle",
    "Supplies", "Tile", "bundled_bundle", "commodity_type", "content_from", "legendary",
    "load_content", "problems", "validate",
]


def bundled_bundle() -> ContentBundle:
    """The content files shipped with the game (layout.yaml marked as presentation)."""
    return read_bundled(RULESET_ID, PRESENTATION)


def load_content(bundle: ContentBundle | None = None) -> MnContent:
    """The content of a bundle (the bundled one, loaded once, when None); ContentError naming
    the file and key of the first problem."""
    return _bundled() if bundle is None else _load(bundle)


@cache
def _bundled() -> MnContent:
    return _load(bundled_bundle())


def _load(bundle: ContentBundle) -> MnContent:
    content = _parsed(bundle)
    found = check_content(content)
    if found:
        raise found[0]
    return content


def _parsed(bundle: ContentBundle) -> MnContent:
    files = {name: document(bundle, name)
             for name in (MAP_FILE, EMPIRES_FILE, TILES_FILE, SUPPLIES_FILE, DICE_FILE)}
    return content_from(files, bundle.content_hash)


def content_from(files: dict[str, Node], content_hash: str = "") -> MnContent:
    """The records of the five parsed rules files (by file name), not yet cross-checked;
    ContentError naming the file and key of the first problem."""
    board, empires = files[MAP_FILE].only_keys("provinces", "seas"), files[EMPIRES_FILE]
    supplies, dice = files[SUPPLIES_FILE], files[DICE_FILE].only_keys("land", "sea")
    empires.only_keys("empires", "starting_titles")
    files[TILES_FILE].only_keys("tiles")
    supplies.only_keys("commodities", "coins", "legendary_per_type", "buildings", "per_empire",
                       "exchange_markers", "costs")
    provinces = parse_provinces(board.child("provinces"))
    return MnContent(
        provinces=provinces, seas=parse_seas(board.child("seas"), provinces),
        empires=parse_empires(empires.child("empires")),
        starting_titles=parse_titles(empires.child("starting_titles")),
        tiles=parse_tiles(files[TILES_FILE].child("tiles")),
        costs=parse_costs(supplies.child("costs")), supplies=parse_supplies(supplies),
        land_die=parse_die(dice.child("land"), "land"),
        sea_die=parse_die(dice.child("sea"), "sea"), content_hash=content_hash)


def problems(bundle: ContentBundle) -> list[str]:
    """Every problem of a content folder, one line each (empty when sound): the first
    reading error alone, else every cross-check's problem."""
    try:
        content = _parsed(bundle)
    except ContentError as error:
        return [str(error)]
    return [str(problem) for problem in check_content(content)]


def validate(bundle: ContentBundle | None) -> str:
    """`mare validate`'s check: load and cross-check everything; a one-line summary."""
    content = load_content(bundle)
    sites = sum(len(p.sites) for p in content.provinces)
    return (f"{len(content.provinces)} provinces, {len(content.seas)} seas, {sites} building "
            f"sites, {len(content.empires)} empires, {len(content.tiles)} tiles")
