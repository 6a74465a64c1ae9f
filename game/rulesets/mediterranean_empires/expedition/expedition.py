"""Military Expeditions (rule 5.4): the `Expedition` frame from declaration to the ME's end.

After the declaration (muster.py): shipwreck rolls (5.4.3) → the landing choice when the naval
leg reaches the target (5.4.2: straight assault if the Fleets' City Assault CF reaches the city's
size, else a landing beside it) → the Special Event window (reactions.py) → interceptions
(5.4.4, interception.py) → the city assault (5.4.7) and conquest (6), or the field battle
against a barbarian area and its subduing (7). A face-down declaration is re-checked whenever
its cards are opened: at a loss on the way or at the battle's reveal (reveal.py); a void one
ends the ME. Interceptors' MEs use the same frame (roles "land"/"naval") and end in their
battle. `start_attack` runs a non-player force's attack.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.barbarians.areas import barbarian_dice, subdue
from game.rulesets.mediterranean_empires.barbarians.subduing import roll_subduing
from game.rulesets.mediterranean_empires.cards.cards import SPENT, discard
from game.rulesets.mediterranean_empires.cards.reactions import declared_window
from game.rulesets.mediterranean_empires.combat.battle import start_combat
from game.rulesets.mediterranean_empires.combat.battle_effects import factor
from game.rulesets.mediterranean_empires.expedition import muster, passage
from game.rulesets.mediterranean_empires.expedition.assault import city_force, conquer
from game.rulesets.mediterranean_empires.expedition.forces import (
    BARBARIANS,
    CombatOutcome,
    Force,
    ForceCard,
)
from game.rulesets.mediterranean_empires.expedition.interception import (
    defender_of,
    intercept_actions,
    interceptor,
)
from game.rulesets.mediterranean_empires.expedition.losses import spent
from game.rulesets.mediterranean_empires.expedition.routes import Route, crossings, land_path
from game.rulesets.mediterranean_empires.expedition.shipwreck import start_shipwreck
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import ActionPhase, Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.sequence.turn import ACTION_HANDLERS, ACTION_SOURCES
from game.rulesets.mediterranean_empires.state import MeState


def start_attack(flow: Flow, force: Force, target: str, origin: str = "", by_sea: bool = False,
                 reason: str = "", controller: int = -1) -> None:
    """A non-player force attacks a player's city (Combat API in docs/me-engine.md)."""
    path: tuple[str, ...]
    if by_sea or not origin:
        path, sea = (target,), 0
    else:
        subdued = frozenset(a for a, flag in zip(flow.rules.area_ids, flow.state.board.subdued,
                                                 strict=True) if flag == 1)
        path = land_path(flow.rules, origin, target, subdued) or (origin, target)
        sea = -1
    flow.set(outcome=None)
    flow.emit("attack_launched", force=force.seat, target=target, origin=origin,
              by_sea=by_sea, reason=reason)
    flow.push(Expedition(force.seat, "raid", "wreck", force, target, path, sea, by_sea,
                         controller=controller, reason=reason))


def _lead(frame: Expedition) -> int:
    return frame.seat if frame.seat >= 0 else frame.controller


def _route(frame: Expedition) -> Route:
    return Route(frame.path, frame.sea)


# -- the landing choice (rule 5.4.2) -------------------------------------------------------

def _lands_at_target(frame: Expedition) -> bool:
    return frame.sea >= 0 and frame.sea < len(frame.path) and frame.path[frame.sea] == frame.target


def _fleets(rules: Rules, state: MeState, frame: Expedition,
            known: Mapping[str, str]) -> tuple[str, ...]:
    found = []
    for card in frame.force.cards:
        card_id = state.hidden.card_of(card.slot) or known.get(card.slot)
        if card_id and rules.card(card_id).has_type("F") and card.use in ("", "F"):
            found.append(card.slot)
    return tuple(found)


def _assault_cf(rules: Rules, state: MeState, slots: tuple[str, ...],
                known: Mapping[str, str]) -> int:
    total = 0
    for slot in slots:
        cf = factor(rules, state.hidden.card_of(slot) or known[slot], "assault")
        total += cf.value if cf.value is not None else cf.dice
    return total


def _mode_actions(rules: Rules, state: MeState, frame: Expedition,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    fleets = _fleets(rules, state, frame, known)
    size = rules.content.map.city(frame.target).size
    direct = fleets and _assault_cf(rules, state, fleets, known) >= size
    return (act("land"), *((act("direct", fleets=fleets),) if direct else ()))


def _shown_fleets(action: Action) -> tuple[str, ...]:
    """The Fleet slots a `direct` action shows (rule 5.4.2); none unless given as a tuple."""
    fleets = action.arg("fleets")
    return tuple(str(s) for s in fleets) if isinstance(fleets, tuple) else ()


def _choose_mode(flow: Flow, frame: Expedition, action: Action) -> None:
    if action.verb == "land":
        flow.emit("landing", seat=frame.seat, target=frame.target)
        flow.replace_top(evolve(frame, step="window"))
        return
    fleets = _shown_fleets(action)
    cards = tuple(ForceCard(c.slot, "F") if c.slot in fleets else c for c in frame.force.cards)
    flow.emit("direct_assault", seat=frame.seat, target=frame.target,
              fleets=tuple(flow.opened_card(s) for s in fleets))
    flow.replace_top(evolve(frame, force=evolve(frame.force, cards=cards), direct=True,
                            step="window"))


def _still_direct(flow: Flow, frame: Expedition) -> Expedition:
    """Fleets lost on the way may force a landing after all (rule 5.4.2)."""
    if not frame.direct or frame.seat < 0:
        return frame
    fleets = tuple(c.slot for c in frame.force.cards if c.use == "F")
    if fleets and _assault_cf(flow.rules, flow.state, fleets, {}) >= \
            flow.rules.content.map.city(frame.target).size:
        return frame
    flow.emit("landing", seat=frame.seat, target=frame.target, forced=True)
    return evolve(frame, direct=False)


# -- the steps after the declaration -------------------------------------------------------

def _wreck(flow: Flow, frame: Expedition) -> None:
    flow.replace_top(evolve(frame, step="wrecked"))
    start_shipwreck(flow, frame.force, crossings(flow.rules, _route(frame)))


def _survived(flow: Flow, frame: Expedition, following: str) -> None:
    outcome = flow.state.outcome
    assert outcome is not None
    if outcome.kind == "void" and frame.enemy is not None:  # a void interception (reveal.py)
        flow.pop()  # the intercepted ME goes on, to be intercepted no more (`_intercepted`)
        flow.set(outcome=CombatOutcome("void", frame.target, True, frame.enemy, frame.seat))
        return
    if not outcome.attacker_won:
        _end(flow, evolve(frame, force=outcome.attacker), False)
        return
    flow.replace_top(evolve(frame, force=outcome.attacker, step=following))


def _window(flow: Flow, frame: Expedition) -> None:
    if frame.seat == BARBARIANS:  # their incursion has its own window (barbarians/attacks.py)
        flow.replace_top(evolve(frame, step="windowed"))
        flow.set(outcome=CombatOutcome("declared", "", True, frame.force, -1))
        return
    route = _route(frame)
    land = frame.role != "naval" and (route.has_land or (route.naval and not frame.direct))
    flow.replace_top(evolve(frame, step="windowed"))
    defender = frame.enemy.seat if frame.enemy is not None else \
        defender_of(flow.rules, flow.state, frame.target, frame.seat)
    declared_window(flow, frame.force, land, route.naval, _lead(frame), defender)


def _after_window(flow: Flow, frame: Expedition) -> None:
    following = "fight" if frame.enemy is not None else "intercept"
    _survived(flow, frame, following)
    top = flow.state.top
    if isinstance(top, Expedition) and top.step == "intercept":
        defender = defender_of(flow.rules, flow.state, top.target, top.seat)
        flow.replace_top(evolve(_still_direct(flow, top), defender=defender))


def _intercepted(flow: Flow, frame: Expedition) -> None:
    outcome = flow.state.outcome
    if outcome is None:  # the defender called its interception off
        flow.replace_top(evolve(frame, done=frame.done[:-1], step="intercept"))
        return
    if not outcome.attacker_won:
        _end(flow, evolve(frame, force=outcome.attacker), False)
        return
    if spent(outcome.attacker):  # it won, but lost its last card: the Leaders go too (rule 9)
        for slot in outcome.attacker.leaders:
            discard(flow, slot, SPENT)
        _end(flow, evolve(frame, force=evolve(outcome.attacker, leaders=())), False)
        return
    following = "strike" if outcome.kind == "void" else "intercept"  # void: no more of them
    flow.replace_top(evolve(frame, force=outcome.attacker, step=following))


def _strike(flow: Flow, frame: Expedition) -> None:
    flow.replace_top(evolve(frame, step="struck"))
    fleets = (frame.sea >= 0, False)
    if flow.rules.is_city(frame.target):
        defence = city_force(flow.rules, flow.state, frame.target)
        start_combat(flow, "assault", frame.force, defence, frame.target, by_sea=frame.direct,
                     fleets=fleets, lead=_lead(frame))
        return
    area = Force(BARBARIANS, dice=barbarian_dice(flow.rules, flow.state, frame.target),
                 base_die=False)
    start_combat(flow, "field", frame.force, area, frame.target, fleets=fleets,
                 lead=_lead(frame))


def _struck(flow: Flow, frame: Expedition) -> None:
    outcome = flow.state.outcome
    assert outcome is not None
    _end(flow, evolve(frame, force=outcome.attacker), outcome.attacker_won)
    if not outcome.attacker_won or not flow.state.stack:
        return
    if flow.rules.is_city(frame.target):
        conquer(flow, frame.seat, frame.target, frame.reason or "attack")
        return
    subdue(flow, frame.seat, frame.target, "subdued by an expedition")
    roll_subduing(flow, frame.seat, frame.target, leader=bool(outcome.attacker.leaders))


def _fight(flow: Flow, frame: Expedition) -> None:
    assert frame.enemy is not None
    flow.replace_top(evolve(frame, step="fought"))
    naval = frame.role == "naval"
    fleets = (True, True) if naval else (frame.enemy_sea, frame.sea >= 0)
    start_combat(flow, "naval" if naval else "field", frame.enemy, frame.force, frame.target,
                 fleets=fleets, lead=frame.controller)


def _end(flow: Flow, frame: Expedition, won: bool) -> None:
    """The ME is over: pop it and leave its result in the outcome register."""
    flow.pop()
    if frame.enemy is not None:  # an interceptor that never fought: the attacker goes on
        flow.set(outcome=CombatOutcome("declared", "", True, frame.enemy, frame.seat))
        return
    flow.set(outcome=CombatOutcome("expedition", frame.target, won, frame.force,
                                   defender_of(flow.rules, flow.state, frame.target, frame.seat)))
    flow.emit("expedition_over", seat=frame.seat, target=frame.target, won=won)


# -- the procedure -------------------------------------------------------------------------

def _decide(rules: Rules, state: MeState, frame: Expedition) -> Decision | None:
    if frame.step in muster.MUSTER_STEPS:
        return muster.decide(rules, state, frame)
    if frame.step == "passage":
        return passage.decide(rules, state, frame)
    if frame.step == "mode" and frame.role == "attack" and _lands_at_target(frame):
        # asked even when only landing is open: whether the Fleets could storm is hidden
        return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: land beside "
                        "the port, or storm it from the sea if the Fleets are strong enough")
    if frame.step == "intercept" and intercept_actions(rules, state, frame):
        return Decision(frame.defender, "action", f"{state.seats[frame.defender].empire}: "
                        f"intercept {_whose(rules, state, frame)}, or decline")
    return None


def _whose(rules: Rules, state: MeState, frame: Expedition) -> str:
    """'Rome's expedition against Capua' (a player's), or 'the expedition against Capua'."""
    city = rules.content.map.city(frame.target).name
    owner = f"{state.seats[frame.seat].empire.capitalize()}'s" \
        if 0 <= frame.seat < len(state.seats) else "the"
    return f"{owner} expedition against {city}"


def _legal(rules: Rules, state: MeState, frame: Expedition, seat: int,
           known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.step in muster.MUSTER_STEPS:
        return muster.legal(rules, state, frame, seat, known)
    if frame.step == "passage":
        return passage.legal(rules, state, frame, seat)
    if frame.step == "mode" and seat == frame.seat:
        return _mode_actions(rules, state, frame, known)
    if frame.step == "intercept" and seat == frame.defender:
        return intercept_actions(rules, state, frame)
    return ()


def _handle(flow: Flow, frame: Expedition, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    action = entry.action
    if frame.step in muster.MUSTER_STEPS:
        muster.handle(flow, frame, entry)
    elif frame.step == "passage":
        passage.handle(flow, frame, entry)
    elif frame.step == "mode":
        _choose_mode(flow, frame, action)
    elif action.verb == "decline":
        flow.emit("interception_declined", seat=entry.seat)
        flow.replace_top(evolve(frame, step="strike"))
    else:
        at = str(action.arg("at"))
        kind = "naval" if at == "sea" else "land"
        flow.replace_top(evolve(frame, done=(*frame.done, kind), step="intercepted"))
        flow.emit("interception", seat=entry.seat, by=kind, at=at)
        flow.set(outcome=None)
        flow.push(interceptor(frame, at))


STEPS = {"wreck": _wreck, "window": _window, "windowed": _after_window,
         "intercepted": _intercepted, "strike": _strike, "struck": _struck, "fight": _fight}


def _run(flow: Flow, frame: Expedition) -> None:
    if frame.step == "wrecked":
        _survived(flow, frame, "mode")
    elif frame.step == "passage":
        flow.replace_top(evolve(frame, step="wreck"))
    elif frame.step == "mode":
        flow.replace_top(evolve(frame, step="window"))
    elif frame.step == "intercept":
        flow.replace_top(evolve(frame, step="strike"))
    elif frame.step == "fought":
        flow.pop()  # the battle's outcome stays in the register for the attacker
    else:
        STEPS[frame.step](flow, frame)


def _openings(rules: Rules, state: MeState, frame: Expedition,
              action: Action) -> tuple[str, ...]:
    return _shown_fleets(action) if action.verb == "direct" else ()


register("expedition", Procedure(_decide, _handle, _run, legal=_legal, openings=_openings))


# -- the action (rule 5.4) -----------------------------------------------------------------

def _source(rules: Rules, state: MeState, frame: ActionPhase,
            known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.expeditions_left <= 0 or not state.seats[frame.seat].hand:
        return ()
    return (act("expedition"),) if muster.has_target(rules, state, frame.seat) else ()


def _declare(flow: Flow, frame: ActionPhase, entry: ActionEntry) -> None:
    flow.push(Expedition(frame.seat, "attack", "target", Force(frame.seat)))


ACTION_SOURCES["expedition"] = _source
ACTION_HANDLERS["expedition"] = _declare
