"""Hands, draws and discards: drawing by chance-chosen slot, random discards opened by owners."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from game.core import chance
from game.core.actions import Action
from game.core.chance import ChanceRequest, resolve
from game.core.decision import CHANCE, Decision
from game.core.entries import ChanceEntry, Entry
from game.core.slots import draw_slots
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register, top_decision
from game.rulesets.mediterranean_empires.frames import DrawCards, RandomDiscard
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.state import MeState, Seat


def deck_seat(state: MeState, slot: str) -> int:
    """The seat whose deck a slot belongs to (its discard pile receives the card)."""
    return _deck_owner(state.seats, slot)


def _deck_owner(seats: tuple[Seat, ...], slot: str) -> int:
    empire = slot.rsplit(":", 2)[0]
    for index, seat in enumerate(seats):
        if seat.empire == empire:
            return index
    raise KeyError(f"no seat plays the deck of slot {slot}")


def card_in(state: MeState, slot: str) -> str:
    """The publicly revealed card in a slot (the slot must have been opened)."""
    card = state.hidden.card_of(slot)
    if card is None:
        raise AssertionError(f"slot {slot} is not open")
    return card


def add_to_hand(flow: Flow, seat: int, *slots: str) -> None:
    """Slots join a hand (hands stay sorted)."""
    flow.update_seat(seat, hand=tuple(sorted((*flow.seat(seat).hand, *slots))))


def remove_from_hand(flow: Flow, seat: int, slot: str) -> None:
    """A slot leaves a hand."""
    hand = flow.seat(seat).hand
    if slot in hand:
        at = hand.index(slot)
        flow.update_seat(seat, hand=hand[:at] + hand[at + 1:])


PLAYED = "played"
DISCARD_AND_DRAW = "discard and draw"
DOWN_TO_HAND_SIZE = "discard down to hand size"
RANDOM_DISCARD = "random discard"
CASUALTY = "battle casualty"
OVER = "end of the expedition"
CARGO = "carried by the lost Fleet"
SHIPWRECK = "shipwreck"
VOID = "expedition void"
DESTROYED = "expedition destroyed"
SPENT = "expedition has no cards left"
DISCARD_REASONS = (PLAYED, DISCARD_AND_DRAW, DOWN_TO_HAND_SIZE, RANDOM_DISCARD, CASUALTY,
                   OVER, CARGO, SHIPWRECK, VOID, DESTROYED, SPENT)
"""Why a card goes to a discard pile, in the words the log writes (the `reason` of every
`discarded` event). A card lost from a force says so once, in its `card_lost` event
(expedition/losses.py: LOSS_REASONS), with no `discarded` of its own."""


def to_pile(flow: Flow, slot: str) -> int:
    """An opened card goes face up onto its deck owner's discard pile (the caller's event says
    so); that owner."""
    owner = _deck_owner(flow.peek("seats"), slot)
    flow.update_seat(owner, discard=(*flow.seat(owner).discard, slot))
    return owner


def discard(flow: Flow, slot: str, reason: str, source: str = "", holder: int = -1) -> None:
    """An opened card goes to its deck owner's discard pile, with why (DISCARD_REASONS); a
    random discard also names what caused it and whose hand it left (`holder`)."""
    assert reason in DISCARD_REASONS, reason
    owner = to_pile(flow, slot)
    facts: dict[str, object] = {"source": source, "holder": holder} if source else {}
    flow.emit("discarded", seat=owner, card=flow.opened_card(slot), slot=slot, reason=reason,
              **facts)


def undrawn_count(state: MeState, seat: int) -> int:
    """Cards left in a seat's draw deck."""
    return len(state.hidden.deck(state.seats[seat].empire).undrawn)


def _draw_decide(rules: Rules, state: MeState, frame: DrawCards) -> Decision | None:
    size = undrawn_count(state, frame.seat)
    count = min(frame.count, size)
    if count <= 0:
        return None
    return _draw_decision(state.seats[frame.seat].empire, count, size)


@lru_cache(maxsize=1024)  # a Decision is immutable: one object per empire and deck size
def _draw_decision(empire: str, count: int, size: int) -> Decision:
    draws = tuple(chance.pick("draw", size - i) for i in range(count))
    return Decision(CHANCE, "chance", f"{empire} draws {count}",
                    chance=ChanceRequest(draws, "draw"))


def _draw_handle(flow: Flow, frame: DrawCards, entry: Entry) -> None:
    assert isinstance(entry, ChanceEntry)
    decision = top_decision(flow.rules, flow.state)
    assert decision is not None and decision.chance is not None
    numbers = resolve(decision.chance, entry.seed, entry.values)
    deck = flow.seat(frame.seat).empire
    hidden, drawn = draw_slots(flow.peek("hidden"), deck, tuple(index for (index,) in numbers))
    flow.set(hidden=hidden)
    add_to_hand(flow, frame.seat, *drawn)
    flow.pop()
    flow.emit("drew", seat=frame.seat, count=len(numbers), reason=frame.reason)


def _draw_run(flow: Flow, frame: DrawCards) -> None:
    flow.pop()
    if frame.count > 0:
        flow.emit("deck_empty", seat=frame.seat, missed=frame.count)


def _discard_decide(rules: Rules, state: MeState, frame: RandomDiscard) -> Decision | None:
    if frame.picked:
        return Decision(frame.seat, "open", "show the card picked at random",
                        slots=(frame.picked,))
    hand = state.seats[frame.seat].hand
    if frame.count <= 0 or not hand:
        return None
    return Decision(CHANCE, "chance", f"pick a random card of {state.seats[frame.seat].empire}",
                    chance=ChanceRequest((chance.pick("random card", len(hand)),), "discard"))


def _discard_handle(flow: Flow, frame: RandomDiscard, entry: Entry) -> None:
    if isinstance(entry, ChanceEntry):
        decision = _discard_decide(flow.rules, flow.state, frame)
        assert decision is not None and decision.chance is not None
        (index,), = resolve(decision.chance, entry.seed, entry.values)
        flow.replace_top(RandomDiscard(frame.seat, frame.count, frame.reason,
                                       flow.seat(frame.seat).hand[index]))
        return
    remove_from_hand(flow, frame.seat, frame.picked)
    discard(flow, frame.picked, RANDOM_DISCARD, frame.reason, frame.seat)
    flow.replace_top(RandomDiscard(frame.seat, frame.count - 1, frame.reason))


def _discard_run(flow: Flow, frame: RandomDiscard) -> None:
    flow.pop()
    if frame.count > 0:
        flow.emit("no_card_to_discard", seat=frame.seat, missed=frame.count, reason=frame.reason)


def no_actions(rules: Rules, state: MeState, frame: object, seat: int,
               known: Mapping[str, str]) -> tuple[Action, ...]:
    """Frames whose decisions are chance or mechanical list no seat actions."""
    return ()


register("draw", Procedure(_draw_decide, _draw_handle, _draw_run))
register("random_discard", Procedure(_discard_decide, _discard_handle, _discard_run))
