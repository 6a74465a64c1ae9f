"""Rule 4: the Move & Battle phase, the Active Player's turn step by step.

At the phase start the Statue of Zeus's owner may make peace (war.py); the Military Leader
then picks each Active Player (the sequence's `choose_active`). A turn: Control Markers the
player's legions still occupy convert (conquest.py); his triremes sail one sea each (4.1.1);
he may fight sea battles; his legions march one province each, to an adjacent province or
an adjoining one through his chain of triremes (4.1.2); he must fight every land battle his
units are in, one per province against an opponent he picks (rule 9); at the end he is
Conqueror where his legions alone stand in an opponent's province (4.3). Units are moved one
by one; `done` ends a step. Circe's owner may stand free legions on empty caravan sites.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import chance
from game.core.actions import Action, act
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry
from game.core.records import memo
from game.rulesets.mare_nostrum import battle, conquest, control, war
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, MnState, MoveState, pairs_with, put
from game.rulesets.mare_nostrum.text import Sentence, place_words, seat_name, site_words

DONE = act("done")
CIRCE = "circe"
PROMPTS = {
    "zeus": "declare peace with one opponent (Statue of Zeus), or not",
    "triremes": "move triremes one sea each, or finish",
    "sea_battles": "start a sea battle, or finish",
    "legions": "move legions one province each, or finish",
    "land_battles": "fight a land battle",
    "conquest": "pillage, occupy buildings, occupy the Control Marker, or keep",
    "occupy": "occupy another building, or finish",
    "loss": "choose whether the fortress is among the losses",
}


def begin(flow: Flow) -> None:
    """Phase start: a fresh Move & Battle record; the Statue of Zeus's owner speaks first."""
    zeus = war.zeus_holder(flow.state) != NOBODY
    flow.set(move=MoveState(step="zeus" if zeus else ""))


def begin_turn(flow: Flow, seat: int) -> None:
    """The Active Player's turn opens: conversions, then his triremes (rule 4.1)."""
    flow.sub("move", active=seat, step="triremes", arrived=(), fought=(), battle=None,
             conquests=())
    conquest.convert_markers(flow, seat)
    _advance(flow)


def finish(flow: Flow) -> None:
    """Phase end: every province's At War status as the round leaves it (rule 4.2.1)."""
    war.settle_all(flow)
    flow.sub("move", step="")


def actor(content: MnContent, state: MnState) -> int:
    """The seat deciding now, or NOBODY; a roll or draw also reads NOBODY (CHANCE is the same
    number), so `rolling` tells it apart."""
    move = state.move
    if move.battle is not None:
        return CHANCE if not move.battle.rolls else battle.chooser(content, state)
    if move.step == "plunder":
        return CHANCE
    if move.step == "zeus":
        return war.zeus_holder(state)
    return move.active if move.step else NOBODY


def rolling(state: MnState) -> bool:
    """Whether chance answers next: a battle's roll, or a pillaged Legendary City's draw."""
    move = state.move
    return move.step == "plunder" if move.battle is None else not move.battle.rolls


def decision(content: MnContent, state: MnState) -> Decision | None:
    """The pending decision of the phase, or None when the turn (or phase) has nothing left."""
    if rolling(state):
        request = _request(content, state)
        return Decision(CHANCE, "chance", request.purpose, chance=request)
    seat = actor(content, state)
    if seat == NOBODY:
        return None
    step = "loss" if state.move.battle is not None else state.move.step
    return Decision(seat, "action", PROMPTS[step])


def _request(content: MnContent, state: MnState) -> chance.ChanceRequest:
    if state.move.battle is not None:
        return battle.request(content, state)
    return conquest.plunder_request(state)


def legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions now (none unless it is the one deciding)."""
    if seat != actor(content, state) or seat < 0:
        return ()
    if state.move.battle is not None:
        return battle.loss_actions(content, state)
    return _choices(content, state)


def _choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """The current step's choices, computed once per state."""
    return memo(state, ("move_choices", id(content)),
                lambda: CHOICES[state.move.step](content, state))


def apply(flow: Flow, entry: ActionEntry | ChanceEntry) -> None:
    """Resolve one entry of the phase, then skip the steps with nothing to choose."""
    if isinstance(entry, ChanceEntry):
        numbers = chance.resolve(_request(flow.content, flow.state), entry.seed, entry.values)
        if flow.state.move.battle is not None:
            battle.rolled(flow, numbers)
        else:
            conquest.plundered(flow, numbers[0][0])
    elif flow.state.move.battle is not None:
        battle.lose(flow, entry.action)
    else:
        HANDLERS[flow.state.move.step](flow, entry.action)
    _advance(flow)


def arrived(state: MnState, place: str) -> int:
    """The Active Player's units that reached a sea or province this turn (they stay)."""
    return memo(state, ("move_arrived",), lambda: dict(state.move.arrived)).get(place, 0)


def _arrive(flow: Flow, place: str) -> None:
    move = flow.state.move
    flow.sub("move", arrived=pairs_with(move.arrived, place, arrived(flow.state, place) + 1))


def sail_choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """Each trireme that has not moved may sail to an adjacent sea (rule 4.1.1)."""
    seat = state.move.active
    return (*(act("sail", sea=w.id, to=to) for w in state.seas
              if w.triremes[seat] > arrived(state, w.id) for to in content.sea(w.id).neighbours),
            DONE)


def sail(flow: Flow, action: Action) -> None:
    """One trireme sails on, or the Active Player stops moving triremes."""
    if action.verb == "done":
        return flow.sub("move", step="sea_battles")
    seat, origin, to = flow.state.move.active, str(action.arg("sea")), str(action.arg("to"))
    fleet = flow.waters(origin).triremes
    flow.update_sea(origin, triremes=put(fleet, seat, fleet[seat] - 1))
    fleet = flow.waters(to).triremes
    flow.update_sea(to, triremes=put(fleet, seat, fleet[seat] + 1))
    _arrive(flow, to)
    flow.emit("sailed", seat=seat, sea=origin, to=to)


def sea_battle_choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """A sea battle where his triremes meet an opponent's, once per sea (4.1.1), or none."""
    seat = state.move.active
    return (*(act("battle", sea=w.id, against=other) for w in state.seas
              if w.triremes[seat] and w.id not in state.move.fought
              for other in w.fleets() if other != seat and not war.at_peace(state, seat, other)),
            DONE)


def sea_battle(flow: Flow, action: Action) -> None:
    """Start the chosen sea battle, or go on to the legions."""
    if action.verb == "done":
        return flow.sub("move", step="legions")
    battle.start(flow, str(action.arg("sea")), True, _seat_arg(action, "against"))


def destinations(content: MnContent, state: MnState, seat: int,
                 province: str) -> tuple[str, ...]:
    """Where a legion may march: adjacent, or adjoining through his triremes (4.1.2), on the
    board, and not into a peace partner's province (rule 11)."""
    near = control.linked(content, province, conquest.fleet(state, seat))
    return tuple(p.id for p in content.provinces if p.id in near
                 and p.in_play(state.seats) and war.may_enter(state, seat, p.id))


def march_choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """Each legion that has not moved may march; Circe's may stand on caravan sites."""
    seat = state.move.active
    marches = (act("march", province=a.id, to=to) for a in state.provinces
               if a.legions[seat] > arrived(state, a.id)
               for to in destinations(content, state, seat, a.id))
    return (*marches, *post_choices(content, state, seat), DONE)


def march(flow: Flow, action: Action) -> None:
    """One legion marches (leaving its hold if every other one holds something), stands on
    a caravan site, or the Active Player stops moving legions."""
    if action.verb == "done":
        return flow.sub("move", step="land_battles")
    if action.verb == "post":
        return _post(flow, str(action.arg("site")))
    seat, origin, to = flow.state.move.active, str(action.arg("province")), str(action.arg("to"))
    war.set_legions(flow, origin, seat, flow.area(origin).legions[seat] - 1)
    war.set_legions(flow, to, seat, flow.area(to).legions[seat] + 1)
    _arrive(flow, to)
    flow.emit("marched", seat=seat, province=origin, to=to)


def post_choices(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """Circe (rule 10): a free legion stands on an empty caravan site of a province where
    his units alone stand and no opponent controls (ruling MN-C7)."""
    if not has_power(state, seat, CIRCE):
        return ()
    found: list[Action] = []
    for area in state.provinces:
        if area.armies() != (seat,) or area.controller not in (NOBODY, seat) or \
                war.holds(area, seat) >= area.legions[seat]:
            continue
        taken = set(area.buildings) | {site for site, _ in area.posted}
        found += [act("post", site=s.id) for s in content.province(area.id).sites_of("caravan")
                  if s.id not in taken]
    return tuple(found)


def _post(flow: Flow, site: str) -> None:
    province, seat = site.partition(".")[0], flow.state.move.active
    flow.update_area(province, posted=pairs_with(flow.area(province).posted, site, seat))
    flow.emit("posted", seat=seat, site=site)


def land_battle_choices(content: MnContent, state: MnState) -> tuple[Action, ...]:
    """Every province where his units meet an opponent's must see one battle (4.1.2, 9)."""
    seat = state.move.active
    return tuple(act("battle", province=a.id, against=other) for a in state.provinces
                 if a.units_of(seat) and a.id not in state.move.fought
                 for other in war.foes(state, seat, a))


def land_battle(flow: Flow, action: Action) -> None:
    """Start the chosen land battle."""
    battle.start(flow, str(action.arg("province")), False, _seat_arg(action, "against"))


def _seat_arg(action: Action, name: str) -> int:
    value = action.arg(name)
    assert isinstance(value, int)
    return value


def _advance(flow: Flow) -> None:
    """Pass over the steps where the Active Player has nothing to choose."""
    while flow.state.move.battle is None and flow.state.move.step in SKIPPABLE:
        step = flow.state.move.step
        if len(_choices(flow.content, flow.state)) > (0 if step == "land_battles" else 1):
            return
        SKIPPABLE[step](flow)


def _to_conquests(flow: Flow) -> None:
    war.settle_all(flow)
    found = conquest.conquered(flow.state, flow.state.move.active)
    flow.sub("move", conquests=found, step="conquest" if found else "")


def objection(content: MnContent, state: MnState, seat: int, action: Action) -> tuple[str, str]:
    """Why a Move & Battle action of the deciding seat is refused: (sentence, rule)."""
    step = "loss" if state.move.battle is not None else state.move.step
    if action.verb == "done" and step == "land_battles":
        return "Legions sharing a province with an opponent's units must fight.", "4.1.2"
    if action.verb == "sail":
        return ("A trireme that has not moved this turn sails to an adjacent sea.", "4.1.1")
    if action.verb == "march":
        return ("A legion that has not moved this turn marches to an adjacent province, or "
                "an adjoining one through your triremes; never into a peace partner's "
                "province.", "4.1.2")
    if action.verb == "battle":
        return ("A battle needs your units and an opponent's (not at peace with you) in the "
                "same place, once per place and turn.", "4.2")
    if action.verb in ("occupy_marker", "convert"):
        return ("The Control Marker of a capital is never taken, and the province must be "
                "adjacent or adjoining to another of yours.", "4.3.3")
    return f"That is not among your choices now: {PROMPTS.get(step, 'wait')}.", "4"


def _peace(flow: Flow, action: Action) -> None:
    war.declare(flow, action)
    flow.sub("move", step="")


Choices = Callable[[MnContent, MnState], tuple[Action, ...]]

SKIPPABLE: dict[str, Callable[[Flow], None]] = {
    "triremes": lambda flow: flow.sub("move", step="sea_battles"),
    "sea_battles": lambda flow: flow.sub("move", step="legions"),
    "legions": lambda flow: flow.sub("move", step="land_battles"),
    "land_battles": _to_conquests,
}
"""Steps passed over when only `done` (or, for land battles, nothing) is left."""

CHOICES: dict[str, Choices] = {
    "zeus": lambda content, state: war.peace_choices(state),
    "triremes": sail_choices,
    "sea_battles": sea_battle_choices,
    "legions": march_choices,
    "land_battles": land_battle_choices,
    "conquest": conquest.choices,
    "occupy": conquest.choices,
}

HANDLERS: dict[str, Callable[[Flow, Action], None]] = {
    "zeus": _peace,
    "triremes": sail,
    "sea_battles": sea_battle,
    "legions": march,
    "land_battles": land_battle,
    "conquest": conquest.choose,
    "occupy": conquest.choose,
}


SENTENCES: dict[str, Sentence] = {
    **war.SENTENCES, **battle.SENTENCES, **conquest.SENTENCES,
    "sailed": lambda names, ev: (f"{seat_name(ev.get('seat'))} sails a trireme from "
                                 f"{place_words(names, ev.get('sea'))} to "
                                 f"{place_words(names, ev.get('to'))}."),
    "marched": lambda names, ev: (f"{seat_name(ev.get('seat'))} moves a legion from "
                                  f"{place_words(names, ev.get('province'))} to "
                                  f"{place_words(names, ev.get('to'))}."),
    "posted": lambda names, ev: (f"{seat_name(ev.get('seat'))} stands a legion on "
                                 f"{site_words(names, ev.get('site'))} (Circe)."),
}
"""Sentences of every Move & Battle event (merged by ruleset.py)."""
