"""Losses of a force: random card picks (a Fleet takes its cargo), and the 1d6-or-6-CF rule.

Random picks are a chance index into the candidates in force order; a picked face-down card is
then opened by the force's owner before it goes to the discard pile (rule 9 clarifications).
Forces without cards lose one die, or 6 CF, instead of a card.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from game.core import chance
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ChanceEntry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import CARGO, discard, to_pile
from game.rulesets.mediterranean_empires.expedition.forces import Force, ForceCard
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.state import MeState

CARD_LOSS_CF = 6
"""CF a card-less force loses instead of a card (rule 9 clarifications)."""

SHIPWRECKED = "shipwreck"
CARD_ROLL_ON_WAY = "a card's roll against the expedition"
UNFIT = "cannot serve in this fight"
OVER_CAPACITY = "over the Fleets' capacity, discarded at random"
OPENING_ROLL = "Battle Opening roll"
CARD_ROLL = "a card's roll in the battle"
ADDITIONAL = "additional casualty roll"
LOSS_REASONS = (SHIPWRECKED, CARD_ROLL_ON_WAY, UNFIT, OVER_CAPACITY, OPENING_ROLL, CARD_ROLL,
                ADDITIONAL)
"""Why a card leaves a force for the discard pile, in the words of its `card_lost` event:
rules 5.4.3 (shipwreck), 9 (Special Events), 5.4.1 (a card unfit for this fight), 5.4.5-5.4.7
(carrying capacity, Battle Opening, roll-table cards, additional casualties)."""
BATTLE_LOSSES = {"load": OVER_CAPACITY, "tables": CARD_ROLL, "opened": OPENING_ROLL,
                 "end": ADDITIONAL}
"""Why a combat's queued random loss is taken, by the `Combat` step that queued it: deployment
(carrying capacity), roll-table cards, Battle Opening rolls, the additional casualty roll."""


def candidates(force: Force, what: str) -> tuple[str, ...]:
    """Slots a random loss may hit: any card, only troops ("troop") or only fleets ("ship")."""
    wanted = {"troop": ("T", ""), "ship": ("F",)}.get(what)
    return tuple(c.slot for c in force.cards if wanted is None or c.use in wanted)


def cargo(force: Force, fleet: str) -> tuple[str, ...]:
    """The troops a Fleet carries."""
    return tuple(c.slot for c in force.cards if c.carrier == fleet)


def without(force: Force, slot: str) -> tuple[Force, tuple[str, ...]]:
    """The force after losing `slot` (and its cargo); the slots lost."""
    lost = (slot, *cargo(force, slot))
    kept = tuple(c for c in force.cards if c.slot not in lost)
    return evolve(force, cards=kept), lost


def weaken(force: Force) -> Force:
    """A card-less force loses one die, or 6 CF, instead of a card."""
    if force.dice > 0:
        return evolve(force, dice=force.dice - 1)
    return evolve(force, cf=max(0, force.cf - CARD_LOSS_CF),
                  naval_cf=max(0, force.naval_cf - CARD_LOSS_CF))


def spent(force: Force) -> bool:
    """Whether a force has nothing left to fight with (rule 9: the ME ends)."""
    if force.seat >= 0:
        return not force.cards
    return force.dice <= 0 and force.cf <= 0 and force.naval_cf <= 0


def pick_decision(state: MeState, owner: int, pool: tuple[str, ...], picked: str,
                  purpose: str) -> Decision | None:
    """Chance picks one of `pool`; a face-down pick is then opened by its owner."""
    if picked:
        if state.hidden.card_of(picked) is None:
            return Decision(owner, "open", f"show the card lost ({purpose})", slots=(picked,))
        return None
    if not pool:
        return None
    return Decision(CHANCE, "chance", f"pick the card lost ({purpose})",
                    chance=_pick_request(pool, purpose))


def picked_slot(pool: tuple[str, ...], entry: ChanceEntry, purpose: str) -> str:
    """The slot a chance answer to `pick_decision` picked."""
    (index,), = resolve(_pick_request(pool, purpose), entry.seed, entry.values)
    return pool[index]


def _pick_request(pool: tuple[str, ...], purpose: str) -> ChanceRequest:
    return ChanceRequest((chance.pick("lost card", len(pool)),), purpose)


def discard_lost(flow: Flow, force: Force, slot: str, reason: str) -> tuple[Force, tuple[str, ...]]:
    """Remove an opened card (and its cargo) from a force and discard them: one `card_lost`
    says why (LOSS_REASONS) and stands for its discard; the cargo's discards follow."""
    assert reason in LOSS_REASONS, reason
    after, lost = without(force, slot)
    to_pile(flow, slot)
    flow.emit("card_lost", seat=force.seat, card=flow.opened_card(slot), slot=slot,
              reason=reason, cargo=len(lost) - 1)
    for each in lost[1:]:
        discard(flow, each, CARGO)  # cargo is loaded only after the reveal, so it is open
    return after, lost


def forget(force: Force, slots: tuple[str, ...]) -> Force:
    """The force without the given slots (no discard: they left another way)."""
    return evolve(force, cards=tuple(c for c in force.cards if c.slot not in slots))


def with_card(force: Force, card: ForceCard) -> Force:
    """The force with one more card."""
    return evolve(force, cards=(*force.cards, card))


class _LossFrame(Protocol):
    @property
    def force(self) -> Force:
        """The force that takes the losses."""

    @property
    def picked(self) -> str:
        """The slot a random pick chose, once opened ("" before)."""

    @property
    def losses(self) -> int:
        """Losses still to take."""


LossFrameT = TypeVar("LossFrameT", bound=_LossFrame)


def next_loss(flow: Flow, frame: LossFrameT, reason: str) -> LossFrameT | None:
    """Take one pending loss: the opened random pick, else a die or 6 CF of a cardless force.

    None when no loss is pending. Shared by shipwrecks and expedition-card rolls.
    """
    if frame.picked:
        force, _ = discard_lost(flow, frame.force, frame.picked, reason)
        return evolve(frame, force=force, picked="", losses=frame.losses - 1)
    if frame.losses:
        force = frame.force
        return evolve(frame, force=weaken(force) if force.seat < 0 else force,
                      losses=frame.losses - 1)
    return None
