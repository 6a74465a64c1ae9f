"""Expected hits of a battle side (rule 4.2): the exact distribution of its dice's sum, the
per-die and flat bonuses and the Fortress's 5 added, divided by 5 and rounded down; the
Fortress then cancels one hit taken and no side loses more than it has. Values are in
hundredths of a hit."""

from __future__ import annotations

from collections import Counter
from functools import cache

from game.rulesets.mare_nostrum import battle
from game.rulesets.mare_nostrum.battle import Side
from game.rulesets.mare_nostrum.content_records import Die

HUNDRED = 100


@cache
def face_sums(faces: tuple[int, ...], dice: int) -> tuple[tuple[int, int], ...]:
    """(sum, ways) of rolling `dice` dice with these faces."""
    sums = Counter({0: 1})
    for _ in range(dice):
        rolled: Counter[int] = Counter()
        for total, ways in sums.items():
            for face in faces:
                rolled[total + face] += ways
        sums = rolled
    return tuple(sorted(sums.items()))


def _outcomes(side: Side, die: Die) -> tuple[tuple[int, int], ...]:
    """(total, ways) of the side's battle totals."""
    added = side.per_die * side.units + side.flat + \
        (battle.FORTRESS_POINTS if side.fortress else 0)
    return tuple((s + added, ways) for s, ways in face_sums(die.faces, side.dice))


def expected_hits(side: Side, die: Die) -> int:
    """Hits the side scores, on average, in hundredths."""
    outcomes = _outcomes(side, die)
    ways = sum(w for _, w in outcomes)
    return sum(battle.hits(t) * w for t, w in outcomes) * HUNDRED // ways


def expected_losses(target: Side, scorer: Side, die: Die) -> int:
    """Units (Fortress included) `target` loses to `scorer`'s roll, on average, in
    hundredths: the Fortress cancels one hit, no more than it has are lost."""
    outcomes = _outcomes(scorer, die)
    ways = sum(w for _, w in outcomes)
    lost = sum(battle.hits_taken(target, battle.hits(t)) * w for t, w in outcomes)
    return lost * HUNDRED // ways


def margin(mine: Side, theirs: Side, die: Die) -> int:
    """Their expected losses less mine (hundredths of a unit): above 0 the battle pays."""
    return expected_losses(theirs, mine, die) - expected_losses(mine, theirs, die)
