"""Rule 4.2.1 At War and rule 11 (Statue of Zeus): who may fight whom, and where.

A province holding more than one seat's units after a battle, or at the end of a turn, is At
War; the conquerors there lose their hold on its buildings and Control Marker (rule 4.3).
The Statue of Zeus's owner may, at the start of the phase, make peace with one opponent
(never the same one two rounds running, ruling MN-C5): that opponent's legions in the owner's
provinces go home to their capital, and for the round neither fights the other nor enters
the other's provinces.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.records import evolve
from game.rulesets.mare_nostrum import leadership
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import holder
from game.rulesets.mare_nostrum.state import NOBODY, Area, MnState, put
from game.rulesets.mare_nostrum.text import Sentence, counted, place_words, seat_name

STATUE_OF_ZEUS = "statue_of_zeus"
NO_PEACE = act("no_peace")


def at_peace(state: MnState, seat: int, other: int) -> bool:
    """Whether two seats are at peace this round (rule 11, Statue of Zeus)."""
    return (seat, other) in state.move.peace or (other, seat) in state.move.peace


def may_enter(state: MnState, seat: int, province: str) -> bool:
    """Whether a seat's legions may enter a province: not one of a peace partner's."""
    controller = state.area(province).controller
    return controller in (NOBODY, seat) or not at_peace(state, seat, controller)


def foes(state: MnState, seat: int, area: Area) -> tuple[int, ...]:
    """The opponents a seat may fight in a province: units there, not at peace with him."""
    return tuple(other for other in area.armies()
                 if other != seat and not at_peace(state, seat, other))


def zeus_holder(state: MnState) -> int:
    """The seat owning the Statue of Zeus, or NOBODY."""
    found = holder(state, STATUE_OF_ZEUS)
    return NOBODY if found is None else found


def peace_choices(state: MnState) -> tuple[Action, ...]:
    """Peace with any opponent but last round's partner, or none (rule 11, ruling MN-C5)."""
    owner = zeus_holder(state)
    player = state.player(owner)
    barred = player.peace_with if player.peace_round == state.round - 1 else NOBODY
    return (NO_PEACE, *(act("peace", seat=other) for other in range(state.seats)
                        if other not in (owner, barred)))


def declare(flow: Flow, action: Action) -> None:
    """The Statue of Zeus's owner makes peace with one opponent, or lets the round be."""
    if action.verb != "peace":
        return
    owner, other = zeus_holder(flow.state), action.arg("seat")
    assert isinstance(other, int)
    flow.update(owner, peace_with=other, peace_round=flow.state.round)
    flow.sub("move", peace=((owner, other),))
    flow.emit("peace", seat=owner, other=other)
    send_home(flow, other, owner)


def send_home(flow: Flow, seat: int, owner: int) -> None:
    """The seat's legions in every province the owner controls go to the seat's capital."""
    capital = flow.content.empire(flow.player(seat).empire).capital
    for area in flow.state.provinces:
        count = area.legions[seat] if area.controller == owner else 0
        if count and area.id != capital:
            set_legions(flow, area.id, seat, 0)
            set_legions(flow, capital, seat, flow.area(capital).legions[seat] + count)
            flow.emit("sent_home", seat=seat, province=area.id, to=capital, legions=count)
    settle_all(flow)


def set_legions(flow: Flow, province: str, seat: int, count: int) -> None:
    """Set a seat's legions in a province; its holds there shrink to what is left."""
    area = flow.area(province)
    flow.update_area(province, legions=put(area.legions, seat, count))
    fit_holds(flow, province, seat)


def holds(area: Area, seat: int) -> int:
    """Legions of a seat standing on something: buildings, empty sites, the Control Marker."""
    on_sites = sum(1 for pairs in (area.occupied, area.posted) for _, s in pairs if s == seat)
    return on_sites + (1 if area.marker_occupier == seat else 0)


def fit_holds(flow: Flow, province: str, seat: int) -> None:
    """Drop a seat's holds beyond its legions: empty sites first, then buildings from the
    last site, the Control Marker last (ruling MN-C6)."""
    area = flow.area(province)
    excess = holds(area, seat) - area.legions[seat]
    posted = [pair for pair in area.posted if pair[1] == seat]
    occupied = [pair for pair in area.occupied if pair[1] == seat]
    while excess > 0 and (posted or occupied):
        dropped = (posted or occupied).pop()
        area = _drop(area, dropped)
        excess -= 1
    if excess > 0:
        area = _release_marker(area)
    flow.update_area(province, occupied=area.occupied, posted=area.posted,
                     marker_occupier=area.marker_occupier, marker_round=area.marker_round)


def _drop(area: Area, pair: tuple[str, int]) -> Area:
    return evolve(area, occupied=tuple(p for p in area.occupied if p != pair),
                  posted=tuple(p for p in area.posted if p != pair))


def _release_marker(area: Area) -> Area:
    return evolve(area, marker_occupier=NOBODY, marker_round=0)


def settle(flow: Flow, province: str) -> None:
    """Rule 4.2.1: a province with more than one seat's units is At War, and nobody occupies
    anything there; a province with one seat's units or none is not."""
    area = flow.area(province)
    war = len(area.armies()) > 1
    if war and (area.occupied or area.posted or area.marker_occupier != NOBODY):
        flow.update_area(province, occupied=(), posted=(), marker_occupier=NOBODY,
                         marker_round=0)
    if war != area.at_war:
        flow.update_area(province, at_war=war)
        flow.emit("at_war" if war else "war_ended", province=province)


def settle_all(flow: Flow) -> None:
    """Settle every province, then bring every Leader track up to date (rule 4.3.4)."""
    for area in flow.state.provinces:
        settle(flow, area.id)
    leadership.adjust_all(flow)


SENTENCES: dict[str, Sentence] = {
    "peace": lambda _, ev: (f"{seat_name(ev.get('seat'))} makes peace with "
                           f"{seat_name(ev.get('other'))} for this round (Statue of Zeus)."),
    "sent_home": lambda names, ev: (f"{counted(ev.get('legions'), 'legion')} of "
                                    f"{seat_name(ev.get('seat'))} go home from "
                                    f"{place_words(names, ev.get('province'))} to "
                                    f"{place_words(names, ev.get('to'))}."),
    "at_war": lambda names, ev: f"{place_words(names, ev.get('province'))} is At War.",
    "war_ended": lambda names, ev: f"{place_words(names, ev.get('province'))} is no longer At War.",
}
"""Sentences of the war and peace events (text.describe)."""
