"""What a hand may hold, judged from public facts only: card windows use it to skip players
who cannot possibly answer.

A slot opened before counts as its card; a hidden one as any card of the shuffle it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from game.core.records import memo
from game.core.slots import DeckEpoch, HiddenCards, parse_slot
from game.rulesets.mediterranean_empires.state import MeState


def may_hold(state: MeState, seat: int, wanted: Callable[[str], bool]) -> bool:
    """Whether the seat's hand may hold such a card, judged from public facts only.

    A slot opened before counts as its card; a hidden one as any card of the shuffle it
    came from. Windows use this to skip players who cannot possibly answer.
    """
    return any(wanted(card) for card in hand_candidates(state, seat))


def hand_candidates(state: MeState, seat: int) -> frozenset[str]:
    """The distinct cards a seat's hand may hold, from public facts only (see `may_hold`).

    Kept on the seat's record, per what its slots show: card windows ask it at every step,
    and the hidden cards change with every card opened anywhere (a shuffle's cards, the rest
    of the answer, never change).
    """
    record, hidden = state.seats[seat], state.hidden
    revealed = hidden.revealed
    shown = tuple(map(revealed.get, record.hand))
    return memo(record, ("hand_candidates", shown), lambda: _candidates(hidden, record.hand))


def _candidates(hidden: HiddenCards, hand: tuple[str, ...]) -> frozenset[str]:
    shown: list[str] = []
    shuffles: set[tuple[str, int]] = set()
    revealed = hidden.revealed
    for slot in hand:
        card = revealed.get(slot)
        if card is None:
            shuffles.add(shuffle_of(slot))
        else:
            shown.append(card)
    return frozenset(shown).union(*[_card_set(hidden.deck(deck).epochs[epoch])
                                    for deck, epoch in shuffles])


def _card_set(shuffle: DeckEpoch) -> frozenset[str]:
    """The distinct cards of one shuffle (kept on its record: it never changes)."""
    return memo(shuffle, "card_set", lambda: frozenset(shuffle.cards))


@cache  # slot ids repeat from game to game
def shuffle_of(slot: str) -> tuple[str, int]:
    """(deck, shuffle epoch) of a slot id."""
    deck, epoch, _ = parse_slot(slot)
    return deck, epoch
