"""Reading a player's sheet: developments owned, monuments built, dice, strength, and the
peg board's caps. The developments' effect sizes are rules, named here (the score sheet's
numbers; the content gives costs and points)."""

from __future__ import annotations

from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.state import Player, RttaState

FORMATIONS_BONUS = 2
"""Formations: +2 strength in battles and tribute demands."""
DYEMAKING_GOODS = 1
"""Dyemaking: one more good each turn when goods are collected."""
IRRIGATION_FOOD = 1
"""Irrigation: one more food per food die."""
AQUEDUCTS_FOOD = 2
"""Aqueducts: two more food per food die (with Irrigation too: ruling 6)."""
ROADS_DISCOUNT = 6
"""Roads: the starred developments cost 6 less."""
ARCHITECTURE = (2, 3)
"""Architecture: 2 population fill 3 boxes of one monument (ruling 14)."""
SHIP_GOODS = 2
"""A ship costs 2 goods."""
ARMY_FOOD = 1
"""An army costs 1 population and 1 food."""
CITIZENSHIP_PER_MONUMENT = 3
AQUEDUCTS_FOOD_PER_POINT = 3
"""Aqueducts' end bonus: 1 point per 3 food left."""


def owns(player: Player, development: str) -> bool:
    """Whether the player has bought a development."""
    return development in player.developments


def built(content: RttaContent, player: Player, monument: int) -> bool:
    """Whether the player has completed a monument (by its sheet index)."""
    return bool(player.monuments) and player.monuments[monument] >= \
        content.monuments[monument].boxes


def monuments_built(content: RttaContent, player: Player) -> int:
    """How many monuments the player has completed."""
    return sum(built(content, player, m) for m in range(len(content.monuments)))


def immune(content: RttaContent, player: Player, protection: str) -> bool:
    """Whether a development or completed monument id protects the player."""
    if not protection:
        return False
    if owns(player, protection):
        return True
    return any(m.id == protection and built(content, player, i)
               for i, m in enumerate(content.monuments))


def empire_dice(content: RttaContent, player: Player) -> int:
    """Empire dice rolled: one per province or port, whichever is more, at most the maximum."""
    return min(content.start.max_dice, max(player.provinces, player.ports))


def ports_ahead(content: RttaContent, player: Player) -> tuple[int, int]:
    """Population boxes and urns of all the ports not yet built (ruling 15)."""
    ahead = content.ports[player.ports:]
    return sum(p.population for p in ahead), sum(p.goods for p in ahead)


def port_boxes(content: RttaContent, player: Player) -> tuple[tuple[int, int], ...]:
    """Per port of the sheet, its filled population boxes and urns: built ports are full;
    the filled boxes and urns of the rest go to them in sheet order (ruling 15)."""
    population, urns = player.port_population, player.port_goods
    boxes = [(port.population, port.goods) for port in content.ports[:player.ports]]
    for port in content.ports[player.ports:]:
        boxes.append((min(population, port.population), min(urns, port.goods)))
        population, urns = population - boxes[-1][0], urns - boxes[-1][1]
    return tuple(boxes)


def strength(player: Player, navy: bool = True) -> int:
    """Armies plus Formations, plus one per ship with Navy (unless declined, Med 3a)."""
    bonus = FORMATIONS_BONUS if owns(player, "formations") else 0
    ships = player.ships if navy and owns(player, "navy") else 0
    return player.armies + bonus + ships


def add_goods(content: RttaContent, player: Player, amount: int) -> int:
    """The goods peg after gaining `amount` (excess over the track is lost)."""
    return min(content.tracks.goods, player.goods + amount)


def add_food(content: RttaContent, player: Player, amount: int) -> int:
    """The food peg after gaining `amount` (excess over the track is lost)."""
    return min(content.tracks.food, player.food + amount)


def add_armies(content: RttaContent, player: Player, amount: int) -> int:
    """The army peg after gaining `amount` (as far as the track goes)."""
    return min(content.tracks.armies, player.armies + amount)


def add_ships(content: RttaContent, player: Player, amount: int) -> int:
    """The ship peg after gaining `amount` (as far as the track goes)."""
    return min(content.tracks.ships, player.ships + amount)


def development_cost(content: RttaContent, player: Player, development: str) -> int:
    """What a development costs this player (Roads lowers the starred ones)."""
    found = content.development(development)
    cut = ROADS_DISCOUNT if found.grand and owns(player, "roads") else 0
    return max(0, found.cost - cut)


def innovation_value(content: RttaContent, player: Player) -> int:
    """What one innovation pays toward a development (more with Metallurgy)."""
    if owns(player, "metallurgy"):
        return content.values.innovation_metallurgy
    return content.values.innovation


def goods_per_wealth(content: RttaContent, player: Player) -> int:
    """Goods stored as one wealth (fewer with Coinage)."""
    if owns(player, "coinage"):
        return content.values.goods_per_wealth_coinage
    return content.values.goods_per_wealth


def monuments_claimed(content: RttaContent, state: RttaState) -> int:
    """Monuments completed by at least one player."""
    return sum(any(built(content, p, m) for p in state.players)
               for m in range(len(content.monuments)))


def pegged_positions(player: Player) -> int:
    """The tie-break: the five pegs' positions added up (ruling 24)."""
    return player.food + player.goods + player.armies + player.ships + player.wealth
