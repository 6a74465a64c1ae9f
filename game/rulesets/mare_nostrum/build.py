"""Rule 3, the Build phase: the Active Player builds Control, units, buildings, heroes and
wonders, each paid step-wise (`build`, then `pay` resource by resource, then `confirm`;
`cancel` drops the item), until `done`. The sequence (flow's `sequence.py`) lets the
Culture Leader choose each Active Player, adjusts the Leader tracks after each turn
(rule 3.2) and calls `finish` once all have built (keeping coins, `storing`).

Once a round each: Hammurabi builds one Control free (rule 10; his "open or unopposed"
province is one where Control may be built at all, ruling MN-B5), Penthesilea one free Legion
in the capital per own province opponents' legions occupy, Spartacus, Gilgamesh and the
Lighthouse of Pharos one cheap unit (`payment.CHEAP_UNITS`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.events import Event
from game.core.records import memo
from game.rulesets.mare_nostrum import payment, placement, recruit, storing
from game.rulesets.mare_nostrum.content_records import BUILDINGS, MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import NOBODY, MnState, Payment, put
from game.rulesets.mare_nostrum.text import (
    ITEM_WORDS,
    Names,
    Sentence,
    place_words,
    resources_words,
    seat_name,
    tile_words,
)

FREE = ("hammurabi", "penthesilea")
"""Powers that build without payment (rule 10, Hammurabi, Penthesilea)."""


def begin(flow: Flow) -> None:
    """Rule 3 starts: nothing to do before the Culture Leader's first choice."""


def begin_turn(flow: Flow, seat: int) -> None:
    """The seat becomes the Active Player of the Build phase."""
    flow.sub("build", active=seat, over=False, payment=None, copying=False)


def finish(flow: Flow) -> None:
    """The end of the Build phase: every player stores what he may keep (rule 3)."""
    storing.store_all(flow)


def decision(content: MnContent, state: MnState) -> Decision | None:
    """The Active Player's (or the Hanging Gardens owner's) decision, or None."""
    build = state.build
    if build.keeping != NOBODY:
        return Decision(build.keeping, "action", f"{seat_name(build.keeping)}: keep up to "
                        "two different commodities (Hanging Gardens)")
    if build.active == NOBODY or build.over:
        return None
    return Decision(build.active, "action", f"{seat_name(build.active)}: {_prompt(state)}")


def _prompt(state: MnState) -> str:
    paying = state.build.payment
    if state.build.copying:
        return "choose the hero Castor & Pollux copy"
    if paying is not None:
        return f"pay {paying.cost} for {paying.item} {paying.place}, then confirm"
    return "build, or be done"


def legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions in the Build phase (none unless it decides now)."""
    return memo(state, ("build.legal", id(content), seat),
                lambda: _legal(content, state, seat))


def _legal(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    pending = decision(content, state)
    if pending is None or pending.actor != seat:
        return ()
    build = state.build
    if build.keeping != NOBODY:
        return storing.keep_choices(state, seat)
    if build.copying:
        return recruit.copy_choices(content, state, seat)
    if build.payment is not None:
        return _payment_choices(state, seat, build.payment)
    return (*build_choices(content, state, seat), act("done"))


def _payment_choices(state: MnState, seat: int, paying: Payment) -> tuple[Action, ...]:
    powers = payment.powers_of(state, seat)
    hand = payment.without(state.player(seat).resources, paying.picked)
    choices = [act("pay", resource=r) for r in payment.picks(paying, hand, powers)]
    if payment.paid(paying, powers):
        choices.append(act("confirm"))
    return (*choices, act("cancel"))


def build_choices(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """Every item the seat may start building now: places and costs it can meet."""
    hand, powers = state.player(seat).resources, payment.powers_of(state, seat)
    affordable = _memo_afford(hand, powers)
    cheapest = min(cost for _, cost in content.costs.items)
    places = placement.all_places(content, state, seat) if affordable(cheapest) else ()
    choices = [_build_action(content, item, place) for item, place in places
               if affordable(content.costs.of(item))]
    choices += [act("build", item="tile", place=tile)
                for tile in recruit.on_offer(content, state, seat)
                if affordable(recruit.cost(content, state, seat, tile))]
    return (*choices, *_power_choices(content, state, seat))


def _build_action(content: MnContent, item: str, place: str) -> Action:
    """The `build` action of an item and place, made once per content (a bounded set)."""
    return memo(content, ("build_action", item, place),
                lambda: act("build", item=item, place=place))


def _memo_afford(hand: tuple[str, ...], powers: frozenset[str]) -> Callable[[int], bool]:
    """Whether the hand pays a cost with a set, each cost worked out once."""
    known: dict[int, bool] = {}

    def affordable(cost: int) -> bool:
        if cost not in known:
            known[cost] = payment.can_pay(hand, cost, payment.SET, powers)
        return known[cost]
    return affordable


def _unused(state: MnState, seat: int, power: str) -> bool:
    return has_power(state, seat, power) and (seat, power) not in state.build.powers_used


def _power_choices(content: MnContent, state: MnState, seat: int) -> list[Action]:
    """The once-a-round builds of Hammurabi, Penthesilea and the cheap-unit powers."""
    hand = state.player(seat).resources
    choices = []
    for via, (unit, _) in payment.CHEAP_UNITS.items():
        if _unused(state, seat, via) and payment.can_pay(hand, 1, via, frozenset()):
            choices += [act("build", item=unit, place=p, via=via)
                        for p in placement.unit_places(content, state, seat, unit)]
    if _unused(state, seat, "hammurabi"):
        choices += [act("build", item="control", place=p, via="hammurabi")
                    for p in placement.control_places(content, state, seat)]
    if _unused(state, seat, "penthesilea") and _penthesilea_legions(content, state, seat):
        home = placement.capital(content, state, seat)
        choices.append(act("build", item="legion", place=home, via="penthesilea"))
    return choices


def _penthesilea_legions(content: MnContent, state: MnState, seat: int) -> int:
    """Free legions: one per own province holding opponents' legions, as supply allows."""
    occupied = sum(1 for area in state.provinces if area.controller == seat
                   and any(n for other, n in enumerate(area.legions) if other != seat))
    return min(occupied, placement.units_left(content, state, seat, "legion"))


def apply(flow: Flow, entry: Entry) -> None:
    """Resolve an action of the Build phase."""
    assert isinstance(entry, ActionEntry)
    action = entry.action
    if action.verb == "keep":
        return storing.keep(flow, action)
    _ACTIONS[action.verb](flow, flow.state.build.active, action)


def _start(flow: Flow, seat: int, action: Action) -> None:
    item, place, via = str(action.arg("item")), str(action.arg("place")), \
        str(action.arg("via", payment.SET))
    if via in FREE:
        return _complete(flow, seat, Payment(item, place, 0, via))
    cost = 1 if via in payment.CHEAP_UNITS else _cost(flow, seat, item, place)
    flow.sub("build", payment=Payment(item, place, cost, via))


def _cost(flow: Flow, seat: int, item: str, place: str) -> int:
    if item == "tile":
        return recruit.cost(flow.content, flow.state, seat, place)
    return flow.content.costs.of(item)


def _pay(flow: Flow, seat: int, action: Action) -> None:
    paying = flow.state.build.payment
    assert paying is not None
    picked = (*paying.picked, str(action.arg("resource")))
    flow.sub("build", payment=Payment(paying.item, paying.place, paying.cost, paying.via,
                                      picked))


def _confirm(flow: Flow, seat: int, action: Action) -> None:
    paying = flow.state.build.payment
    assert paying is not None
    flow.spend(seat, paying.picked)
    flow.sub("build", payment=None)
    _complete(flow, seat, paying)


def _complete(flow: Flow, seat: int, paid: Payment) -> None:
    """The paid (or free) item goes on the map or the mat (rules 3.1.1-3.1.3)."""
    if paid.via:
        flow.sub("build", powers_used=(*flow.state.build.powers_used, (seat, paid.via)))
    flow.emit("built", seat=seat, item=paid.item, place=paid.place, paid=list(paid.picked),
              via=paid.via, **_tile_names(flow.content, paid))
    if paid.item == "tile":
        return recruit.recruit(flow, seat, paid.place)
    count = _penthesilea_legions(flow.content, flow.state, seat) \
        if paid.via == "penthesilea" else 1
    _PLACE[paid.item if paid.item not in BUILDINGS else "building"](flow, seat, paid.place,
                                                                   count)


def _tile_names(content: MnContent, paid: Payment) -> dict[str, str]:
    """The printed names of a built hero or wonder and of the tile that paid, for sentences."""
    names = {"name": content.tile(paid.place).name} if paid.item == "tile" else {}
    return names | ({"via_name": content.tile(paid.via).name} if paid.via else {})


def _control(flow: Flow, seat: int, province: str, count: int) -> None:
    flow.update_area(province, controller=seat)


def _building(flow: Flow, seat: int, site: str, count: int) -> None:
    flow.place_building(site)


def _legions(flow: Flow, seat: int, province: str, count: int) -> None:
    area = flow.area(province)
    flow.update_area(province, legions=put(area.legions, seat, area.legions[seat] + count))


def _fortress(flow: Flow, seat: int, province: str, count: int) -> None:
    flow.update_area(province, fortress=seat)


def _trireme(flow: Flow, seat: int, sea: str, count: int) -> None:
    fleets = flow.waters(sea).triremes
    flow.update_sea(sea, triremes=put(fleets, seat, fleets[seat] + 1))


_PLACE = {"control": _control, "building": _building, "legion": _legions,
          "fortress": _fortress, "trireme": _trireme}


def _cancel(flow: Flow, seat: int, action: Action) -> None:
    flow.sub("build", payment=None)


def _done(flow: Flow, seat: int, action: Action) -> None:
    flow.sub("build", over=True)


def _copy(flow: Flow, seat: int, action: Action) -> None:
    recruit.copy(flow, seat, action)


_ACTIONS = {"build": _start, "pay": _pay, "confirm": _confirm, "cancel": _cancel,
            "done": _done, "copy": _copy}


def _built(names: Names, ev: Event) -> str:
    """"Rome builds a fortress in Italia with Spartacus, paying coin, coin, coin."""
    how = f" with {tile_words(ev, 'via', 'via_name')}" if ev.get("via") else ""
    item, place = str(ev.get("item")), str(ev.get("place"))
    where = place_words(names, place.partition(".")[0])
    what = tile_words(ev, "place") if item == "tile" else \
        f"{ITEM_WORDS.get(item, item.replace('_', ' '))} in {where}"
    return (f"{seat_name(ev.get('seat'))} builds {what}{how}, paying "
            f"{resources_words(ev.get('paid'))}.")


SENTENCES: dict[str, Sentence] = {
    "built": _built,
    "recruited": lambda _, ev: (f"{seat_name(ev.get('seat'))} places {tile_words(ev)} on its "
                               "mat."),
    "copied": lambda _, ev: (f"{seat_name(ev.get('seat'))}'s Castor & Pollux copy "
                            f"{tile_words(ev)}."),
    "discarded": lambda _, ev: (f"{seat_name(ev.get('seat'))} discards "
                               f"{resources_words(ev.get('items'))} at the end of the Build "
                               "phase."),
    "kept": lambda _, ev: (f"{seat_name(ev.get('seat'))} keeps "
                          f"{resources_words(ev.get('items')).replace('nothing', 'no commodity')} "
                          "with the Hanging Gardens."),
}
"""One sentence per Build phase event."""
