"""The contract every rule set implements (the registry of rule sets is game.rulesets)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.actions import Action
from game.core.decision import Decision
from game.core.entries import ActionEntry, Entry
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.sealed import Choice, Pick, SealedRound
from game.core.slots import HiddenCards


@dataclass(frozen=True)
class GameConfig:
    """Everything set-up needs: scenario, seats, options, and the game id (the secret-free seed
    of commitments)."""

    ruleset: str
    scenario: str
    seats: tuple[str, ...]
    game_id: bytes
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        """The value of one game option."""
        return dict(self.options).get(name, default)


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario as a menu shows it."""

    id: str
    name: str
    seats: tuple[str, ...]
    description: str = ""
    min_seats: int = 0
    max_seats: int = 0


@dataclass(frozen=True)
class ViewRequest:
    """Which seat looks (None for a spectator) and what it privately knows: cards (slot →
    card) and its own sealed choices."""

    seat: int | None
    known: Mapping[str, str] = field(default_factory=dict)
    sealed: Mapping[str, Choice] = field(default_factory=dict)
    """The seat's own sealed choices (round name → choice), from its secrets."""


class Ruleset(Protocol):
    """A rule set: pure functions over its own frozen state type."""

    id: str
    name: str
    version: str

    @property
    def state_type(self) -> type:
        """The frozen dataclass of the rule set's public state."""

    def content_hash(self) -> str:
        """Hash of the content this rule set plays with."""

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        """The scenarios on offer."""

    def setup(self, config: GameConfig) -> Any:
        """The initial public state."""

    def decision(self, state: Any) -> Decision:
        """The one pending decision."""

    def legal_actions(self, state: Any, seat: int, known: Mapping[str, str]) -> tuple[Action, ...]:
        """Every legal action of `seat`, given the cards it knows (slot → card)."""

    def openings_needed(self, state: Any, action: Action) -> tuple[str, ...]:
        """The slots an action plays face up (their openings must come with it)."""

    def apply(self, state: Any, entry: Entry) -> tuple[Any, tuple[Event, ...]]:
        """Resolve an already validated entry up to the next decision."""

    def hidden(self, state: Any) -> HiddenCards:
        """The hidden-card component of a state."""

    def with_hidden(self, state: Any, hidden: HiddenCards) -> Any:
        """The state with its hidden-card component replaced."""

    def view(self, state: Any, request: ViewRequest) -> Mapping[str, Any]:
        """What one seat (or a spectator) may see, as plain data of a declared shape (each rule
        set types its view: a TypedDict)."""

    def describe(self, event: Event) -> str:
        """One plain sentence for an event."""

    def scores(self, state: Any) -> tuple[int, ...]:
        """Each seat's score (final when the game is over)."""

    def outcome(self, state: Any) -> Outcome:
        """Winners, standings with their tie-break keys, and why the game ended."""


class IllegalExplainer(Protocol):
    """Optional: a rule set may say why an action is illegal, naming the rule."""

    def why_illegal(self, state: Any, entry: ActionEntry) -> tuple[str, str | None]:
        """(reason, rule number or None)."""


class LegalityCheck(Protocol):
    """Optional: a cheaper test of one action than building the whole legal list.

    The core's guard uses it; it must agree with `legal_actions` (`action in legal_actions(…)`).
    """

    def is_legal(self, state: Any, seat: int, action: Action, known: Mapping[str, str]) -> bool:
        """Whether `action` is among `seat`'s legal actions."""


class SealedChoices(Protocol):
    """Optional: a rule set with sealed simultaneous choices (game.core.sealed).

    Its state holds the round in progress; the engine records commitments and verified reveals
    in it, then hands the Seal/Reveal entry to `apply` (the last reveal completes the round).
    `check_sealed` must depend only on the seat's own situation (it runs at seal and reveal)."""

    def sealed(self, state: Any) -> SealedRound | None:
        """The sealed round in progress, if any."""

    def with_sealed(self, state: Any, rnd: SealedRound) -> Any:
        """The state with its sealed round replaced."""

    def check_sealed(self, state: Any, seat: int, name: str, choice: Choice) -> str | None:
        """None when `choice` is valid for `seat` in round `name`, else the reason."""

    def sample_sealed(self, state: Any, seat: int, name: str, pick: Pick) -> Choice:
        """A valid choice, steered by `pick(n)` (an index in range(n)); every valid choice
        must be reachable."""
