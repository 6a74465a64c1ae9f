"""Declaring an ME (rules 5.4, 5.4.1) as small decisions: target, route, cards, confirm.

An attacker picks the target, then a land route (with optional rule 8.2 also one through
other players' cities, asked for free passage after the cards are placed: passage.py) or an
embarkation port (then where the naval leg lands), then adds hand cards face down one at a
time, and confirms or cancels (cancelling leaves the action phase as it was). An interceptor
does the same towards its interception position (or, for a naval interception, just picks its
embarkation port).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.cards import remove_from_hand
from game.rulesets.mediterranean_empires.cards.truces import in_truce
from game.rulesets.mediterranean_empires.combat.battle_effects import forbidden, has_ability
from game.rulesets.mediterranean_empires.expedition.forces import ForceCard
from game.rulesets.mediterranean_empires.expedition.routes import (
    Route,
    capital_held,
    crossings,
    embark_ports,
    land_path,
    land_route,
    landing_ports,
    naval_route,
    own_nodes,
    passage_owners,
    passage_route,
    reachable_targets,
    reaches_any,
)
from game.rulesets.mediterranean_empires.flow import Flow, shared_action
from game.rulesets.mediterranean_empires.frames import ActionPhase, Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState, board_memo

MUSTER_STEPS = ("target", "route", "port", "cards")


def valid_target(rules: Rules, state: MeState, seat: int, node: str) -> bool:
    """A free barbarian area, a neutral city, or another player's city not under truce."""
    if not rules.is_city(node):
        return state.board.subdued[rules.area_index(node)] == 0
    owner = state.board.owner[rules.city_index(node)]
    return owner == NEUTRAL or (owner >= 0 and owner != seat
                                and not in_truce(state, seat, owner))


def targets(rules: Rules, state: MeState, seat: int) -> tuple[str, ...]:
    """Targets an ME of `seat` may have now (only its own capital once that is lost)."""
    if not capital_held(state, seat, rules):
        capital = state.seats[seat].capital
        return (capital,) if valid_target(rules, state, seat, capital) else ()
    reach, board = reachable_targets(rules, state, seat), state.board
    spared = _truced_with(state, seat)
    cities = [city for city, owner in zip(rules.city_ids, board.owner, strict=True)
              if city in reach and (owner == NEUTRAL or (owner >= 0 and owner != seat
                                                         and owner not in spared))]
    areas = [area for area, subdued in zip(rules.area_ids, board.subdued, strict=True)
             if area in reach and subdued == 0]
    return (*cities, *areas)


def _truced_with(state: MeState, seat: int) -> frozenset[int]:
    """The seats a truce shields from `seat`'s expeditions now (`valid_target`'s test)."""
    if not state.truces:
        return frozenset()
    return frozenset(other for other in range(len(state.seats)) if in_truce(state, seat, other))


def _target_actions(rules: Rules, state: MeState, seat: int) -> tuple[Action, ...]:
    """Pick a target, or cancel (once per board: the table and the core's guard both ask)."""
    key = (rules, "target_actions", seat, state.seats[seat].capital, state.truces)
    return board_memo(state, key, lambda: (
        *(shared_action("target", "to", t) for t in targets(rules, state, seat)), act("cancel")))


def has_target(rules: Rules, state: MeState, seat: int) -> bool:
    """Whether an ME of `seat` has any target now (asked in every action phase)."""
    def any_target() -> bool:
        if not capital_held(state, seat, rules):
            return bool(targets(rules, state, seat))
        return reaches_any(rules, state, seat, lambda node: valid_target(rules, state, seat,
                                                                         node))
    key = (rules, "has_target", seat, state.seats[seat].capital, state.truces)
    return board_memo(state, key, any_target)


def enemy_empire(rules: Rules, state: MeState, frame: Expedition) -> str:
    """The empire the ME fights (forbidden_against), or "" for neutrals and barbarians."""
    if frame.enemy is not None:
        seat = frame.enemy.seat
    elif rules.is_city(frame.target):
        seat = state.board.owner[rules.city_index(frame.target)]
    else:
        seat = -1
    return state.seats[seat].empire if seat >= 0 else ""


# -- routes --------------------------------------------------------------------------------

def route_actions(rules: Rules, state: MeState, frame: Expedition) -> tuple[Action, ...]:
    """Ways to go: by land, or by sea from an embarkation port (rule 5.4.1)."""
    seat, goal = frame.seat, frame.target
    if frame.role == "attack" and not capital_held(state, seat, rules):
        sea = (act("route", via="sea"),) if rules.content.map.city(goal).port else ()
        return (act("route", via="land"), *sea)
    if frame.role == "naval":
        return tuple(act("embark", port=port) for port in embark_ports(rules, state, seat))
    found = [act("route", via="land")] if land_route(rules, state, seat, goal) else []
    if state.option("free_passage") and passage_route(rules, state, seat, goal):
        found.append(act("route", via="passage"))
    found += [act("embark", port=port) for port in embark_ports(rules, state, seat)
              if landing_ports(rules, state, seat, port, goal)]
    return tuple(found)


def _route_of(rules: Rules, state: MeState, frame: Expedition, action: Action) -> Route | None:
    """The route an action picks (None: a landing port is still to choose)."""
    seat, goal = frame.seat, frame.target
    if action.verb == "route" and not capital_held(state, seat, rules) and frame.role == "attack":
        return Route((goal,), 0 if action.arg("via") == "sea" else -1)
    if action.verb == "route" and action.arg("via") == "passage":
        return passage_route(rules, state, seat, goal)
    if action.verb == "route":
        return land_route(rules, state, seat, goal)
    port = str(action.arg("port"))
    if action.verb == "embark" and frame.role == "naval":
        path = land_path(rules, state.seats[seat].capital, port, own_nodes(rules, state, seat))
        assert path is not None
        return Route(path, len(path))
    if action.verb == "embark":
        return None
    return naval_route(rules, state, seat, frame.path[0], port, goal)


def route_options(rules: Rules, state: MeState,
                  frame: Expedition) -> tuple[tuple[Action, Route, tuple[str, ...]], ...]:
    """Each route/port choice the builder may make now (as in its legal list) with the route
    it takes and, for an embarkation whose landing port is still to choose, the land leg to
    that port and the ports the naval leg may land at (else ()). For the view's preview:
    nothing here is part of the state."""
    if frame.step not in ("route", "port"):
        return ()
    seat = frame.seat
    found = []
    for action in legal(rules, state, frame, seat, {}):
        if action.verb == "cancel":
            continue
        route = _route_of(rules, state, frame, action)
        landings: tuple[str, ...] = ()
        if route is None:  # an embarkation: the landing port is the next choice
            port = str(action.arg("port"))
            path = land_path(rules, state.seats[seat].capital, port,
                             own_nodes(rules, state, seat))
            assert path is not None, "embarkation ports are reachable over land"
            route = Route(path)
            landings = landing_ports(rules, state, seat, port, frame.target)
        found.append((action, route, landings))
    return tuple(found)


# -- cards ---------------------------------------------------------------------------------

def unfit(rules: Rules, card: str, naval: bool, empire: str) -> str:
    """Why a card may not join an ME face down, or "" when it may (rule 5.4.1): Troops; Fleets
    only with a naval leg or escort_land_expedition; never against a protected empire."""
    types = rules.card(card).types
    if empire and forbidden(rules, card, empire):
        return f"{rules.card(card).name} may not be used against {empire.capitalize()}"
    if "T" in types or ("F" in types and naval):
        return ""
    if "F" in types and has_ability(rules, card, "escort_land_expedition", "F"):
        return ""
    if "F" in types:
        return f"{rules.card(card).name} is a Fleet on a route with no naval leg"
    return f"{rules.card(card).name} is neither a Troop nor a Fleet"


def eligible(rules: Rules, frame: Expedition, card: str, empire: str) -> bool:
    """Whether a hand card may join this ME face down (`unfit` says why not)."""
    return not unfit(rules, card, frame.sea >= 0, empire)


def lacks_fleet(rules: Rules, naval: bool, cards: Iterable[str | None]) -> bool:
    """A naval ME needs a Fleet (rule 5.4.1); None is a card only its owner knows (its own
    business), so a force with one never lacks a Fleet."""
    if not naval:
        return False
    found = tuple(cards)
    return None not in found and not any(rules.card(c).has_type("F") for c in found if c)


def _card_actions(rules: Rules, state: MeState, frame: Expedition,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    chosen = {c.slot for c in frame.force.cards}
    empire = enemy_empire(rules, state, frame)
    adds = [shared_action("add", "slot", slot) for slot in state.seats[frame.seat].hand
            if slot not in chosen and (slot not in known
                                       or eligible(rules, frame, known[slot], empire))]
    confirm = [act("confirm")] if chosen and _enough(rules, frame, known) else []
    return (*adds, *confirm, act("cancel"))


def _enough(rules: Rules, frame: Expedition, known: Mapping[str, str]) -> bool:
    """Whether the cards added so far may set out (a naval ME needs a Fleet)."""
    return not lacks_fleet(rules, frame.sea >= 0, (known.get(c.slot) for c in frame.force.cards))


# -- the procedure parts -------------------------------------------------------------------

def decide(rules: Rules, state: MeState, frame: Expedition) -> Decision:
    """The pending decision while an ME is being declared."""
    return _declaring(frame.seat, state.seats[frame.seat].empire, frame.step,
                      len(frame.force.cards))


@lru_cache(maxsize=1024)  # a Decision is immutable: one object per seat, step and count
def _declaring(seat: int, who: str, step: str, added: int) -> Decision:
    prompts = {"target": "choose the expedition's target",
               "route": "choose the route (by land, or the port to sail from)",
               "port": "choose where the naval leg lands",
               "cards": f"add cards face down ({added} so far), confirm or cancel"}
    return Decision(seat, "action", f"{who}: {prompts[step]}")


def legal(rules: Rules, state: MeState, frame: Expedition, seat: int,
          known: Mapping[str, str]) -> tuple[Action, ...]:
    """Legal actions while an ME is being declared."""
    if seat != frame.seat:
        return ()
    if frame.step == "target":
        return _target_actions(rules, state, seat)
    if frame.step == "route":
        return (*route_actions(rules, state, frame), act("cancel"))
    if frame.step == "port":
        ports = landing_ports(rules, state, seat, frame.path[0], frame.target)
        return (*(shared_action("land_at", "port", p) for p in ports), act("cancel"))
    return _card_actions(rules, state, frame, known)


def handle(flow: Flow, frame: Expedition, entry: ActionEntry) -> None:
    """Resolve one declaring action."""
    action = entry.action
    if action.verb == "cancel":
        _cancel(flow, frame)
    elif action.verb == "target":
        flow.replace_top(evolve(frame, target=str(action.arg("to")), step="route"))
    elif action.verb in ("route", "embark", "land_at"):
        route = _route_of(flow.rules, flow.state, frame, action)
        flow.replace_top(evolve(frame, path=(str(action.arg("port")),), step="port")
                         if route is None else
                         evolve(frame, path=route.path, sea=route.sea, step="cards"))
    elif action.verb == "add":
        card = ForceCard(str(action.arg("slot")))
        flow.replace_top(evolve(frame, force=evolve(frame.force,
                                                    cards=(*frame.force.cards, card))))
    else:
        _confirm(flow, frame)


def _cancel(flow: Flow, frame: Expedition) -> None:
    flow.pop()
    flow.emit("expedition_withdrawn", seat=frame.seat, role=frame.role)
    if frame.role != "attack":
        flow.set(outcome=None)


def _confirm(flow: Flow, frame: Expedition) -> None:
    for card in frame.force.cards:
        remove_from_hand(flow, frame.seat, card.slot)
    route = Route(frame.path, frame.sea)
    flow.pop()
    if frame.role == "attack":
        _use_action(flow)
    asks = passage_owners(flow.rules, flow.state, frame.seat, route)
    flow.push(evolve(frame, step="passage" if asks else "wreck"))
    flow.emit("expedition_declared", seat=frame.seat, role=frame.role, target=frame.target,
              cards=len(frame.force.cards), naval=route.naval, land=route.has_land,
              crossings=crossings(flow.rules, route))


def _use_action(flow: Flow) -> None:
    """The ME is the seat's action: the phase ends, or allows a second ME (Campaign Season)."""
    phase = flow.state.top
    assert isinstance(phase, ActionPhase)
    left = phase.expeditions_left - 1
    if left > 0:
        flow.replace_top(evolve(phase, expeditions_left=left, imperium_left=0, acted=True))
    else:
        flow.pop()
