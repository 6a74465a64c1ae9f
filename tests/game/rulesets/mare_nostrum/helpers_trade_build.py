"""A small bench for the Trade and Build phase modules: a fresh state, hands set by hand,
entries applied through the phase module's own `apply` (sealed rounds filled the way the
engine fills them)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from game.core.actions import Action, act
from game.core.entries import ActionEntry, RevealEntry, SealEntry
from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.core.sealed import sealed_commitment, with_choice, with_commitment
from game.rulesets.mare_nostrum import build, trade
from game.rulesets.mare_nostrum.content import load_content
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.setup import initial_state
from game.rulesets.mare_nostrum.state import BuildState, MnState

CONTENT = load_content()
GAME_ID = b"bench"
SALT = b"s" * 16
SEATS = {"5": ("Rome", "Greece", "Babylon", "Egypt", "Carthage"),
         "4": ("Rome", "Greece", "Egypt", "Carthage")}


class Bench:
    """A state and the events of the last entry, changed through the phase modules."""

    def __init__(self, scenario: str = "5") -> None:
        config = GameConfig("mare_nostrum", scenario, SEATS[scenario], GAME_ID)
        self.state: MnState = initial_state(CONTENT, config)
        self.events: list[Any] = []

    def edit(self, **changes: Any) -> None:
        """Replace state fields directly (a situation the test needs)."""
        self.state = evolve(self.state, **changes)

    def hand(self, seat: int, *items: str) -> None:
        """Set a seat's resources."""
        players = list(self.state.players)
        players[seat] = evolve(players[seat], resources=tuple(sorted(items)))
        self.edit(players=tuple(players))

    def run(self, module: ModuleType, step: Any) -> None:
        """Resolve through `module.apply` with a fresh Flow."""
        flow = Flow(CONTENT, self.state)
        step(flow)
        self.state, self.events = flow.state, flow.events

    def act(self, module: ModuleType, seat: int, verb: str, **args: Any) -> None:
        """A legal action of `seat` (asserted legal first)."""
        action = act(verb, **args)
        assert action in module.legal(CONTENT, self.state, seat), (action, self.legal(
            module, seat))
        self.run(module, lambda flow: module.apply(flow, ActionEntry(seat, action)))

    def legal(self, module: ModuleType, seat: int) -> tuple[Action, ...]:
        """The seat's legal actions in the module's phase."""
        result: tuple[Action, ...] = module.legal(CONTENT, self.state, seat)
        return result

    def offer(self, offers: dict[int, tuple[str, ...]]) -> None:
        """Every seat of the open sealed round seals and reveals its offer (as the engine
        does: commitments, then verified reveals, each handed to trade.apply)."""
        for seat in _round(self.state).seats:
            commitment = sealed_commitment(GAME_ID, seat, _round(self.state).name,
                                           offers.get(seat, ()), SALT)
            self._sealed(with_commitment(_round(self.state), seat, commitment))
            self.run(trade, lambda flow, s=seat, c=commitment: trade.apply(
                flow, SealEntry(s, _round(flow.state).name, c, b"")))
        for seat in _round(self.state).seats:
            choice = tuple(sorted(offers.get(seat, ())))
            assert trade.check_offer(CONTENT, self.state, seat, choice) is None
            self._sealed(with_choice(_round(self.state), GAME_ID, seat, choice, SALT))
            self.run(trade, lambda flow, s=seat, c=choice: trade.apply(
                flow, RevealEntry(s, _round(flow.state).name, c, SALT)))

    def _sealed(self, rnd: Any) -> None:
        self.edit(trade=evolve(self.state.trade, sealed=rnd))

    def kinds(self) -> list[str]:
        """The kinds of the last entry's events."""
        return [e.kind for e in self.events]


def _round(state: MnState) -> Any:
    assert state.trade.sealed is not None
    return state.trade.sealed


def start_turn(bench: Bench, seat: int, bases: dict[int, tuple[str, ...]] | None = None) -> None:
    """The seat becomes the Active Player of a Build phase whose round began with `bases`
    (each seat's controlled provinces; by default as the board stands)."""
    controlled = tuple(tuple(a.id for a in bench.state.provinces if a.controller == s)
                       for s in range(bench.state.seats))
    if bases:
        controlled = tuple(bases.get(s, held) for s, held in enumerate(controlled))
    bench.edit(build=BuildState(bases=controlled))
    bench.run(build, lambda flow: build.begin_turn(flow, seat))


def buy(bench: Bench, seat: int, item: str, place: str, *paid: str, via: str = "") -> None:
    """Build one item: `build`, then each resource picked, then `confirm`."""
    extra = {"via": via} if via else {}
    bench.act(build, seat, "build", item=item, place=place, **extra)
    for resource in paid:
        bench.act(build, seat, "pay", resource=resource)
    if paid:
        bench.act(build, seat, "confirm")
