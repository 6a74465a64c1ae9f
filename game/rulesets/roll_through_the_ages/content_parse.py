"""Reading the YAML of Roll Through the Ages into records, one clear ContentError per problem.

`dice.yaml` holds the two dice, `sheet.yaml` the score sheet and peg board, `colonies.yaml`
the Mediterranean colony board.
"""

from __future__ import annotations

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.roll_through_the_ages.content_records import (
    DISASTER_IDS,
    FATES,
    REWARDS,
    SCOPES,
    Colony,
    Development,
    Disaster,
    Face,
    GameLength,
    Monument,
    Port,
    Province,
    Start,
    Tracks,
    Values,
)

DICE_FILE = "dice.yaml"
SHEET_FILE = "sheet.yaml"
COLONIES_FILE = "colonies.yaml"
SMALL = 1000
"""The largest number any figure of the sheet may hold (the longest printed row is 60)."""
FACE_YIELDS = ("food", "population", "goods", "goods_per_port", "innovations", "skulls",
               "food_or_population")


def document(bundle: ContentBundle, name: str) -> Node:
    """The parsed top of one content file; ContentError if absent or not YAML."""
    text = bundle.text(name)
    if text is None:
        raise ContentError(name, "", "missing file")
    return parse_yaml(text, name)


def parse_die(node: Node) -> tuple[Face, ...]:
    """A die: a list of faces."""
    return tuple(_face(element) for element in node.elements())


def _face(node: Node) -> Face:
    node.only_keys("id", "name", *FACE_YIELDS, "fate", "food_per_food_die")
    fate = node.opt("fate")
    yields = {key: node.get_int(key, 0, 0, SMALL) for key in FACE_YIELDS}
    return Face(id=node.get_text("id"), name=node.get_text("name"), **yields,
                fate=fate.choice(FATES) if fate else "",
                food_per_food_die=node.get_int("food_per_food_die", 0, -SMALL, SMALL))


def parse_developments(node: Node) -> tuple[Development, ...]:
    """The developments, in printed order."""
    return tuple(_development(element) for element in node.elements())


def _development(node: Node) -> Development:
    node.only_keys("id", "name", "cost", "vp", "grand", "effect", "struck_in_mediterranean")
    return Development(
        id=node.get_text("id"), name=node.get_text("name"),
        cost=node.get_int("cost", None, 0, SMALL), vp=node.get_int("vp", None, 0, SMALL),
        grand=node.get_bool("grand", False), effect=node.get_text("effect"),
        struck_in_mediterranean=node.get_bool("struck_in_mediterranean", False))


def parse_monuments(node: Node) -> tuple[Monument, ...]:
    """The monuments, smallest first."""
    return tuple(_monument(element) for element in node.elements())


def _monument(node: Node) -> Monument:
    node.only_keys("id", "name", "boxes", "first_vp", "later_vp", "immunity")
    return Monument(
        id=node.get_text("id"), name=node.get_text("name"),
        boxes=node.get_int("boxes", None, 1, SMALL),
        first_vp=node.get_int("first_vp", None, 0, SMALL),
        later_vp=node.get_int("later_vp", None, 0, SMALL),
        immunity=node.get_text("immunity", ""))


def parse_ports(node: Node) -> tuple[Port, ...]:
    """The ports, #1 first."""
    return tuple(_port(element) for element in node.elements())


def _port(node: Node) -> Port:
    node.only_keys("number", "population", "goods")
    return Port(number=node.get_int("number", None, 1, SMALL),
                population=node.get_int("population", None, 0, SMALL),
                goods=node.get_int("goods", None, 0, SMALL))


def parse_provinces(node: Node) -> tuple[Province, ...]:
    """The provinces, #1 first."""
    return tuple(_province(element) for element in node.elements())


def _province(node: Node) -> Province:
    node.only_keys("number", "population", "tribute", "armies")
    return Province(number=node.get_int("number", None, 1, SMALL),
                    population=node.get_int("population", None, 0, SMALL),
                    tribute=node.get_int("tribute", None, 0, SMALL),
                    armies=node.get_int("armies", None, 0, SMALL))


def parse_disasters(node: Node) -> tuple[Disaster, ...]:
    """The disasters by skulls showing."""
    return tuple(_disaster(element) for element in node.elements())


def _disaster(node: Node) -> Disaster:
    node.only_keys("skulls", "id", "name", "penalty", "enemy_strength", "immunity", "scope")
    scope = node.opt("scope")
    return Disaster(
        skulls=node.get_int("skulls", None, 1, SMALL), id=node.child("id").choice(DISASTER_IDS),
        name=node.get_text("name"), penalty=node.get_int("penalty", None, 0, SMALL),
        enemy_strength=node.get_int("enemy_strength", 0, 0, SMALL),
        immunity=node.get_text("immunity", ""),
        scope=scope.choice(SCOPES) if scope else "self")


def parse_colonies(node: Node) -> tuple[Colony, ...]:
    """The colony board, north-west to east."""
    return tuple(_colony(element) for element in node.elements())


def _colony(node: Node) -> Colony:
    node.only_keys("id", "name", "size", "rewards", "four_players_only")
    rewards = tuple(element.choice(REWARDS) for element in node.child("rewards").elements())
    return Colony(id=node.get_text("id"), name=node.get_text("name"),
                  size=node.get_int("size", None, 1, 4), rewards=rewards,
                  four_players_only=node.get_bool("four_players_only", False))


def _numbers(node: Node, keys: tuple[str, ...], low: int = 0) -> dict[str, int]:
    node.only_keys(*keys)
    return {key: node.get_int(key, None, low, SMALL) for key in keys}


def parse_tracks(node: Node) -> Tracks:
    """The track and row lengths (each at least 1)."""
    return Tracks(**_numbers(node, ("goods", "food", "armies", "ships", "wealth",
                                    "conquest_boxes", "tribute", "skulls"), 1))


def parse_values(node: Node) -> Values:
    """The worth of goods, innovations, wealth, colonies and mines."""
    return Values(**_numbers(node, (
        "good", "innovation", "innovation_metallurgy", "wealth", "wealth_vp", "goods_per_wealth",
        "goods_per_wealth_coinage", "colony_vp", "mine_vp_metallurgy")))


def parse_start(node: Node) -> Start:
    """The set-up values."""
    return Start(**_numbers(node, ("food", "armies", "goods", "conquest_boxes", "dice",
                                   "max_dice", "colony_pegs")))


def parse_lengths(node: Node) -> tuple[GameLength, ...]:
    """The game lengths and their end triggers."""
    return tuple(_length(element) for element in node.elements())


def _length(node: Node) -> GameLength:
    node.only_keys("id", "developments", "tribute", "monuments_left")
    return GameLength(id=node.get_text("id"),
                      developments=node.get_int("developments", None, 0, SMALL),
                      tribute=node.get_int("tribute", None, 0, SMALL),
                      monuments_left=node.get_int("monuments_left", None, 0, SMALL))
