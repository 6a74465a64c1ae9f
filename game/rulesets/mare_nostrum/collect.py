"""Rule 1: the Collect phase. Each controlled (or occupied) caravan yields its commodity,
doubled by a market the same player holds in the province; each city a coin, doubled by a
temple; a Legendary City a coin and a Legendary Commodity, and with a temple one more coin or
legendary of the holder's choice. Circe's legions on empty caravan sites act as caravans,
the Temple of Artemis adds a coin, the Colossus one commodity chosen after everyone else.

The reserves are finite (rule 9): players collect one at a time from the Trade Leader on
in seat order, each taking all he can before the next (ruling MN-6). Legendary Commodities
are drawn openly from the public pile (ruling MN-4), reshuffling the discards when it is
empty.
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.chance import ChanceRequest, pick
from game.core.records import evolve
from game.rulesets.mare_nostrum.content_records import COIN, COMMODITIES, MnContent, legendary
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import Area, MnState

Queued = tuple[int, str]
"""(seat, what): "legendary", "temple" or "colossus"."""


def order(state: MnState) -> tuple[int, ...]:
    """Who collects first: the Trade Leader, then on in seat order (ruling MN-6)."""
    first = max(state.titles[0], 0)
    return tuple((first + step) % state.seats for step in range(state.seats))


def income(content: MnContent, state: MnState, seat: int) -> tuple[tuple[str, ...],
                                                                   tuple[str, ...]]:
    """(commodities and coins, queued extras) a seat collects from the board (rule 1.1)."""
    items: list[str] = []
    extras: list[str] = []
    for area in state.provinces:
        _area_income(content, state, area, seat, items, extras)
    if has_power(state, seat, "temple_of_artemis"):
        items.append(COIN)
    return tuple(items), tuple(extras)


def _area_income(content: MnContent, state: MnState, area: Area, seat: int,
                 items: list[str], extras: list[str]) -> None:
    held = [content.site(s) for s in area.buildings if area.holder(s) == seat]
    double_goods = 2 if any(site.kind == "market" for site in held) else 1
    double_coins = 2 if any(site.kind == "temple" for site in held) else 1
    for site in held:
        if site.kind == "caravan":
            items += [site.commodity] * double_goods
        elif site.city_kind == "legendary":
            items.append(COIN)
            extras += ["legendary", "temple"] if double_coins == 2 else ["legendary"]
        elif site.kind == "city":
            items += [COIN] * double_coins
    if has_power(state, seat, "circe"):
        items += [content.site(s).commodity for s, owner in area.posted
                  if owner == seat and _empty_caravan(content, area, s)] * double_goods


def _empty_caravan(content: MnContent, area: Area, site: str) -> bool:
    return content.site(site).kind == "caravan" and site not in area.buildings


def start(flow: Flow) -> None:
    """Rule 1.1: everyone collects in turn; draws and choices wait in the queue."""
    flow.emit("phase", phase="collect", round=flow.state.round)
    queue: list[Queued] = []
    for seat in order(flow.state):
        items, extras = income(flow.content, flow.state, seat)
        got = flow.take(seat, items)
        flow.emit("collected", seat=seat, items=list(got), short=len(items) - len(got))
        queue += [(seat, extra) for extra in extras]
    queue += [(seat, "colossus") for seat in order(flow.state)
              if has_power(flow.state, seat, "colossus")]
    flow.sub("collect", queue=tuple(queue))
    flow.step("queue")


def pending(state: MnState) -> Queued | None:
    """The next draw or choice of the Collect phase, if any."""
    return state.collect.queue[0] if state.collect.queue else None


def settle(flow: Flow) -> bool:
    """Drop queue items with nothing to hand out (reshuffling the legendary discards when
    the pile is empty); whether an item that needs a decision is left."""
    while (item := pending(flow.state)) is not None:
        seat, what = item
        if what == "legendary" and reshuffle(flow):
            return True
        if what == "colossus" and any(flow.state.supply.commodities):
            return True
        if what == "temple" and temple_takes(flow.state):
            return True
        _pop(flow)
        flow.emit("nothing_left", seat=seat, what=what)
    return False


def reshuffle(flow: Flow) -> bool:
    """Whether a legendary can be drawn (the discards become the pile when it is empty)."""
    supply = flow.state.supply
    if not supply.legendary_pile and supply.legendary_discard:
        flow.set(supply=evolve(supply, legendary_pile=supply.legendary_discard,
                               legendary_discard=()))
        flow.emit("legendary_reshuffled", count=len(supply.legendary_discard))
    return bool(flow.state.supply.legendary_pile)


def _head(state: MnState) -> Queued:
    item = pending(state)
    assert item is not None, "the collect queue is empty"
    return item


def _pop(flow: Flow) -> None:
    flow.sub("collect", queue=flow.state.collect.queue[1:])


def draw_request(state: MnState) -> ChanceRequest:
    """A public pick among the Legendary Commodities left in the pile (ruling MN-4)."""
    return ChanceRequest((pick("legendary", len(state.supply.legendary_pile)),),
                         "draw a Legendary Commodity")


def drew(flow: Flow, index: int) -> None:
    """The picked Legendary Commodity goes behind the drawer's screen."""
    seat = _head(flow.state)[0]
    pile = list(flow.state.supply.legendary_pile)
    kind = pile.pop(index)
    flow.set(supply=evolve(flow.state.supply, legendary_pile=tuple(pile)))
    flow.gain(seat, (legendary(kind),))
    flow.emit("legendary_drawn", seat=seat, commodity=kind)
    _pop(flow)


def temple_takes(state: MnState) -> tuple[str, ...]:
    """What a Legendary City's temple extra can still be: a coin while the reserve has one,
    a Legendary while the pile or its discards hold one (ruling MN-19)."""
    supply = state.supply
    legendary = supply.legendary_pile or supply.legendary_discard
    return (*((COIN,) if supply.coins else ()), *(("legendary",) if legendary else ()))


def choices(state: MnState) -> tuple[Action, ...]:
    """The temple's extra (a coin or a legendary) or the Colossus's commodity."""
    item = pending(state)
    if item is None:
        return ()
    if item[1] == "temple":
        return tuple(act("temple_bonus", take=take) for take in temple_takes(state))
    stock = state.supply.commodities
    return tuple(act("colossus", commodity=kind) for at, kind in enumerate(COMMODITIES)
                 if stock[at])


def chosen(flow: Flow, action: Action) -> None:
    """Resolve the temple's or the Colossus's choice."""
    seat, what = _head(flow.state)
    _pop(flow)
    if what == "colossus":
        commodity = str(action.arg("commodity"))
        flow.take(seat, (commodity,))
        return flow.emit("colossus", seat=seat, commodity=commodity)
    if action.arg("take") == COIN:
        got = flow.take(seat, (COIN,))
        return flow.emit("collected", seat=seat, items=list(got), short=1 - len(got))
    flow.sub("collect", queue=((seat, "legendary"), *flow.state.collect.queue))
