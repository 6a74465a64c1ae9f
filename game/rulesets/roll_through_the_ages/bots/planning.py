"""The greedy bot's plan for what a turn's population, goods and innovations can buy: the
population goes where it is worth most per person (provinces, ports, monuments, armies),
the goods and innovations to the best development they pay for. Values in hundredths of a
point, relative to keeping the goods and letting the population go unused."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.records import evolve
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.bots import worth
from game.rulesets.roll_through_the_ages.bots.situation import Situation
from game.rulesets.roll_through_the_ages.developments import on_offer
from game.rulesets.roll_through_the_ages.state import Player

ARMY = "army"
PROVINCE = "province"
PORT = "port"


@dataclass(frozen=True)
class Step:
    """One place the plan sends population: `kind` (province, port, army, or a monument
    id), how many people, and what it gains."""

    kind: str
    people: int
    gain: int


@dataclass(frozen=True)
class Purchase:
    """The best development the goods and innovations pay for, its payment and gain."""

    development: str
    goods: int
    wealth: int
    gain: int


class Planner:
    """Plans for one decision's situation, remembering what it worked out."""

    def __init__(self, s: Situation) -> None:
        self.s = s
        self.partial = worth.partial_percent(s)
        self.good = worth.good_value(s)
        self.wealth = s.content.values.wealth_vp * worth.VP + \
            (worth.WEALTH_PREMIUM if s.turns_left else 0)
        self._gains: dict[tuple, int] = {}
        self._plans: dict[tuple[Player, int], tuple[Step, ...]] = {}
        self._developments: dict[Player, tuple[tuple[str, int, int], ...]] = {}
        self._my_people: dict[int, int] = {}
        self._my_purchases: dict[int, int] = {}
        self._purchases: dict[tuple[Player, int, int], Purchase | None] = {}

    # -- population ------------------------------------------------------------------

    def completion(self, player: Player, kind: str) -> int:
        """What completing the next province, port or a monument adds to the sheet."""
        key = (kind, player.provinces, player.ports, player.armies, player.food,
               player.developments, tuple(sheet.built(self.s.content, player, i)
                     for i in range(len(self.s.content.monuments))))
        if key not in self._gains:
            done = self._done(player, kind)
            self._gains[key] = worth.base_value(self.s, done) - worth.base_value(self.s, player)
        return self._gains[key]

    def _done(self, player: Player, kind: str) -> Player:
        if kind == PROVINCE:
            return worth.province_done(self.s, player)
        if kind == PORT:
            return worth.port_done(player)
        return worth.monument_done(self.s, player, self._monument(kind))

    def _monument(self, monument_id: str) -> int:
        return next(i for i, m in enumerate(self.s.content.monuments) if m.id == monument_id)

    def population(self, player: Player, people: int) -> tuple[Step, ...]:
        """Where `people` population go, best value per person first."""
        key = (player, people)
        if key not in self._plans:
            self._plans[key] = self._plan(player, people)
        return self._plans[key]

    def population_gain(self, player: Player, people: int) -> int:
        """What the planned population adds."""
        return sum(step.gain for step in self.population(player, people))

    def my_population_gain(self, people: int) -> int:
        """`population_gain` for the deciding seat's sheet as it is (remembered)."""
        if people not in self._my_people:
            self._my_people[people] = self.population_gain(self.s.me, people)
        return self._my_people[people]

    def purchase_gain(self, player: Player, goods: int, innovations: int) -> int:
        """What the best purchase gains (0 for none)."""
        found = self.purchase(player, goods, innovations)
        return found.gain if found else 0

    def my_purchase_gain(self, goods: int, innovations: int) -> int:
        """What the best purchase gains the deciding seat (0 for none; remembered)."""
        key = goods * 64 + innovations
        if key not in self._my_purchases:
            found = self.purchase(self.s.me, goods, innovations)
            self._my_purchases[key] = found.gain if found else 0
        return self._my_purchases[key]

    def _plan(self, player: Player, people: int) -> tuple[Step, ...]:
        steps: list[Step] = []
        while people > 0:
            step = self._best_step(player, people)
            if step is None or step.gain <= 0:
                break
            steps.append(step)
            player = self._fill(player, step)
            people -= step.people
        return tuple(steps)

    def _best_step(self, player: Player, people: int) -> Step | None:
        best: Step | None = None
        for kind, filled, needed in self._open_items(player):
            done = self.completion(player, kind)
            before = self._progress(done, filled, needed)
            for k in range(1, min(people, self._people_for(kind, needed - filled)) + 1):
                gain = self._progress(done, filled + self._boxes(kind, k), needed) - before
                if best is None or gain * best.people > best.gain * k:
                    best = Step(kind, k, gain)
        army = self._army_gain(player)
        if army > 0 and (best is None or army * best.people > best.gain):
            best = Step(ARMY, 1, army)
        return best

    def _open_items(self, player: Player) -> list[tuple[str, int, int]]:
        content = self.s.content
        found = []
        if player.provinces < len(content.provinces):
            found.append((PROVINCE, player.province_boxes,
                          content.provinces[player.provinces].population))
        if player.ports < len(content.ports) and not player.port_population:
            port = content.ports[player.ports]
            found.append((PORT, player.port_goods, port.population + port.goods))
        for index, monument in enumerate(content.monuments):
            if player.monuments[index] < monument.boxes:
                found.append((monument.id, player.monuments[index], monument.boxes))
        return found

    def _people_for(self, kind: str, boxes: int) -> int:
        if kind == PORT:
            return 1
        if kind == PROVINCE or not sheet.owns(self.s.me, "architecture"):
            return boxes
        return boxes - boxes // 3

    def _boxes(self, kind: str, people: int) -> int:
        """Boxes filled by `people` (Architecture: 2 people fill 3 monument boxes)."""
        if kind in (PROVINCE, PORT) or not sheet.owns(self.s.me, "architecture"):
            return people
        population, boxes = sheet.ARCHITECTURE
        return people // population * boxes + people % population

    def _progress(self, done: int, filled: int, needed: int) -> int:
        """The counted share of an item's completion worth `done` with `filled` boxes."""
        if filled >= needed:
            return done
        return done * filled * self.partial // (needed * 100)

    def _army_gain(self, player: Player) -> int:
        if player.food < sheet.ARMY_FOOD or player.armies >= self.s.content.tracks.armies:
            return 0
        food_cost = worth.food_value(self.s, player, player.food) - \
            worth.food_value(self.s, player, player.food - sheet.ARMY_FOOD)
        return worth.army_value(self.s) - food_cost

    def _fill(self, player: Player, step: Step) -> Player:
        """The sheet after a planned step (completions applied)."""
        if step.kind == ARMY:
            return evolve(player, armies=player.armies + 1, food=player.food - 1)
        if step.kind == PROVINCE:
            boxes = player.province_boxes + step.people
            if boxes >= self.s.content.provinces[player.provinces].population:
                return worth.province_done(self.s, player)
            return evolve(player, province_boxes=boxes)
        if step.kind == PORT:
            return evolve(player, port_population=1)
        index = self._monument(step.kind)
        filled = player.monuments[index] + self._boxes(step.kind, step.people)
        if filled >= self.s.content.monuments[index].boxes:
            return worth.monument_done(self.s, player, index)
        return evolve(player, monuments=tuple(filled if i == index else f
                                              for i, f in enumerate(player.monuments)))

    # -- developments ----------------------------------------------------------------

    def development_values(self, player: Player) -> tuple[tuple[str, int, int], ...]:
        """Per development on offer: (id, cost for this player, what owning it adds)."""
        if player not in self._developments:
            s, base = self.s, worth.base_value(self.s, player)
            found = []
            for development in on_offer(s.content, s.state, player):
                owned = _with_development(player, development.id)
                found.append((development.id,
                              sheet.development_cost(s.content, player, development.id),
                              worth.base_value(s, owned) - base))
            self._developments[player] = tuple(found)
        return self._developments[player]

    def purchase(self, player: Player, goods: int, innovations: int) -> Purchase | None:
        """The best development `goods` (and stored wealth) and this turn's innovations buy,
        weighed against what the goods and wealth are worth kept; None if none gains."""
        key = (player, goods, innovations)
        if key not in self._purchases:
            self._purchases[key] = self._purchase(player, goods, innovations)
        return self._purchases[key]

    def _purchase(self, player: Player, goods: int, innovations: int) -> Purchase | None:
        best: Purchase | None = None
        worth_each = sheet.innovation_value(self.s.content, player)
        for development, cost, value in self.development_values(player):
            owed = max(0, cost - innovations * worth_each)
            paid = self._payment(owed, goods, player.wealth)
            if paid is None:
                continue
            gain = value - paid[0] * self.good - paid[1] * self.wealth
            if gain > 0 and (best is None or gain > best.gain):
                best = Purchase(development, paid[0], paid[1], gain)
        return best

    def _payment(self, owed: int, goods: int, wealth: int) -> tuple[int, int] | None:
        """The cheapest (goods, wealth) covering `owed`, None if it cannot be covered."""
        per = self.s.content.values.wealth
        options = []
        for stored in range(min(wealth, -(-owed // per)) + 1):
            needed = max(0, owed - stored * per)
            if needed <= goods:
                options.append((needed * self.good + stored * self.wealth, needed, stored))
        if not options:
            return None
        _, needed, stored = min(options)
        return needed, stored


def _with_development(player: Player, development: str) -> Player:
    return evolve(player, developments=(*player.developments, development))
