"""Subduing barbarian areas (rule 7): the Subduing roll, its result's choices and marker moves,
and the cards that subdue an area (subdue_barbarian, subdue_barbarian_roll)."""

from __future__ import annotations

from collections.abc import Mapping

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.rulesets.mediterranean_empires.barbarians.areas import (
    FREE,
    SUBDUED,
    free_areas,
    linked_areas,
    subdue,
    touches,
    unsubdue,
)
from game.rulesets.mediterranean_empires.cards.card_effects import EffectImpl, implement
from game.rulesets.mediterranean_empires.content.tables import SubduingResult
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.control import change_vp
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import (
    CardUse,
    MoveSubdued,
    SubduingOutcome,
    SubduingRoll,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.sequence.random_events import apply_outcome
from game.rulesets.mediterranean_empires.state import MeState, board_memo

# -- subduing by card (subdue_barbarian, subdue_barbarian_roll) ----------------------------------

def _subdue_targets(rules: Rules, state: MeState, use: CardUse,
                    effect: Effect) -> tuple[str, ...]:
    near = bool(effect.param("connected"))
    return board_memo(state, (rules, "subdue_targets", use.seat, near), lambda: tuple(
        a for a in free_areas(rules, state) if not near or touches(rules, state, a, use.seat)))


def _has_subdue_target(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    near = bool(effect.param("connected"))
    return any(not near or touches(rules, state, area, use.seat)
               for area in free_areas(rules, state))


def _subdue(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    subdue(flow, use.seat, target, flow.rules.card(use.card).name)
    change_vp(flow, use.seat, int(effect.param("vp")), f"subdued {target}")


def _subdue_roll(flow: Flow, use: CardUse, effect: Effect, target: str) -> None:
    subdue(flow, use.seat, target, flow.rules.card(use.card).name)
    roll_subduing(flow, use.seat, target, modifier=int(effect.param("modifier")))


# -- the Subduing table (rule 7) -----------------------------------------------------------------

def roll_subduing(flow: Flow, seat: int, area: str, leader: bool = False,
                  modifier: int = 0) -> None:
    """Push the Subduing roll for an area just subdued, then its result (rule 7)."""
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
    """Let `seat` take one outcome of a Subduing result for `area` (already subdued; rule 7)."""
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


# -- Migration and Terror spreads: moving Subdued markers ----------------------------------------

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
        unsubdue(flow, frame.seat, area, "migration")


def _move_run(flow: Flow, frame: MoveSubdued) -> None:
    """No area to move a marker to or from: the move lapses."""
    flow.pop()


register("subduing_roll", Procedure(_roll_decide, _roll_handle))
register("subduing_outcome", Procedure(_outcome_decide, _outcome_handle, _outcome_run,
                                       legal=_outcome_legal))
register("move_subdued", Procedure(_move_decide, _move_handle, run=_move_run,
                                   legal=_move_legal))
implement("subdue_barbarian", EffectImpl(_subdue, _subdue_targets, "a barbarian area to subdue",
                                          any_target=_has_subdue_target))
implement("subdue_barbarian_roll", EffectImpl(_subdue_roll, _subdue_targets,
                                              "a barbarian area to subdue",
                                              any_target=_has_subdue_target))
