"""A sampled world for search: the hidden cards dealt at random consistently with what one
seat knows, and a trusted simulator that plays entries on it without the core's guards.

The public state holds no card identity but those opened in public, so a searching seat
sees exactly what it may: the state, its own knowledge (its hand, its own shuffles, cards
handed to it) and the public content. Every other slot gets a card drawn from what its
shuffle still holds once the known cards are taken out (a determinization). Entries are then
applied straight through the rule set: the engine's own legal list is trusted (no guard
re-checks it), openings come from the sampled world instead of commitments, and shuffles
during a simulation are dealt from the simulation's own stream.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action
from game.core.decision import Decision
from game.core.drbg import Drbg
from game.core.entries import ActionEntry, ChanceEntry, CommitEntry, HandoffEntry, OpenEntry
from game.core.records import evolve
from game.core.slots import HiddenCards, commit_shuffle, show, slot_id
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.state import MeState

Policy = Callable[[MeState, int, tuple[Action, ...]], Action]
"""Chooses one of the legal actions of a seat in a simulated state."""
NO_COMMITMENT = b"\x00" * 32
"""What a simulated shuffle publishes (nothing is ever checked against it)."""


def sample_cards(hidden: HiddenCards, known: Mapping[str, str], drbg: Drbg) -> dict[str, str]:
    """slot → card for every committed slot: public and known cards as they are, the rest
    dealt from what each shuffle has left."""
    cards = dict(hidden.revealed)
    cards.update(known)
    for deck in hidden.decks:
        for shuffle in deck.epochs:
            if shuffle.committed:
                _deal_shuffle(cards, deck.id, shuffle.epoch, shuffle.cards, drbg)
    return cards


def _deal_shuffle(cards: dict[str, str], deck: str, epoch: int, multiset: tuple[str, ...],
                  drbg: Drbg) -> None:
    """Deal a shuffle's unknown slots from its multiset less the cards known in its slots."""
    left = Counter(multiset)
    unknown = []
    for index in range(len(multiset)):
        slot = slot_id(deck, epoch, index)
        card = cards.get(slot)
        if card is None:
            unknown.append(slot)
        else:
            left[card] -= 1
    if unknown:
        cards.update(zip(unknown, drbg.shuffled(sorted(left.elements())), strict=False))


class Simulator:
    """Plays entries on a sampled world: chance and shuffles from its own stream."""

    def __init__(self, ruleset: MeRuleset, cards: dict[str, str], drbg: Drbg) -> None:
        self.ruleset = ruleset
        self.cards = cards
        self.drbg = drbg

    def legal(self, state: MeState, seat: int) -> tuple[Action, ...]:
        """A seat's legal actions, knowing every card of the world."""
        return self.ruleset.legal_actions(state, seat, self.cards)

    def act(self, state: MeState, seat: int, action: Action) -> MeState:
        """A seat's action (one of its legal ones), its cards opened from the world."""
        opened = self._opened(state, self.ruleset.openings_needed(state, action))
        return self.ruleset.apply(opened, ActionEntry(seat, action))[0]

    def run(self, state: MeState, policy: Policy, entries: int,
            until: Callable[[MeState], bool] | None = None) -> MeState:
        """Up to `entries` entries (chance, shuffles, openings and the policy's actions), or
        until the game is over or `until` says the state is far enough."""
        for _ in range(entries):
            decision = self.ruleset.decision(state)
            if decision.is_over or (until is not None and until(state)):
                break
            state = self.answer(state, decision, policy)
        return state

    def answer(self, state: MeState, decision: Decision, policy: Policy) -> MeState:
        """The state after the pending decision is answered."""
        kind = decision.kind
        if kind == "action":
            seat = decision.actor
            return self.act(state, seat, policy(state, seat, self.legal(state, seat)))
        if kind == "chance":
            return self.ruleset.apply(state, ChanceEntry(seed=self.drbg.read(16)))[0]
        if kind == "commit":
            return self._commit(state, decision)
        if kind == "open":
            return self.ruleset.apply(self._opened(state, decision.slots),
                                      OpenEntry(decision.actor, ()))[0]
        entry = HandoffEntry(decision.actor, decision.slots[0], decision.to, b"")
        return self.ruleset.apply(state, entry)[0]

    def _opened(self, state: MeState, slots: tuple[str, ...]) -> MeState:
        """The state with some slots' world cards public (no commitment is checked)."""
        if not slots:
            return state
        cards = self.cards
        return evolve(state, hidden=show(state.hidden, {slot: cards[slot] for slot in slots}))

    def _commit(self, state: MeState, decision: Decision) -> MeState:
        """A reshuffle: its slots dealt from the simulation's stream."""
        order = self.drbg.shuffled(sorted(decision.cards))
        for index, card in enumerate(order):
            self.cards[slot_id(decision.deck, decision.epoch, index)] = card
        hidden = commit_shuffle(state.hidden, decision.deck, decision.epoch,
                                (NO_COMMITMENT,) * len(order))
        entry = CommitEntry(decision.actor, decision.deck, decision.epoch, ())
        return self.ruleset.apply(evolve(state, hidden=hidden), entry)[0]


def public_state(view: Mapping[str, Any]) -> tuple[MeState | None, Mapping[str, str]]:
    """(public state, the seat's own knowledge) a table hands its controllers with the view;
    (None, {}) when the view came without them."""
    state = getattr(view, "state", None)
    known: Mapping[str, str] = getattr(view, "known", None) or {}
    return (state, known) if isinstance(state, MeState) else (None, {})
