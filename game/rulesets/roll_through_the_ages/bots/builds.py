"""Steps 3b-6 for the greedy bot: colonies (complete the best one a ship and the population
allow), builds (population where the plan sends it, goods into port urns or ships when
they are worth more than kept), the development worth most for its price, and storing
goods as wealth. Every choice is one of the legal actions."""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action, act
from game.core.records import evolve
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.bots import worth
from game.rulesets.roll_through_the_ages.bots.planning import ARMY, PORT, PROVINCE, Planner
from game.rulesets.roll_through_the_ages.colonies import DISPLACE_POPULATION
from game.rulesets.roll_through_the_ages.state import Player

Scored = Callable[[Action], int]
PEG_PERCENT = 30
"""A peg in an unfinished colony: this share of the colony's worth per hole (others may
complete it and send the peg home)."""
INNOVATION_USE_PERCENT = 70
"""An innovation from a colony is spent this turn only if a development is bought."""


def build_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """The first step of the population plan, else the best use of spare goods, else done."""
    s = planner.s
    steps = planner.population(s.me, s.state.current.population)
    if steps:
        action = _step_action(planner, steps[0].kind, steps[0].people, legal)
        if action in legal:
            return action
    innovations = s.state.current.innovations
    before = worth.sheet_value(s, s.me) + planner.purchase_gain(s.me, s.me.goods, innovations)
    best, chosen = 0, act("done")
    for verb, after in (("urn", _after_urn), ("ship", _after_ship)):
        if act(verb) in legal:
            built = after(planner, s.me)
            gain = worth.sheet_value(s, built) + \
                planner.purchase_gain(built, built.goods, innovations) - before
            if gain > best:
                best, chosen = gain, act(verb)
    return chosen


def _step_action(planner: Planner, kind: str, people: int,
                 legal: tuple[Action, ...]) -> Action:
    """The build action of a plan step (Architecture's 2-for-3 where it is allowed)."""
    if kind in (ARMY, PROVINCE, PORT):
        return act(kind)
    grand = act("architecture", monument=kind)
    return grand if people >= sheet.ARCHITECTURE[0] and grand in legal else \
        act("monument", monument=kind)


def _after_urn(planner: Planner, player: Player) -> Player:
    port = planner.s.content.ports[player.ports]
    filled = evolve(player, goods=player.goods - 1, port_goods=player.port_goods + 1)
    if filled.port_population >= port.population and filled.port_goods >= port.goods:
        return worth.port_done(filled)
    return filled


def _after_ship(planner: Planner, player: Player) -> Player:
    return evolve(player, goods=player.goods - sheet.SHIP_GOODS, ships=player.ships + 1)


def develop_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """The purchase gaining most over what its goods and wealth are worth kept, or skip."""
    values = {d: v for d, _, v in planner.development_values(planner.s.me)}

    def gain(action: Action) -> int:
        if action.verb != "buy":
            return 0
        goods, wealth = action.arg("goods"), action.arg("wealth")
        assert isinstance(goods, int) and isinstance(wealth, int)
        return values.get(str(action.arg("development")), 0) - goods * planner.good - \
            wealth * planner.wealth
    return best_of(legal, gain)


def store_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Store every set worth more as wealth than as goods, keeping goods for ships."""
    s = planner.s
    per = sheet.goods_per_wealth(s.content, s.me)
    keep = 0
    if s.state.mediterranean and s.turns_left and s.me.ships < worth.USEFUL_SHIPS:
        keep = sheet.SHIP_GOODS
    if s.turns_left and planner.wealth <= per * planner.good:
        return act("skip")
    sets = max(0, (s.me.goods - keep) // per)
    stores = [a for a in legal if a.verb == "store" and _int(a, "sets") <= sets]
    return max(stores, key=lambda a: _int(a, "sets"), default=act("skip"))


def colony_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Complete (or peg) the colony worth most after the population and ship it costs."""
    s = planner.s
    people = s.state.current.population
    plan = planner.population_gain(s.me, people)

    def gain(action: Action) -> int:
        if action.verb not in ("found", "peg"):
            return 0
        index = next(i for i, c in enumerate(s.content.colonies)
                     if c.id == action.arg("colony"))
        if action.verb == "peg":
            if not s.me.ships or not s.turns_left:
                return 0
            size = s.content.colonies[index].size
            lost = plan - planner.population_gain(s.me, people - 1)
            return colony_worth(planner, index) * PEG_PERCENT // (100 * size) - lost
        cost = _completion_cost(planner, index)
        lost = plan - planner.population_gain(s.me, people - cost)
        ship = worth.ship_value(s, s.me.ships) - worth.ship_value(s, s.me.ships - 1)
        return colony_worth(planner, index) - lost - ship
    return best_of(legal, gain)


def _completion_cost(planner: Planner, index: int) -> int:
    s = planner.s
    pegs = s.state.board.pegs[index]
    foreign = sum(1 for p in pegs if p != s.seat)
    return s.content.colonies[index].size - len(pegs) + DISPLACE_POPULATION * foreign


def colony_worth(planner: Planner, index: int) -> int:
    """A completed colony: its points (more with Empire and Commerce) and rewards."""
    s, me = planner.s, planner.s.me
    colony = s.content.colonies[index]
    points = s.content.values.colony_vp + sheet.owns(me, "empire") + sheet.owns(me, "commerce")
    rewards = {
        "good": planner.good, "army": worth.army_value(s),
        "ship": worth.ship_value(s, me.ships + 1) - worth.ship_value(s, me.ships),
        "food": worth.FOOD_UNIT * (2 if sheet.owns(me, "aqueducts") else 1),
        "innovation": sheet.innovation_value(s.content, me) * planner.good
        * INNOVATION_USE_PERCENT // 100,
        "mine": s.content.values.mine_vp_metallurgy * worth.VP
        if sheet.owns(me, "metallurgy") else 0,
    }
    return points * worth.VP + sum(rewards.get(r, 0) for r in colony.rewards)


def best_of(legal: tuple[Action, ...], gain: Scored) -> Action:
    """The action with the largest positive gain; "skip" or "done" when none gains."""
    best, chosen = 0, next(a for a in legal if a.verb in ("skip", "done"))
    for action in legal:
        value = gain(action)
        if value > best:
            best, chosen = value, action
    return chosen


def _int(action: Action, name: str) -> int:
    value = action.arg(name)
    assert isinstance(value, int)
    return value
