"""Barbarian attacks on cities (rule 7; barbarian_attack_city, remove_barbarian_dice).

An area set on a city (Barbarian Allies) first faces the defender's barbarian-attack cards
(Ambush), then attacks through the Combat API (`expedition.start_attack`), which lets the
defender intercept and makes a fallen city neutral. Barbarians roll no base die.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.barbarians.areas import (
    barbarian_dice,
    free_areas,
    linked_cities,
)
from game.rulesets.mediterranean_empires.cards.card_effects import (
    EffectImpl,
    abilities_in,
    implement,
    play_from_hand,
    start_abilities,
)
from game.rulesets.mediterranean_empires.cards.holdings import may_hold
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.expedition.expedition import start_attack
from game.rulesets.mediterranean_empires.expedition.forces import BARBARIANS, Force
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import BarbarianAttack, CardUse, EffectTarget
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState, board_memo


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


def _has_attack_target(rules: Rules, state: MeState, use: CardUse, effect: Effect) -> bool:
    if use.step == 0:
        return any(_victims(rules, state, use.seat, area) for area in free_areas(rules, state))
    return bool(_victims(rules, state, use.seat, use.area))


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
implement("barbarian_attack_city", EffectImpl(_attack, _attack_targets,
                                              "the barbarian area, then the city it attacks",
                                              any_target=_has_attack_target))
implement("remove_barbarian_dice", EffectImpl(_lower_dice))
