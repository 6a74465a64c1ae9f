"""What a Tribute seat sees, and one sentence per event."""

from __future__ import annotations

from typing import TypedDict

from game.core.events import Event
from game.core.ruleset import ViewRequest
from game.rulesets._toy import cards
from game.rulesets._toy.state import ToyState


class OwnCard(TypedDict):
    """A slot of the viewer's own, with its card when known."""

    slot: str
    card: str | None


class ToyView(TypedDict):
    """What a Tribute seat (or a spectator) sees."""

    ruleset: str
    seat: int | None
    round: int
    rounds: int
    turn: int
    phase: str
    scores: list[int]
    hand_sizes: list[int]
    wagers: list[bool]
    deck_sizes: list[int]
    discards: list[list[str | None]]
    hand: list[OwnCard]
    wager: list[OwnCard]
    bids_sealed: list[bool]
    """Per seat: whether it has sealed its bid this round (scenario "sealed")."""
    bids: list[int | None]
    """Per seat: its bid once revealed this round, else None."""
    my_bid: int | None
    """The viewer's own bid once sealed (before the reveal only it knows it)."""


def build_view(state: ToyState, request: ViewRequest) -> ToyView:
    """Public facts, plus identities the viewer knows for its own hand and wager."""
    seat = request.seat
    return {
        "ruleset": "toy", "seat": seat, "round": state.round, "rounds": state.rounds,
        "turn": state.turn, "phase": state.phase, "scores": list(state.scores),
        "hand_sizes": [len(hand) for hand in state.hands],
        "wagers": [bool(w) for w in state.wagers],
        "deck_sizes": [len(d.undrawn) for d in state.hidden.decks],
        "discards": [[state.hidden.card_of(s) for s in pile] for pile in state.discards],
        "hand": _own(state.hands[seat], request) if seat is not None else [],
        "wager": _own((state.wagers[seat],), request) if seat is not None and
        state.wagers[seat] else [],
        **_bids(state, request),
    }


class _Bids(TypedDict):
    bids_sealed: list[bool]
    bids: list[int | None]
    my_bid: int | None


def _bids(state: ToyState, request: ViewRequest) -> _Bids:
    """Who has sealed a bid this round, the revealed bids, and the viewer's own."""
    sealed, seats = state.sealed, range(state.seats)
    if sealed is None:
        return {"bids_sealed": [False for _ in seats], "bids": [None for _ in seats],
                "my_bid": None}
    shown = {seat: int(choice[0]) for seat, choice in sealed.revealed().items()}
    own = request.sealed.get(sealed.name) if request.seat is not None else None
    return {"bids_sealed": [seat in sealed.seats[:len(sealed.commitments)] for seat in seats],
            "bids": [shown.get(seat) for seat in seats],
            "my_bid": int(own[0]) if own else None}


def _own(slots: tuple[str, ...], request: ViewRequest) -> list[OwnCard]:
    return [{"slot": slot, "card": request.known.get(slot)} for slot in slots]


def describe(ev: Event) -> str:
    """A plain sentence for an event."""
    seat = f"Seat {ev.get('seat')}"
    sentences = {
        "dealt": lambda: f"{seat} is dealt {ev.get('count')} cards.",
        "drew": lambda: f"{seat} draws a card.",
        "passed": lambda: f"{seat} passes.",
        "wagered": lambda: f"{seat} lays a wager face down.",
        "played": lambda: f"{seat} plays {_name(ev.get('card'))}.",
        "scored": lambda: f"{seat} scores {ev.get('points')} (now {ev.get('total')}).",
        "raided": lambda: f"{seat} raids with {'+'.join(map(str, ev.get('dice')))}: "
                          f"{'success' if ev.get('success') else 'repulsed'}.",
        "wager_resolved": lambda: f"{seat} reveals a wager of {_name(ev.get('card'))} and rolls "
                                  f"{ev.get('die')}: {ev.get('points')} points.",
        "stole": lambda: f"{seat} steals a card from Seat {ev.get('victim')}.",
        "plagued": lambda: f"Plague: {seat} loses {_name(ev.get('card'))}.",
        "bid_sealed": lambda: f"{seat} seals a bid.",
        "bids_revealed": lambda: f"The bids are revealed: {list(ev.get('bids'))}.",
        "shuffled": lambda: f"Deck {ev.get('deck')} is shuffled.",
        "game_over": lambda: f"The game ends with scores {list(ev.get('scores'))}.",
    }
    return sentences.get(ev.kind, lambda: f"{ev.kind} {dict(ev.facts)}")()


def _name(card: str) -> str:
    kind = cards.kind_of(card)
    return {"coin1": "a 1-coin", "coin2": "a 2-coin", "coin3": "a 3-coin", "raid": "a raid",
            "thief": "a thief", "plague": "a plague"}[kind]
