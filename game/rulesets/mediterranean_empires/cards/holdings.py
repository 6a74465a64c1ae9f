"""What a hand may hold, judged from public facts only: card windows use it to skip players
who cannot possibly answer.

A slot opened before counts as its card; a hidden one as any card of the shuffle it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from game.core.records import memo
from game.core.slots import HiddenCards, parse_slot
from game.rulesets.mediterranean_empires.state import MeState


def may_hold(state: MeState, seat: int, wanted: Callable[[str], bool]) -> bool:
    """Whether the seat's hand may hold such a card, judged from public facts only.

    A slot opened before counts as its card; a hidden one as any card of the shuffle it
    came from. Windows use this to skip players who cannot possibly answer.
    """
    return any(wanted(card) for card in hand_candidates(state, seat))


def hand_candidates(state: MeState, seat: int) -> tuple[str, ...]:
    """The distinct cards a seat's hand may hold, from public facts only (see `may_hold`).

    Kept on the seat's record, per what its slots show: card windows ask it at every step,
    and the hidden cards change with every card opened anywhere (a shuffle's cards, the rest
    of the answer, never change).
    """
    record, hidden = state.seats[seat], state.hidden
    revealed = hidden.revealed
    shown = tuple([revealed.get(slot) for slot in record.hand])
    return memo(record, ("hand_candidates", shown), lambda: _candidates(hidden, record.hand))


def _candidates(hidden: HiddenCards, hand: tuple[str, ...]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    shuffles: set[tuple[str, int]] = set()
    revealed = hidden.revealed
    for slot in hand:
        card = revealed.get(slot)
        if card is not None:
            found[card] = None
            continue
        deck, epoch = shuffle_of(slot)
        if (deck, epoch) not in shuffles:
            shuffles.add((deck, epoch))
            found.update(dict.fromkeys(hidden.deck(deck).epochs[epoch].cards))
    return tuple(found)


@cache  # slot ids repeat from game to game
def shuffle_of(slot: str) -> tuple[str, int]:
    """(deck, shuffle epoch) of a slot id."""
    deck, epoch, _ = parse_slot(slot)
    return deck, epoch
