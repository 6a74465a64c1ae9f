"""Re-checking an ME's face-down declaration when its cards are opened (rule 5.4.1).

Cards join an ME face down, so only the declaring seat's own machine can filter them
(muster.py); every other table accepts whatever slots it names. Nothing about the declaration is
stored (honest play keeps exactly the states it always had): what the cards had to fit is read
from the ME's `Expedition` frame when they are opened — its route (a naval leg lets Fleets come
and needs one) and the empire it fights. A card lost on the way is checked as it is opened to
be discarded (shipwreck.py, reactions.py: `lost_unfit`); the force is checked right after the
battle's `Combat` has revealed it, the intercepted ME before the interceptor (battle.py:
`void_reason`, `settle_void`). A void declaration's cards, and the Leaders with it, are
discarded as played and it does not fight; an interception sent against a void ME goes home
with its cards (docs/rules-decisions.md, 5.4.1).
"""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import VOID, add_to_hand, card_in, discard
from game.rulesets.mediterranean_empires.combat.battle_effects import force_of
from game.rulesets.mediterranean_empires.combat.records import ATTACKER, DEFENDER
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome, Force
from game.rulesets.mediterranean_empires.expedition.muster import enemy_empire, lacks_fleet, unfit
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import Combat, Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

NO_FLEET = "it has no Fleet"


# -- what a declaration had to fit ---------------------------------------------------------

def terms(rules: Rules, state: MeState, me: Expedition) -> tuple[bool, str]:
    """(naval leg, empire fought) its cards had to fit (rule 5.4.1); the empire is "" where a
    free-passage refusal may have turned the ME since (rule 8.2: then unknown)."""
    turned = me.role == "attack" and bool(state.option("free_passage"))
    return me.sea >= 0, "" if turned else enemy_empire(rules, state, me)


def why_unfit(rules: Rules, state: MeState, me: Expedition, cards: tuple[str | None, ...]) -> str:
    """Why one of these opened cards (None: still face down) could not join `me`, or ""."""
    naval, against = terms(rules, state, me)
    return next((w for c in cards if c and (w := unfit(rules, c, naval, against))), "")


def fleet_discarded(rules: Rules, state: MeState) -> bool:
    """Whether a discard pile holds a Fleet: it may be one an ME lost on the way (the state
    records no list of the cards an ME lost)."""
    return any(rules.card(card_in(state, slot)).has_type("F")
               for seat in state.seats for slot in seat.discard)


# -- a card lost on the way ----------------------------------------------------------------

def lost_unfit(rules: Rules, state: MeState, slot: str) -> str:
    """Why the card just opened to be lost on the way (`slot`, "" for none) voids the
    declaration of the ME beneath the loss frame (rule 5.4.1), or ""."""
    below = state.stack[-2] if slot and len(state.stack) > 1 else None
    if not isinstance(below, Expedition) or below.seat < 0:
        return ""
    return why_unfit(rules, state, below, (state.hidden.card_of(slot),))


def announce_void(flow: Flow, me: Expedition, force: Force, reason: str) -> None:
    """`me`'s declaration is void: say why (its cards are discarded next)."""
    flow.emit("force_voided", seat=me.seat, role=me.role, naval=me.sea >= 0, reason=reason,
              cards=len(force.cards))


def announce_lost_void(flow: Flow, force: Force, reason: str) -> None:
    """The ME beneath the loss frame on top is void (`lost_unfit`): say why."""
    me = flow.state.stack[-2]
    assert isinstance(me, Expedition)
    announce_void(flow, me, force, reason)


def discard_void(flow: Flow, force: Force) -> Force:
    """A void force's opened cards and Leaders are discarded as played; the empty force."""
    for slot in (*(c.slot for c in force.cards), *force.leaders):
        discard(flow, slot, VOID)
    return evolve(force, cards=(), leaders=())


# -- the force revealed for its battle -----------------------------------------------------

def expedition_of(state: MeState, side: int) -> Expedition | None:
    """The player ME whose force fights on `side` of the `Combat` on top of the stack: the
    Expedition beneath it, or for the attacker of an interception battle the ME intercepted."""
    stack = state.stack
    below = stack[-2] if len(stack) > 1 else None
    if not isinstance(below, Expedition):
        return None
    if below.enemy is not None and side == ATTACKER:
        below = stack[-3] if len(stack) > 2 else None  # the intercepted ME
    elif below.enemy is None and side == DEFENDER:
        return None  # a city's or an area's defence
    return below if isinstance(below, Expedition) and below.seat >= 0 else None


def void_reason(rules: Rules, state: MeState, frame: Combat, side: int) -> str:
    """Why the force on `side`, revealed for the first time, was declared void (rule 5.4.1);
    "" when it stands, is not a player ME's, or was revealed in an earlier battle (its cards
    then have their types)."""
    me = expedition_of(state, side)
    force = force_of(frame, side)
    if me is None or all(c.use for c in force.cards):
        return ""
    cards = tuple(state.hidden.card_of(c.slot) for c in force.cards)
    if why := why_unfit(rules, state, me, cards):
        return why
    lacking = lacks_fleet(rules, me.sea >= 0, cards) and not fleet_discarded(rules, state)
    return NO_FLEET if lacking else ""


def void_side(rules: Rules, state: MeState, frame: Combat) -> tuple[int, str] | None:
    """The first side, in reveal order, whose revealed declaration is void, and why."""
    for side in (ATTACKER, DEFENDER):
        if reason := void_reason(rules, state, frame, side):
            return side, reason
    return None


def settle_void(flow: Flow, frame: Combat) -> bool:
    """Call the battle on top off if a revealed declaration is void (False when none is): the
    void force is discarded and the ME beneath reads the outcome as if the battle was over."""
    found = void_side(flow.rules, flow.state, frame)
    if found is None:
        return False
    side, reason = found
    below = flow.state.stack[-2]
    me = expedition_of(flow.state, side)
    assert isinstance(below, Expedition) and me is not None
    force = force_of(frame, side)
    announce_void(flow, me, force, reason)
    voided = discard_void(flow, force)
    flow.pop()
    flow.set(outcome=_void_outcome(flow, frame, below, side, voided))
    return True


def _void_outcome(flow: Flow, frame: Combat, below: Expedition, side: int,
                  voided: Force) -> CombatOutcome:
    """What the ME beneath reads: an ME on its own fails; a void interception lets the
    intercepted ME go on; an interception sent against a void ME goes home with its cards."""
    if below.enemy is None:
        return CombatOutcome("void", frame.where, False, voided, frame.defender.seat)
    if side == DEFENDER:
        return CombatOutcome("void", below.target, True, frame.attacker, below.seat)
    call_back(flow, frame.defender)
    return CombatOutcome("void", below.target, False, voided, below.seat)


def call_back(flow: Flow, force: Force) -> None:
    """An interception sent against a void ME goes home: its cards return to the hand."""
    add_to_hand(flow, force.seat, *(c.slot for c in force.cards), *force.leaders)
    flow.emit("expedition_cancelled", seat=force.seat, cards=len(force.cards))
