"""Rule 4.3: conquests. At the end of his Move & Battle turn (Definitions: Occupy, ruling
MN-C3) the Active Player is Conqueror of every opponent's province where his legions alone
stand, and in each he chooses once: pillage one building (4.3.1), occupy buildings one legion
each (4.3.2), occupy the Control Marker (4.3.3), or keep what he holds there. A Control
Marker he still occupies at the start of his next turn becomes his if the province is still
adjacent or adjoining to another of his; else it is removed and nobody controls the province
(rule 9, Q&A). Capital provinces are never converted (4.3.5). Queen of Sheba converts at once
by giving up the occupying legion; Hamilcar doubles pillage income (rule 10).
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.chance import ChanceRequest
from game.core.events import Event
from game.core.records import evolve
from game.rulesets.mare_nostrum import control, leadership, war
from game.rulesets.mare_nostrum.collect import draw_request, reshuffle
from game.rulesets.mare_nostrum.content_records import COIN, MnContent, legendary
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, MnState, pairs_with
from game.rulesets.mare_nostrum.text import (
    Names,
    Sentence,
    place_words,
    resources_words,
    seat_name,
    site_words,
)

HAMILCAR = "hamilcar"
QUEEN_OF_SHEBA = "queen_of_sheba"
KEEP = act("keep")
DONE = act("done")


def fleet(state: MnState, seat: int) -> frozenset[str]:
    """The seas holding a seat's triremes: the links of its adjoining provinces."""
    return frozenset(w.id for w in state.seas if w.triremes[seat])


def controlled(state: MnState, seat: int) -> frozenset[str]:
    """The provinces a seat controls."""
    return frozenset(a.id for a in state.provinces if a.controller == seat)


def linked_to_own(content: MnContent, state: MnState, seat: int, province: str) -> bool:
    """Whether a province is adjacent or adjoining to another province the seat controls
    (rule 4.3.3)."""
    near = control.linked(content, province, fleet(state, seat))
    return bool(near & (controlled(state, seat) - {province}))


def free_markers(content: MnContent, state: MnState, seat: int) -> int:
    """Control Markers the seat still has off the map (its capital's is printed)."""
    capital = content.empire(state.player(seat).empire).capital
    placed = sum(1 for p in controlled(state, seat) if p != capital)
    return content.supplies.control_markers - placed


def conquered(state: MnState, seat: int) -> tuple[str, ...]:
    """Opponents' provinces where only this seat has units (rule 4.3), in map order; not a
    peace partner's this round (ruling MN-C9)."""
    return tuple(a.id for a in state.provinces
                 if a.controller not in (NOBODY, seat) and a.armies() == (seat,)
                 and not war.at_peace(state, seat, a.controller))


def convert_markers(flow: Flow, seat: int) -> None:
    """Rule 4.3.3 at the start of his turn: every Control Marker the seat's legion still
    occupies becomes his, or is removed when the link is gone or he has no marker left."""
    for area in flow.state.provinces:
        if area.marker_occupier != seat:
            continue
        keeps = linked_to_own(flow.content, flow.state, seat, area.id) and \
            free_markers(flow.content, flow.state, seat) > 0
        _change_control(flow, area.id, seat if keeps else NOBODY)


def _change_control(flow: Flow, province: str, seat: int) -> None:
    """A Control Marker is replaced (or removed); every hold on the province is lifted."""
    old = flow.area(province).controller
    flow.update_area(province, controller=seat, occupied=(), posted=(),
                     marker_occupier=NOBODY, marker_round=0)
    flow.emit("converted" if seat != NOBODY else "marker_removed", province=province,
              seat=seat, previous=old)
    leadership.adjust(flow, tuple(s for s in (old, seat) if s != NOBODY))


def current(state: MnState) -> str:
    """The province whose conquest is being chosen."""
    return state.move.conquests[0]


def choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """What the Conqueror may do in the current province (rule 4.3), or, while occupying
    buildings one by one, the next building or `done`."""
    province, seat = current(state), state.move.active
    if state.move.step == "occupy":
        return (*_occupy_choices(state, province, seat), DONE)
    return (KEEP, *_pillage_choices(content, state, province, seat),
            *_occupy_choices(state, province, seat),
            *_marker_choices(content, state, province, seat))


def _pillage_choices(content: MnContent, state: MnState, province: str,
                     seat: int) -> tuple[Action, ...]:
    found: list[Action] = []
    for site in state.area(province).buildings:
        if content.site(site).city_kind == "legendary" and not has_power(state, seat, HAMILCAR):
            found += [act("pillage", site=site, take=COIN),
                      act("pillage", site=site, take="legendary")]
        else:
            found.append(act("pillage", site=site))
    return tuple(found)


def _occupy_choices(state: MnState, province: str, seat: int) -> tuple[Action, ...]:
    area = state.area(province)
    if war.holds(area, seat) >= area.legions[seat]:
        return ()
    return tuple(act("occupy", site=site) for site in area.buildings
                 if area.occupier(site) != seat)


def _marker_choices(content: MnContent, state: MnState, province: str,
                    seat: int) -> tuple[Action, ...]:
    if content.province(province).capital is not None or \
            not linked_to_own(content, state, seat, province):
        return ()
    sheba = has_power(state, seat, QUEEN_OF_SHEBA) and not state.move.sheba_used and \
        free_markers(content, state, seat) > 0
    return (act("occupy_marker"), *((act("convert"),) if sheba else ()))


def choose(flow: Flow, action: Action) -> None:
    """Carry out the Conqueror's choice in the current province."""
    province, seat = current(flow.state), flow.state.move.active
    if action.verb == "occupy":
        return _occupy(flow, province, seat, str(action.arg("site")))
    if action.verb not in ("keep", "done"):
        _lift(flow, province, seat)
    if action.verb == "pillage":
        _pillage(flow, province, seat, str(action.arg("site")), action.arg("take"))
    elif action.verb == "occupy_marker":
        flow.update_area(province, marker_occupier=seat, marker_round=flow.state.round)
        flow.emit("marker_occupied", province=province, seat=seat)
    elif action.verb == "convert":
        _sheba(flow, province, seat)
    if flow.state.move.step != "plunder":
        next_conquest(flow)


def _lift(flow: Flow, province: str, seat: int) -> None:
    """A renewed choice replaces the Conqueror's earlier holds there (ruling MN-C4)."""
    area = flow.area(province)
    flow.update_area(province, occupied=tuple(p for p in area.occupied if p[1] != seat),
                     posted=tuple(p for p in area.posted if p[1] != seat))


def _occupy(flow: Flow, province: str, seat: int, site: str) -> None:
    if flow.state.move.step != "occupy":
        _lift(flow, province, seat)
        flow.sub("move", step="occupy")
    area = flow.area(province)
    flow.update_area(province, occupied=pairs_with(area.occupied, site, seat))
    flow.emit("occupied", province=province, site=site, seat=seat)
    leadership.adjust(flow, (seat, area.controller))
    if not _occupy_choices(flow.state, province, seat):
        next_conquest(flow)


def _pillage(flow: Flow, province: str, seat: int, site: str, take: object) -> None:
    """Rule 4.3.1: the building goes back to the reserve, a legion stands on its site, and
    the Conqueror gains its income (doubled by Hamilcar)."""
    owner = flow.area(province).holder(site)
    flow.remove_building(site)
    area = flow.area(province)
    flow.update_area(province, posted=pairs_with(area.posted, site, seat))
    gains, draws = plunder(flow.content, site, has_power(flow.state, seat, HAMILCAR), take)
    got = flow.take(seat, gains)
    flow.emit("pillaged", province=province, site=site, seat=seat, gained=list(got))
    leadership.adjust(flow, tuple(s for s in (seat, owner) if s != NOBODY))
    if draws and reshuffle(flow):
        flow.sub("move", step="plunder")


def plunder(content: MnContent, site_id: str, hamilcar: bool,
            take: object) -> tuple[tuple[str, ...], int]:
    """(resources from the reserves, Legendary Commodities to draw) for pillaging a
    building (rule 4.3.1; Hamilcar, rule 10)."""
    site = content.site(site_id)
    times = 2 if hamilcar else 1
    if site.city_kind == "legendary":
        if hamilcar:
            return (COIN,), 1
        return ((COIN,), 0) if take == COIN else ((), 1)
    if site.kind == "city":
        return (COIN,) * times, 0
    if site.kind == "caravan":
        return (site.commodity,) * times, 0
    return (), 0


def plunder_request(state: MnState) -> ChanceRequest:
    """The pillaged Legendary City's Legendary Commodity: a public pick (ruling MN-4)."""
    return draw_request(state)


def plundered(flow: Flow, index: int) -> None:
    """The picked Legendary Commodity goes to the Conqueror; his conquests go on."""
    seat = flow.state.move.active
    pile = list(flow.state.supply.legendary_pile)
    kind = pile.pop(index)
    flow.set(supply=evolve(flow.state.supply, legendary_pile=tuple(pile)))
    flow.gain(seat, (legendary(kind),))
    flow.emit("legendary_drawn", seat=seat, commodity=kind)
    flow.sub("move", step="conquest")
    next_conquest(flow)


def _sheba(flow: Flow, province: str, seat: int) -> None:
    """Queen of Sheba: the occupying legion is given up and the marker converts now."""
    flow.sub("move", sheba_used=True)
    war.set_legions(flow, province, seat, flow.area(province).legions[seat] - 1)
    flow.emit("sheba", province=province, seat=seat)
    _change_control(flow, province, seat)


def next_conquest(flow: Flow) -> None:
    """The current province is settled; the next one (or the end of the turn) follows."""
    rest = flow.state.move.conquests[1:]
    flow.sub("move", conquests=rest, step="conquest" if rest else "")


def _pillaged(names: Names, ev: Event) -> str:
    gained = resources_words(ev.get("gained"))
    return (f"{seat_name(ev.get('seat'))} pillages {site_words(names, ev.get('site'))} and gains "
            f"{gained}.")


SENTENCES: dict[str, Sentence] = {
    "pillaged": _pillaged,
    "occupied": lambda names, ev: (f"{seat_name(ev.get('seat'))} occupies "
                                   f"{site_words(names, ev.get('site'))}."),
    "marker_occupied": lambda names, ev: (f"{seat_name(ev.get('seat'))} occupies the Control "
                                          f"Marker of {place_words(names, ev.get('province'))}."),
    "converted": lambda names, ev: (f"{seat_name(ev.get('seat'))} converts "
                                    f"{place_words(names, ev.get('province'))}: it was "
                                    f"{seat_name(ev.get('previous'))}'s."),
    "marker_removed": lambda names, ev: (f"{seat_name(ev.get('previous'))}'s Control Marker "
                                         f"leaves {place_words(names, ev.get('province'))}; "
                                         "nobody controls it."),
    "sheba": lambda names, ev: (f"{seat_name(ev.get('seat'))} gives up a legion to convert "
                                f"{place_words(names, ev.get('province'))} at once (Queen of "
                                "Sheba)."),
}
"""Sentences of the conquest events (text.describe)."""
