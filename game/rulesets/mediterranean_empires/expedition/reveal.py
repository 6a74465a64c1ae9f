"""Revealing an ME's face-down force before its battle, and re-checking its declaration.

Cards join an ME face down (rule 5.4.1), so only the declaring seat's own machine can filter
them (muster.py); every other table accepts whatever slots it names. When the force is
revealed before a battle (in an interception battle the intercepted ME first, then the
interceptor), every card it was declared with must be one the muster step offers
(`muster.unfit`) and a naval leg needs a Fleet (`muster.lacks_fleet`). Cards lost on the way
count: they were opened when lost. A void declaration's cards, and the Leaders with it, are
discarded as played and it does not fight; an interception sent against a void ME goes home
with its cards (docs/rules-decisions.md, 5.4.1).
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import add_to_hand, discard
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome, Declaration, Force
from game.rulesets.mediterranean_empires.expedition.muster import lacks_fleet, unfit
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState


def sides(frame: Expedition) -> tuple[tuple[Force, Declaration | None], ...]:
    """The forces about to fight, in reveal order (the enemy first), with their declarations."""
    own = (frame.force, frame.declared)
    return (own,) if frame.enemy is None else ((frame.enemy, frame.enemy_declared), own)


def void_reason(rules: Rules, state: MeState, declared: Declaration | None) -> str:
    """Why a revealed declaration is void, or "" when it stands (rule 5.4.1)."""
    if declared is None:
        return ""
    cards = tuple(state.hidden.card_of(slot) for slot in declared.slots)
    why = next((w for c in cards if c and (w := unfit(rules, c, declared.naval,
                                                       declared.against))), "")
    return why or ("it has no Fleet" if lacks_fleet(rules, declared.naval, cards) else "")


def reveal_decision(rules: Rules, state: MeState, frame: Expedition) -> Decision | None:
    """The next force to open before the battle; None once all are open or one is void."""
    for force, declared in sides(frame):
        hidden = tuple(c.slot for c in force.cards if state.hidden.card_of(c.slot) is None)
        if hidden:
            return Decision(force.seat, "open", "reveal your expedition", slots=hidden)
        if void_reason(rules, state, declared):
            return None
    return None


def void_side(rules: Rules, state: MeState, frame: Expedition) -> tuple[bool, str] | None:
    """The first void declaration about to fight: (whether it is the enemy's, why)."""
    for index, (_, declared) in enumerate(sides(frame)):
        reason = void_reason(rules, state, declared)
        if reason:
            return index == 0 and frame.enemy is not None, reason
    return None


def discard_void(flow: Flow, force: Force, declared: Declaration, reason: str) -> Force:
    """A void declaration's cards and Leaders are discarded as played; the empty force left."""
    flow.emit("force_voided", seat=declared.seat, role=declared.role, naval=declared.naval,
              reason=reason, cards=len(force.cards))
    for slot in (*(c.slot for c in force.cards), *force.leaders):
        discard(flow, slot)
    return evolve(force, cards=(), leaders=())


def call_back(flow: Flow, force: Force) -> None:
    """An interception sent against a void ME goes home: its cards return to the hand."""
    add_to_hand(flow, force.seat, *(c.slot for c in force.cards), *force.leaders)
    flow.emit("expedition_cancelled", seat=force.seat, cards=len(force.cards))


def void_own(flow: Flow, frame: Expedition, reason: str) -> Force:
    """This ME's own declaration is void: its cards go (`discard_void`); the empty force."""
    assert frame.declared is not None
    return discard_void(flow, frame.force, frame.declared, reason)


def void_enemy(flow: Flow, frame: Expedition, reason: str) -> CombatOutcome:
    """The intercepted ME is void: it fails, and the interception goes home with its cards."""
    assert frame.enemy is not None and frame.enemy_declared is not None
    force = discard_void(flow, frame.enemy, frame.enemy_declared, reason)
    call_back(flow, frame.force)
    return CombatOutcome("void", frame.target, False, force, frame.seat)


def void_interception(flow: Flow, frame: Expedition, reason: str) -> CombatOutcome:
    """The interception is void: the intercepted ME goes on, to be intercepted no more."""
    assert frame.enemy is not None
    void_own(flow, frame, reason)
    return CombatOutcome("void", frame.target, True, frame.enemy, frame.seat)
