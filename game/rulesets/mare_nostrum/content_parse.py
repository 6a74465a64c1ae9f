"""Reading the YAML of Mare Nostrum into records, one clear ContentError per problem.

`map.yaml` holds provinces and seas, `empires.yaml` the starting positions and titles,
`tiles.yaml` heroes, wonders and the Pyramids, `supplies.yaml` reserves, pieces, Exchange
Markers and costs, `dice.yaml` the battle dice. `layout.yaml` only says how to draw.
"""

from __future__ import annotations

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mare_nostrum.content_records import (
    BUILDINGS,
    CITY_KINDS,
    COMMODITIES,
    COSTED,
    EMPIRES,
    PLAYER_COUNTS,
    TILE_KINDS,
    TRACKS,
    Costs,
    Die,
    Empire,
    Leader,
    Province,
    Sea,
    Site,
    StartingProvince,
    StartingTitle,
    Supplies,
    Tile,
)

MAP_FILE = "map.yaml"
EMPIRES_FILE = "empires.yaml"
TILES_FILE = "tiles.yaml"
SUPPLIES_FILE = "supplies.yaml"
DICE_FILE = "dice.yaml"
LAYOUT_FILE = "layout.yaml"
"""Drawing only (anchors, colours, labels): outside the rules hash, never read by the rules."""
RULES_FILES = (MAP_FILE, EMPIRES_FILE, TILES_FILE, SUPPLIES_FILE, DICE_FILE)
SMALL = 1000
"""The largest count any figure may hold (the largest printed reserve is 44 coins)."""
MOST_PER_PROVINCE = 2
"""Up to two caravan and two city icons in a province (rule 3.1.2, Buildings)."""


def document(bundle: ContentBundle, name: str) -> Node:
    """The parsed top of one content file; ContentError if absent or not YAML."""
    text = bundle.text(name)
    if text is None:
        raise ContentError(name, "", "missing file")
    return parse_yaml(text, name)


def parse_provinces(node: Node) -> tuple[Province, ...]:
    """The provinces in file order, their sites numbered per kind."""
    return tuple(_province(element) for element in node.elements())


def _province(node: Node) -> Province:
    node.only_keys("id", "name", "island", "empire", "removed_at", "caravans", "market",
                   "cities", "temple", "neighbours", "coasts")
    id = node.get_text("id")
    empire = node.opt("empire")
    return Province(
        id=id, name=node.get_text("name"), island=node.get_bool("island", False),
        empire=empire.choice(EMPIRES) if empire else "",
        removed_at=_player_counts(node.opt("removed_at")),
        sites=_sites(node, id), neighbours=node.child("neighbours").str_list(),
        coasts=node.child("coasts").str_list())


def _player_counts(node: Node | None) -> tuple[int, ...]:
    if node is None:
        return ()
    counts = tuple(element.integer(min(PLAYER_COUNTS), max(PLAYER_COUNTS))
                   for element in node.elements())
    return tuple(sorted(set(counts)))


def _sites(node: Node, province: str) -> tuple[Site, ...]:
    caravans = _at_most_two(node, "caravans")
    cities = _at_most_two(node, "cities")
    sites = [Site(f"{province}.caravan{n}", province, "caravan", commodity=c.choice(COMMODITIES))
             for n, c in enumerate(caravans, 1)]
    if node.get_bool("market", False):
        sites.append(Site(f"{province}.market1", province, "market"))
    sites += [_city(city, f"{province}.city{n}", province) for n, city in enumerate(cities, 1)]
    if node.get_bool("temple", False):
        sites.append(Site(f"{province}.temple1", province, "temple"))
    return tuple(sites)


def _at_most_two(node: Node, key: str) -> list[Node]:
    listed = node.opt(key)
    elements = [] if listed is None else list(listed.elements())
    if len(elements) > MOST_PER_PROVINCE:
        raise ContentError(node.file, f"{node.path}.{key}",
                           f"at most {MOST_PER_PROVINCE} per province, not {len(elements)}")
    return elements


def _city(node: Node, id: str, province: str) -> Site:
    node.only_keys("kind", "name")
    return Site(id, province, "city", city_kind=node.child("kind").choice(CITY_KINDS),
                city_name=node.get_text("name"))


def parse_seas(node: Node, provinces: tuple[Province, ...]) -> tuple[Sea, ...]:
    """The seas in file order; each sea's coasts are the provinces listing it."""
    return tuple(_sea(element, provinces) for element in node.elements())


def _sea(node: Node, provinces: tuple[Province, ...]) -> Sea:
    node.only_keys("id", "name", "neighbours")
    id = node.get_text("id")
    return Sea(id=id, name=node.get_text("name"), neighbours=node.child("neighbours").str_list(),
               coasts=tuple(p.id for p in provinces if id in p.coasts))


def parse_leader(node: Node | None) -> Leader:
    """Leader values or a bonus; absent tracks count 0."""
    if node is None:
        return Leader()
    node.only_keys(*TRACKS)
    return Leader(**{track: node.get_int(track, 0, 0, SMALL) for track in TRACKS})


def parse_empires(node: Node) -> tuple[Empire, ...]:
    """The empires in seat order."""
    return tuple(_empire(element) for element in node.elements())


def _empire(node: Node) -> Empire:
    node.only_keys("id", "name", "capital", "starting_hero", "leader", "provinces", "triremes")
    return Empire(
        id=node.child("id").choice(EMPIRES), name=node.get_text("name"),
        capital=node.get_text("capital"), starting_hero=node.get_text("starting_hero"),
        provinces=tuple(_start(p) for p in node.child("provinces").elements()),
        triremes=node.child("triremes").str_list(), leader=parse_leader(node.child("leader")))


def _start(node: Node) -> StartingProvince:
    node.only_keys("province", "buildings", "legions", "fortress")
    return StartingProvince(province=node.get_text("province"),
                            buildings=node.child("buildings").str_list(),
                            legions=node.get_int("legions", 0, 0, SMALL),
                            fortress=node.get_bool("fortress", False))


def parse_titles(node: Node) -> tuple[StartingTitle, ...]:
    """The starting Leader titles by player count."""
    return tuple(_title(element) for element in node.elements())


def _title(node: Node) -> StartingTitle:
    node.only_keys("track", "empire", "players")
    return StartingTitle(track=node.child("track").choice(TRACKS),
                         empire=node.child("empire").choice(EMPIRES),
                         players=_player_counts(node.child("players")))


def parse_tiles(node: Node) -> tuple[Tile, ...]:
    """Heroes, wonders and the Pyramids in file order."""
    return tuple(_tile(element) for element in node.elements())


def _tile(node: Node) -> Tile:
    node.only_keys("id", "name", "kind", "starting_for", "bonus")
    starting = node.opt("starting_for")
    return Tile(id=node.get_text("id"), name=node.get_text("name"),
                kind=node.child("kind").choice(TILE_KINDS),
                starting_for=starting.choice(EMPIRES) if starting else "",
                bonus=parse_leader(node.opt("bonus")))


def _counts(node: Node, keys: tuple[str, ...], low: int = 0) -> tuple[tuple[str, int], ...]:
    node.only_keys(*keys)
    return tuple((key, node.get_int(key, None, low, SMALL)) for key in keys)


def parse_supplies(node: Node) -> Supplies:
    """The reserves, each empire's pieces and the Exchange Markers."""
    pieces = dict(_counts(node.child("per_empire"),
                          ("legions", "triremes", "fortresses", "control_markers"), 1))
    return Supplies(
        commodities=_counts(node.child("commodities"), COMMODITIES, 1),
        coins=node.get_int("coins", None, 1, SMALL),
        legendary_per_type=node.get_int("legendary_per_type", None, 0, SMALL),
        buildings=_counts(node.child("buildings"), BUILDINGS, 1), **pieces,
        exchange_markers=tuple(_marker(m) for m in node.child("exchange_markers").elements()))


def _marker(node: Node) -> tuple[int, int]:
    values = [element.integer(0, SMALL) for element in node.elements()]
    if len(values) != 2:
        raise node.error(f"an Exchange Marker has two values, not {len(values)}")
    return values[0], values[1]


def parse_costs(node: Node) -> Costs:
    """The build costs: fixed items, rising hero/wonder costs, the Pyramids, coins kept."""
    node.only_keys("items", "tiles", "pyramids", "keep_coins")
    return Costs(items=_counts(node.child("items"), COSTED, 1),
                 tiles=tuple(e.integer(1, SMALL) for e in node.child("tiles").elements()),
                 pyramids=node.get_int("pyramids", None, 1, SMALL),
                 keep_coins=node.get_int("keep_coins", None, 0, SMALL))


def parse_die(node: Node, id: str) -> Die:
    """One battle die kind: name, count, faces."""
    node.only_keys("name", "count", "faces")
    return Die(id=id, name=node.get_text("name"), count=node.get_int("count", None, 1, SMALL),
               faces=tuple(e.integer(0, SMALL) for e in node.child("faces").elements()))
