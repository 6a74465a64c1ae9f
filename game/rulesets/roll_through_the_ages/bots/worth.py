"""The greedy bot's valuation of a sheet, in hundredths of a victory point: the score as it
stands plus what the sheet is still worth for the turns to come (dice, ports, armies, goods,
food, stored wealth, the developments' effects, half-built provinces, ports and monuments).

The figures are the bot's own estimates of an average turn (how often a face, a disaster or
a Fate call comes up), not rules."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.roll_through_the_ages import scoring, sheet
from game.rulesets.roll_through_the_ages.bots.situation import Situation
from game.rulesets.roll_through_the_ages.state import Player

VP = 100
"""One victory point in the bot's units."""
DIE_PER_TURN = 120
"""What one more Empire die brings in an average turn."""
UPKEEP_PER_TURN = 30
"""The food a province eats each turn, in points."""
GOODS_FACE_SHARE = 6
"""One die in this many shows the goods-per-port face."""
ARMY_PER_TURN = 50
"""An army's worth per turn to come (tribute, conquest, Barbarians), counted up to
ARMY_TURNS turns: it is lost in its first battle."""
ARMY_TURNS = 4
WEALTH_PREMIUM = 190
"""Stored wealth beyond its 2 points: it pays 5 toward a development."""
FOOD_UNIT = 30
"""Food kept for coming feedings, per unit (the next feeding's share counts NEXT_FEEDING)."""
NEXT_FEEDING = 90
FOOD_TURNS = 2
SHIP_BEFORE_COLONY = 300
"""A ship with the Mediterranean: it completes a colony in a later turn (for up to
USEFUL_SHIPS ships)."""
USEFUL_SHIPS = 2
PARTIAL_PERCENT = {0: 0, 1: 40}
"""Share of a half-built item's worth by turns to come (PARTIAL_DEFAULT beyond): nothing
is paid for boxes left unfilled at the end."""
PARTIAL_DEFAULT = 60

EFFECT_PER_TURN = {
    "leadership": 25, "formations": 45, "medicine": 20, "religion": 35,
    "architecture": 40, "navy": 20, "citizenship": 20,
}
"""Developments' effects per turn to come, where they do not scale with the sheet."""
GRANARY_PER_PROVINCE = 10
"""Granaries: famine insurance per province its goods can feed in a turn."""
FOOD_DICE_PERCENT = 25
"""Share of the Empire dice that give food in an average turn (Irrigation, Aqueducts)."""
INNOVATION_SHARE = 6
"""One die in this many shows the innovation face (Metallurgy)."""


def good_value(s: Situation) -> int:
    """One good kept: it pays toward later developments; in the last turn only storage."""
    turns = s.turns_left
    if turns == 0:
        per = sheet.goods_per_wealth(s.content, s.me)
        return s.content.values.wealth_vp * VP // per
    return 90 if turns >= 2 else 70


def army_value(s: Situation) -> int:
    """One army (more with Empire's end bonus)."""
    bonus = VP if sheet.owns(s.me, "empire") else 0
    return ARMY_PER_TURN * min(s.turns_left, ARMY_TURNS) + bonus


def food_value(s: Situation, player: Player, food: int) -> int:
    """Food in store after this turn's feeding: worth keeping for the next feedings."""
    if s.turns_left == 0:
        return 0
    needed = player.provinces * min(FOOD_TURNS, s.turns_left)
    first = min(food, player.provinces)
    kept = min(food, needed)
    return NEXT_FEEDING * first + FOOD_UNIT * (kept - first) + (food - kept) * 5


def ship_value(s: Situation, ships: int) -> int:
    """Ships kept for colonies (their end bonuses are in the score)."""
    if not s.state.mediterranean or s.turns_left == 0:
        return 0
    return SHIP_BEFORE_COLONY * min(ships, USEFUL_SHIPS)


def effect_value(s: Situation, player: Player, development: str) -> int:
    """What a development's effect is still worth (its points and end bonus are scored)."""
    turns = s.turns_left
    dice = sheet.empire_dice(s.content, player)
    if development == "dyemaking":
        return good_value(s) * turns
    if development in ("irrigation", "aqueducts"):
        per_die = sheet.IRRIGATION_FOOD if development == "irrigation" else sheet.AQUEDUCTS_FOOD
        return FOOD_UNIT * per_die * dice * FOOD_DICE_PERCENT // 100 * turns
    if development == "metallurgy":
        extra = s.content.values.innovation_metallurgy - s.content.values.innovation
        return good_value(s) * extra * dice // INNOVATION_SHARE * turns
    if development == "roads":
        return _roads_value(s, player)
    if development in ("coinage", "granaries"):
        return _goods_use_value(s, player, development) * turns
    return EFFECT_PER_TURN.get(development, 0) * turns


def goods_income(s: Situation, player: Player) -> int:
    """Goods an average turn brings in (the goods face per port, Dyemaking)."""
    dice = sheet.empire_dice(s.content, player)
    dyes = sheet.DYEMAKING_GOODS if sheet.owns(player, "dyemaking") else 0
    return dice * player.ports // GOODS_FACE_SHARE + dyes


def _goods_use_value(s: Situation, player: Player, development: str) -> int:
    """Per turn: Coinage stores a turn's goods as more wealth; Granaries turn goods into
    food for hungry provinces (worth more the more of both the sheet has)."""
    income = goods_income(s, player)
    if development == "coinage":
        values = s.content.values
        extra = VP * values.wealth_vp * (values.goods_per_wealth -
                                         values.goods_per_wealth_coinage)
        return income * extra // (values.goods_per_wealth * values.goods_per_wealth_coinage)
    return GRANARY_PER_PROVINCE * min(income, player.provinces)


def _roads_value(s: Situation, player: Player) -> int:
    """Roads: the starred developments still to buy cost less (one of them, if time allows)."""
    starred = [d for d in s.content.developments if d.grand and not sheet.owns(player, d.id)]
    if not starred or s.turns_left < 1:
        return 0
    return sheet.ROADS_DISCOUNT * good_value(s)


def base_value(s: Situation, player: Player) -> int:
    """The sheet's worth without its half-built items."""
    state = s.with_me(player)
    score = scoring.score(s.content, state, s.seat).total * VP
    turns = s.turns_left
    dice = sheet.empire_dice(s.content, player)
    income = (DIE_PER_TURN * dice + good_value(s) * dice * player.ports // GOODS_FACE_SHARE
              - UPKEEP_PER_TURN * player.provinces) * turns
    effects = sum(effect_value(s, player, d) for d in player.developments)
    stock = (good_value(s) * player.goods + army_value(s) * player.armies
             + food_value(s, player, player.food) + ship_value(s, player.ships))
    premium = WEALTH_PREMIUM * player.wealth if turns else 0
    return score + income + effects + stock + premium


def partial_percent(s: Situation) -> int:
    """The share of a half-built item's worth counted now."""
    return PARTIAL_PERCENT.get(s.turns_left, PARTIAL_DEFAULT)


def province_done(s: Situation, player: Player) -> Player:
    """The sheet with its next province completed."""
    province = s.content.provinces[player.provinces]
    return evolve(player, provinces=player.provinces + 1, province_boxes=0,
                  armies=sheet.add_armies(s.content, player, province.armies),
                  tribute=player.tribute + province.tribute)


def port_done(player: Player) -> Player:
    """The sheet with its next port completed."""
    return evolve(player, ports=player.ports + 1, port_population=0, port_goods=0)


def monument_done(s: Situation, player: Player, index: int) -> Player:
    """The sheet with a monument completed (first unless someone else completed it)."""
    boxes = s.content.monuments[index].boxes
    first = not any(sheet.built(s.content, p, index) for p in s.opponents())
    filled = tuple(boxes if i == index else f for i, f in enumerate(player.monuments))
    marks = tuple(first if i == index else f for i, f in enumerate(player.first))
    return evolve(player, monuments=filled, first=marks)


def sheet_value(s: Situation, player: Player) -> int:
    """The sheet's worth: its base and its half-built items' share."""
    base = base_value(s, player)
    return base + progress_value(s, player, base)


def progress_value(s: Situation, player: Player, base: int) -> int:
    """The counted share of every half-built province, port and monument."""
    share = partial_percent(s)
    if not share:
        return 0
    total = 0
    for done, filled, needed in items(s, player):
        if filled:
            total += (base_value(s, done) - base) * filled * share // (needed * 100)
    return total


def items(s: Situation, player: Player) -> list[tuple[Player, int, int]]:
    """Every unfinished item with a filled box: (sheet once completed, filled, needed)."""
    found = []
    if player.province_boxes and player.provinces < len(s.content.provinces):
        needed = s.content.provinces[player.provinces].population
        found.append((province_done(s, player), player.province_boxes, needed))
    if player.ports < len(s.content.ports) and (player.port_population or player.port_goods):
        port = s.content.ports[player.ports]
        found.append((port_done(player), player.port_population + player.port_goods,
                      port.population + port.goods))
    for index, monument in enumerate(s.content.monuments):
        filled = player.monuments[index]
        if 0 < filled < monument.boxes:
            found.append((monument_done(s, player, index), filled, monument.boxes))
    return found
