"""Barbarian areas (rule 7): subduing them, the Subduing table, and their attacks on cities.

An area's dice are its printed strength plus the Enraged level; barbarians roll no base die.
An area set on a city (Barbarian Allies) first faces the defender's barbarian-attack cards
(Ambush), then attacks through the Combat API (`expedition.start_attack`), which lets the
defender intercept and makes a fallen city neutral.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.card_effects import (
    EffectImpl,
    abilities_in,
    implement,
    may_hold,
    play_from_hand,
    start_abilities,
)
from game.rulesets.mediterranean_empires.content.tables import SubduingResult
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.control import change_vp
from game.rulesets.mediterranean_empires.expedition.expedition import start_attack
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, Force
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import (
    BarbarianAttack,
    CardUse,
    EffectTarget,
    MoveSubdued,
    SubduingOutcome,
    SubduingRoll,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.sequence.random_events import apply_outcome
from game.rulesets.mediterranean_empires.state import Board, MeState, board_memo

FREE, SUBDUED = 0, 1


# -- areas and markers ---------------------------------------------------------------------------

def barbarian_dice(rules: Rules, state: MeState, area: str) -> int:
    """An area's dice in any combat: printed strength plus the Enraged level (rule 7)."""
    per_level = rules.content.tables.enraged.barbarian_dice_per_level
    return rules.content.map.barbarian_area(area).strength + per_level * state.enraged


def area_state(rules: Rules, state: MeState, area: str) -> int:
    """FREE, SUBDUED or OUT_OF_PLAY."""
    return state.board.subdued[rules.area_index(area)]


def _set_area(flow: Flow, area: str, flag: int) -> None:
    board = flow.state.board
    index = flow.rules.area_index(area)
    marks = (*board.subdued[:index], flag, *board.subdued[index + 1:])
    flow.set(board=Board(board.owner, board.forts, marks))


def subdue(flow: Flow, seat: int, area: str, reason: str) -> None:
    """Put a Subdued marker on an area (no VP by itself)."""
    _set_area(flow, area, SUBDUED)
    flow.emit("subdued", seat=seat, area=area, reason=reason)


def free_areas(rules: Rules, state: MeState) -> tuple[str, ...]:
    """Areas in play without a Subdued marker."""
    return tuple(a for a, f in zip(rules.area_ids, state.board.subdued, strict=True)
                 if f == FREE)


@cache  # content only
def linked_cities(rules: Rules, area: str) -> tuple[str, ...]:
    """Cities joined to an area by a barbarian route."""
    return tuple(n for n in rules.content.map.neighbours(area, "barbarian") if rules.is_city(n))


def linked_areas(rules: Rules, state: MeState, area: str, flag: int) -> tuple[str, ...]:
    """Areas in play next to `area` whose marker state is `flag`."""
    return tuple(n for n in rules.content.map.neighbours(area, "barbarian")
                 if not rules.is_city(n) and area_state(rules, state, n) == flag)


def _touches(rules: Rules, state: MeState, area: str, seat: int) -> bool:
    return any(state.board.owner[rules.city_index(c)] == seat for c in linked_cities(rules, area))


# -- subduing by card (subdue_barbarian, subdue_barbarian_roll) ----------------------------------

def _subdue_targets(rules: Rules, state: MeState, use: CardUse,
                    effect: Effect) -> tuple[str, ...]:
    near = bool(effect.param("connected"))
    return board_memo(state, (rules, "subdue_targets", use.seat, near), lambda: tuple(
        a for a in free_areas(rules, state) if not near or _touches(rules, state, a, use.seat)))


def _subdue(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    subdue(flow, use.seat, target, flow.rules.card(use.card).name)
    change_vp(flow, use.seat, int(effect.param("vp")), f"subdued {target}")


def _subdue_roll(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    subdue(flow, use.seat, target, flow.rules.card(use.card).name)
    roll_subduing(flow, use.seat, target, modifier=int(effect.param("modifier")))


# -- the Subduing table (rule 7) -----------------------------------------------------------------

def roll_subduing(flow: Flow, seat: int, area: str, leader: bool = False,
                  modifier: int = 0) -> None:
    """Push the Subduing roll for an area just subdued, then its result."""
    flow.push(SubduingRoll(seat, area, leader, modifier))


def _roll_decide(rules: Rules, state: MeState, frame: SubduingRoll) -> Decision:
    dice = rules.content.tables.subduing.dice
    return Decision(CHANCE, "chance", f"Subduing roll for {frame.area}",
                    chance=ChanceRequest((chance.dice("subduing", dice),), "subduing"))


def _roll_handle(flow: Flow, frame: SubduingRoll, entry: Entry) -> None:
    assert isinstance(entry, ChanceEntry)
    request = _roll_decide(flow.rules, flow.state, frame).chance
    assert request is not None
    (dice,) = resolve(request, entry.seed, entry.values)
    table = flow.rules.content.tables.subduing
    strength = flow.rules.content.map.barbarian_area(frame.area).strength
    modifier = table.modifier(flow.state.enraged, frame.leader, strength) + frame.modifier
    result = table.result_for(sum(dice) + modifier)
    flow.pop()
    flow.emit("subduing_roll", seat=frame.seat, area=frame.area, dice=dice, modifier=modifier,
              total=sum(dice) + modifier, result=result.id)
    apply_subduing_result(flow, frame.seat, frame.area, result)


def apply_subduing_result(flow: Flow, seat: int, area: str, result: SubduingResult) -> None:
    """Let `seat` take one outcome of a Subduing result for `area` (already subdued)."""
    flow.push(SubduingOutcome(seat, area, result.id))


def _result(rules: Rules, frame: SubduingOutcome) -> SubduingResult:
    return next(r for r in rules.content.tables.subduing.results if r.id == frame.result)


def _outcome_options(rules: Rules, state: MeState, frame: SubduingOutcome) -> tuple[int, ...]:
    choice = _result(rules, frame).choice
    hand = len(state.seats[frame.seat].hand)
    fits = tuple(i for i, o in enumerate(choice) if o.discard_random_cards <= hand)
    return fits or tuple(range(len(choice)))


def _outcome_decide(rules: Rules, state: MeState, frame: SubduingOutcome) -> Decision | None:
    if len(_outcome_options(rules, state, frame)) <= 1:
        return None
    name = _result(rules, frame).name
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: {name} — "
                    f"choose your reward")


def _outcome_legal(rules: Rules, state: MeState, frame: SubduingOutcome, seat: int,
                   known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    return tuple(act("choose", option=i) for i in _outcome_options(rules, state, frame))


def _outcome_handle(flow: Flow, frame: SubduingOutcome, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    _take_outcome(flow, frame, int(str(entry.action.arg("option"))))


def _outcome_run(flow: Flow, frame: SubduingOutcome) -> None:
    _take_outcome(flow, frame, _outcome_options(flow.rules, flow.state, frame)[0])


def _take_outcome(flow: Flow, frame: SubduingOutcome, option: int) -> None:
    flow.pop()
    result = _result(flow.rules, frame)
    outcome = result.choice[option]
    moves = [MoveSubdued(frame.seat, frame.area, "remove")] * outcome.remove_connected_subdued
    moves += [MoveSubdued(frame.seat, frame.area, "add")] * outcome.may_subdue_connected
    flow.push(*moves)
    apply_outcome(flow, frame.seat, outcome, result.name)  # its draws run before the moves


def _move_options(rules: Rules, state: MeState, frame: MoveSubdued) -> tuple[str, ...]:
    return linked_areas(rules, state, frame.area, SUBDUED if frame.mode == "remove" else FREE)


def _move_decide(rules: Rules, state: MeState, frame: MoveSubdued) -> Decision | None:
    if not _move_options(rules, state, frame):
        return None
    what = "withdraw a Subdued marker from" if frame.mode == "remove" else \
        "you may place a Subdued marker on"
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: {what} an area "
                    f"next to {rules.content.map.barbarian_area(frame.area).name}")


def _move_legal(rules: Rules, state: MeState, frame: MoveSubdued, seat: int,
                known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    picks = tuple(act("target", id=a) for a in _move_options(rules, state, frame))
    return picks if frame.mode == "remove" else (act("decline"), *picks)


def _move_handle(flow: Flow, frame: MoveSubdued, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    flow.pop()
    if entry.action.verb == "decline":
        return
    area = str(entry.action.arg("id"))
    if frame.mode == "add":
        subdue(flow, frame.seat, area, "terror spreads")
    else:
        _set_area(flow, area, FREE)
        flow.emit("unsubdued", seat=frame.seat, area=area, reason="migration")


# -- barbarian attacks on cities (barbarian_attack_city, remove_barbarian_dice) ---------------

def _victims(rules: Rules, state: MeState, seat: int, area: str) -> tuple[str, ...]:
    """Cities of other players linked to an area."""
    owners = state.board.owner
    return tuple(c for c in linked_cities(rules, area)
                 if owners[rules.city_index(c)] >= 0 and owners[rules.city_index(c)] != seat)


def _attack_targets(rules: Rules, state: MeState, use: CardUse,
                    effect: Effect) -> tuple[str, ...]:
    if use.step == 0:
        return board_memo(state, (rules, "attack_areas", use.seat), lambda: tuple(
            a for a in free_areas(rules, state) if _victims(rules, state, use.seat, a)))
    return _victims(rules, state, use.seat, use.area)


def _attack(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    if use.step == 0:
        flow.push(EffectTarget(evolve(use, area=target, step=1)))
        return
    start_barbarian_attack(flow, use.seat, use.area, target, int(effect.param("extra_dice")))


def start_barbarian_attack(flow: Flow, seat: int, area: str, city: str,
                           extra_dice: int = 0) -> None:
    """Area `area`, set on by `seat`, attacks `city` (rule 7)."""
    dice = barbarian_dice(flow.rules, flow.state, area) + extra_dice
    flow.emit("barbarian_attack", seat=seat, area=area, city=city, dice=dice)
    flow.push(BarbarianAttack(seat, area, city, dice))


def _lower_dice(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    """The barbarian attack under way (the nearest on the stack) loses dice."""
    stack = list(flow.state.stack)
    found = [i for i, f in enumerate(stack) if isinstance(f, BarbarianAttack)]
    if not found:
        flow.emit("no_effect", seat=use.seat, card=use.card)
        return
    at = found[-1]
    attack = stack[at]
    assert isinstance(attack, BarbarianAttack)
    dice = max(0, attack.dice - int(effect.param("dice")))
    stack[at] = evolve(attack, dice=dice)
    flow.set(stack=tuple(stack))
    flow.emit("barbarian_dice_lost", area=attack.area, lost=attack.dice - dice, dice=dice)


def _ambush_card(rules: Rules) -> Callable[[str], bool]:
    return lambda card: bool(abilities_in(rules, card, "barbarian_attack"))


def _defender(rules: Rules, state: MeState, frame: BarbarianAttack) -> int:
    return state.board.owner[rules.city_index(frame.city)]


def _attack_decide(rules: Rules, state: MeState, frame: BarbarianAttack) -> Decision | None:
    defender = _defender(rules, state, frame)
    if frame.stage != "window" or defender < 0 or frame.dice <= 0:
        return None
    if not may_hold(state, defender, _ambush_card(rules)):
        return None
    return Decision(defender, "action", f"{state.seats[defender].empire}: play a card against "
                    f"the {rules.content.map.barbarian_area(frame.area).name} "
                    f"({frame.dice} dice), or pass")


def _attack_legal(rules: Rules, state: MeState, frame: BarbarianAttack, seat: int,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.stage != "window" or seat != _defender(rules, state, frame):
        return ()
    plays = [act("play", slot=s) for s in state.seats[seat].hand
             if s in known and abilities_in(rules, known[s], "barbarian_attack")]
    return (act("pass"), *plays)


def _attack_handle(flow: Flow, frame: BarbarianAttack, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    if entry.action.verb == "pass":
        flow.replace_top(evolve(frame, stage="fight"))
        return
    seat = _defender(flow.rules, flow.state, frame)
    card = play_from_hand(flow, seat, str(entry.action.arg("slot")))
    start_abilities(flow, seat, card, "barbarian_attack", city=frame.city, area=frame.area)


def _attack_run(flow: Flow, frame: BarbarianAttack) -> None:
    if frame.stage == "done" or frame.dice <= 0:
        flow.pop()
        _report(flow, frame)
        return
    if frame.stage == "window":
        flow.replace_top(evolve(frame, stage="fight"))
        return
    flow.replace_top(evolve(frame, stage="done"))
    flow.set(outcome=None)
    force = Force(BARBARIANS, dice=frame.dice, base_die=False)
    start_attack(flow, force, frame.city, origin=frame.area, reason=frame.area,
                 controller=frame.seat)


def _report(flow: Flow, frame: BarbarianAttack) -> None:
    fell = frame.dice > 0 and flow.state.outcome is not None and flow.state.outcome.attacker_won
    flow.emit("barbarian_attack_over", area=frame.area, city=frame.city, fell=fell,
              spent=frame.dice <= 0)


register("barbarian_attack", Procedure(
    _attack_decide, _attack_handle, _attack_run, legal=_attack_legal,
    openings=lambda r, s, f, a: (str(a.arg("slot")),) if a.verb == "play" else ()))
register("subduing_roll", Procedure(_roll_decide, _roll_handle))
register("subduing_outcome", Procedure(_outcome_decide, _outcome_handle, _outcome_run,
                                       legal=_outcome_legal))
register("move_subdued", Procedure(_move_decide, _move_handle, run=lambda f, fr: f.pop(),
                                   legal=_move_legal))
implement("subdue_barbarian", EffectImpl(_subdue, _subdue_targets, "a barbarian area to subdue"))
implement("subdue_barbarian_roll", EffectImpl(_subdue_roll, _subdue_targets,
                                              "a barbarian area to subdue"))
implement("barbarian_attack_city", EffectImpl(_attack, _attack_targets,
                                              "the barbarian area, then the city it attacks"))
implement("remove_barbarian_dice", EffectImpl(_lower_dice))
