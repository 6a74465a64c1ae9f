"""Naval and field battles and city assaults (rules 5.4.5-5.4.7): one `Combat` frame, in steps.

reveal (owners open face-down ME cards, attacker first; a void declaration calls the battle off,
reveal.py) → types (a card with several types is given one, attacker first, then defender; the
last possible Fleet of a force by sea stays a Fleet; rules decisions) → deploy (carrying
capacity, random discards of excess Troops, loading Troops on Fleets) → play (the card window,
reactions.py) → tables (roll_table cards played, in play order) → opening, resolve, casualties,
end, recovery (battle_end.py). Random losses queued in `losses` are taken before anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry, OpenEntry
from game.core.records import DERIVED_CACHE, evolve
from game.rulesets.mediterranean_empires.cards.cards import card_in, remove_from_hand
from game.rulesets.mediterranean_empires.cards.holdings import hand_candidates
from game.rulesets.mediterranean_empires.cards.reactions import window_order
from game.rulesets.mediterranean_empires.combat import battle_end
from game.rulesets.mediterranean_empires.combat.battle_effects import (
    PLAY_FACTS,
    PLAY_TYPES,
    factor,
    forbidden,
    force_of,
    hand_play_options,
    has_ability,
    late_joiner,
    late_kind,
    may_play_any,
    side_cf,
    targets,
)
from game.rulesets.mediterranean_empires.combat.records import (
    ATTACKER,
    DEFENDER,
    FIGHT_NAMES,
    Played,
    Window,
)
from game.rulesets.mediterranean_empires.expedition.forces import Force, ForceCard
from game.rulesets.mediterranean_empires.expedition.losses import UNFIT, pick_decision, picked_slot
from game.rulesets.mediterranean_empires.expedition.reveal import settle_void, void_reason
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import Combat
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

SIDES = (ATTACKER, DEFENDER)


def start_combat(flow: Flow, fight: str, attacker: Force, defender: Force, where: str,
                 by_sea: bool = False, fleets: tuple[bool, bool] | None = None,
                 lead: int = -1) -> None:
    """Push one combat (see docs/me-engine.md, Combat API); it ends with `state.outcome`."""
    fleets = fleets if fleets is not None else (fight == "naval", fight == "naval")
    lead = attacker.seat if attacker.seat >= 0 else lead
    flow.set(outcome=None)
    flow.emit("combat_started", fight=fight, where=where, attacker=attacker.seat,
              defender=defender.seat, attacker_name=flow.empire_name(attacker.seat),
              defender_name=flow.empire_name(defender.seat))
    flow.push(Combat(fight, where, attacker, defender, lead, fleets, by_sea))


def with_force(frame: Combat, side: int, force: Force) -> Combat:
    """The combat with one side's force replaced."""
    return evolve(frame, **{"attacker" if side == ATTACKER else "defender": force})


# -- reveal and types ----------------------------------------------------------------------

def _hidden(state: MeState, force: Force) -> tuple[str, ...]:
    return tuple(c.slot for c in force.cards if state.hidden.card_of(c.slot) is None)


def type_options(rules: Rules, state: MeState, frame: Combat, side: int,
                 card: ForceCard) -> tuple[str, ...]:
    """The types (T, F) a revealed ME card may serve as here (none: it cannot be used); the
    last card that can be a Fleet of a force that needs one stays a Fleet (rule 5.4.1)."""
    found = _fitting_types(rules, state, frame, side, card)
    if len(found) > 1 and _last_fleet(rules, state, frame, side, card):
        return ("F",)
    return found


def _last_fleet(rules: Rules, state: MeState, frame: Combat, side: int,
                card: ForceCard) -> bool:
    """Whether `card` is the only one left that can be a Fleet of a force that travelled by
    sea or fights at sea: an ME on a naval route must include a Fleet (rule 5.4.1), and a
    Fleet that may also be a Troop stays a Fleet for the whole ME (rule 5.4.6)."""
    if not _carried(frame, side):
        return False
    others = (c for c in force_of(frame, side).cards if c.slot != card.slot)
    return not any(c.use == "F" or (not c.use and "F" in _fitting_types(rules, state, frame,
                                                                         side, c))
                   for c in others)


def _fitting_types(rules: Rules, state: MeState, frame: Combat, side: int,
                   card: ForceCard) -> tuple[str, ...]:
    """The types a revealed ME card could serve as in this fight, on its own."""
    card_id = card_in(state, card.slot)
    enemy = force_of(frame, 1 - side).seat
    if enemy >= 0 and forbidden(rules, card_id, state.seats[enemy].empire):
        return ()
    found = []
    if rules.card(card_id).has_type("T"):
        found.append("T")
    escort = has_ability(rules, card_id, "escort_land_expedition", "F")
    if rules.card(card_id).has_type("F") and (frame.fleets[side] or escort) \
            and _provinces_ok(rules, frame, card_id):
        found.append("F")
    return tuple(found)


def _provinces_ok(rules: Rules, frame: Combat, card: str) -> bool:
    """target_provinces_only: such a Fleet carries an ME only to the listed provinces."""
    if frame.fight == "field" or not rules.is_city(frame.where):
        return True
    province = rules.content.map.city(frame.where).province
    return all(province in e.param("provinces") for e in rules.card(card).abilities
               if e.name == "target_provinces_only")


def _untyped(rules: Rules, state: MeState, frame: Combat) -> tuple[int, ForceCard] | None:
    for side in SIDES:
        for card in force_of(frame, side).cards:
            if not card.use and len(type_options(rules, state, frame, side, card)) > 1:
                return side, card
    return None


def _settle_types(flow: Flow, frame: Combat) -> Combat:
    """Give single-option cards their type; cards that fit no type are discarded."""
    for side in SIDES:
        force = force_of(frame, side)
        cards, unusable = [], []
        for card in force.cards:
            options = () if card.use else type_options(flow.rules, flow.state, frame, side, card)
            if card.use or options:
                cards.append(card if card.use else ForceCard(card.slot, options[0]))
            else:
                unusable.append(card.slot)
        frame = with_force(frame, side, evolve(force, cards=tuple(cards) + tuple(
            ForceCard(slot) for slot in unusable)))
        for slot in unusable:
            frame = battle_end.lose_card(flow, frame, side, slot, UNFIT)
    return frame


# -- deployment ----------------------------------------------------------------------------

def capacity(rules: Rules, state: MeState, force: Force) -> int:
    """Troops the force's Fleets can carry: their total naval CF (rule 5.4.1)."""
    return sum(factor(rules, card_in(state, c.slot), "naval").value or 0
               for c in force.cards if c.use == "F")


def _carried(frame: Combat, side: int) -> bool:
    """Whether a side's Troops travel on its Fleets: its route has a naval leg (rule 5.4.7
    checks the capacity whenever the ME is revealed), or this is a naval battle."""
    return frame.fight == "naval" or frame.fleets[side]


def _deploy(flow: Flow, frame: Combat) -> Combat:
    losses = list(frame.losses)
    for side in SIDES:
        force = force_of(frame, side)
        if force.seat < 0 or not _carried(frame, side):
            continue
        troops = sum(c.use == "T" for c in force.cards)
        excess = troops - capacity(flow.rules, flow.state, force)
        losses += [(side, "troop", "")] * max(0, excess)
    return evolve(frame, losses=tuple(losses), step="load")


def _room(rules: Rules, state: MeState, force: Force) -> tuple[str, ...]:
    """Fleets with room for one more Troop."""
    def load(fleet: str) -> int:
        return sum(c.carrier == fleet for c in force.cards)
    return tuple(c.slot for c in force.cards if c.use == "F"
                 and load(c.slot) < (factor(rules, card_in(state, c.slot), "naval").value or 0))


def _unloaded(frame: Combat, side: int) -> tuple[ForceCard, ...]:
    return tuple(c for c in force_of(frame, side).cards if c.use == "T" and not c.carrier)


def _load_choice(rules: Rules, state: MeState, frame: Combat) -> tuple[int, ForceCard] | None:
    if frame.fight != "naval":
        return None  # which Fleet carries which Troop only matters in a naval battle
    for side in SIDES:
        if force_of(frame, side).seat >= 0:
            waiting = _unloaded(frame, side)
            if waiting and len(_room(rules, state, force_of(frame, side))) > 1:
                return side, waiting[0]
    return None


def _load(frame: Combat, side: int, troop: str, fleet: str) -> Combat:
    force = force_of(frame, side)
    cards = tuple(ForceCard(c.slot, c.use, fleet) if c.slot == troop else c
                  for c in force.cards)
    return with_force(frame, side, evolve(force, cards=cards))


def _auto_load(flow: Flow, frame: Combat) -> Combat:
    for side in SIDES:
        if force_of(frame, side).seat < 0 or frame.fight != "naval":
            continue
        for troop in _unloaded(frame, side):
            room = _room(flow.rules, flow.state, force_of(frame, side))
            if room:
                frame = _load(frame, side, troop.slot, room[0])
    return frame


def _open_window(flow: Flow, frame: Combat) -> Combat:
    deployed = tuple(len(battle_end.fighters(frame, side)) for side in SIDES)
    cf = tuple(side_cf(flow.rules, flow.state, frame, side) for side in SIDES)
    flow.emit("deployed", fight=frame.fight, where=frame.where, attacker_cf=cf[0][0],
              defender_cf=cf[1][0], attacker_cards=deployed[0], defender_cards=deployed[1])
    order = window_order(flow.state, frame.lead, frame.defender.seat)
    frame = evolve(frame, deployed=deployed, window=Window(order), step="play")
    return battle_end.check_assault(flow, frame)


# -- the card window -----------------------------------------------------------------------

def _could_play(rules: Rules, state: MeState, frame: Combat) -> bool:
    seat = frame.window.seat
    return may_play_any(rules, state, frame, seat, hand_candidates(state, seat),
                        _playable_kinds(rules, frame.fight))


@cache  # content only
def _playable_kinds(rules: Rules, fight: str) -> frozenset[str]:
    """Every card that passes `_playable_kind` for this kind of combat."""
    return frozenset(c.id for c in rules.content.decks.cards if _playable_kind(rules, c.id, fight))


@cache  # content only
def _playable_kind(rules: Rules, card: str, fight: str) -> bool:
    """A quick filter: only these types (or a late-joining Troop) are ever played in."""
    types = rules.card(card).types
    return any(t in PLAY_TYPES[fight] for t in types) or late_kind(rules, card)


def _play(flow: Flow, frame: Combat, entry: ActionEntry) -> None:
    action = entry.action
    slot, use, side = str(action.arg("slot")), str(action.arg("use")), int(str(action.arg("side")))
    remove_from_hand(flow, entry.seat, slot)
    flow.emit("card_played", seat=entry.seat, card=flow.opened_card(slot), use=use)
    frame = evolve(frame, window=frame.window.played())
    if use == "T":
        force = force_of(frame, side)
        frame = with_force(frame, side, evolve(force, cards=(*force.cards,
                                                             ForceCard(slot, "T"))))
    else:
        frame = evolve(frame, played=(*frame.played, Played(slot, entry.seat, use, side)))
    flow.replace_top(frame)


# -- the procedure -------------------------------------------------------------------------

def _decide(rules: Rules, state: MeState, frame: Combat) -> Decision | None:
    if frame.picked or frame.losses:
        return _loss_decision(rules, state, frame)
    if frame.step == "reveal":
        return _reveal_decision(rules, state, frame)
    if frame.step == "types":
        pending = _untyped(rules, state, frame)
        return None if pending is None else Decision(
            force_of(frame, pending[0]).seat, "action", "choose how a card is used")
    if frame.step == "load":
        pending_load = _load_choice(rules, state, frame)
        return None if pending_load is None else Decision(
            force_of(frame, pending_load[0]).seat, "action", "load a Troop on a Fleet")
    if frame.step == "play":
        if frame.window.closed or not _could_play(rules, state, frame):
            return None
        seat = frame.window.seat
        return _play_decision(seat, state.seats[seat].empire, frame.fight)
    return battle_end.decide(rules, state, frame)


@lru_cache(maxsize=256)  # a Decision is immutable: one object per seat, empire and fight
def _play_decision(seat: int, empire: str, fight: str) -> Decision:
    return Decision(seat, "action",
                    f"{empire}: play a card into the {FIGHT_NAMES[fight]} or pass")


def _reveal_decision(rules: Rules, state: MeState, frame: Combat) -> Decision | None:
    """Owners open their face-down cards, attacker first; none once an opened force proves
    void (rule 5.4.1: an interception sent against a void ME stays face down, reveal.py)."""
    for side in SIDES:
        hidden = _hidden(state, force_of(frame, side))
        if hidden:
            return Decision(force_of(frame, side).seat, "open", "reveal your expedition",
                            slots=hidden)
        if void_reason(rules, state, frame, side):
            return None
    return None


def _loss_decision(rules: Rules, state: MeState, frame: Combat) -> Decision | None:
    side, what, tag = frame.losses[0]
    force = force_of(frame, side)
    if force.seat < 0:
        return None
    pool = targets(rules, state, frame, side, what, tag)
    return pick_decision(state, force.seat, pool, frame.picked, "battle")


def _legal(rules: Rules, state: MeState, frame: Combat, seat: int,
           known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.picked or frame.losses:
        return ()
    if frame.step == "types":
        pending = _untyped(rules, state, frame)
        if pending is None or force_of(frame, pending[0]).seat != seat:
            return ()
        side, card = pending
        return tuple(act("use", slot=card.slot, type=t)
                     for t in type_options(rules, state, frame, side, card))
    if frame.step == "load":
        return _load_legal(rules, state, frame, seat)
    if frame.step == "play":
        return _play_legal(rules, state, frame, seat, known)
    return battle_end.legal(rules, state, frame, seat)


def _load_legal(rules: Rules, state: MeState, frame: Combat, seat: int) -> tuple[Action, ...]:
    pending = _load_choice(rules, state, frame)
    if pending is None or force_of(frame, pending[0]).seat != seat:
        return ()
    side, troop = pending
    return tuple(act("load", slot=troop.slot, fleet=f)
                 for f in _room(rules, state, force_of(frame, side)))


def _play_legal(rules: Rules, state: MeState, frame: Combat, seat: int,
                known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.window.closed or seat != frame.window.seat:
        return ()
    options = hand_play_options(rules, state, frame, seat)
    plays = [_play_action(slot, use, side) for slot in state.seats[seat].hand if slot in known
             for use, side in options(known[slot])]
    return (act("pass"), *plays)


@lru_cache(maxsize=4096)  # slot ids repeat from game to game, and an Action is immutable
def _play_action(slot: str, use: str, side: int) -> Action:
    return act("play", slot=slot, use=use, side=side)


def _handle(flow: Flow, frame: Combat, entry: Entry) -> None:
    if isinstance(entry, OpenEntry):
        return  # the core has made the cards public; the next step runs by itself
    if isinstance(entry, ChanceEntry) and frame.losses and not frame.picked:
        side, what, tag = frame.losses[0]
        pool = targets(flow.rules, flow.state, frame, side, what, tag)
        flow.replace_top(evolve(frame, picked=picked_slot(pool, entry, "battle")))
        return
    if isinstance(entry, ActionEntry) and _handle_action(flow, frame, entry):
        return
    battle_end.handle(flow, frame, entry)


def _handle_action(flow: Flow, frame: Combat, entry: ActionEntry) -> bool:
    action = entry.action
    if action.verb == "use":
        slot, use = str(action.arg("slot")), str(action.arg("type"))
        side = ATTACKER if any(c.slot == slot for c in frame.attacker.cards) else DEFENDER
        force = force_of(frame, side)
        cards = tuple(ForceCard(slot, use) if c.slot == slot else c for c in force.cards)
        flow.replace_top(with_force(frame, side, evolve(force, cards=cards)))
    elif action.verb == "load":
        slot = str(action.arg("slot"))
        side = ATTACKER if any(c.slot == slot for c in frame.attacker.cards) else DEFENDER
        flow.replace_top(_load(frame, side, slot, str(action.arg("fleet"))))
    elif action.verb == "pass" and frame.step == "play":
        flow.replace_top(_passed(frame))
    elif action.verb == "play":
        _play(flow, frame, entry)
    else:
        return False
    return True


def _run(flow: Flow, frame: Combat) -> None:
    if frame.picked or frame.losses:
        flow.replace_top(battle_end.take_loss(flow, frame))
    elif frame.step == "reveal":
        if not settle_void(flow, frame):  # re-checked right after the openings (reveal.py)
            flow.replace_top(evolve(frame, step="types"))
    elif frame.step == "types":
        flow.replace_top(_deploy(flow, _settle_types(flow, frame)))
    elif frame.step == "load":
        flow.replace_top(_open_window(flow, _auto_load(flow, frame)))
    elif frame.step == "play" and not frame.window.closed:
        flow.replace_top(_passed(frame))
    elif frame.step == "play":
        flow.replace_top(evolve(frame, step="tables"))
    else:
        battle_end.run(flow, frame)


def _passed(frame: Combat) -> Combat:
    """The window moves on to the next seat. What may be played (`army`, `play_sides`) depends
    on the forces and the cards played alone, so it stays with the frame."""
    moved = evolve(frame, window=frame.window.passed())
    derived = frame.__dict__.get(DERIVED_CACHE, {})
    kept = {key: derived[key] for key in PLAY_FACTS if key in derived}
    if kept:
        moved.__dict__[DERIVED_CACHE] = kept
    return moved


def _openings(rules: Rules, state: MeState, frame: Combat, action: Action) -> tuple[str, ...]:
    return (str(action.arg("slot")),) if action.verb == "play" else ()


register("combat", Procedure(_decide, _handle, _run, legal=_legal, openings=_openings))

__all__ = ["capacity", "late_joiner", "start_combat", "type_options"]
