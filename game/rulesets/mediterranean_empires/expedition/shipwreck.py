"""Coastal routes and strait crossings (rule 5.4.3): the shipwreck rolls of an ME.

1d6 per coastal route used (2d6 in Foul Weather, none in Fine Weather); each 1 calls for 2d6
(3d6 in Foul Weather): one 1 costs a random card of the ME, two or more 1s the whole ME. The
owner of a card with ignore_shipwreck may show it first to skip the rolls. The frame writes
`CombatOutcome("shipwreck", "", survived, force, -1)` and pops; a card lost that proves the ME's
declaration void (rule 5.4.1, reveal.py) has the rest shown and discarded, and the outcome is
`CombatOutcome("void", "", False, …)`.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import evolve
from game.core.slots import parse_slot
from game.rulesets.mediterranean_empires.cards.cards import SHIPWRECK, discard
from game.rulesets.mediterranean_empires.combat.battle_effects import has_ability
from game.rulesets.mediterranean_empires.content.events_table import EventEffect
from game.rulesets.mediterranean_empires.expedition.forces import CombatOutcome, Force, ForceCard
from game.rulesets.mediterranean_empires.expedition.losses import (
    SHIPWRECKED,
    candidates,
    next_loss,
    pick_decision,
    picked_slot,
    spent,
)
from game.rulesets.mediterranean_empires.expedition.reveal import (
    announce_lost_void,
    discard_void,
    lost_unfit,
)
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import Shipwreck
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

IGNORE = "ignore_shipwreck"


def weather(rules: Rules, state: MeState) -> EventEffect:
    """The round's event effect (shipwreck rolls and extra dice)."""
    if not state.event:
        return EventEffect()
    return rules.content.tables.random_event.event(state.event).effect


def start_shipwreck(flow: Flow, force: Force, rolls: int) -> None:
    """Push the shipwreck rolls for `rolls` crossings (or report at once when none apply)."""
    if rolls <= 0 or not weather(flow.rules, flow.state).shipwreck_rolls \
            or _shown(flow.rules, flow.state, force):
        flow.set(outcome=CombatOutcome("shipwreck", "", True, force, -1))
        if rolls > 0:
            flow.emit("no_shipwreck_rolls", seat=force.seat, crossings=rolls)
        return
    flow.push(Shipwreck(force, rolls, "claim" if _may_claim(flow.rules, flow.state, force)
                        else "roll"))


def _shown(rules: Rules, state: MeState, force: Force) -> bool:
    return any(has_ability(rules, card, IGNORE, c.use or "any")
               for c in force.cards if (card := state.hidden.card_of(c.slot)) is not None)


def _may_claim(rules: Rules, state: MeState, force: Force) -> bool:
    """Whether a face-down card of the ME could carry ignore_shipwreck (public facts only)."""
    for card in force.cards:
        deck, epoch, _ = parse_slot(card.slot)
        cards = state.hidden.deck(deck).epochs[epoch].cards
        if any(has_ability(rules, c, IGNORE) for c in cards):
            return True
    return False


def _first_request(rules: Rules, state: MeState, frame: Shipwreck) -> ChanceRequest:
    extra = weather(rules, state).shipwreck_extra_dice
    return ChanceRequest(tuple(chance.dice(f"crossing {i + 1}", 1 + extra)
                               for i in range(frame.rolls)), "shipwreck")


def _second_request(rules: Rules, state: MeState, frame: Shipwreck) -> ChanceRequest:
    extra = weather(rules, state).shipwreck_extra_dice
    return ChanceRequest(tuple(chance.dice(f"shipwreck {i + 1}", 2 + extra)
                               for i in range(frame.ones)), "shipwreck")


def _decide(rules: Rules, state: MeState, frame: Shipwreck) -> Decision | None:
    if frame.picked or (frame.losses and frame.force.seat >= 0):
        return pick_decision(state, frame.force.seat, candidates(frame.force, "card"),
                             frame.picked, "shipwreck")
    if frame.step == "claim":
        return Decision(frame.force.seat, "action", "show a card that avoids shipwrecks, or "
                        "roll for the strait crossings")
    if frame.step == "roll":
        return Decision(CHANCE, "chance", "strait shipwreck rolls",
                        chance=_first_request(rules, state, frame))
    if frame.step == "check" and frame.ones:
        return Decision(CHANCE, "chance", "shipwreck: does the ME lose cards?",
                        chance=_second_request(rules, state, frame))
    if frame.step in ("sunk", "void"):
        hidden = tuple(c.slot for c in frame.force.cards if state.hidden.card_of(c.slot) is None)
        prompt = "show the wrecked cards" if frame.step == "sunk" else "show the void ME's cards"
        return Decision(frame.force.seat, "open", prompt, slots=hidden) if hidden else None
    return None


def _legal(rules: Rules, state: MeState, frame: Shipwreck, seat: int,
           known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.step != "claim" or seat != frame.force.seat:
        return ()
    shows = [act("show", slot=c.slot) for c in frame.force.cards
             if c.slot in known and has_ability(rules, known[c.slot], IGNORE)]
    return (act("roll"), *shows)


def _handle(flow: Flow, frame: Shipwreck, entry: Entry) -> None:
    if isinstance(entry, ActionEntry):
        _claim(flow, frame, entry)
    elif isinstance(entry, ChanceEntry) and frame.step == "roll":
        _first(flow, frame, entry)
    elif isinstance(entry, ChanceEntry) and frame.step == "check" and not frame.losses:
        _second(flow, frame, entry)
    elif isinstance(entry, ChanceEntry):
        slot = picked_slot(candidates(frame.force, "card"), entry, "shipwreck")
        flow.replace_top(evolve(frame, picked=slot))


def _claim(flow: Flow, frame: Shipwreck, entry: ActionEntry) -> None:
    if entry.action.verb == "roll":
        flow.replace_top(evolve(frame, step="roll"))
        return
    slot = str(entry.action.arg("slot"))
    card = flow.opened_card(slot)
    use = next(e.use for e in flow.rules.card(card).abilities if e.name == IGNORE)
    cards = tuple(ForceCard(c.slot, use if use != "any" else c.use) if c.slot == slot else c
                  for c in frame.force.cards)
    flow.emit("shipwreck_avoided", seat=frame.force.seat, card=card)
    flow.pop()
    flow.set(outcome=CombatOutcome("shipwreck", "", True, evolve(frame.force, cards=cards), -1))


def _first(flow: Flow, frame: Shipwreck, entry: ChanceEntry) -> None:
    rolled = resolve(_first_request(flow.rules, flow.state, frame), entry.seed, entry.values)
    ones = sum(1 in dice for dice in rolled)
    flow.emit("shipwreck_rolls", seat=frame.force.seat, dice=tuple(d for r in rolled for d in r),
              danger=ones)
    flow.replace_top(evolve(frame, step="check", ones=ones))


def _second(flow: Flow, frame: Shipwreck, entry: ChanceEntry) -> None:
    rolled = resolve(_second_request(flow.rules, flow.state, frame), entry.seed, entry.values)
    counts = [dice.count(1) for dice in rolled]
    sunk = any(count >= 2 for count in counts)
    losses = 0 if sunk else sum(count == 1 for count in counts)
    flow.emit("shipwreck_checks", seat=frame.force.seat, dice=tuple(d for r in rolled for d in r),
              lost=losses, sunk=sunk)
    flow.replace_top(evolve(frame, step="sunk" if sunk else "check", ones=0, losses=losses))


def _take_loss(flow: Flow, frame: Shipwreck) -> Shipwreck | None:
    """The pending loss taken (`next_loss`); a card lost that proves the declaration void
    (rule 5.4.1, reveal.py) turns the rest of the ME into the "void" step."""
    why = lost_unfit(flow.rules, flow.state, frame.picked)
    lost = next_loss(flow, frame, SHIPWRECKED)
    if lost is None or not why:
        return lost
    announce_lost_void(flow, lost.force, why)
    return evolve(lost, step="void", ones=0, losses=0)


def _run(flow: Flow, frame: Shipwreck) -> None:
    force = frame.force
    lost = _take_loss(flow, frame)
    if lost is not None:
        frame = lost
    elif frame.step == "sunk":
        for slot in (c.slot for c in force.cards):
            discard(flow, slot, SHIPWRECK)
        flow.emit("expedition_wrecked", seat=force.seat)
        frame = evolve(frame, force=evolve(force, cards=(), dice=0, cf=0, naval_cf=0),
                       step="done")
    elif frame.step == "void":
        frame = evolve(frame, force=discard_void(flow, force), step="voided")
    else:
        flow.pop()
        kind = "void" if frame.step == "voided" else "shipwreck"
        flow.set(outcome=CombatOutcome(kind, "", not spent(force), force, -1))
        return
    flow.replace_top(frame)


register("shipwreck", Procedure(_decide, _handle, _run, legal=_legal,
                                openings=lambda r, s, f, a: (str(a.arg("slot")),)
                                if a.verb == "show" else ()))
