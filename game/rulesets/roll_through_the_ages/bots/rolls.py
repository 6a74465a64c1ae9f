"""The greedy bot's dice: what a finished roll is worth this turn (food to feed, goods and
innovations toward a development, population for builds, the disaster its skulls bring,
the Fate die's call), and from it the expected-value choice of dice to reroll, Leadership's
die, the Omens change and the food-or-population split.

Dice of one face are alike, so a roll is a count per Empire face plus the Fate face; a
reroll's outcomes are enumerated exactly as multisets with their multinomial weights."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from math import factorial

from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.bots import worth
from game.rulesets.roll_through_the_ages.bots.planning import Planner
from game.rulesets.roll_through_the_ages.bots.situation import Situation
from game.rulesets.roll_through_the_ages.content import Face

FACES = 6
Counts = tuple[int, ...]
"""Empire dice per face, in the die's printed order."""
Yield = tuple[int, int, int, int, int]
"""(goods, food, population, innovations, skulls) of one face."""


def _outcomes(dice: int) -> tuple[tuple[Counts, int], ...]:
    """Every multiset of faces `dice` dice can show, with its number of orderings."""
    found = []
    for counts in product(range(dice + 1), repeat=FACES):
        if sum(counts) == dice:
            weight = factorial(dice)
            for count in counts:
                weight //= factorial(count)
            found.append((counts, weight))
    return tuple(found)


OUTCOMES = tuple(_outcomes(k) for k in range(7))
"""Per number of dice rolled (0-6): the outcomes and their weights (summing to 6^k)."""
BASE = 8
"""Counts are coded as digits of this base (no count reaches it), so adding the codes of
two rolls codes their union."""


def code(counts: Counts) -> int:
    """A roll's counts as one number."""
    return sum(count * BASE ** face for face, count in enumerate(counts))


DECODED = {code(counts): counts for outcomes in OUTCOMES for counts, _ in outcomes}
"""Every roll of up to 6 dice by its code."""
CODED_OUTCOMES = tuple(tuple((code(counts), weight) for counts, weight in outcomes)
                       for outcomes in OUTCOMES)


@dataclass
class Memory:
    """What a judge worked out, kept for the next decision of the same turn (the sheet and
    round unchanged, the rolls' worth is the same)."""

    key: tuple
    values: dict[int, int] = field(default_factory=dict)
    plains: dict[int, int] = field(default_factory=dict)
    goods: dict[int, int] = field(default_factory=dict)
    food: dict[int, int] = field(default_factory=dict)
    dangers: dict[int, int] = field(default_factory=dict)
    outlooks: dict[int, int] = field(default_factory=dict)


def memory_key(s: Situation) -> tuple:
    """What a roll's worth depends on besides the dice."""
    return s.state.players, s.state.round, s.seat, s.state.current.omens_used


class RollJudge:
    """Values finished rolls for the seat whose turn it is, remembering each one."""

    def __init__(self, s: Situation, planner: Planner, memory: Memory | None = None) -> None:
        self.s, self.planner = s, planner
        self.me = s.me
        self.empire, self.fate = s.content.empire_die, s.content.fate_die
        self.omens_open = not s.state.current.omens_used
        self.either_faces = tuple(i for i, f in enumerate(self.empire) if f.food_or_population)
        self.either_population = max((f.food_or_population for f in self.empire), default=0)
        self._fate_yields = [self._yields(fate) for fate in range(len(self.fate))]
        self.either_food = [either for _, _, either in self._fate_yields]
        self.omen_faces = tuple(i for i, f in enumerate(self.empire)
                                if not f.skulls and not f.food_or_population)
        """Faces worth setting a die to with Omens (never a skull; a plain face beats the
        food-or-population one)."""
        self.omen_fates = tuple(i for i, f in enumerate(self.fate)
                                if f.fate in ("conquest", "tribute", "abundance"))
        """Fate faces worth setting the Fate die to with Omens."""
        self.memory = memory if memory is not None else Memory(memory_key(s))
        self._values, self._plains = self.memory.values, self.memory.plains
        self._goods, self._food = self.memory.goods, self.memory.food
        self._dangers, self._outlooks = self.memory.dangers, self.memory.outlooks

    # -- reading the dice -------------------------------------------------------------

    def counts(self, dice: tuple[int, ...]) -> Counts:
        """Empire dice per face (die 0, the Fate die, left out)."""
        found = [0] * FACES
        for index in dice[1:]:
            found[index] += 1
        return tuple(found)

    def value(self, counts: Counts, fate: int) -> int:
        """A finished roll's worth this turn, with the best split and Omens change."""
        return self.coded_value(code(counts), fate)

    def coded_value(self, coded: int, fate: int) -> int:
        """`value` of a roll given by its code."""
        key = coded * BASE + fate
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(coded, fate)
        return found

    def coded_outlook(self, coded: int, fate: int) -> int:
        """A roll's worth with one reroll to come, six times over: at least the best of
        keeping it and rerolling one die (or the Fate die) of it (remembered)."""
        key = coded * BASE + fate
        found = self._outlooks.get(key)
        if found is None:
            found = self._outlooks[key] = self._outlook(coded, fate)
        return found

    def _outlook(self, coded: int, fate: int) -> int:
        value = self.coded_value
        best = FACES * value(coded, fate)
        if not self.fate[fate].skulls:
            best = max(best, sum(value(coded, other) for other in range(FACES)))
        counts = DECODED[coded]
        for source in range(FACES):
            if counts[source] and not self.empire[source].skulls:
                rest = coded - BASE ** source
                best = max(best, sum(value(rest + BASE ** face, fate) for face in range(FACES)))
        return best

    def _value(self, coded: int, fate: int) -> int:
        plain = self.coded_plain(coded, fate)
        if self.fate[fate].fate != "omens" or not self.omens_open:
            return plain
        counts = DECODED[coded]
        changed = [self.coded_plain(coded, other) for other in self.omen_fates]
        changed += [self.coded_plain(coded - BASE ** source + BASE ** target, fate)
                    for source in range(FACES) if counts[source]
                    for target in self.omen_faces if target != source]
        return max(plain, *changed)

    def plain(self, counts: Counts, fate: int) -> int:
        """A finished roll's worth with the best food-or-population split."""
        return self.coded_plain(code(counts), fate)

    def coded_plain(self, coded: int, fate: int) -> int:
        """`plain` of a roll given by its code."""
        key = coded * BASE + fate
        found = self._plains.get(key)
        if found is None:
            goods, food, people, innovations, skulls = self._sums(DECODED[coded], fate)
            either = sum(DECODED[coded][f] for f in self.either_faces)
            fixed = self.goods_part(goods, innovations) + self.danger(skulls, fate)
            found = self._plains[key] = fixed + max(
                self.people_part(people - k * self.either_population)
                + self.food_part(food + k * self.either_food[fate])
                for k in range(either + 1))
        return found

    def _yields(self, fate: int) -> tuple[Yield, list[Yield], int]:
        """For one Fate face: its own (goods, food, population, innovations, skulls), the
        same per Empire face (food adjusted per food die), and a food-or-population die's
        food."""
        me, shown = self.me, self.fate[fate]
        adjust = shown.food_per_food_die + \
            (sheet.IRRIGATION_FOOD if sheet.owns(me, "irrigation") else 0) + \
            (sheet.AQUEDUCTS_FOOD if sheet.owns(me, "aqueducts") else 0)
        dyes = sheet.DYEMAKING_GOODS if sheet.owns(me, "dyemaking") else 0
        own = (shown.goods + dyes, 0, shown.population, 0, shown.skulls)
        faces = [(f.goods_per_port * me.ports + f.goods, max(0, f.food + adjust) if f.food else 0,
                  f.population + f.food_or_population, f.innovations, f.skulls)
                 for f in self.empire]
        either = max(0, self.empire[self.either_faces[0]].food_or_population + adjust) \
            if self.either_faces else 0
        return own, faces, either

    def _sums(self, counts: Counts, fate: int) -> Yield:
        """(goods, food, population, innovations, skulls) of a roll, every
        food-or-population die taken as population."""
        own, faces, _ = self._fate_yields[fate]
        goods, food, population, innovations, skulls = own
        for (g, f, p, i, k), count in zip(faces, counts, strict=True):
            if count:
                goods += count * g
                food += count * f
                population += count * p
                innovations += count * i
                skulls += count * k
        return goods, food, population, innovations, skulls

    def resources(self, counts: Counts, fate: int, food_dice: int) -> tuple[int, ...]:
        """(goods, food, population, innovations, skulls, fate face) of a roll with
        `food_dice` food-or-population dice taken as food."""
        goods, food, population, innovations, skulls = self._sums(counts, fate)
        food += food_dice * self.either_food[fate]
        population -= food_dice * self.either_population
        return goods, food, population, innovations, skulls, fate

    # -- a finished turn's worth ------------------------------------------------------

    def turn_value(self, got: tuple[int, ...]) -> int:
        """What collecting `got` leads to: feeding, disasters, the Fate call, the builds and
        the development it pays for."""
        goods, food, population, innovations, skulls, fate = got
        return (self.goods_part(goods, innovations) + self.people_part(population)
                + self.food_part(food) + self.danger(skulls, fate))

    def goods_part(self, goods: int, innovations: int) -> int:
        """The goods collected (as far as the track goes) and the development they and the
        innovations buy (remembered)."""
        key = goods * BASE + innovations
        found = self._goods.get(key)
        if found is None:
            after = sheet.add_goods(self.s.content, self.me, goods)
            found = self._goods[key] = self.planner.good * after + \
                self.planner.my_purchase_gain(after, innovations)
        return found

    def people_part(self, people: int) -> int:
        """What the population builds."""
        return self.planner.my_population_gain(people)

    def food_part(self, food: int) -> int:
        """The food collected: provinces fed, Famine's skulls, food kept (remembered)."""
        found = self._food.get(food)
        if found is None:
            me = self.me
            total = sheet.add_food(self.s.content, me, food)
            famine = max(0, me.provinces - total)
            kept = total - (me.provinces - famine)
            found = self._food[food] = worth.food_value(self.s, me, kept) - worth.VP * famine
        return found

    def danger(self, skulls: int, fate: int) -> int:
        """The disaster and the Fate call together (remembered)."""
        key = skulls * BASE + fate
        if key not in self._dangers:
            self._dangers[key] = self.disaster(skulls) + self.fate_call(self.fate[fate], skulls)
        return self._dangers[key]

    def disaster(self, skulls: int) -> int:
        """The disaster the skulls bring (Barbarians and Invasion fought at the seat's
        strength: tribute when won, skulls when lost, an army lost either way)."""
        s, me = self.s, self.me
        found = s.content.disaster(skulls)
        if found is None or sheet.immune(s.content, me, found.immunity):
            return 0
        if found.enemy_strength:
            margin = sheet.strength(me) - found.enemy_strength
            return worth.VP * margin - (worth.army_value(s) if me.armies else 0)
        if found.scope == "opponents" and not s.state.solitaire:
            return 0
        return -worth.VP * found.penalty

    def fate_call(self, face: Face, skulls: int) -> int:
        """A Conquest worth fighting, or a tribute demand (solitaire: against the round)."""
        s, me = self.s, self.me
        battle = s.content.disaster(skulls)
        lost = 1 if battle is not None and battle.enemy_strength and me.armies else 0
        strength = sheet.strength(me) - lost
        if face.fate == "conquest" and me.armies > lost:
            return max(0, worth.VP * (strength - me.conquests) - worth.army_value(s))
        if face.fate != "tribute":
            return 0
        if s.state.solitaire:
            return worth.VP * max(0, strength - s.state.round)
        return sum(max(0, strength - sheet.strength(p)) for p in s.opponents()) * \
            worth.VP * 6 // 10
