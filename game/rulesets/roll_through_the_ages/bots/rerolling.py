"""Step 1 for the greedy bot: which dice to reroll (the reroll with the best expected worth,
exactly over its outcomes, and with few dice counting the best one-die reroll still open
after it), Leadership's die, the Omens change and the food-or-population split. Every
choice is one of the legal actions."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from game.core.actions import Action, act
from game.rulesets.roll_through_the_ages.bots.rolls import (
    CODED_OUTCOMES,
    FACES,
    Counts,
    RollJudge,
    code,
)
from game.rulesets.roll_through_the_ages.rolling import FATE_DIE, ROLLS

LOOKAHEAD_DICE = 4
"""With this many Empire dice or fewer, the first reroll also counts the best one-die
reroll still to come (with more, only the roll that follows)."""
Plan = tuple[Counts, bool]
"""Dice to reroll: how many of each Empire face, and whether the Fate die."""


def reroll_choice(judge: RollJudge, legal: tuple[Action, ...]) -> Action:
    """Stop, or reroll the dice whose reroll has the best expected worth."""
    turn = judge.s.state.current
    plan = best_plan(judge)
    if plan is None:
        return act("stop")
    chosen = _dice_for(turn.dice, turn.locked, plan)
    return next((a for a in legal if a.verb == "reroll" and a.arg("dice") == chosen),
                act("stop"))


def best_plan(judge: RollJudge) -> Plan | None:
    """The reroll with the best expected worth, None when keeping the roll is worth more.
    Before the second roll of few dice, each outcome counts the best one-die reroll that
    will still be open after it."""
    turn = judge.s.state.current
    counts, fate = judge.counts(turn.dice), turn.dice[FATE_DIE]
    ahead = turn.rolls + 1 < ROLLS and sum(counts) <= LOOKAHEAD_DICE
    value = judge.coded_outlook if ahead else judge.coded_value
    best = judge.value(counts, fate) * FACES ** (sum(counts) + 1 + ahead)
    chosen = None
    for plan in _plans(_free_counts(turn.dice, turn.locked), not turn.locked[FATE_DIE]):
        expected = expected_value(value, counts, fate, plan)
        if expected > best:
            best, chosen = expected, plan
    return chosen


def _free_counts(dice: tuple[int, ...], locked: tuple[bool, ...]) -> Counts:
    found = [0] * FACES
    for die in range(1, len(dice)):
        if not locked[die]:
            found[dice[die]] += 1
    return tuple(found)


def _plans(free: Counts, fate_free: bool) -> list[Plan]:
    fates = (False, True) if fate_free else (False,)
    return [(counts, fate) for counts in product(*(range(c + 1) for c in free))
            for fate in fates if fate or any(counts)]


def expected_value(value: Callable[[int, int], int], counts: Counts, fate: int,
                   plan: Plan) -> int:
    """The summed `value` of every outcome of a reroll, weighted, scaled to 6^(dice + 1)."""
    rerolled, fate_rerolled = plan
    kept = code(counts) - code(rerolled)
    dice = sum(rerolled)
    total = 0
    for shown_fate in (range(FACES) if fate_rerolled else (fate,)):
        for outcome, weight in CODED_OUTCOMES[dice]:
            total += weight * value(kept + outcome, shown_fate)
    spare = sum(counts) - dice + (0 if fate_rerolled else 1)
    return total * FACES ** spare


def _dice_for(dice: tuple[int, ...], locked: tuple[bool, ...], plan: Plan) -> tuple[int, ...]:
    """The die numbers of a plan: the first free dice showing each face to reroll."""
    wanted = list(plan[0])
    chosen = [FATE_DIE] if plan[1] else []
    for die in range(1, len(dice)):
        if not locked[die] and wanted[dice[die]]:
            wanted[dice[die]] -= 1
            chosen.append(die)
    return tuple(chosen)


def leadership_choice(judge: RollJudge, legal: tuple[Action, ...]) -> Action:
    """Reroll the one die whose reroll is worth most on average, if any beats keeping."""
    turn = judge.s.state.current
    counts, fate = judge.counts(turn.dice), turn.dice[FATE_DIE]
    best, chosen = judge.value(counts, fate) * FACES, act("skip")
    for die in range(len(turn.dice)):
        if die == FATE_DIE:
            expected = sum(judge.value(counts, f) for f in range(FACES))
        else:
            expected = sum(judge.value(_moved(counts, turn.dice[die], f), fate)
                           for f in range(FACES))
        if expected > best and act("lead", die=die) in legal:
            best, chosen = expected, act("lead", die=die)
    return chosen


def omens_choice(judge: RollJudge, legal: tuple[Action, ...]) -> Action:
    """The Omens change (or none) that leaves the best roll."""
    turn, content = judge.s.state.current, judge.s.content
    counts, fate = judge.counts(turn.dice), turn.dice[FATE_DIE]
    best, chosen = judge.plain(counts, fate), act("skip")
    for action in legal:
        if action.verb != "omen":
            continue
        die, face_id = action.arg("die"), action.arg("face")
        assert isinstance(die, int)
        own = content.fate_die if die == FATE_DIE else content.empire_die
        face = next(i for i, f in enumerate(own) if f.id == face_id)
        value = judge.plain(counts, face) if die == FATE_DIE else \
            judge.plain(_moved(counts, turn.dice[die], face), fate)
        if value > best:
            best, chosen = value, action
    return chosen


def split_choice(judge: RollJudge, legal: tuple[Action, ...]) -> Action:
    """How many food-or-population dice give food: the split worth most."""
    turn = judge.s.state.current
    counts, fate = judge.counts(turn.dice), turn.dice[FATE_DIE]

    def worth_of(action: Action) -> int:
        food = action.arg("food")
        assert isinstance(food, int)
        return judge.turn_value(judge.resources(counts, fate, food))
    return max(legal, key=worth_of)


def _moved(counts: Counts, source: int, target: int) -> Counts:
    moved = list(counts)
    moved[source] -= 1
    moved[target] += 1
    return tuple(moved)
