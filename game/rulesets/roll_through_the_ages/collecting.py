"""Step 1, collecting: goods (per port on the goods faces, one per skull face, Dyemaking),
food (per food die, adjusted by the Fate die, Irrigation and Aqueducts, never below 0 per
die), population and innovations for this turn. Excess over a track is lost (ruling 5)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.content import RttaContent
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.rolling import FATE_DIE, faces
from game.rulesets.roll_through_the_ages.state import Player, Turn


@dataclass(frozen=True)
class Yield:
    """What a finished roll gives."""

    goods: int
    food: int
    population: int
    innovations: int
    skulls: int


def food_adjustment(content: RttaContent, player: Player, turn: Turn) -> int:
    """Food added to (or taken from) every food die: Fate die, Irrigation, Aqueducts."""
    shown = faces(content, turn)
    adjust = shown[FATE_DIE].food_per_food_die
    adjust += sheet.IRRIGATION_FOOD if sheet.owns(player, "irrigation") else 0
    return adjust + (sheet.AQUEDUCTS_FOOD if sheet.owns(player, "aqueducts") else 0)


def roll_yield(content: RttaContent, player: Player, turn: Turn) -> Yield:
    """Goods, food, population, innovations and skulls of the dice as they show."""
    shown = faces(content, turn)
    adjust = food_adjustment(content, player, turn)
    goods = sum(f.goods_per_port * player.ports + f.goods for f in shown)
    goods += sheet.DYEMAKING_GOODS if sheet.owns(player, "dyemaking") else 0
    food = sum(max(0, f.food + adjust) for f in shown if f.food)
    either = [f.food_or_population for f in shown if f.food_or_population]
    food += sum(max(0, amount + adjust) for amount in either[:turn.food_dice])
    population = sum(f.population for f in shown) + sum(either[turn.food_dice:])
    return Yield(goods, food, population, sum(f.innovations for f in shown),
                 sum(f.skulls for f in shown))


def skulls_showing(content: RttaContent, turn: Turn) -> int:
    """Skull symbols on the dice (the disaster they bring, step 2)."""
    return sum(f.skulls for f in faces(content, turn))


def collect(flow: Flow) -> None:
    """Move the goods and food pegs; keep population and innovations for this turn."""
    player = flow.player()
    got = roll_yield(flow.content, player, flow.state.current)
    goods = sheet.add_goods(flow.content, player, got.goods)
    food = sheet.add_food(flow.content, player, got.food)
    flow.update(flow.active, goods=goods, food=food)
    flow.turn(population=got.population, innovations=got.innovations)
    flow.emit("collected", seat=flow.active, goods=goods - player.goods,
              lost=player.goods + got.goods - goods, food=food - player.food,
              population=got.population, innovations=got.innovations)
    flow.go("feed")
