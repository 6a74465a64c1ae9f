"""The Roll Through the Ages rule set: pure functions over `RttaState` and its content."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from game.core.actions import Action
from game.core.chance import resolve
from game.core.decision import Decision
from game.core.entries import ActionEntry, ChanceEntry, Entry
from game.core.errors import IllegalEntry
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.records import evolve
from game.core.ruleset import GameConfig, ScenarioInfo, ViewRequest
from game.core.slots import HiddenCards
from game.rulesets.roll_through_the_ages import decisions, scoring, text
from game.rulesets.roll_through_the_ages.content import RULESET_ID, RttaContent, load_content
from game.rulesets.roll_through_the_ages.flow import Flow
from game.rulesets.roll_through_the_ages.sequence import ACTION_PHASES, CHANCE_PHASES, advance
from game.rulesets.roll_through_the_ages.setup import initial_state
from game.rulesets.roll_through_the_ages.state import RttaState
from game.rulesets.roll_through_the_ages.view import RttaView, build_view

TITLE = "Roll Through the Ages: The Iron Age"


class RttaRuleset:
    """Roll Through the Ages: The Iron Age, with the Mediterranean expansion as an option."""

    id = RULESET_ID
    name = TITLE
    version = "1"
    state_type = RttaState

    def __init__(self, content: RttaContent) -> None:
        self.content = content

    def content_hash(self) -> str:
        """The rules hash of the content played with."""
        return self.content.content_hash

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """One table for 1-4 players (one player: the solitaire rules)."""
        return (ScenarioInfo("standard", "The Iron Age", (),
                             "1-4 players; one player plays the solitaire rules.", 1, 4),)

    def setup(self, config: GameConfig) -> RttaState:
        """Every sheet at its start; seat 0 (the start player) chooses a free port or
        province first."""
        return initial_state(self.content, config)

    def decision(self, state: RttaState) -> Decision:
        """The pending decision."""
        return decisions.decision(self.content, state)

    def legal_actions(self, state: RttaState, seat: int,
                      known: Mapping[str, str]) -> tuple[Action, ...]:
        """The seat's legal actions (nothing is hidden, so `known` plays no part)."""
        return decisions.legal(self.content, state, seat)

    def is_legal(self, state: RttaState, seat: int, action: Action,
                 known: Mapping[str, str]) -> bool:
        """Whether `action` is among the seat's legal actions."""
        return action in decisions.legal_set(self.content, state, seat)

    def why_illegal(self, state: RttaState, entry: ActionEntry) -> tuple[str, str | None]:
        """One sentence and the rule section of the phase."""
        reason = decisions.why_not(self.content, state, entry.seat, entry.action)
        return reason, decisions.RULES.get(state.phase)

    def openings_needed(self, state: RttaState, action: Action) -> tuple[str, ...]:
        """No cards: nothing is ever opened."""
        return ()

    def apply(self, state: RttaState, entry: Entry) -> tuple[RttaState, tuple[Event, ...]]:
        """Resolve a validated entry up to the next decision."""
        flow = Flow(self.content, state)
        if isinstance(entry, ActionEntry):
            ACTION_PHASES[state.phase](flow, entry.action)
        elif isinstance(entry, ChanceEntry):
            request = decisions.chance_request(self.content, state)
            numbers = resolve(request, entry.seed, entry.values)
            CHANCE_PHASES[state.phase](flow, numbers[0])
        else:
            raise IllegalEntry(f"Roll Through the Ages has no {entry.kind} entries")
        advance(flow)
        return flow.state, tuple(flow.events)

    def hidden(self, state: RttaState) -> HiddenCards:
        """The (always empty) hidden-card component."""
        return state.hidden

    def with_hidden(self, state: RttaState, hidden: HiddenCards) -> RttaState:
        """The state with its hidden-card component replaced."""
        return evolve(state, hidden=hidden)

    def view(self, state: RttaState, request: ViewRequest) -> RttaView:
        """Everything is public: every seat sees the same."""
        return build_view(self.content, state, request)

    def describe(self, event: Event) -> str:
        """One plain sentence per event."""
        return text.describe(self.content, event)

    def scores(self, state: RttaState) -> tuple[int, ...]:
        """Each player's score as it stands (final once the game is over)."""
        return scoring.final_scores(self.content, state)

    def outcome(self, state: RttaState) -> Outcome:
        """Winners, standings with the pegged-positions tie-break, why the game ended."""
        return scoring.outcome(self.content, state)


@cache
def bundled_ruleset() -> RttaRuleset:
    """The rule set over the bundled content."""
    return RttaRuleset(load_content())
