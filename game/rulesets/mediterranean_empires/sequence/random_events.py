"""The Random Events (rule 4.1): what each one starts once the round's roll names it.

Events that only change the round's conditions (weather, seasons) are read by other rules from
`state.event`; those needing choices push EventChoice frames, in turn order. Events that
fight (Neutral Attack, Pirates) register their starters from the modules that resolve them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.rulesets.mediterranean_empires.cards.cards import add_to_hand, card_in
from game.rulesets.mediterranean_empires.content.table_rows import Outcome
from game.rulesets.mediterranean_empires.control import change_vp
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register
from game.rulesets.mediterranean_empires.frames import (
    DrawCards,
    EventChoice,
    Frame,
    RandomDiscard,
)
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState

EVENT_STARTERS: dict[str, Callable[[Flow], None]] = {}
"""Events resolved by other modules (Neutral Attack, Pirates) register how they start."""


def begin_event(flow: Flow, event_id: str) -> None:
    """Start whatever the event needs, before anyone acts this round."""
    effect = flow.rules.content.tables.random_event.event(event_id).effect
    if effect.enraged_step:
        _enrage(flow, effect.enraged_step)
    if event_id in EVENT_STARTERS:
        EVENT_STARTERS[event_id](flow)
    elif effect.choice or effect.retrieve_from_discard:
        state = flow.state
        count = len(state.seats)
        order = [(state.first_seat + i) % count for i in range(count)]
        flow.push(*(EventChoice(event_id, seat) for seat in order))


def _enrage(flow: Flow, step: int) -> None:
    track = flow.rules.content.tables.enraged
    before = flow.state.enraged
    level = min(track.max_level, before + step)
    flow.set(enraged=level)
    flow.emit("enraged", level=level, changed=level != before)


def options_for(rules: Rules, state: MeState, frame: EventChoice) -> tuple[Action, ...]:
    """The choices one seat has in a Random Event."""
    effect = rules.content.tables.random_event.event(frame.event).effect
    if effect.retrieve_from_discard:
        pile = state.seats[frame.seat].discard
        types = set(effect.retrieve_types)
        picks = [act("retrieve", slot=s) for s in pile
                 if types & set(rules.card(card_in(state, s)).types)]
        return (act("decline"), *picks)
    hand = len(state.seats[frame.seat].hand)
    return tuple(act("choose", option=i) for i, outcome in enumerate(effect.choice)
                 if outcome.discard_random_cards <= hand)


def _choice_decide(rules: Rules, state: MeState, frame: EventChoice) -> Decision | None:
    event = rules.content.tables.random_event.event(frame.event)
    if len(options_for(rules, state, frame)) <= 1 and not event.effect.retrieve_from_discard:
        return None
    return Decision(frame.seat, "action", f"{state.seats[frame.seat].empire}: {event.name} — "
                    f"{event.summary}")


def _choice_legal(rules: Rules, state: MeState, frame: EventChoice, seat: int,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    return options_for(rules, state, frame) if seat == frame.seat else ()


def _choice_handle(flow: Flow, frame: EventChoice, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    _resolve(flow, frame, entry.action)


def _choice_run(flow: Flow, frame: EventChoice) -> None:
    """Only one option (e.g. too few cards to discard): it is taken without asking."""
    options = options_for(flow.rules, flow.state, frame)
    if options:
        _resolve(flow, frame, options[0])
    else:
        flow.pop()


def _resolve(flow: Flow, frame: EventChoice, action: Action) -> None:
    flow.pop()
    if action.verb == "decline":
        flow.emit("event_declined", seat=frame.seat, event=frame.event)
        return
    if action.verb == "retrieve":
        slot = str(action.arg("slot"))
        pile = flow.seat(frame.seat).discard
        flow.update_seat(frame.seat, discard=tuple(s for s in pile if s != slot))
        add_to_hand(flow, frame.seat, slot)
        flow.emit("retrieved", seat=frame.seat, card=flow.opened_card(slot))
        return
    effect = flow.rules.content.tables.random_event.event(frame.event).effect
    apply_outcome(flow, frame.seat, effect.choice[int(str(action.arg("option")))], frame.event)


def apply_outcome(flow: Flow, seat: int, outcome: Outcome, reason: str) -> None:
    """VP, draws and random discards of one chosen outcome (barbarian markers: see barbarians)."""
    flow.emit("outcome", seat=seat, reason=reason, vp=outcome.vp, draw=outcome.draw_cards,
              discard=outcome.discard_random_cards)
    change_vp(flow, seat, outcome.vp, reason)
    frames: list[Frame] = []
    if outcome.draw_cards:
        frames.append(DrawCards(seat, outcome.draw_cards, reason))
    if outcome.discard_random_cards:
        frames.append(RandomDiscard(seat, outcome.discard_random_cards, reason))
    flow.push(*frames)


register("event_choice", Procedure(_choice_decide, _choice_handle, _choice_run,
                                   legal=_choice_legal))
