"""The Mare Nostrum: Empires rule set: pure functions over `MnState` and its content."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from game.core.actions import Action
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.records import evolve, memo
from game.core.ruleset import GameConfig, ScenarioInfo, ViewRequest
from game.core.sealed import Choice, Pick, SealedRound
from game.core.slots import HiddenCards
from game.rulesets.mare_nostrum import (
    battle,
    build,
    conquest,
    decisions,
    movement,
    scoring,
    text,
    trade,
    war,
)
from game.rulesets.mare_nostrum.content import RULESET_ID, MnContent, load_content
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.objections import build_objection, trade_objection
from game.rulesets.mare_nostrum.sequence import advance
from game.rulesets.mare_nostrum.setup import initial_state, scenarios
from game.rulesets.mare_nostrum.state import MnState
from game.rulesets.mare_nostrum.view import MnView, PendingView, build_view

TITLE = "Mare Nostrum: Empires"
SENTENCES = {**text.SENTENCES, **trade.SENTENCES, **build.SENTENCES, **movement.SENTENCES,
             **battle.SENTENCES, **conquest.SENTENCES, **war.SENTENCES}
"""Every event kind's sentence: this package's steps and the phase modules'."""


OBJECTIONS: dict[str, Callable[[MnContent, MnState, int, Action], tuple[str, str]]] = {
    "trade": trade_objection, "build": build_objection, "move": movement.objection}
"""Per phase, why the deciding seat's refused action is refused (the legal lists judge)."""

class MnRuleset:
    """Mare Nostrum: Empires for 3-5 players, with the two hero/wonder display options."""

    id = RULESET_ID
    name = TITLE
    version = "1"
    state_type = MnState
    key_words = scoring.KEY_WORDS

    def __init__(self, content: MnContent) -> None:
        self.content = content
        self._names = text.printed_names(content)

    def content_hash(self) -> str:
        """The rules hash of the content played with."""
        return self.content.content_hash

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """One board per player count, its empires as named seats."""
        return scenarios(self.content)

    def setup(self, config: GameConfig) -> MnState:
        """Every empire placed; chance lays out the display, then round 1 collects."""
        flow = Flow(self.content, initial_state(self.content, config))
        advance(flow)
        return flow.state

    def decision(self, state: MnState) -> Decision:
        """The pending decision, its prompt naming seats by their empires."""
        return memo(state, ("decision", id(self.content)), lambda: self._decision(state))

    def _decision(self, state: MnState) -> Decision:
        pending = decisions.decision(self.content, state)
        empires = [player.empire for player in state.players]
        return evolve(pending, prompt=text.with_empires(pending.prompt, empires))

    def legal_actions(self, state: MnState, seat: int,
                      known: Mapping[str, str]) -> tuple[Action, ...]:
        """The seat's legal actions (no cards: `known` plays no part)."""
        return decisions.legal(self.content, state, seat)

    def is_legal(self, state: MnState, seat: int, action: Action,
                 known: Mapping[str, str]) -> bool:
        """Whether `action` is among the seat's legal actions (a set, built once per state)."""
        legal = memo(state, ("legal_set", id(self.content), seat),
                     lambda: frozenset(decisions.legal(self.content, state, seat)))
        return action in legal

    def why_illegal(self, state: MnState, entry: ActionEntry) -> tuple[str, str | None]:
        """One sentence and the rule section: the phase's own explanation when the deciding
        seat's action is refused, else whose decision it is."""
        pending = self.decision(state)
        explain = OBJECTIONS.get(state.phase)
        if explain is not None and pending.actor == entry.seat and pending.kind == "action":
            return explain(self.content, state, entry.seat, entry.action)
        reason = (f"'{entry.action}' is not among {text.seat_name(entry.seat)}'s choices now"
                  f" ({pending.prompt}).")
        return reason, decisions.RULES.get(state.phase)

    def openings_needed(self, state: MnState, action: Action) -> tuple[str, ...]:
        """No cards: nothing is ever opened."""
        return ()

    def apply(self, state: MnState, entry: Entry) -> tuple[MnState, tuple[Event, ...]]:
        """Resolve a validated entry up to the next decision."""
        flow = Flow(self.content, state)
        decisions.apply(flow, entry)
        return flow.state, tuple(flow.events)

    def sealed(self, state: MnState) -> SealedRound | None:
        """The round's sealed offers in progress (rule 2.1), if any."""
        return state.trade.sealed

    def with_sealed(self, state: MnState, rnd: SealedRound) -> MnState:
        """The state with its sealed round replaced."""
        return evolve(state, trade=evolve(state.trade, sealed=rnd))

    def check_sealed(self, state: MnState, seat: int, name: str, choice: Choice) -> str | None:
        """None when `choice` is a valid offer of the seat (rule 2.1), else the reason."""
        return trade.check_offer(self.content, state, seat, choice)

    def sample_sealed(self, state: MnState, seat: int, name: str, pick: Pick) -> Choice:
        """A valid offer of the seat, steered by `pick`."""
        return trade.sample_offer(self.content, state, seat, pick)

    def hidden(self, state: MnState) -> HiddenCards:
        """The (always empty) hidden-card component."""
        return state.hidden

    def with_hidden(self, state: MnState, hidden: HiddenCards) -> MnState:
        """The state with its hidden-card component replaced."""
        return evolve(state, hidden=hidden)

    def view(self, state: MnState, request: ViewRequest) -> MnView:
        """The board for everyone; screens and sealed offers for their owners only."""
        return build_view(self.content, state, request, self._pending(state))

    def _pending(self, state: MnState) -> PendingView | None:
        pending = self.decision(state)
        if pending.kind != "action" and pending.kind != "seal":
            return None
        return PendingView(seat=pending.actor, phase=state.phase, prompt=pending.prompt)

    def describe(self, event: Event) -> str:
        """One plain sentence per event."""
        return text.with_empires(text.describe(event, SENTENCES, self._names),
                                 event.get("empires"))

    def scores(self, state: MnState) -> tuple[int, ...]:
        """Each seat's Leader tracks added together."""
        return scoring.scores(state)

    def outcome(self, state: MnState) -> Outcome:
        """Winners, standings with their keys, and the victory that ended the game."""
        return scoring.outcome(self.content, state)


@cache
def bundled_ruleset() -> MnRuleset:
    """The rule set over the bundled content."""
    return MnRuleset(load_content())
