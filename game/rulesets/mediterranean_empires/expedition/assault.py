"""City assault (rule 5.4.7) and conquest (rule 6).

The assault itself is a `Combat` of kind "assault" (battle.py): the attacker's City Assault CF
(Fleets only when a port is attacked straight from the sea) plus 1d6 and card dice, against
the city's dice; only Leader, City Assault, City Defense and Special Event cards may be
played; ties go to the city; every card of the ME is discarded afterwards, with no recovery
roll except the cards' own (recover_on_discard).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rulesets.mediterranean_empires.control import transfer_city
from game.rulesets.mediterranean_empires.expedition.forces import NEUTRAL_FORCE, Force
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState

ConquestHook = Callable[[Flow, int, str], None]
AFTER_CONQUEST: list[ConquestHook] = []
"""hook(flow, seat, city) run right after a seat conquers a city by assault (rule 6)."""


def defence_dice(rules: Rules, state: MeState, city: str) -> int:
    """Size + fortification markers, +1 for a capital held by its own empire (key cities
    add nothing)."""
    index = rules.city_index(city)
    owner = state.board.owner[index]
    capital = owner >= 0 and state.seats[owner].capital == city
    return rules.content.map.city(city).size + state.board.forts[index] + capital


def city_force(rules: Rules, state: MeState, city: str) -> Force:
    """The defending side of a city assault: the owner (or neutral) rolling the city's dice."""
    owner = state.board.owner[rules.city_index(city)]
    seat = owner if owner >= 0 else NEUTRAL_FORCE
    return Force(seat, dice=defence_dice(rules, state, city), base_die=False)


def conquer(flow: Flow, seat: int, city: str, reason: str) -> None:
    """A won assault: the city changes hands (a non-player attacker makes it neutral)."""
    if seat < 0:
        transfer_city(flow, city, NEUTRAL, reason)
        return
    transfer_city(flow, city, seat, "conquest")
    if not flow.state.stack:
        return  # automatic victory ended the game
    for hook in AFTER_CONQUEST:
        hook(flow, seat, city)
