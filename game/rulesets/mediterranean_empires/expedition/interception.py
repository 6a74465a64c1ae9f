"""Interception (rule 5.4.4): the defender answers an ME with an ME of its own.

Only the player who owns the target city may intercept (never barbarians or neutrals), only
while holding its own capital and able to trace a route: by land at any city or subdued area
on the attacker's route (the target too, unless the ME assaults it straight from the sea), or
at sea when the attacker's route has a naval leg and the defender reaches an own port over
land. Both kinds may be declared against one ME, in the defender's chosen order, never two of
one kind. The interceptor's ME rolls its own shipwrecks and may be hit by Special Events; it
then fights a field (land) or naval battle against the attacking ME.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.mediterranean_empires.expedition.forces import Force
from game.rulesets.mediterranean_empires.expedition.routes import (
    Route,
    capital_held,
    embark_ports,
    land_positions,
    land_route,
    landing_ports,
)
from game.rulesets.mediterranean_empires.frames import Expedition
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

NOBODY = -9


def defender_of(rules: Rules, state: MeState, target: str, attacker: int) -> int:
    """The seat that may intercept an attack on `target` (NOBODY for areas and neutrals)."""
    if not rules.is_city(target):
        return NOBODY
    owner = state.board.owner[rules.city_index(target)]
    return owner if owner >= 0 and owner != attacker else NOBODY


def can_reach(rules: Rules, state: MeState, seat: int, position: str) -> bool:
    """Whether `seat` can trace a route (rule 5.4.1) from its capital to `position`."""
    if land_route(rules, state, seat, position) is not None:
        return True
    return any(landing_ports(rules, state, seat, port, position)
               for port in embark_ports(rules, state, seat))


def intercept_actions(rules: Rules, state: MeState, frame: Expedition) -> tuple[Action, ...]:
    """The defender's choices against an ME (empty: no interception is possible)."""
    seat = frame.defender
    if seat < 0 or not capital_held(state, seat, rules) or not state.seats[seat].hand:
        return ()
    route = Route(frame.path, frame.sea)
    found = []
    if "land" not in frame.done:
        found += [act("intercept", at=node)
                  for node in land_positions(rules, state, route, frame.direct)
                  if can_reach(rules, state, seat, node)]
    if "naval" not in frame.done and route.naval and embark_ports(rules, state, seat):
        found.append(act("intercept", at="sea"))
    return (act("decline"), *found) if found else ()


def interceptor(frame: Expedition, at: str) -> Expedition:
    """The interceptor's ME, about to choose its route (rule 5.4.4)."""
    naval = at == "sea"
    lead = frame.seat if frame.seat >= 0 else frame.controller
    return Expedition(frame.defender, "naval" if naval else "land", "route",
                      Force(frame.defender), target=frame.target if naval else at,
                      enemy=frame.force, enemy_sea=frame.sea >= 0, controller=lead)
