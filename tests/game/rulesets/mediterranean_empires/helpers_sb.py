"""Test helpers for the Scenarios Book's extended example: a table loaded from a position file,
driven step by step with the book's dice, cards named by id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.actions import Action, act
from game.core.entries import ChanceEntry, Entry
from game.core.events import Event
from game.core.table import Table
from game.rulesets.mediterranean_empires.combat.battle_effects import side_cf, side_dice
from game.rulesets.mediterranean_empires.expedition.forces import Force
from game.rulesets.mediterranean_empires.frames import Combat
from game.rulesets.mediterranean_empires.position.load import load_position
from game.rulesets.mediterranean_empires.ruleset import MeRuleset

RULESET = MeRuleset()
RULES = RULESET.rules
POSITIONS = Path(__file__).parent / "positions"


class Replay:
    """A position played on by scripted actions and dice; every event is kept in `log`."""

    def __init__(self, position: str) -> None:
        path = POSITIONS / position
        loaded = load_position(RULES, path.read_text(), path.name)
        self.table = Table(RULESET, loaded.config, loaded.secrets)
        self.table.state = loaded.state
        self.log: list[Event] = []
        self._mechanical()

    @property
    def state(self) -> Any:
        """The game state now."""
        return self.table.state

    # -- answering decisions ------------------------------------------------------------

    def do(self, seat: int, verb: str, **args: Any) -> tuple[Event, ...]:
        """A seat's action (with the openings it needs); then the mechanical steps."""
        return self._submit(self.table.action_entry(seat, act(verb, **args)))

    def play(self, seat: int, card: str, verb: str = "play", **args: Any) -> tuple[Event, ...]:
        """Play a hand card by id (`verb` imperium, play, discard, add …)."""
        return self.do(seat, verb, slot=self.slot(seat, card), **args)

    def only(self, seat: int, verb: str) -> tuple[Event, ...]:
        """The one legal action of `seat` with this verb."""
        (action,) = self.options(seat, verb)
        return self._submit(self.table.action_entry(seat, action))

    def passes(self, *seats: int) -> tuple[Event, ...]:
        """The given seats pass, in this order (each must be the one asked)."""
        events: tuple[Event, ...] = ()
        for seat in seats:
            assert self.actor() == seat, (self.actor(), seat, self.table.decision().prompt)
            events += self.do(seat, "pass")
        return events

    def roll(self, *values: int) -> tuple[Event, ...]:
        """Answer the pending chance decision with scripted values (dice, or pick indexes)."""
        assert self.table.decision().is_chance, self.table.decision().prompt
        return self._submit(ChanceEntry(values=values))

    def draw(self, seat: int, *cards: str) -> tuple[Event, ...]:
        """Answer a pending draw of `seat` so that it draws exactly `cards`."""
        undrawn = list(self.state.hidden.deck(self.state.seats[seat].empire).undrawn)
        picks = []
        for card in cards:
            index = next(i for i, s in enumerate(undrawn)
                         if self.table.secrets[seat].opening(s).card == card)
            picks.append(index)
            undrawn.pop(index)
        return self.roll(*picks)

    # -- reading the table --------------------------------------------------------------

    def actor(self) -> int:
        """Who must act now (-1: chance)."""
        return self.table.decision().actor

    def options(self, seat: int, verb: str) -> list[Action]:
        """The legal actions of `seat` with this verb."""
        return [a for a in self.table.legal(seat) if a.verb == verb]

    def slot(self, seat: int, card: str) -> str:
        """A slot of `seat`'s hand holding `card` (by the seat's own knowledge)."""
        known = self.table.secrets[seat].known()
        return next(s for s in self.state.seats[seat].hand if known.get(s) == card)

    def hand(self, seat: int) -> list[str]:
        """The cards in a seat's hand, as that seat knows them, sorted."""
        known = self.table.secrets[seat].known()
        return sorted(known[s] for s in self.state.seats[seat].hand)

    def pile(self, seat: int) -> list[str]:
        """A seat's discard pile, bottom first."""
        return [self.state.hidden.card_of(s) for s in self.state.seats[seat].discard]

    def index_in(self, force: Force, card: str) -> int:
        """Where `card` sits in a force (the order random losses pick from)."""
        known = self.table.secrets[force.seat].known()
        return next(i for i, c in enumerate(force.cards)
                    if (self.state.hidden.card_of(c.slot) or known.get(c.slot)) == card)

    def vp(self) -> tuple[int, ...]:
        """Every seat's VP, in seat order."""
        return tuple(seat.vp for seat in self.state.seats)

    def cities(self) -> tuple[int, ...]:
        """How many cities each seat holds."""
        return tuple(self.state.cities_of(s) for s in range(len(self.state.seats)))

    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's hand size."""
        return tuple(len(seat.hand) for seat in self.state.seats)

    def owner(self, city: str) -> int:
        """Who holds a city."""
        return self.state.board.owner[RULES.city_index(city)]

    def forts(self, city: str) -> int:
        """A city's fortification markers."""
        return self.state.board.forts[RULES.city_index(city)]

    def strength(self, side: int) -> tuple[int, int]:
        """(dice, fixed CF) one side of the combat now in charge would roll with."""
        combat = self.state.top
        assert isinstance(combat, Combat), combat
        return side_dice(RULES, self.state, combat, side), side_cf(RULES, self.state, combat,
                                                                   side)[0]

    # -- internals ------------------------------------------------------------------------

    def _submit(self, entry: Entry) -> tuple[Event, ...]:
        events = self.table.submit(entry) + self._mechanical()
        self.log += events
        return events

    def _mechanical(self) -> tuple[Event, ...]:
        events: tuple[Event, ...] = ()
        while self.table.decision().kind in ("commit", "open", "handoff"):
            events += self.table.submit(self.table.mechanical_entry(self.table.decision()))
        return events


def first(events: tuple[Event, ...] | list[Event], kind: str, **facts: Any) -> Event:
    """The first event of a kind with the given facts."""
    return next(e for e in events
                if e.kind == kind and all(e.get(k) == v for k, v in facts.items()))


def every(events: tuple[Event, ...] | list[Event], kind: str) -> list[Event]:
    """Every event of a kind."""
    return [e for e in events if e.kind == kind]


def totals(events: tuple[Event, ...]) -> tuple[int, ...]:
    """The combat totals of a resolution, attacker first."""
    return tuple(e.get("total") for e in every(events, "battle_total"))
