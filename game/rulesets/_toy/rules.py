"""Tribute's rules as pure functions over ToyState (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.actions import Action, act
from game.core.decision import Decision
from game.core.entries import (
    ActionEntry,
    ChanceEntry,
    CommitEntry,
    Entry,
    HandoffEntry,
    OpenEntry,
    RevealEntry,
    SealEntry,
)
from game.core.errors import IllegalEntry
from game.core.events import Event
from game.core.outcome import IN_PROGRESS, LAST_TURN, Outcome, rank
from game.core.records import evolve
from game.core.ruleset import GameConfig, ScenarioInfo, ViewRequest
from game.core.sealed import Choice, Pick, SealedRound
from game.core.slots import HiddenCards, new_hidden, start_shuffle
from game.rulesets._toy import bids, cards
from game.rulesets._toy.decisions import phase_decision
from game.rulesets._toy.flow import Flow
from game.rulesets._toy.state import ToyState
from game.rulesets._toy.view import ToyView, build_view

HAND_START = 3


class ToyRuleset:
    """The Tribute rule set."""

    id = "toy"
    name = "Tribute (test rule set)"
    version = "1"
    state_type = ToyState

    def content_hash(self) -> str:
        """Hash of Tribute's card list."""
        return cards.content_hash()

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """The standard game, and one with a sealed bid every round; for 2-4 seats."""
        return (ScenarioInfo("standard", "Standard", (), "Six rounds of tribute.", 2, 4),
                ScenarioInfo(bids.SCENARIO, "Sealed bids", (),
                             "Six rounds of tribute, each opened by sealed bids.", 2, 4))

    def setup(self, config: GameConfig) -> ToyState:
        """Every deck awaits its first shuffle; then each seat is dealt three cards."""
        seats = len(config.seats)
        if not 2 <= seats <= 4:
            raise IllegalEntry(f"Tribute is for 2-4 seats, not {seats}")
        rounds = int(config.option("rounds", 6))
        hidden = new_hidden(config.game_id, tuple((cards.deck_id(s), s) for s in range(seats)))
        for seat in range(seats):
            hidden = start_shuffle(hidden, cards.deck_id(seat), cards.deck_cards(seat))
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(seats))
        return ToyState(rounds, 1, 0, "deal", hidden, empty, ("",) * seats, empty, (0,) * seats,
                        bidding=config.scenario == bids.SCENARIO)

    def decision(self, state: ToyState) -> Decision:
        """The pending decision: shuffles first, then the phase's own."""
        pending = state.hidden.pending_commit()
        if pending is not None and pending.pending is not None:
            shuffle = pending.pending
            return Decision(pending.owner, "commit", f"shuffle {pending.id}", deck=pending.id,
                            epoch=shuffle.epoch, cards=shuffle.cards)
        return phase_decision(state)

    def legal_actions(self, state: ToyState, seat: int,
                      known: Mapping[str, str]) -> tuple[Action, ...]:
        """Pass, wager any hand card face down, or play a known hand card face up."""
        if state.phase != "act" or seat != state.turn:
            return ()
        hand = state.hands[seat]
        actions = [act("pass")]
        if not state.wagers[seat]:
            actions += [act("wager", slot=slot) for slot in hand]
        actions += [act("play", slot=slot) for slot in hand if slot in known]
        return tuple(actions)

    def openings_needed(self, state: ToyState, action: Action) -> tuple[str, ...]:
        """Playing a card face up opens it."""
        return (str(action.arg("slot")),) if action.verb == "play" else ()

    def apply(self, state: ToyState, entry: Entry) -> tuple[ToyState, tuple[Event, ...]]:
        """Resolve a validated entry until the next decision."""
        flow = Flow(state)
        _HANDLERS[type(entry)](flow, entry)
        return flow.state, tuple(flow.events)

    def hidden(self, state: ToyState) -> HiddenCards:
        """The hidden-card component."""
        return state.hidden

    def with_hidden(self, state: ToyState, hidden: HiddenCards) -> ToyState:
        """The state with new hidden cards."""
        return evolve(state, hidden=hidden)

    def sealed(self, state: ToyState) -> SealedRound | None:
        """The round's sealed bids."""
        return state.sealed

    def with_sealed(self, state: ToyState, rnd: SealedRound) -> ToyState:
        """The state with new sealed bids."""
        return evolve(state, sealed=rnd)

    def check_sealed(self, state: ToyState, seat: int, name: str, choice: Choice) -> str | None:
        """A bid of 0-2, never more than the seat's points."""
        return bids.check(state.scores[seat], choice)

    def sample_sealed(self, state: ToyState, seat: int, name: str, pick: Pick) -> Choice:
        """Any valid bid, steered by `pick`."""
        return bids.sample(state.scores[seat], pick)

    def view(self, state: ToyState, request: ViewRequest) -> ToyView:
        """Public facts plus the viewer's own hand and wager identities."""

        return build_view(state, request)

    def describe(self, ev: Event) -> str:
        """One sentence per event."""
        from game.rulesets._toy.view import describe

        return describe(ev)

    def scores(self, state: ToyState) -> tuple[int, ...]:
        """Points per seat."""
        return state.scores

    def outcome(self, state: ToyState) -> Outcome:
        """Most points wins; equal points share the win (no further tie-break)."""
        standings = rank({seat: (("points", points),) for seat, points in
                          enumerate(state.scores)})
        if state.phase != "over":
            return Outcome((), standings, IN_PROGRESS)
        winners = tuple(s.seat for s in standings if s.place == 1)
        return Outcome(tuple(sorted(winners)), standings, LAST_TURN)


def _on_action(flow: Flow, entry: ActionEntry) -> None:
    flow.act(entry.action)


def _on_chance(flow: Flow, entry: ChanceEntry) -> None:
    flow.chance(entry)


def _on_open(flow: Flow, entry: OpenEntry) -> None:
    flow.opened()


def _on_handoff(flow: Flow, entry: HandoffEntry) -> None:
    flow.handed_off()


def _on_commit(flow: Flow, entry: CommitEntry) -> None:
    flow.committed(entry.deck)


def _on_seal(flow: Flow, entry: SealEntry) -> None:
    flow.sealed_bid(entry.seat)


def _on_reveal(flow: Flow, entry: RevealEntry) -> None:
    flow.revealed_bid()


_HANDLERS: dict[type, Any] = {
    ActionEntry: _on_action,
    ChanceEntry: _on_chance,
    OpenEntry: _on_open,
    HandoffEntry: _on_handoff,
    CommitEntry: _on_commit,
    SealEntry: _on_seal,
    RevealEntry: _on_reveal,
}
