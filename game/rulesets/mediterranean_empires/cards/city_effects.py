"""Cards that win or raise cities without a fight: take_city and revolt_city (rules 5.3, 6).

A city taken by a card counts as a conquest for every purpose (rule 6): markers change colour,
VP move by its size, and the after-conquest window opens. A revolt makes the city neutral.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.core.records import memo
from game.rulesets.mediterranean_empires.cards.card_effects import (
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
from game.rulesets.mediterranean_empires.state import NEUTRAL, MeState, board_memo


def _owner_fits(owner: int, seat: int, wanted: str) -> bool:
    if owner == NEUTRAL:
        return wanted in ("neutral", "any")
    return owner >= 0 and owner != seat and wanted in ("enemy", "any")


def _fitting_cities(rules: Rules, effect: Effect) -> tuple[tuple[str, int], ...]:
    """(id, index) of the cities within an ability's size, province and port limits, in map
    order: fixed by content, so worked out once per ability."""
    def fitting() -> tuple[tuple[str, int], ...]:
        provinces = effect.param("provinces")
        return tuple((city.id, index) for index, city in enumerate(rules.content.map.cities)
                     if city.size <= int(effect.param("max_size"))
                     and (not provinces or city.province in provinces)
                     and (city.port or not effect.param("port")))
    return memo(effect, ("fitting_cities", rules), fitting)


def _touches_own(rules: Rules, owners: tuple[int, ...], index: int, seat: int) -> bool:
    """Linked by a land or coastal route to a city the seat holds."""
    return any(owners[other] == seat for other in rules.city_links(index))


def city_targets(rules: Rules, state: MeState, use: CardUse, effect: Effect,
                 wanted: str) -> tuple[str, ...]:
    """Cities held as `wanted` ("neutral", "enemy", "any") that the ability may act on: within
    its size, province and port limits, not a capital when capitals are immune, linked to one of
    the seat's cities when it must be, and not held by an empire the card spares."""
    barred, capitals = _spared(rules, state, use, effect)
    # The ability is named by its card and path; the rest of the answer is the board's.
    key = (rules, "city_targets", use.seat, use.card, use.path, wanted, barred, capitals)
    return board_memo(state, key, lambda: tuple(
        _fitting_targets(rules, state, use, effect, wanted, barred, capitals)))


def has_city_target(rules: Rules, state: MeState, use: CardUse, effect: Effect,
                    wanted: str) -> bool:
    """Whether `city_targets` lists any city (stopping at the first; an ability that must
    touch the seat's cities looks only at the cities linked to them)."""
    barred, capitals = _spared(rules, state, use, effect)
    if not effect.param("connected"):
        return any(_fitting_targets(rules, state, use, effect, wanted, barred, capitals))
    owners, seat, ids = state.board.owner, use.seat, rules.city_ids
    fitting = _fitting_indices(rules, effect)
    return any(index in fitting and _owner_fits(owners[index], seat, wanted)
               and owners[index] not in barred and ids[index] not in capitals
               for index in _next_to_own(rules, state, seat))


def _fitting_indices(rules: Rules, effect: Effect) -> frozenset[int]:
    return memo(effect, ("fitting_indices", rules),
                lambda: frozenset(index for _, index in _fitting_cities(rules, effect)))


def _next_to_own(rules: Rules, state: MeState, seat: int) -> frozenset[int]:
    """Indices of the cities linked to one the seat holds (kept per board)."""
    return board_memo(state, (rules, "next_to_own", seat), lambda: frozenset(
        other for index, owner in enumerate(state.board.owner) if owner == seat
        for other in rules.city_links(index)))


def _spared(rules: Rules, state: MeState, use: CardUse,
            effect: Effect) -> tuple[frozenset[int], frozenset[str]]:
    """(seats the card spares, capitals when they are immune)."""
    spared = forbidden(rules, use.card)
    barred = frozenset(i for i, s in enumerate(state.seats) if s.empire in spared)
    immune = bool(effect.param("not_capital"))
    return barred, frozenset(s.capital for s in state.seats) if immune else frozenset()


def _fitting_targets(rules: Rules, state: MeState, use: CardUse, effect: Effect, wanted: str,
                     barred: frozenset[int], capitals: frozenset[str]) -> Iterator[str]:
    owners, seat = state.board.owner, use.seat
    connected = effect.param("connected")
    return (city for city, index in _fitting_cities(rules, effect)
            if _owner_fits(owners[index], seat, wanted) and owners[index] not in barred
            and city not in capitals
            and (not connected or _touches_own(rules, owners, index, seat)))


def _take_targets(rules: Rules, state: MeState, use: CardUse,
                  effect: Effect) -> tuple[str, ...]:
    return city_targets(rules, state, use, effect, str(effect.param("owner")))


def _revolt_targets(rules: Rules, state: MeState, use: CardUse,
                    effect: Effect) -> tuple[str, ...]:
    return city_targets(rules, state, use, effect, "enemy")


def _has_take_target(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    return has_city_target(rules, state, use, effect, str(effect.param("owner")))


def _has_revolt_target(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    return has_city_target(rules, state, use, effect, "enemy")


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

implement("take_city", EffectImpl(_roll_or_succeed, _take_targets, "the city to take", _take,
                                  any_target=_has_take_target))
implement("revolt_city", EffectImpl(_roll_or_succeed, _revolt_targets,
                                    "the city to raise in revolt", _revolt,
                                    any_target=_has_revolt_target))
