"""Canonical deals: a position's cards go to fixed slots, so scripted picks ignore the game id.

The slots of a shuffle are numbered from 0. A loaded deck puts its draw pile first (in the
order `deck:` lists it, or by card id for `rest`), then the cards in hands (numbered so that a
hand's order by slot id, the order the engine keeps, is the order the position lists them),
then the discard pile. A reshuffle during a script puts its cards in card-id order. Salts come
from the game id and the slot: commitments differ between games, the cards picks find do not.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.content import Node
from game.core.records import evolve
from game.core.secrets import LocalSealer, SeatSecrets
from game.core.slots import (
    SALT_BYTES,
    HiddenCards,
    Opening,
    commit_shuffle,
    commitment,
    reveal,
    slot_id,
)
from game.rulesets.mediterranean_empires.rules import Rules


def arranged(game_id: bytes, deck: str, epoch: int, cards: Sequence[str]) -> tuple[Opening, ...]:
    """Openings putting `cards[i]` in slot i of the shuffle."""
    return tuple(Opening(slot_id(deck, epoch, i), card, _salt(game_id, slot_id(deck, epoch, i)))
                 for i, card in enumerate(cards))


def commitments_of(game_id: bytes, owner: int, openings: Sequence[Opening]) -> tuple[bytes, ...]:
    """The commitments publishing `openings` (in slot order)."""
    return tuple(commitment(game_id, owner, o.slot, o.card, o.salt) for o in openings)


def teach(secrets: SeatSecrets, hidden: HiddenCards, openings: Iterable[Opening]) -> None:
    """The seat learns the openings, each checked against its commitment as a handoff is."""
    for opening in openings:
        secrets.receive(hidden, LocalSealer.seal(opening, secrets.seat))


def _salt(game_id: bytes, slot: str) -> bytes:
    return hashlib.sha256(b"mare-position-salt:%s:%s" % (game_id.hex().encode(),
                                                          slot.encode())).digest()[:SALT_BYTES]


@dataclass
class Dealt:
    """The committed decks and, per seat, its hand (sorted slots) and discard pile."""

    hidden: HiddenCards
    hands: dict[int, tuple[str, ...]]
    discards: dict[int, tuple[str, ...]]


@dataclass
class _Deck:
    """The cards of one deck as the position places them, before slots are numbered."""

    left: Counter[str]
    draw: list[str] = field(default_factory=list)
    held: list[tuple[int, str, bool]] = field(default_factory=list)
    """(holder seat, card, opened publicly) in the order hands list them."""
    pile: list[str] = field(default_factory=list)


class Dealer:
    """Collects where each card of each deck lies, then commits every deck canonically."""

    def __init__(self, rules: Rules, hidden: HiddenCards, secrets: dict[int, SeatSecrets],
                 empires: list[str]) -> None:
        self.rules = rules
        self.hidden = hidden
        self.secrets = secrets
        self.empires = empires
        self.decks = {d.id: _Deck(Counter(d.pending.cards if d.pending else ()))
                      for d in hidden.decks}

    def hand(self, seat: int, node: Node | None) -> None:
        """Place the listed hand (`card`, `deck:card` or `{card, open}`)."""
        for item in node.elements() if node is not None else ():
            deck, card, is_open = _hand_card(item, self.empires[seat], self.empires)
            self._take(item, deck, card)
            self.decks[deck].held.append((seat, card, is_open))

    def discard(self, seat: int, node: Node | None) -> None:
        """Place the discard pile (bottom first): its cards are opened publicly."""
        empire = self.empires[seat]
        for item in node.elements() if node is not None else ():
            self.decks[empire].pile.append(self._take(item, empire, _card_id(item)))

    def deck(self, seat: int, node: Node | None) -> None:
        """The draw deck: `rest` (default: every card left, by id) or exactly the cards listed."""
        empire = self.empires[seat]
        deck = self.decks[empire]
        if node is not None and node.value != "rest":
            deck.draw = [self._take(item, empire, _card_id(item)) for item in node.elements()]
            left = sorted(deck.left.elements())
            if left:
                raise node.error(f"cards of the {empire} deck placed nowhere: "
                                 f"{', '.join(left)} (or write `deck: rest`)")
        else:
            deck.draw = sorted(deck.left.elements())
        deck.left = Counter()

    def finish(self) -> Dealt:
        """Number the slots, commit each deck and teach the seats what they hold or own."""
        dealt = Dealt(self.hidden, {s: () for s in range(len(self.empires))},
                      {s: () for s in range(len(self.empires))})
        opened: list[Opening] = []
        for deck in self.hidden.decks:
            opened += self._commit(dealt, deck.id, deck.owner)
        dealt.hands = {s: tuple(sorted(slots)) for s, slots in dealt.hands.items()}
        dealt.hidden = reveal(dealt.hidden, tuple(opened))
        return dealt

    def _commit(self, dealt: Dealt, deck_id: str, owner: int) -> list[Opening]:
        """Commit one deck; returns the openings to reveal publicly."""
        deck, hidden = self.decks[deck_id], dealt.hidden
        cards, held_at = _layout(deck)
        epoch = len(hidden.deck(deck_id).epochs) - 1
        openings = arranged(hidden.game_id, deck_id, epoch, cards)
        hidden = commit_shuffle(hidden, deck_id, epoch, commitments_of(
            hidden.game_id, owner, openings))
        teach(self.secrets[owner], hidden, openings)
        held = [openings[i] for i in held_at]
        for (seat, _, _), opening in zip(deck.held, held, strict=True):
            dealt.hands[seat] += (opening.slot,)
            if seat != owner:
                teach(self.secrets[seat], hidden, (opening,))
        pile = openings[len(cards) - len(deck.pile):]
        dealt.discards[owner] = tuple(o.slot for o in pile)
        dealt.hidden = _with_undrawn(hidden, deck_id, openings[:len(deck.draw)])
        return [*(o for o, (_, _, shown) in zip(held, deck.held, strict=True) if shown), *pile]

    def _take(self, node: Node, deck: str, card: str) -> str:
        if deck not in self.decks:
            raise node.error(f"the {deck} deck is not in this scenario")
        if self.decks[deck].left[card] <= 0:
            copies = self.rules.content.decks.deck(deck).count(card)
            raise node.error(f"no copy of {card!r} left in the {deck} deck (it holds {copies}, "
                             f"the position places more)")
        self.decks[deck].left[card] -= 1
        return card


def _layout(deck: _Deck) -> tuple[list[str], list[int]]:
    """The cards by slot index (draw pile, hands, discard pile) and the hand cards' indices,
    numbered so that their slot ids sort in the listed order."""
    start = len(deck.draw)
    held_at = sorted(range(start, start + len(deck.held)), key=str)
    cards = [*deck.draw, *([""] * len(deck.held)), *deck.pile]
    for index, (_, card, _) in zip(held_at, deck.held, strict=True):
        cards[index] = card
    return cards, held_at


def _with_undrawn(hidden: HiddenCards, deck_id: str, undrawn: Sequence[Opening]) -> HiddenCards:
    slots = tuple(o.slot for o in undrawn)
    return evolve(hidden, decks=tuple(evolve(d, undrawn=slots) if d.id == deck_id else d
                                      for d in hidden.decks))


def _card_id(node: Node) -> str:
    text = node.text()
    if ":" in text:
        raise node.error("only hands may hold another deck's cards (discards go to their "
                         "owner's pile)")
    return text


def _hand_card(node: Node, own: str, empires: list[str]) -> tuple[str, str, bool]:
    """(deck, card, opened publicly) of one hand entry: `card`, `deck:card` or a mapping."""
    is_open = False
    if isinstance(node.value, dict):
        node.only_keys("card", "open")
        is_open = node.get_bool("open", False)
        node = node.child("card")
    deck, _, card = node.text().rpartition(":")
    deck = deck or own
    if deck not in empires:
        raise node.error(f"{deck!r} is not an empire of this scenario")
    return deck, card, is_open
