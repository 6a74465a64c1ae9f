"""A combat's figures as every seat may know them (rules 5.4.5-5.4.7; docs/rules-decisions.md).

Per side: the dice Battle Resolution would roll now, the fixed CF and CF dice, and where they
come from, counted by the very functions the resolution rolls with (`side_dice`, `side_cf`).
They are public facts: the state names only opened cards, so a face-down card counts for
nobody; while one lies in either force the figures are only the open part (`partial`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.mediterranean_empires.combat.battle_effects import (
    CardCf,
    cf_shares,
    dice_terms,
    force_of,
    side_cf,
    side_dice,
)
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER
from game.rulesets.mediterranean_empires.frames import Combat
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState


@dataclass(frozen=True)
class SideFigures:
    """One side's strength now, as the engine counts it."""

    dice: int
    """Dice rolled at Battle Resolution (base die, the force's own, tables, cards)."""
    cf: int
    """Fixed CF (cards with their bonuses, a non-card force's own CF)."""
    cf_dice: int
    """CF rolled as dice (dice-CF cards), added to the CF at Battle Resolution."""
    dice_terms: tuple[tuple[str, int], ...]
    cards: tuple[CardCf, ...]
    partial: bool
    """Some card of the combat is still face down or untyped: only the open part is counted."""


def settled(state: MeState, combat: Combat) -> bool:
    """Whether every card of both forces is open and has its type (rule 5.4.5's reveal done)."""
    return all(card.use and state.hidden.card_of(card.slot) is not None
               for side in (ATTACKER, DEFENDER) for card in force_of(combat, side).cards)


def side_figures(rules: Rules, state: MeState, combat: Combat, side: int) -> SideFigures:
    """One side's figures now (the open part while `settled` is false)."""
    cf, cf_dice = side_cf(rules, state, combat, side)
    return SideFigures(side_dice(rules, state, combat, side), cf, cf_dice,
                       dice_terms(rules, state, combat, side),
                       cf_shares(rules, state, combat, side), not settled(state, combat))


def figures(rules: Rules, state: MeState, combat: Combat) -> tuple[SideFigures, SideFigures]:
    """Both sides' figures, attacker first."""
    return (side_figures(rules, state, combat, ATTACKER),
            side_figures(rules, state, combat, DEFENDER))
