"""Turns and rounds (rule 4): the Random Event roll, action phases, the end of a turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from game.core import chance
from game.core.actions import Action, act
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.slots import start_shuffle
from game.rulesets.mediterranean_empires.cards.cards import (
    DISCARD_AND_DRAW,
    DOWN_TO_HAND_SIZE,
    discard,
    remove_from_hand,
)
from game.rulesets.mediterranean_empires.cards.truces import expire_truces
from game.rulesets.mediterranean_empires.control import end_game
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register, shared_action
from game.rulesets.mediterranean_empires.frames import (
    ActionPhase,
    DiscardDown,
    DrawCards,
    FirstPlayer,
    Frame,
    RoundEnd,
    RoundStart,
    TurnEnd,
    TurnStart,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.scoring import apply_scoring, ranking
from game.rulesets.mediterranean_empires.sequence.random_events import begin_event
from game.rulesets.mediterranean_empires.state import MeState

ActionSource = Callable[[Rules, MeState, ActionPhase, Mapping[str, str]], tuple[Action, ...]]
ActionHandler = Callable[[Flow, ActionPhase, ActionEntry], None]
OpeningsOf = Callable[[Rules, MeState, Action], tuple[str, ...]]

ACTION_SOURCES: dict[str, ActionSource] = {}
"""Extra action kinds (Imperium, Military Expedition) list their legal actions here, by verb
(the guard's legality test asks only the source of the action's verb)."""
ACTION_HANDLERS: dict[str, ActionHandler] = {}
ACTION_OPENINGS: dict[str, OpeningsOf] = {}


def order_from(state: MeState, first: int) -> tuple[int, ...]:
    """Seats in turn order starting with `first`."""
    count = len(state.seats)
    return tuple((first + i) % count for i in range(count))


# -- turn start and the Random Event roll (rule 4.1) ---------------------------------------

def _turn_start_run(flow: Flow, frame: TurnStart) -> None:
    flow.pop()
    flow.set(turn=flow.state.turn + 1, round=0, all_passed=False, passes=0, event="")
    flow.emit("turn_started", turn=flow.state.turn)
    flow.push(RoundStart())
    if flow.state.option("follow_the_leader"):
        flow.push(FirstPlayer(vp_leader(flow.state)))


def vp_leader(state: MeState) -> int:
    """The seat with the most VP; a tie goes to the tied seat that starts earliest (rule 8.1)."""
    order = order_from(state, state.first_seat)
    return max(order, key=lambda seat: (state.seats[seat].vp, -order.index(seat)))


def _first_decide(rules: Rules, state: MeState, frame: FirstPlayer) -> Decision:
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: choose who "
                    f"starts the rounds of turn {state.turn} (optional rule 8.1)")


def _first_legal(rules: Rules, state: MeState, frame: FirstPlayer, seat: int,
                 known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    return tuple(act("first", seat=s) for s in range(len(state.seats)))


def _first_handle(flow: Flow, frame: FirstPlayer, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    first = int(str(entry.action.arg("seat")))
    flow.pop()
    flow.set(first_seat=first)
    flow.emit("first_player", seat=first, chooser=flow.empire_name(frame.seat))


def _round_start_decide(rules: Rules, state: MeState, frame: RoundStart) -> Decision:
    dice = rules.content.tables.random_event.dice
    return Decision(CHANCE, "chance", f"roll the Random Event of round {state.round + 1}",
                    chance=ChanceRequest((chance.dice("random event", dice),), "random event"))


def _round_start_handle(flow: Flow, frame: RoundStart, entry: Entry) -> None:
    assert isinstance(entry, ChanceEntry)
    request = _round_start_decide(flow.rules, flow.state, frame).chance
    assert request is not None
    (dice,) = resolve(request, entry.seed, entry.values)
    state = flow.state
    round_number = state.round + 1
    table = flow.rules.content.tables.random_event
    parts = table.modifiers(round_number, state.all_passed, bool(state.option("short_play")))
    modifier = sum(value for _, value in parts)
    rolled = table.event_for(sum(dice) + modifier)
    flow.pop()
    flow.set(round=round_number, event=rolled.id, passes=0)
    flow.emit("random_event", round=round_number, dice=dice, modifier=modifier, modifiers=parts,
              total=sum(dice) + modifier, event=rolled.id)
    if rolled.effect.ends_turn:
        flow.push(TurnEnd())
        return
    effect = rolled.effect
    phases = [ActionPhase(seat, effect.imperium_cards_per_action, effect.expeditions_per_action)
              for seat in order_from(state, state.first_seat)]
    flow.push(*phases, RoundEnd())
    begin_event(flow, rolled.id)


# -- action phases (rule 5) ------------------------------------------------------------------

def _phase_decide(rules: Rules, state: MeState, frame: ActionPhase) -> Decision:
    return _phase_decision(frame.seat, state.seats[frame.seat].empire, frame.acted, state.round)


@lru_cache(maxsize=1024)  # a Decision is immutable: one object per seat, empire and round
def _phase_decision(seat: int, empire: str, acted: bool, round_number: int) -> Decision:
    what = "another action or done" if acted else "pass, discard & draw, Imperium or ME"
    return Decision(seat, "action", f"{empire}: {what} (round {round_number})")


def _phase_legal(rules: Rules, state: MeState, frame: ActionPhase, seat: int,
                 known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    actions = _basic_actions(state, frame, seat, known)
    for source in ACTION_SOURCES.values():
        actions += source(rules, state, frame, known)
    return tuple(actions)


def _basic_actions(state: MeState, frame: ActionPhase, seat: int,
                   known: Mapping[str, str]) -> list[Action]:
    """Done (after a first action), or pass and discard & draw."""
    if frame.acted:
        return [act("done")]
    hand = state.seats[seat].hand
    return [act("pass")] + [shared_action("discard", "slot", s) for s in hand if s in known]


def _phase_allows(rules: Rules, state: MeState, frame: ActionPhase, seat: int, action: Action,
                  known: Mapping[str, str]) -> bool:
    """`_phase_legal`'s verdict on one action, asking only the source of its verb."""
    if seat != frame.seat:
        return False
    source = ACTION_SOURCES.get(action.verb)
    if source is not None:
        return action in source(rules, state, frame, known)
    return action in _basic_actions(state, frame, seat, known)


def _phase_openings(rules: Rules, state: MeState, frame: ActionPhase,
                    action: Action) -> tuple[str, ...]:
    if action.verb == "discard":
        return (str(action.arg("slot")),)
    opener = ACTION_OPENINGS.get(action.verb)
    return opener(rules, state, action) if opener else ()


def _phase_handle(flow: Flow, frame: ActionPhase, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    verb = entry.action.verb
    if verb in ("pass", "done"):
        flow.pop()
        if verb == "pass":
            flow.set(passes=flow.state.passes + 1)
            flow.emit("passed", seat=frame.seat)
        return
    if verb == "discard":
        slot = str(entry.action.arg("slot"))
        flow.pop()
        remove_from_hand(flow, frame.seat, slot)
        flow.emit("discard_and_draw", seat=frame.seat, card=flow.opened_card(slot))
        discard(flow, slot, DISCARD_AND_DRAW)
        flow.push(DrawCards(frame.seat, 1, "discard & draw"))
        return
    ACTION_HANDLERS[verb](flow, frame, entry)


def _round_end_run(flow: Flow, frame: RoundEnd) -> None:
    flow.pop()
    expire_truces(flow, "round")
    state = flow.state
    flow.set(all_passed=state.passes >= len(state.seats), passes=0)
    flow.push(RoundStart())


# -- end of a turn (rule 4.2) ----------------------------------------------------------------

def _turn_end_run(flow: Flow, frame: TurnEnd) -> None:
    flow.pop()
    flow.emit("turn_ended", turn=flow.state.turn)
    expire_truces(flow, "turn")
    apply_scoring(flow)
    if not flow.state.stack and flow.state.winners:
        return
    state, rules = flow.state, flow.rules
    if state.turn >= state.last_turn:
        setup = rules.scenario(state.scenario)
        end_game(flow, ranking(state, setup.key_cities, rules.city_ids), "last turn")
        return
    flow.set(enraged=0, event="")
    _reshuffle_all(flow)
    refills: list[Frame] = []
    for seat in range(len(state.seats)):
        limit, held = _hand_limit(flow, seat), len(flow.seat(seat).hand)
        missing = max(0, limit - held)
        flow.emit("refill", seat=seat, limit=limit, change=flow.seat(seat).hand_bonus,
                  held=held, draw=missing, discard=max(0, held - limit))
        refills += [DrawCards(seat, missing, "refill"), DiscardDown(seat, limit)]
        flow.update_seat(seat, hand_bonus=0, cities_at_turn_start=flow.state.cities_of(seat))
    flow.push(*refills, TurnStart())


def _hand_limit(flow: Flow, seat: int) -> int:
    base = flow.rules.scenario(flow.state.scenario).hand_size
    return max(0, base + flow.seat(seat).hand_bonus)


def _reshuffle_all(flow: Flow) -> None:
    for seat in range(len(flow.state.seats)):
        pile = flow.seat(seat).discard
        if not pile:
            continue
        cards = tuple(flow.opened_card(slot) for slot in pile)
        flow.set(hidden=start_shuffle(flow.peek("hidden"), flow.seat(seat).empire, cards))
        flow.update_seat(seat, discard=())
        flow.emit("reshuffled", seat=seat, cards=len(cards))


def _discard_down_decide(rules: Rules, state: MeState, frame: DiscardDown) -> Decision | None:
    excess = len(state.seats[frame.seat].hand) - frame.limit
    if excess <= 0:
        return None
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: discard down to "
                    f"{frame.limit} ({excess} to go)")


def _discard_down_legal(rules: Rules, state: MeState, frame: DiscardDown, seat: int,
                        known: Mapping[str, str]) -> tuple[Action, ...]:
    if seat != frame.seat:
        return ()
    return tuple(shared_action("discard", "slot", s) for s in state.seats[seat].hand
                 if s in known)


def _discard_down_handle(flow: Flow, frame: DiscardDown, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    slot = str(entry.action.arg("slot"))
    remove_from_hand(flow, frame.seat, slot)
    discard(flow, slot, DOWN_TO_HAND_SIZE)


register("turn_start", Procedure(lambda r, s, f: None, run=_turn_start_run))
register("first_player", Procedure(_first_decide, _first_handle, legal=_first_legal))
register("round_start", Procedure(_round_start_decide, _round_start_handle))
register("action_phase", Procedure(_phase_decide, _phase_handle, legal=_phase_legal,
                                   openings=_phase_openings, allows=_phase_allows))
register("round_end", Procedure(lambda r, s, f: None, run=_round_end_run))
register("turn_end", Procedure(lambda r, s, f: None, run=_turn_end_run))
register("discard_down", Procedure(_discard_down_decide, _discard_down_handle,
                                   run=lambda flow, frame: flow.pop(), legal=_discard_down_legal,
                                   openings=lambda r, s, f, a: (str(a.arg("slot")),)))
