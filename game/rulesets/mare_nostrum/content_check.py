"""Cross-checks of loaded Mare Nostrum content: what each file alone cannot show.

Every check yields ContentErrors naming the file and key of a problem; `check_content` gathers
them all, so a malformed copy is reported one line per problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from game.content import ContentError
from game.rulesets.mare_nostrum.content_parse import (
    DICE_FILE,
    EMPIRES_FILE,
    MAP_FILE,
    SUPPLIES_FILE,
    TILES_FILE,
)
from game.rulesets.mare_nostrum.content_records import (
    COMMODITIES,
    EMPIRES,
    PLAYER_COUNTS,
    TRACKS,
    Empire,
    MnContent,
    Province,
    StartingProvince,
)

Problems = Iterator[ContentError]
REMOVED_WITH = {"babylon": (3, 4), "egypt": (3,)}
"""The boards of 3 and 4 players cover these empires' provinces (Setup for 3 or 4 players)."""
STARTING_PROVINCES = 3
"""Each empire begins controlling three provinces (set-up 1)."""
CITY_PIECES = {"regular": "regular_city", "capital": "capital_city", "legendary": "legendary_city"}


def check_content(content: MnContent) -> list[ContentError]:
    """Every cross-check's problems, in file order (empty when the content is sound)."""
    checks = (_check_ids, _check_land, _check_coasts, _check_seas, _check_removed, _check_sites,
              _check_caravan_sites, _check_city_sites, _check_empires, _check_titles,
              _check_tiles, _check_supplies, _check_costs, _check_dice)
    return [problem for check in checks for problem in check(content)]


def _repeated(file: str, key: str, ids: Iterable[str]) -> Problems:
    seen: set[str] = set()
    for index, id in enumerate(ids):
        if id in seen:
            yield ContentError(file, f"{key}[{index}]", f"{id!r} appears twice")
        seen.add(id)


def _check_ids(content: MnContent) -> Problems:
    yield from _repeated(MAP_FILE, "provinces", (p.id for p in content.provinces))
    yield from _repeated(MAP_FILE, "seas", (s.id for s in content.seas))
    provinces = {p.id for p in content.provinces}
    for index, sea in enumerate(content.seas):
        if sea.id in provinces:
            yield ContentError(MAP_FILE, f"seas[{index}].id", f"{sea.id!r} is also a province")


def _check_land(content: MnContent) -> Problems:
    """Land borders name provinces, never the province itself, and are listed on both sides."""
    known = {p.id: p for p in content.provinces}
    for index, province in enumerate(content.provinces):
        key = f"provinces[{index}].neighbours"
        yield from _repeated(MAP_FILE, key, province.neighbours)
        for other in province.neighbours:
            if other not in known or other == province.id:
                yield ContentError(MAP_FILE, key, f"{other!r} is no other province")
            elif province.id not in known[other].neighbours:
                yield ContentError(MAP_FILE, key, f"{other!r} does not list {province.id!r} back")


def _check_coasts(content: MnContent) -> Problems:
    """Coasts name seas, each once."""
    seas = {sea.id for sea in content.seas}
    for index, province in enumerate(content.provinces):
        key = f"provinces[{index}].coasts"
        yield from _repeated(MAP_FILE, key, province.coasts)
        for coast in province.coasts:
            if coast not in seas:
                yield ContentError(MAP_FILE, key, f"{coast!r} is no sea")


def _check_seas(content: MnContent) -> Problems:
    """Sea borders name other seas and are listed on both sides; every sea has a coast."""
    seas = {s.id: s for s in content.seas}
    for index, sea in enumerate(content.seas):
        key = f"seas[{index}].neighbours"
        yield from _repeated(MAP_FILE, key, sea.neighbours)
        if not sea.coasts:
            yield ContentError(MAP_FILE, f"seas[{index}]", f"{sea.id!r} borders no province")
        for other in sea.neighbours:
            if other not in seas or other == sea.id:
                yield ContentError(MAP_FILE, key, f"{other!r} is no other sea")
            elif sea.id not in seas[other].neighbours:
                yield ContentError(MAP_FILE, key, f"{other!r} does not list {sea.id!r} back")


def _check_removed(content: MnContent) -> Problems:
    """Exactly the Babylonian provinces leave at 3-4 players, the Egyptian ones at 3."""
    for index, province in enumerate(content.provinces):
        expected = REMOVED_WITH.get(province.empire, ())
        if province.removed_at != expected:
            yield ContentError(MAP_FILE, f"provinces[{index}].removed_at",
                               f"expected {list(expected)} for a province of "
                               f"{province.empire or 'no empire'}")


def _check_sites(content: MnContent) -> Problems:
    """Every province has a site (islands with icons are provinces, set-up 1)."""
    for index, province in enumerate(content.provinces):
        if not province.sites:
            yield ContentError(MAP_FILE, f"provinces[{index}]", "a province needs a site")


def _check_caravan_sites(content: MnContent) -> Problems:
    """Every commodity has 1 to its reserve's count of caravan sites (rule 9: supplies)."""
    caravans = Counter(s.commodity for p in content.provinces for s in p.sites_of("caravan"))
    for kind in COMMODITIES:
        supply = content.supplies.commodity(kind)
        if not 1 <= caravans[kind] <= supply:
            yield ContentError(MAP_FILE, "provinces", f"{caravans[kind]} {kind} caravan sites: "
                               f"need 1 to {supply} (its reserve)")


def _check_city_sites(content: MnContent) -> Problems:
    """One capital and one legendary city site per printed piece."""
    cities = Counter(s.city_kind for p in content.provinces for s in p.sites_of("city"))
    for kind in ("capital", "legendary"):
        pieces = content.supplies.building(CITY_PIECES[kind])
        if cities[kind] != pieces:
            yield ContentError(MAP_FILE, "provinces",
                               f"{cities[kind]} {kind} city sites for {pieces} pieces")


def _check_empires(content: MnContent) -> Problems:
    ids = tuple(e.id for e in content.empires)
    if ids != EMPIRES:
        yield ContentError(EMPIRES_FILE, "empires", f"expected {', '.join(EMPIRES)} in order")
    for index, empire in enumerate(content.empires):
        yield from _check_empire(content, empire, f"empires[{index}]")


def _check_empire(content: MnContent, empire: Empire, key: str) -> Problems:
    """Capital, hero, the three coloured provinces with their sites, triremes' seas."""
    yield from _check_leadership(content, empire, key)
    provinces = {p.id: p for p in content.provinces}
    started = [start.province for start in empire.provinces]
    coloured = [p.id for p in content.provinces if p.empire == empire.id]
    if sorted(started) != sorted(coloured) or len(started) != STARTING_PROVINCES:
        yield ContentError(EMPIRES_FILE, f"{key}.provinces",
                           f"expected its {STARTING_PROVINCES} provinces {coloured}")
    for number, start in enumerate(empire.provinces):
        if start.province in provinces:
            yield from _check_start(provinces[start.province], start,
                                    f"{key}.provinces[{number}]")
    yield from _check_triremes(empire, [provinces[p] for p in started if p in provinces], key)


def _check_leadership(content: MnContent, empire: Empire, key: str) -> Problems:
    """Its capital province bears its colour and a capital site; its hero leads it."""
    capital = next((p for p in content.provinces if p.id == empire.capital), None)
    if capital is None or capital.capital is None or capital.empire != empire.id:
        yield ContentError(EMPIRES_FILE, f"{key}.capital",
                           f"{empire.capital!r} is no capital province of {empire.id}")
    if empire.starting_hero not in {t.id for t in content.tiles if t.starting_for == empire.id}:
        yield ContentError(EMPIRES_FILE, f"{key}.starting_hero",
                           f"{empire.starting_hero!r} is no starting hero of {empire.id}")


def _check_triremes(empire: Empire, provinces: list[Province], key: str) -> Problems:
    """Starting triremes sail seas next to its provinces (rule 3.1.2)."""
    shores = {sea for province in provinces for sea in province.coasts}
    for number, sea in enumerate(empire.triremes):
        if sea not in shores:
            yield ContentError(EMPIRES_FILE, f"{key}.triremes[{number}]",
                               f"{sea!r} borders none of its provinces")


def _check_start(province: Province, start: StartingProvince, key: str) -> Problems:
    sites = {site.id: site for site in province.sites}
    yield from _repeated(EMPIRES_FILE, f"{key}.buildings", start.buildings)
    for number, site in enumerate(start.buildings):
        if site not in sites:
            yield ContentError(EMPIRES_FILE, f"{key}.buildings[{number}]",
                               f"{site!r} is no site of {province.id}")
    capital = province.capital
    if capital is not None and capital.id not in start.buildings:
        yield ContentError(EMPIRES_FILE, f"{key}.buildings",
                           f"the capital city {capital.city_name} must stand at the start")


def _check_titles(content: MnContent) -> Problems:
    """Each title has exactly one holder for each player count, an empire in play."""
    provinces = {p.id: p for p in content.provinces}
    for players in PLAYER_COUNTS:
        in_play = {e.id for e in content.empires
                   if e.capital in provinces and provinces[e.capital].in_play(players)}
        for track in TRACKS:
            holders = [t.empire for t in content.titles_for(players) if t.track == track]
            if len(holders) != 1 or holders[0] not in in_play:
                yield ContentError(EMPIRES_FILE, "starting_titles",
                                   f"{players} players: {track} needs one holder in play, "
                                   f"not {holders}")


def _check_tiles(content: MnContent) -> Problems:
    yield from _repeated(TILES_FILE, "tiles", (t.id for t in content.tiles))
    pyramids = [t for t in content.tiles if t.kind == "pyramids"]
    if len(pyramids) != 1:
        yield ContentError(TILES_FILE, "tiles", f"one Pyramids tile, not {len(pyramids)}")
    for index, tile in enumerate(content.tiles):
        if tile.starting_for and tile.kind != "hero":
            yield ContentError(TILES_FILE, f"tiles[{index}].starting_for",
                               "only a hero leads an empire at the start")
    leaders = Counter(t.starting_for for t in content.tiles if t.starting_for)
    for empire in EMPIRES:
        if leaders[empire] != 1:
            yield ContentError(TILES_FILE, "tiles", f"{empire} needs one starting hero")


def _check_supplies(content: MnContent) -> Problems:
    """The reserves and each empire's pieces cover the 5-player start."""
    used = Counter(_piece(content, site) for e in content.empires for s in e.provinces
                   for site in s.buildings if _known_site(content, site))
    for piece, count in used.items():
        if count > content.supplies.building(piece):
            yield ContentError(SUPPLIES_FILE, f"buildings.{piece}",
                               f"{content.supplies.building(piece)} pieces; the start uses "
                               f"{count}")
    for empire in content.empires:
        yield from _check_pieces(content, empire)


def _check_costs(content: MnContent) -> Problems:
    """Hero and wonder costs rise (rule 3.1.3); there is an Exchange Marker to play."""
    costs = content.costs.tiles
    if not costs or list(costs) != sorted(costs):
        yield ContentError(SUPPLIES_FILE, "costs.tiles", "must rise from the 2nd tile on")
    if not content.supplies.exchange_markers:
        yield ContentError(SUPPLIES_FILE, "exchange_markers", "at least one is needed")


def _known_site(content: MnContent, site: str) -> bool:
    try:
        content.site(site)
    except KeyError:
        return False
    return True


def _piece(content: MnContent, site_id: str) -> str:
    site = content.site(site_id)
    return CITY_PIECES[site.city_kind] if site.kind == "city" else site.kind


def _check_pieces(content: MnContent, empire: Empire) -> Problems:
    """Its starting units and control markers (capital control is printed) are its own."""
    supplies = content.supplies
    needed = (("legions", sum(s.legions for s in empire.provinces), supplies.legions),
              ("fortresses", sum(s.fortress for s in empire.provinces), supplies.fortresses),
              ("triremes", len(empire.triremes), supplies.triremes),
              ("control_markers", sum(s.province != empire.capital for s in empire.provinces),
               supplies.control_markers))
    for name, count, owned in needed:
        if count > owned:
            yield ContentError(EMPIRES_FILE, f"empires[{EMPIRES.index(empire.id)}]",
                               f"starts with {count} {name}, owns {owned}")


def _check_dice(content: MnContent) -> Problems:
    for die in (content.land_die, content.sea_die):
        if not die.faces:
            yield ContentError(DICE_FILE, f"{die.id}.faces", "a die needs faces")
