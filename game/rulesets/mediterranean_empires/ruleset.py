"""The Mediterranean Empires rule set: the engine contract over MeState."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from game.core.actions import Action
from game.core.decision import Decision, game_over
from game.core.entries import CommitEntry, Entry
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.records import DERIVED_CACHE, evolve, memo
from game.core.ruleset import GameConfig, ScenarioInfo, ViewRequest
from game.core.slots import HiddenCards
from game.rulesets.mediterranean_empires import procedures  # noqa: F401  (registers them)
from game.rulesets.mediterranean_empires.content import bundled_bundle
from game.rulesets.mediterranean_empires.flow import (
    PROCEDURES,
    Flow,
    procedure,
    settle,
    top_decision,
)
from game.rulesets.mediterranean_empires.rules import Rules, bundled_rules
from game.rulesets.mediterranean_empires.scoring import KEY_WORDS, game_outcome
from game.rulesets.mediterranean_empires.setup import initial_state
from game.rulesets.mediterranean_empires.state import MeState
from game.rulesets.mediterranean_empires.text.describe import describe
from game.rulesets.mediterranean_empires.view import MeView, build_view, view_parts


class MeRuleset:
    """Mediterranean Empires (Bellica Third Generation), 2-8 players, 13 scenarios."""

    id = "mediterranean_empires"
    name = "Mediterranean Empires"
    version = "1"
    state_type = MeState
    key_words = KEY_WORDS

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or bundled_rules()
        self._decision_key = ("decision", self.rules)

    def content_hash(self) -> str:
        """Hash of the bundled content."""
        return self.rules.content.content_hash

    def legacy_content_hashes(self) -> tuple[str, ...]:
        """Hashes logs written before the rules hash left out layout.yaml carry (the same
        rules): saves from earlier versions still open."""
        bundle = bundled_bundle()
        return (bundle.files_hash,) if bundle.content_hash == self.content_hash() else ()

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """The 13 scenarios, with their empires in turn order."""
        return tuple(ScenarioInfo(s.id, f"{s.number}. {s.name}",
                                  tuple(e.empire.capitalize() for e in s.empires),
                                  s.description, s.players, s.players)
                     for s in self.rules.content.setups)

    def setup(self, config: GameConfig) -> MeState:
        """The state after set-up, waiting for the first decision."""
        flow = Flow(self.rules, initial_state(self.rules, config))
        settle(flow)
        return flow.state

    def decision(self, state: MeState) -> Decision:
        """Shuffle commitments first, then the top frame's decision (worked out once per
        state: the table, the session and the core's guard all ask)."""
        derived = state.__dict__.get(DERIVED_CACHE)  # the memo's lookup without its closure
        if derived is not None and self._decision_key in derived:
            known: Decision = derived[self._decision_key]
            return known
        return memo(state, self._decision_key, lambda: self._decide(state))

    def _decide(self, state: MeState) -> Decision:
        pending = state.hidden.pending_commit()
        if pending is not None and pending.pending is not None:
            shuffle = pending.pending
            return Decision(pending.owner, "commit", f"{pending.id} shuffles its deck",
                            deck=pending.id, epoch=shuffle.epoch, cards=shuffle.cards)
        top = state.top
        if top is None:
            return game_over("the game is over")
        decided = top_decision(self.rules, state)
        assert decided is not None, f"frame {top.kind} was left unsettled"
        return decided

    def legal_actions(self, state: MeState, seat: int,
                      known: Mapping[str, str]) -> tuple[Action, ...]:
        """The top frame's legal actions for `seat`."""
        stack = state.stack
        if not stack or state.hidden.pending_commit() is not None:
            return ()
        top = stack[-1]
        legal = PROCEDURES[top.kind].legal
        return legal(self.rules, state, top, seat, known) if legal else ()

    def is_legal(self, state: MeState, seat: int, action: Action,
                 known: Mapping[str, str]) -> bool:
        """Whether `action` is legal for `seat` (the frame's own test when it has one)."""
        top = state.top
        if top is None or state.hidden.pending_commit() is not None:
            return False
        proc = procedure(top)
        if proc.allows is not None:
            return proc.allows(self.rules, state, top, seat, action, known)
        return proc.legal is not None and action in proc.legal(self.rules, state, top, seat,
                                                                known)

    def openings_needed(self, state: MeState, action: Action) -> tuple[str, ...]:
        """Slots an action plays face up."""
        stack = state.stack
        top = stack[-1] if stack else None
        opener = PROCEDURES[top.kind].openings if top is not None else None
        return opener(self.rules, state, top, action) if opener else ()

    def apply(self, state: MeState, entry: Entry) -> tuple[MeState, tuple[Event, ...]]:
        """Hand the entry to the top frame, then settle to the next decision."""
        flow = Flow(self.rules, state)
        if type(entry) is CommitEntry:
            flow.emit("deck_committed", deck=entry.deck, cards=len(entry.commitments))
        else:
            top = state.stack[-1]
            handler = PROCEDURES[top.kind].handle
            assert handler is not None, f"frame {top.kind} takes no entries"
            handler(flow, top, entry)
        settle(flow)
        return flow.state, tuple(flow.events)

    def hidden(self, state: MeState) -> HiddenCards:
        """The hidden-card component."""
        return state.hidden

    def with_hidden(self, state: MeState, hidden: HiddenCards) -> MeState:
        """The state with new hidden cards."""
        return evolve(state, hidden=hidden)

    def view(self, state: MeState, request: ViewRequest) -> MeView:
        """What one seat may see."""
        return build_view(self.rules, state, request)

    def view_parts(self, state: MeState, request: ViewRequest) -> dict[str, Callable[[], Any]]:
        """The same view key by key, each part built when read (a bot's lazy view)."""
        return view_parts(self.rules, state, request)

    def describe(self, ev: Event) -> str:
        """One plain sentence."""
        return describe(self.rules, ev)

    def scores(self, state: MeState) -> tuple[int, ...]:
        """Victory points per seat."""
        return tuple(seat.vp for seat in state.seats)

    def outcome(self, state: MeState) -> Outcome:
        """Winners and standings by VP, then cities, then key cities held (rule 4.4)."""
        return game_outcome(self.rules, state)


@cache
def bundled_ruleset() -> MeRuleset:
    """The rule set over the bundled content (built once)."""
    return MeRuleset()
