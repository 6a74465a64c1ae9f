"""Card abilities outside battles: the registry, the generic steps, and the simple effects.

Each vocabulary effect is implemented once, as an `EffectImpl` in `IMPLS`: which targets its
player may pick (None: it needs no target), how it resolves on the chosen target, and (for
abilities with a success roll) what a successful roll does. A card's abilities run in order,
each started by an `EffectStart` frame; `EffectTarget` asks for the target, `EffectRoll` rolls.
City effects live in city_effects.py, steals in steal.py, barbarian ones in barbarians/,
Cilician Pirates in fighting_events.py; they register here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.rulesets.mediterranean_empires.cards.cards import (
    PLAYED,
    add_to_hand,
    card_in,
    discard,
    remove_from_hand,
)
from game.rulesets.mediterranean_empires.cards.holdings import hand_candidates
from game.rulesets.mediterranean_empires.cards.truces import EVERYONE, make_truce
from game.rulesets.mediterranean_empires.content.setups import FORTIFICATION_MARKERS_PER_EMPIRE
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.control import add_fortifications, change_vp
from game.rulesets.mediterranean_empires.expedition.assault import AFTER_CONQUEST
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register, shared_action
from game.rulesets.mediterranean_empires.frames import (
    AfterConquest,
    CardUse,
    DrawCards,
    EffectRoll,
    EffectStart,
    EffectTarget,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

Targets = Callable[[Rules, MeState, CardUse, Effect], tuple[str, ...] | None]
Resolver = Callable[[Flow, CardUse, Effect, str], None]


@dataclass(frozen=True)
class EffectImpl:
    """How one effect works: its targets, resolution, and what a successful roll does.

    `targets` lists what the player may pick; no function, or a None answer, means the ability
    needs no target; an empty answer means it cannot be used now. `usable` may forbid an
    ability without targets (an event with nothing to strike).
    """

    resolve: Resolver
    targets: Targets | None = None
    what: str = ""
    """What the player picks, for the prompt ("the city to take")."""
    succeed: Resolver | None = None
    usable: Callable[[Rules, MeState, CardUse, Effect], bool] | None = None
    any_target: Callable[[Rules, MeState, CardUse, Effect], bool] | None = None
    """Whether `targets` would list at least one target, stopping at the first (playability
    tests ask it for every card in a hand)."""


IMPLS: dict[str, EffectImpl] = {}
"""Every non-battle effect of the vocabulary, by name (other modules add theirs)."""


def implement(name: str, impl: EffectImpl) -> None:
    """Register the one implementation of an effect."""
    IMPLS[name] = impl


# -- finding abilities -----------------------------------------------------------------------

def effect_of(rules: Rules, use: CardUse) -> Effect:
    """The ability a use points at (nested options and table rows followed)."""
    effect = rules.card(use.card).abilities[use.path[0]]
    for index in use.path[1:]:
        if effect.name == "choose_one":
            effect = effect.param("options")[index]
        else:
            effect = effect.param("rows")[index].outcome
    return effect


@cache  # content only (Rules hash by identity): asked for every card in many legal lists
def abilities_in(rules: Rules, card: str, window: str) -> tuple[int, ...]:
    """Indices of a card's abilities that act in `window`."""
    return tuple(i for i, e in enumerate(rules.card(card).abilities) if e.window == window)


def possible(rules: Rules, state: MeState, use: CardUse) -> bool:
    """Whether an ability can do anything now (it has a target, or needs none)."""
    effect = effect_of(rules, use)
    impl = IMPLS[effect.name]
    if impl.usable is not None and not impl.usable(rules, state, use, effect):
        return False
    if impl.any_target is not None:
        return impl.any_target(rules, state, use, effect)
    targets = impl.targets(rules, state, use, effect) if impl.targets else None
    return targets is None or bool(targets)


def start_abilities(flow: Flow, seat: int, card: str, window: str, city: str = "",
                    area: str = "") -> None:
    """Queue every ability of `card` for `window`, in printed order."""
    flow.push(*(EffectStart(CardUse(seat, card, (i,), city, area))
                for i in abilities_in(flow.rules, card, window)))


@cache  # content only
def forbidden(rules: Rules, card: str) -> frozenset[str]:
    """Empires a card may not be played against (forbidden_against)."""
    return frozenset(e.param("empire") for e in rules.card(card).abilities
                     if e.name == "forbidden_against")


def other_players(rules: Rules, state: MeState, use: CardUse) -> tuple[str, ...]:
    """Empires of the other players the card may act against."""
    spared = forbidden(rules, use.card) if use.card else frozenset()
    return tuple(s.empire for i, s in enumerate(state.seats)
                 if i != use.seat and s.empire not in spared)


def seat_of(state: MeState, empire: str) -> int:
    """The seat playing an empire."""
    return next(i for i, s in enumerate(state.seats) if s.empire == empire)


# -- the generic steps -------------------------------------------------------------------------

def _start_run(flow: Flow, frame: EffectStart) -> None:
    flow.pop()
    effect = effect_of(flow.rules, frame.use)
    if _targets_of(flow.rules, flow.state, frame.use) is None:
        IMPLS[effect.name].resolve(flow, frame.use, effect, "")
    else:
        flow.push(EffectTarget(frame.use))


def _targets_of(rules: Rules, state: MeState, use: CardUse) -> tuple[str, ...] | None:
    effect = effect_of(rules, use)
    targets = IMPLS[effect.name].targets
    return targets(rules, state, use, effect) if targets else None


def _target_decide(rules: Rules, state: MeState, frame: EffectTarget) -> Decision | None:
    if not _targets_of(rules, state, frame.use):
        return None
    use = frame.use
    what = IMPLS[effect_of(rules, use).name].what
    return Decision(use.seat, "action", f"{state.seats[use.seat].empire}: "
                    f"{rules.card(use.card).name} — pick {what}")


def _target_legal(rules: Rules, state: MeState, frame: EffectTarget, seat: int,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.use.seat:
        return ()
    return tuple(shared_action("target", "id", t)
                 for t in _targets_of(rules, state, frame.use) or ())


def _target_handle(flow: Flow, frame: EffectTarget, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    flow.pop()
    target = str(entry.action.arg("id"))
    effect = effect_of(flow.rules, frame.use)
    IMPLS[effect.name].resolve(flow, frame.use, effect, target)


def _target_run(flow: Flow, frame: EffectTarget) -> None:
    flow.pop()
    flow.emit("effect_fizzled", seat=frame.use.seat, card=frame.use.card)


def _roll_decide(rules: Rules, state: MeState, frame: EffectRoll) -> Decision:
    effect = effect_of(rules, frame.use)
    count, sides = effect.param("dice", (1, 6)) if effect.name == "roll_table" else (1, 6)
    return Decision(CHANCE, "chance", f"roll for {rules.card(frame.use.card).name}",
                    chance=ChanceRequest((chance.dice("card roll", count, sides),), "card"))


def _roll_handle(flow: Flow, frame: EffectRoll, entry: Entry) -> None:
    assert isinstance(entry, ChanceEntry)
    request = _roll_decide(flow.rules, flow.state, frame).chance
    assert request is not None
    (dice,) = resolve(request, entry.seed, entry.values)
    flow.pop()
    effect = effect_of(flow.rules, frame.use)
    if effect.name == "roll_table":
        _table_result(flow, frame.use, effect, dice)
    else:
        _success_roll(flow, frame, effect, dice[0])


def weather_modifier(rules: Rules, state: MeState) -> int:
    """The round's weather modifier for weather-modified rolls (Fine −1, Foul +1, rule 4.1)."""
    if not state.event:
        return 0
    return rules.content.tables.random_event.event(state.event).effect.storm_at_sea_modifier


def _table_result(flow: Flow, use: CardUse, effect: Effect, dice: tuple[int, ...]) -> None:
    modifier = weather_modifier(flow.rules, flow.state) if effect.param("weather_modified") \
        else 0
    total = sum(dice) + modifier
    rows = effect.param("rows")
    row = next(i for i, r in enumerate(rows) if (r.low is None or total >= r.low)
               and (r.high is None or total <= r.high))
    flow.emit("card_roll", seat=use.seat, card=use.card, dice=dice, modifier=modifier,
              total=total, outcome=rows[row].outcome.name)
    flow.push(EffectStart(CardUse(use.seat, use.card, (*use.path, row), use.city, use.area)))


def needed_roll(rules: Rules, effect: Effect, city: str) -> int:
    """The 1d6 result an ability's success roll needs on `city`."""
    size = rules.content.map.city(city).size if effect.param("plus_city_size") else 0
    return int(effect.param("min_roll")) + size


def _success_roll(flow: Flow, frame: EffectRoll, effect: Effect, die: int) -> None:
    need = needed_roll(flow.rules, effect, frame.target)
    flow.emit("card_roll", seat=frame.use.seat, card=frame.use.card, dice=(die,), need=need,
              target=frame.target, success=die >= need)
    succeed = IMPLS[effect.name].succeed
    if die >= need and succeed is not None:
        succeed(flow, frame.use, effect, frame.target)


register("effect_start", Procedure(lambda r, s, f: None, run=_start_run))
register("effect_target", Procedure(_target_decide, _target_handle, _target_run,
                                    legal=_target_legal))
register("effect_roll", Procedure(_roll_decide, _roll_handle))


# -- the after-conquest window (rule 6; Sack & Plunder) ------------------------------------------

def _conquest_card(rules: Rules) -> Callable[[str], bool]:
    return lambda card: bool(abilities_in(rules, card, "after_conquest"))


@cache  # content only
def _conquest_cards(rules: Rules) -> frozenset[str]:
    return frozenset(c.id for c in rules.content.decks.cards
                     if abilities_in(rules, c.id, "after_conquest"))


def _may_hold_conquest_card(rules: Rules, state: MeState, seat: int) -> bool:
    return not _conquest_cards(rules).isdisjoint(hand_candidates(state, seat))


def offer_after_conquest(flow: Flow, seat: int, city: str) -> None:
    """Let a conqueror play after-conquest cards (only if it may hold one; game not over)."""
    if flow.state.winners or not flow.state.stack or seat < 0:
        return
    if _may_hold_conquest_card(flow.rules, flow.state, seat):
        flow.push(AfterConquest(seat, city))


def _conquest_decide(rules: Rules, state: MeState, frame: AfterConquest) -> Decision | None:
    if not _may_hold_conquest_card(rules, state, frame.seat):
        return None
    city = rules.content.map.city(frame.city).name
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: play a card "
                    f"after taking {city}, or pass")


def _conquest_legal(rules: Rules, state: MeState, frame: AfterConquest, seat: int,
                    known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    wanted = _conquest_card(rules)
    plays = [act("play", slot=s) for s in state.seats[seat].hand
             if s in known and wanted(known[s])]
    return (act("pass"), *plays)


def play_from_hand(flow: Flow, seat: int, slot: str, event: str = "card_played") -> str:
    """A card played face up leaves the hand for its deck's discard pile; its id."""
    card = flow.opened_card(slot)
    remove_from_hand(flow, seat, slot)
    flow.emit(event, seat=seat, card=card)
    discard(flow, slot, PLAYED)
    return card


def _conquest_handle(flow: Flow, frame: AfterConquest, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    if entry.action.verb == "pass":
        flow.pop()
        return
    card = play_from_hand(flow, frame.seat, str(entry.action.arg("slot")))
    start_abilities(flow, frame.seat, card, "after_conquest", city=frame.city)


AFTER_CONQUEST.append(offer_after_conquest)
register("after_conquest", Procedure(_conquest_decide, _conquest_handle,
                                     run=lambda flow, frame: flow.pop(), legal=_conquest_legal,
                                     openings=lambda r, s, f, a: (
                                         (str(a.arg("slot")),) if a.verb == "play" else ())))


# -- simple effects ----------------------------------------------------------------------------

def _city_size(flow: Flow, use: CardUse, effect: Effect) -> int:
    if not effect.param("plus_city_size") or not use.city:
        return 0
    return flow.rules.content.map.city(use.city).size


def _draw(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    count = int(effect.param("count")) + _city_size(flow, use, effect)
    flow.push(DrawCards(use.seat, count, flow.rules.card(use.card).name))


def _gain_vp(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    amount = int(effect.param("amount")) + _city_size(flow, use, effect)
    change_vp(flow, use.seat, amount, flow.rules.card(use.card).name)


def _count_as_pass(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    flow.set(passes=flow.state.passes + 1)
    flow.emit("counted_as_pass", seat=use.seat, card=use.card)


def _options(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> tuple[str, ...]:
    options = effect.param("options")
    return tuple(str(i) for i in range(len(options))
                 if possible(rules, state, CardUse(use.seat, use.card, (*use.path, i),
                                                   use.city, use.area)))


def _any_option(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    return any(possible(rules, state, CardUse(use.seat, use.card, (*use.path, i), use.city,
                                              use.area))
               for i in range(len(effect.param("options"))))


def _choose(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    option = int(target)
    flow.emit("option_chosen", seat=use.seat, card=use.card,
              effect=effect.param("options")[option].name)
    flow.push(EffectStart(CardUse(use.seat, use.card, (*use.path, option), use.city,
                                  use.area)))


def _recover_targets(rules: Rules, state: MeState, use: CardUse,
                     effect: Effect) -> tuple[str, ...]:
    types = set(effect.param("types"))
    return tuple(s for s in state.seats[use.seat].discard
                 if types & set(rules.card(card_in(state, s)).types))


def _has_recover_target(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    types = set(effect.param("types"))
    return any(types & set(rules.card(card_in(state, s)).types)
               for s in state.seats[use.seat].discard)


def _recover(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    pile = flow.seat(use.seat).discard
    flow.update_seat(use.seat, discard=tuple(s for s in pile if s != target))
    add_to_hand(flow, use.seat, target)
    flow.emit("recovered_card", seat=use.seat, card=flow.opened_card(target),
              by=use.card)
    more = CardUse(use.seat, use.card, use.path, use.city, use.area, use.step + 1)
    if more.step < int(effect.param("count")) and _recover_targets(
            flow.rules, flow.state, more, effect):
        flow.push(EffectTarget(more))


def markers_left(rules: Rules, state: MeState, seat: int) -> int:
    """Fortification markers of a seat still in its supply (32 each, rulebook §2)."""
    on_map = sum(n for owner, n in zip(state.board.owner, state.board.forts, strict=True)
                 if owner == seat)
    return max(0, FORTIFICATION_MARKERS_PER_EMPIRE - on_map)


def _own_cities(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> tuple[str, ...]:
    if not markers_left(rules, state, use.seat):
        return ()
    return tuple(c for c, o in zip(rules.city_ids, state.board.owner, strict=True)
                 if o == use.seat)


def _has_own_city(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    return use.seat in state.board.owner and bool(markers_left(rules, state, use.seat))


def _fortify(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    count = min(int(effect.param("count")), markers_left(flow.rules, flow.state, use.seat))
    add_fortifications(flow, target, count)
    total = flow.state.board.forts[flow.rules.city_index(target)]
    flow.emit("fortified", seat=use.seat, city=target, count=count, total=total)


def _truce_targets(rules: Rules, state: MeState, use: CardUse,
                   effect: Effect) -> tuple[str, ...] | None:
    return other_players(rules, state, use) if effect.param("with") == "one_player" else None


def _truce(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    other = seat_of(flow.state, target) if target else EVERYONE
    make_truce(flow, use.seat, other, use.card, str(effect.param("until")))


def _capital_targets(rules: Rules, state: MeState, use: CardUse,
                     effect: Effect) -> tuple[str, ...]:
    least = int(effect.param("min_size"))
    current = state.seats[use.seat].capital
    return tuple(c for c, o in zip(rules.city_ids, state.board.owner, strict=True)
                 if o == use.seat and c != current
                 and rules.content.map.city(c).size >= least)


def _move_capital(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    old = flow.seat(use.seat).capital
    flow.update_seat(use.seat, capital=target)
    flow.emit("capital_moved", seat=use.seat, old=old, new=target)


def _nothing(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    flow.emit("no_effect", seat=use.seat, card=use.card)


def _roll_table(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    flow.push(EffectRoll(use))


implement("nothing", EffectImpl(_nothing))
implement("draw_cards", EffectImpl(_draw))
implement("gain_vp", EffectImpl(_gain_vp))
implement("count_as_pass", EffectImpl(_count_as_pass))
implement("choose_one", EffectImpl(_choose, _options, "one option", any_target=_any_option))
implement("roll_table", EffectImpl(_roll_table))
implement("recover_from_discard", EffectImpl(_recover, _recover_targets,
                                             "a card to take back from your discard pile",
                                             any_target=_has_recover_target))
implement("add_fortification", EffectImpl(_fortify, _own_cities, "a city of yours to fortify",
                                          any_target=_has_own_city))
implement("move_capital", EffectImpl(_move_capital, _capital_targets, "your new capital"))
implement("truce", EffectImpl(_truce, _truce_targets, "the player bound by the truce"))

