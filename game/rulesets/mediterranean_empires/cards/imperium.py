"""Playing an Imperium card as the action (rule 5.3), and the window to cancel it.

The card is played face up and goes to its deck's discard pile. Every other player who may
hold a card that cancels it (Broken Truce, Oracle of Delphi) is then asked in turn order;
if nobody cancels it, its imperium abilities run in printed order. Diplomacy Season allows a
second Imperium card in the same action, once the first is resolved, and that may be a card
the first one drew or stole; Campaign Season allows none (rule 4.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.records import evolve
from game.rulesets.mediterranean_empires.cards.card_effects import (
    abilities_in,
    play_from_hand,
    possible,
    start_abilities,
)
from game.rulesets.mediterranean_empires.cards.holdings import hand_candidates
from game.rulesets.mediterranean_empires.content.vocabulary import Effect
from game.rulesets.mediterranean_empires.flow import Flow, Procedure, register, shared_action
from game.rulesets.mediterranean_empires.frames import ActionPhase, CardUse, ImperiumPlay
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.sequence.turn import (
    ACTION_HANDLERS,
    ACTION_OPENINGS,
    ACTION_SOURCES,
    order_from,
)
from game.rulesets.mediterranean_empires.state import MeState, board_memo

HAND_READERS = frozenset({"recover_from_discard", "steal_random_card"})
"""Effects whose targets read hands or discard piles; every other effect's targets are facts
of the board, the seats' empires and their capitals."""


def playable(rules: Rules, state: MeState, seat: int, card: str) -> bool:
    """Whether `seat` may play `card` as Imperium now: at least one ability can act."""
    if not rules.card(card).has_type("I"):
        return False
    return _verdict(rules, state, seat, card, _board_verdicts(rules, state, seat))


def _verdict(rules: Rules, state: MeState, seat: int, card: str,
             verdicts: dict[str, bool]) -> bool:
    """`playable` for an Imperium card, with the board's verdicts for the seat at hand."""
    if not _board_only(rules, card):
        return _any_ability(rules, state, seat, card)
    verdict = verdicts.get(card)
    if verdict is None:
        verdict = verdicts[card] = _any_ability(rules, state, seat, card)
    return verdict


def _any_ability(rules: Rules, state: MeState, seat: int, card: str) -> bool:
    return any(possible(rules, state, CardUse(seat, card, (i,)))
               for i in abilities_in(rules, card, "imperium"))


def _board_verdicts(rules: Rules, state: MeState, seat: int) -> dict[str, bool]:
    """card → playable, for the cards whose verdict is a fact of the board (and the seats'
    capitals): kept on the board, so a hand is judged again only once a city or area changes."""
    capitals = tuple(s.capital for s in state.seats)
    return board_memo(state, (rules, "imperium", state.scenario, seat, capitals), dict)


@cache  # content only
def _board_only(rules: Rules, card: str) -> bool:
    """Whether none of the card's Imperium abilities (nor their options) reads a hand."""
    return not any(_reads_hands(rules.card(card).abilities[i])
                   for i in abilities_in(rules, card, "imperium"))


def _reads_hands(effect: Effect) -> bool:
    if effect.name == "choose_one":
        return any(_reads_hands(option) for option in effect.param("options"))
    return effect.name in HAND_READERS


def _sources(rules: Rules, state: MeState, frame: ActionPhase,
             known: Mapping[str, str]) -> tuple[Action, ...]:
    if frame.imperium_left <= 0:
        return ()
    imperium, seat = _imperium_cards(rules), frame.seat
    cards = [(slot, known[slot]) for slot in state.seats[seat].hand
             if known.get(slot) in imperium]
    if not cards:
        return ()
    verdicts = _board_verdicts(rules, state, seat)
    return tuple(shared_action("imperium", "slot", slot) for slot, card in cards
                 if _verdict(rules, state, seat, card, verdicts))


@cache  # content only
def _imperium_cards(rules: Rules) -> frozenset[str]:
    """Every card that may be played as Imperium (type I)."""
    return frozenset(c.id for c in rules.content.decks.cards if c.has_type("I"))


def _play(flow: Flow, frame: ActionPhase, entry: ActionEntry) -> None:
    left = frame.imperium_left - 1
    if left > 0:
        flow.replace_top(evolve(frame, imperium_left=left, expeditions_left=0, acted=True))
    else:
        flow.pop()
    slot = str(entry.action.arg("slot"))
    card = play_from_hand(flow, frame.seat, slot, "imperium_played")
    flow.push(ImperiumPlay(frame.seat, slot, card, cancellers(flow.rules, flow.state,
                                                              frame.seat, card)))


# -- the card_played window (cancel_card) -----------------------------------------------------

def cancels(rules: Rules, canceller: str, card: str) -> bool:
    """Whether `canceller` has a cancel_card ability naming `card`."""
    return canceller in _cancelling(rules, card)


def _cancelling(rules: Rules, card: str) -> frozenset[str]:
    """Every card that may cancel `card`."""
    return _cancellers_by_card(rules).get(card, frozenset())


@cache  # content only
def _cancellers_by_card(rules: Rules) -> dict[str, frozenset[str]]:
    """card → every card with a cancel_card ability naming it (worked out once per content)."""
    found: dict[str, set[str]] = {}
    for canceller in rules.content.decks.cards:
        for effect in canceller.abilities:
            if effect.name == "cancel_card":
                for card in effect.param("cards"):
                    found.setdefault(card, set()).add(canceller.id)
    return {card: frozenset(ids) for card, ids in found.items()}


def cancellers(rules: Rules, state: MeState, seat: int, card: str) -> tuple[int, ...]:
    """The other seats, in turn order after `seat`, that may hold a card cancelling `card`."""
    cancelling = _cancelling(rules, card)
    return tuple(s for s in order_from(state, seat)[1:]
                 if not cancelling.isdisjoint(hand_candidates(state, s)))


def _window_decide(rules: Rules, state: MeState, frame: ImperiumPlay) -> Decision | None:
    if not frame.asking:
        return None
    asked = state.seats[frame.asking[0]].empire
    return Decision(frame.asking[0], "action", f"{asked}: cancel {rules.card(frame.card).name} "
                    f"played by {state.seats[frame.seat].empire}, or pass")


def _window_legal(rules: Rules, state: MeState, frame: ImperiumPlay, seat: int,
                  known: Mapping[str, str]) -> tuple[Action, ...]:
    if not frame.asking or seat != frame.asking[0]:
        return ()
    plays = [act("cancel", slot=s) for s in state.seats[seat].hand
             if s in known and cancels(rules, known[s], frame.card)]
    return (act("pass"), *plays)


def _window_handle(flow: Flow, frame: ImperiumPlay, entry: Entry) -> None:
    assert isinstance(entry, ActionEntry)
    if entry.action.verb == "pass":
        flow.replace_top(evolve(frame, asking=frame.asking[1:]))
        return
    flow.pop()
    canceller = play_from_hand(flow, frame.asking[0], str(entry.action.arg("slot")))
    flow.emit("card_cancelled", seat=frame.asking[0], card=canceller, cancelled=frame.card,
              owner=frame.seat, owner_empire=flow.empire_name(frame.seat))


def _resolve(flow: Flow, frame: ImperiumPlay) -> None:
    flow.pop()
    start_abilities(flow, frame.seat, frame.card, "imperium")


def _window_openings(rules: Rules, state: MeState, frame: ImperiumPlay,
                     action: Action) -> tuple[str, ...]:
    return (str(action.arg("slot")),) if action.verb == "cancel" else ()


ACTION_SOURCES["imperium"] = _sources
ACTION_HANDLERS["imperium"] = _play
ACTION_OPENINGS["imperium"] = lambda rules, state, action: (str(action.arg("slot")),)
register("imperium_play", Procedure(_window_decide, _window_handle, _resolve,
                                    legal=_window_legal, openings=_window_openings))
