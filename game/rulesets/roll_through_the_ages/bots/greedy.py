"""The greedy bot for Roll Through the Ages (`bot:greedy`): every decision picks the legal
action its valuation (`worth`, `planning`) rates best; the dice by the expected worth of
the reroll (`rerolling`). It reads only the public state the table hands it (everything is
public in this game) and is deterministic; its seed would only pick among the legal actions
if no chooser answered (which the tests check never happens)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action, act
from game.core.drbg import Drbg
from game.rulesets.roll_through_the_ages import sheet
from game.rulesets.roll_through_the_ages.bots import builds, worth
from game.rulesets.roll_through_the_ages.bots.planning import Planner
from game.rulesets.roll_through_the_ages.bots.rerolling import (
    leadership_choice,
    omens_choice,
    reroll_choice,
    split_choice,
)
from game.rulesets.roll_through_the_ages.bots.rolls import Memory, RollJudge, memory_key
from game.rulesets.roll_through_the_ages.bots.situation import Situation, read
from game.rulesets.roll_through_the_ages.content import RttaContent, load_content

Chooser = Callable[[Planner, tuple[Action, ...]], Action]


def setup_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """The free second port or province, whichever the sheet values more."""
    s = planner.s
    port = worth.base_value(s, worth.port_done(s.me))
    province = worth.base_value(s, worth.province_done(s, s.me))
    return act("setup", choice="port" if port >= province else "province")


def granary_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Turn a good into food while a province would go hungry."""
    me = planner.s.me
    return act("granary") if me.food < me.provinces and act("granary") in legal else act("feed")


def navy_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Use the Navy when its ships' strength is worth the ship it costs."""
    s = planner.s
    battle = s.state.current.battles[0]
    fighter = s.state.player(battle.seat)
    gain = worth.VP * (sheet.strength(fighter, True) - sheet.strength(fighter, False))
    ship = worth.ship_value(s, fighter.ships) - worth.ship_value(s, fighter.ships - 1) + \
        worth.VP
    return act("navy", use=gain > ship)


def conquest_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Fight for conquest when the tribute won outweighs the army lost."""
    s = planner.s
    margin = sheet.strength(s.me) - s.me.conquests
    worth_it = margin > 0 and worth.VP * margin > worth.army_value(s)
    return act("conquer") if worth_it else act("decline")


def offer_choice(planner: Planner, legal: tuple[Action, ...]) -> Action:
    """Give a good rather than let a demand gain more than two goods' worth of tribute."""
    s = planner.s
    margin = s.state.current.demand - sheet.strength(s.me)
    return act("pay_good") if worth.VP * margin > 2 * planner.good else act("refuse")


CHOOSERS: dict[str, Chooser] = {
    "setup": setup_choice,
    "granaries": granary_choice,
    "navy": navy_choice,
    "conquest": conquest_choice,
    "tribute_offer": offer_choice,
    "colonies": builds.colony_choice,
    "build": builds.build_choice,
    "develop": builds.develop_choice,
    "store": builds.store_choice,
}
"""The chooser of each action phase but the dice's."""

DICE_CHOOSERS: dict[str, Callable[[RollJudge, tuple[Action, ...]], Action]] = {
    "keep": reroll_choice,
    "leadership": leadership_choice,
    "omens": omens_choice,
    "choose": split_choice,
}
"""The choosers of step 1's phases."""


class GreedyBot:
    """Picks, in every phase, the legal action its valuation rates best."""

    def __init__(self, seed: bytes, ruleset: Any = None) -> None:
        self._drbg = Drbg(seed, "rtta-greedy-bot")
        self._content: RttaContent = ruleset.content if ruleset is not None else load_content()
        self._memory: Memory | None = None
        self.unplanned = 0
        """Decisions where no chooser answered with a legal action (a random legal one was
        taken instead); the tests check it stays 0."""

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The best legal action for the seat the view belongs to."""
        if not legal:
            raise ValueError("a decision with no legal action is a dead end")
        situation = read(self._content, view)
        phase, planner = situation.state.phase, Planner(situation)
        chosen: Action | None = None
        if phase in DICE_CHOOSERS:
            chosen = DICE_CHOOSERS[phase](self._judge(planner), legal)
        elif phase in CHOOSERS:
            chosen = CHOOSERS[phase](planner, legal)
        if chosen in legal:
            return chosen
        self.unplanned += 1
        return self._drbg.choice(legal)

    def _judge(self, planner: Planner) -> RollJudge:
        """A judge of rolls, reusing what the last one of the same turn worked out."""
        key = memory_key(planner.s)
        if self._memory is None or self._memory.key != key:
            self._memory = Memory(key)
        return RollJudge(planner.s, planner, self._memory)

    def situation(self, view: Mapping[str, Any]) -> Situation:
        """What the bot reads from a view (for tests and tools)."""
        return read(self._content, view)
