"""Cards that win or raise cities without a fight: take_city and revolt_city (rules 5.3, 6).

A city taken by a card counts as a conquest for every purpose (rule 6): markers change colour,
VP move by its size, and the after-conquest window opens. A revolt makes the city neutral.
"""

from __future__ import annotations

from game.rulesets.mediterranean_empires.card_effects import (
    EffectImpl,
    forbidden,
    implement,
    offer_after_conquest,
)
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.control import transfer_city
from game.rulesets.mediterranean_empires.flow import Flow
from game.rulesets.mediterranean_empires.frames import CardUse, EffectRoll
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState


def _owner_fits(owner: int, seat: int, wanted: str) -> bool:
    if owner == NEUTRAL:
        return wanted in ("neutral", "any")
    return owner >= 0 and owner != seat and wanted in ("enemy", "any")


def _touches_own(rules: Rules, state: MeState, city: str, seat: int) -> bool:
    """Linked by a land or coastal route to a city the seat holds."""
    links = rules.content.map.neighbours(city, "land") + rules.content.map.neighbours(
        city, "coastal")
    return any(state.board.owner[rules.city_index(n)] == seat for n in links)


def _capitals(state: MeState) -> frozenset[str]:
    return frozenset(seat.capital for seat in state.seats)


def _city_fits(rules: Rules, state: MeState, use: CardUse, effect: Effect, city: str) -> bool:
    """The size, province, port, capital and connection limits of an ability."""
    info = rules.content.map.city(city)
    provinces = effect.param("provinces")
    return (info.size <= int(effect.param("max_size"))
            and (not provinces or info.province in provinces)
            and (info.port or not effect.param("port"))
            and not (effect.param("not_capital") and city in _capitals(state))
            and (not effect.param("connected") or _touches_own(rules, state, city, use.seat)))


def _spared(rules: Rules, state: MeState, use: CardUse, owner: int) -> bool:
    return owner >= 0 and state.seats[owner].empire in forbidden(rules, use.card)


def city_targets(rules: Rules, state: MeState, use: CardUse, effect: Effect,
                 wanted: str) -> tuple[str, ...]:
    """Cities held as `wanted` ("neutral", "enemy", "any") that the ability may act on."""
    return tuple(city for city, owner in zip(rules.city_ids, state.board.owner, strict=True)
                 if _owner_fits(owner, use.seat, wanted)
                 and not _spared(rules, state, use, owner)
                 and _city_fits(rules, state, use, effect, city))


def _take_targets(rules: Rules, state: MeState, use: CardUse,
                  effect: Effect) -> tuple[str, ...]:
    return city_targets(rules, state, use, effect, str(effect.param("owner")))


def _revolt_targets(rules: Rules, state: MeState, use: CardUse,
                    effect: Effect) -> tuple[str, ...]:
    return city_targets(rules, state, use, effect, "enemy")


def _roll_or_succeed(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    flow.emit("card_target", seat=use.seat, card=use.card, target=target)
    if effect.param("min_roll") is None:
        _SUCCESS[effect.name](flow, use, effect, target)
    else:
        flow.push(EffectRoll(use, target))


def _take(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    transfer_city(flow, target, use.seat, flow.rules.card(use.card).name)
    offer_after_conquest(flow, use.seat, target)


def _revolt(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    transfer_city(flow, target, NEUTRAL, flow.rules.card(use.card).name)


_SUCCESS = {"take_city": _take, "revolt_city": _revolt}

implement("take_city", EffectImpl(_roll_or_succeed, _take_targets, "the city to take", _take))
implement("revolt_city", EffectImpl(_roll_or_succeed, _revolt_targets,
                                    "the city to raise in revolt", _revolt))
