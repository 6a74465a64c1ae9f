"""Hidden cards as slots: per-shuffle commitments, openings and their verification.

The public state never holds the identity of a hidden card. At each shuffle (an epoch) the
deck's owner privately maps every slot to a (card, salt) pair and publishes one commitment per
slot. Draws take a chance-chosen undrawn slot; playing a card publishes its opening, which
every table checks against the commitment. See docs/architecture.md.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from game.core.errors import CommitmentError, IllegalEntry
from game.core.records import DERIVED_CACHE, evolve, memo, quick_init

COMMIT_TAG = b"mare-internum/slot-commitment/v1\x00"
SALT_BYTES = 16
_COPIES = "public-copies"
"""Memo key of `public_copies` on a HiddenCards record."""
_PENDING = "pending_commit"
"""Memo key of `HiddenCards.pending_commit`."""


def slot_id(deck: str, epoch: int, index: int) -> str:
    """The public id of one slot: deck, shuffle epoch and index."""
    return f"{deck}:{epoch}:{index}"


def parse_slot(slot: str) -> tuple[str, int, int]:
    """(deck, epoch, index) of a slot id; ValueError when malformed."""
    deck, epoch, index = slot.rsplit(":", 2)
    return deck, int(epoch), int(index)


def commitment(game_id: bytes, owner: int, slot: str, card: str, salt: bytes) -> bytes:
    """The binding, hiding commitment to `card` in `slot`."""
    body = b"\x00".join((game_id, str(owner).encode(), slot.encode(), card.encode(), salt))
    return hashlib.sha256(COMMIT_TAG + body).digest()


@quick_init
@dataclass(frozen=True, order=True)
class Opening:
    """The secret behind one slot: its card and salt."""

    slot: str
    card: str
    salt: bytes


@dataclass(frozen=True)
class DeckEpoch:
    """One shuffle of a deck: the public multiset shuffled and one commitment per slot."""

    epoch: int
    cards: tuple[str, ...]
    commitments: tuple[bytes, ...] = ()

    @property
    def committed(self) -> bool:
        """Whether the owner has published this shuffle's commitments."""
        return len(self.commitments) == len(self.cards)


@dataclass(frozen=True)
class Deck:
    """A deck's public face: its owner, every shuffle so far, and its undrawn slots."""

    id: str
    owner: int
    epochs: tuple[DeckEpoch, ...] = ()
    undrawn: tuple[str, ...] = ()

    @property
    def pending(self) -> DeckEpoch | None:
        """The shuffle waiting for the owner's commitments, if any."""
        if self.epochs and not self.epochs[-1].committed:
            return self.epochs[-1]
        return None


@dataclass(frozen=True)
class HiddenCards:
    """All decks of a game and every publicly opened slot."""

    game_id: bytes
    decks: tuple[Deck, ...]
    revealed: dict[str, str]

    def deck(self, deck_id: str) -> Deck:
        """One deck by id."""
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise IllegalEntry(f"no deck {deck_id!r}")

    def card_of(self, slot: str) -> str | None:
        """The publicly known card in a slot, or None while it is hidden."""
        return self.revealed.get(slot)

    def pending_commit(self) -> Deck | None:
        """The first deck (by id) waiting for shuffle commitments (asked before every step)."""
        derived = self.__dict__.get(DERIVED_CACHE)  # the memo's lookup without a call
        if derived is not None and _PENDING in derived:
            pending: Deck | None = derived[_PENDING]
            return pending
        return memo(self, _PENDING, self._first_pending)

    def _first_pending(self) -> Deck | None:
        for deck in self.decks:
            if deck.pending is not None:
                return deck
        return None


def new_hidden(game_id: bytes, owners: tuple[tuple[str, int], ...]) -> HiddenCards:
    """Empty decks, one per (deck id, owner seat)."""
    decks = tuple(Deck(deck_id, owner) for deck_id, owner in sorted(owners))
    return HiddenCards(game_id, decks, {})


def start_shuffle(hidden: HiddenCards, deck_id: str, cards: tuple[str, ...]) -> HiddenCards:
    """Add the public multiset `cards` to a deck as a new epoch (awaits commitments).

    Slots still undrawn stay in the deck: draws pick uniformly among every undrawn slot of every
    epoch, which is a reshuffle of the whole draw pile without reopening the hidden cards.
    """
    deck = hidden.deck(deck_id)
    epoch = DeckEpoch(len(deck.epochs), tuple(sorted(cards)))
    return _with_deck(hidden, evolve(deck, epochs=(*deck.epochs, epoch)))


def commit_shuffle(hidden: HiddenCards, deck_id: str, epoch: int,
                   commitments: tuple[bytes, ...]) -> HiddenCards:
    """Record the owner's commitments for the pending shuffle; its slots join the undrawn."""
    deck = hidden.deck(deck_id)
    pending = deck.pending
    if pending is None or pending.epoch != epoch:
        raise IllegalEntry(f"deck {deck_id} has no pending shuffle {epoch}")
    if len(commitments) != len(pending.cards) or any(len(c) != 32 for c in commitments):
        raise IllegalEntry(f"deck {deck_id} needs {len(pending.cards)} 32-byte commitments")
    done = evolve(pending, commitments=tuple(commitments))
    slots = tuple(slot_id(deck_id, epoch, i) for i in range(len(commitments)))
    undrawn = deck.undrawn + slots
    return _with_deck(hidden, evolve(deck, epochs=(*deck.epochs[:-1], done), undrawn=undrawn))


def draw_slot(hidden: HiddenCards, deck_id: str, index: int) -> tuple[HiddenCards, str]:
    """Take the undrawn slot at a chance-chosen index."""
    hidden, slots = draw_slots(hidden, deck_id, (index,))
    return hidden, slots[0]


def draw_slots(hidden: HiddenCards, deck_id: str, indices: tuple[int, ...]
               ) -> tuple[HiddenCards, tuple[str, ...]]:
    """Take undrawn slots one after another, each at a chance-chosen index into what the
    earlier draws left (one new record however many are drawn)."""
    deck = hidden.deck(deck_id)
    undrawn, drawn = list(deck.undrawn), []
    for index in indices:
        if not 0 <= index < len(undrawn):
            raise IllegalEntry(f"deck {deck_id} has no undrawn slot {index}")
        drawn.append(undrawn.pop(index))
    return _with_deck(hidden, evolve(deck, undrawn=tuple(undrawn))), tuple(drawn)


def verify(hidden: HiddenCards, opening: Opening) -> None:
    """Raise CommitmentError unless the opening matches its slot's commitment."""
    _committed(hidden, opening)


def _committed(hidden: HiddenCards, opening: Opening) -> tuple[str, DeckEpoch]:
    """(deck id, shuffle) of a verified opening; CommitmentError unless it matches."""
    try:
        deck_id, epoch, index = parse_slot(opening.slot)
        deck = hidden.deck(deck_id)
        shuffle = deck.epochs[epoch]
        expected = shuffle.commitments[index]
    except (ValueError, IndexError, IllegalEntry):
        raise CommitmentError(f"no committed slot {opening.slot!r}") from None
    got = commitment(hidden.game_id, deck.owner, opening.slot, opening.card, opening.salt)
    if got != expected:
        raise CommitmentError(f"opening of {opening.slot} does not match its commitment")
    if opening.card not in shuffle.cards:
        raise CommitmentError(f"{opening.card!r} was not in the shuffle of {deck_id}")
    return deck_id, shuffle


def reveal(hidden: HiddenCards, openings: tuple[Opening, ...]) -> HiddenCards:
    """Verify openings and make their cards public; a card opened once more than its shuffle
    holds is refused (a stacked deck, caught at the first extra copy)."""
    if not openings:
        return hidden
    revealed = dict(hidden.revealed)
    copies = dict(public_copies(hidden))
    for opening in openings:
        deck_id, shuffle = _committed(hidden, opening)
        if opening.slot not in revealed:
            _count_copy(copies, deck_id, shuffle, opening)
        revealed[opening.slot] = opening.card
    return _handed_on(evolve(hidden, revealed=revealed), hidden, copies)


def show(hidden: HiddenCards, cards: Mapping[str, str]) -> HiddenCards:
    """Make cards public with no opening to verify (a simulation's sampled world), handing
    the public copy counts on as `reveal` does (so they are never counted from scratch)."""
    if not cards:
        return hidden
    revealed = dict(hidden.revealed)
    copies = dict(public_copies(hidden))
    for slot, card in cards.items():
        if slot not in revealed:
            deck_id, epoch, _ = parse_slot(slot)
            copies[deck_id, epoch, card] = copies.get((deck_id, epoch, card), 0) + 1
        revealed[slot] = card
    return _handed_on(evolve(hidden, revealed=revealed), hidden, copies)


def _handed_on(out: HiddenCards, before: HiddenCards,
               copies: dict[tuple[str, int, str], int]) -> HiddenCards:
    """`out` (the same decks as `before`, more cards public) with its copy counts, and
    `before`'s pending shuffle (it has the same decks)."""
    out.__dict__[DERIVED_CACHE] = {_COPIES: copies, _PENDING: before.pending_commit()}
    return out


def public_copies(hidden: HiddenCards) -> Mapping[tuple[str, int, str], int]:
    """(deck, epoch, card) → how many slots of that shuffle show the card publicly.

    Kept incrementally: `reveal` and every slot step hand the counts on to the new record, so
    they are counted from scratch only for a decoded state."""
    return memo(hidden, _COPIES, lambda: _count_copies(hidden.revealed))


def _count_copies(revealed: Mapping[str, str]) -> dict[tuple[str, int, str], int]:
    counts: Counter[tuple[str, int, str]] = Counter()
    for slot, card in revealed.items():
        deck_id, epoch, _ = parse_slot(slot)
        counts[deck_id, epoch, card] += 1
    return dict(counts)


def _count_copy(copies: dict[tuple[str, int, str], int], deck_id: str, shuffle: DeckEpoch,
                opening: Opening) -> None:
    key = (deck_id, shuffle.epoch, opening.card)
    held = shuffle.cards.count(opening.card)
    if copies.get(key, 0) >= held:
        raise _stacked(opening, deck_id, shuffle.epoch, held)
    copies[key] = copies.get(key, 0) + 1


def _stacked(opening: Opening, deck_id: str, epoch: int, held: int) -> CommitmentError:
    return CommitmentError(f"stacked deck: {opening.slot} opens {opening.card!r} once more than "
                           f"shuffle {epoch} of {deck_id} holds ({held})")


def check_handed(hidden: HiddenCards, opening: Opening, known: Mapping[str, str]) -> None:
    """Verify a privately handed opening; CommitmentError also when its shuffle already shows
    every copy of its card, publicly or among the recipient's `known` slots (slot → card)."""
    deck_id, shuffle = _committed(hidden, opening)
    prefix = f"{deck_id}:{shuffle.epoch}:"
    public = public_copies(hidden).get((deck_id, shuffle.epoch, opening.card), 0)
    private = sum(1 for slot, card in known.items() if card == opening.card
                  and slot.startswith(prefix) and slot not in hidden.revealed)
    itself = opening.card in (hidden.revealed.get(opening.slot), known.get(opening.slot))
    others = public + private - itself
    held = shuffle.cards.count(opening.card)
    if others >= held:
        raise _stacked(opening, deck_id, shuffle.epoch, held)


def audit(hidden: HiddenCards, openings: tuple[Opening, ...]) -> None:
    """End-of-game audit: every slot opened, matching, and each shuffle's multiset exact."""
    by_slot = {o.slot: o for o in openings}
    for deck in hidden.decks:
        for shuffle in deck.epochs:
            if shuffle.committed:
                audit_shuffle(hidden, deck.id, shuffle.epoch, by_slot)


def audit_shuffle(hidden: HiddenCards, deck_id: str, epoch: int,
                  by_slot: Mapping[str, Opening]) -> None:
    """Every slot of one committed shuffle opened (in `by_slot`), matching, multiset exact."""
    shuffle = hidden.deck(deck_id).epochs[epoch]
    seen: Counter[str] = Counter()
    for index in range(len(shuffle.commitments)):
        slot = slot_id(deck_id, epoch, index)
        if slot not in by_slot:
            raise CommitmentError(f"slot {slot} was never opened")
        verify(hidden, by_slot[slot])
        seen[by_slot[slot].card] += 1
    if seen != Counter(shuffle.cards):
        raise CommitmentError(f"shuffle {epoch} of {deck_id} does not hold the declared cards")


def _with_deck(hidden: HiddenCards, deck: Deck) -> HiddenCards:
    decks, deck_id = hidden.decks, deck.id
    at = next(index for index, old in enumerate(decks) if old.id == deck_id)
    out = evolve(hidden, decks=(*decks[:at], deck, *decks[at + 1:]))
    derived: dict[str, object] = {_COPIES: public_copies(hidden)}
    if hidden.pending_commit() is None and deck.pending is None:
        derived[_PENDING] = None  # no deck waited, and the changed one does not
    out.__dict__[DERIVED_CACHE] = derived  # a fresh record: its memo starts with these
    return out
