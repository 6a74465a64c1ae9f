"""Positions for the Move & Battle phase: a set-up game with its units cleared, then
provinces, seas and tiles edited into place; entries go through `movement.apply`."""

from __future__ import annotations

from typing import Any

from game.core.actions import Action, act
from game.core.entries import ActionEntry, ChanceEntry
from game.core.events import Event
from game.core.records import evolve
from game.core.ruleset import GameConfig
from game.rulesets.mare_nostrum import movement, setup
from game.rulesets.mare_nostrum.content import load_content
from game.rulesets.mare_nostrum.content_records import Die
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import NOBODY, Area, MnState, put

CONTENT = load_content()


def value(die: Die, face: int) -> int:
    """The chance value (1..6) that shows a face of a battle die."""
    return die.faces.index(face) + 1


class Position:
    """A game in its Move & Battle phase with no units on the map until placed."""

    def __init__(self, players: int = 5) -> None:
        names = tuple(e.name for e in CONTENT.empires_for(players))
        config = GameConfig("mare_nostrum", str(players), names, b"mn-move-test-id!")
        state = setup.initial_state(CONTENT, config)
        seats = len(names)
        self.state: MnState = evolve(
            state, phase="move", step="",
            provinces=tuple(evolve(a, legions=(0,) * seats, fortress=NOBODY)
                            for a in state.provinces),
            seas=tuple(evolve(w, triremes=(0,) * seats) for w in state.seas))
        self.events: list[Event] = []

    def seat(self, empire: str) -> int:
        """The seat of an empire."""
        return self.state.seat_of(empire)

    def area(self, province: str) -> Area:
        """A province as it stands."""
        return self.state.area(province)

    def edit(self, province: str, **changes: Any) -> None:
        """Change a province directly."""
        flow = Flow(CONTENT, self.state)
        flow.update_area(province, **changes)
        self.state = flow.state

    def legions(self, province: str, empire: str, count: int) -> None:
        """Place an empire's legions in a province."""
        seat = self.seat(empire)
        self.edit(province, legions=put(self.area(province).legions, seat, count))

    def fortress(self, province: str, empire: str) -> None:
        """Place an empire's fortress in a province."""
        self.edit(province, fortress=self.seat(empire))

    def control(self, province: str, empire: str | None) -> None:
        """Give a province's Control to an empire (None: uncontrolled)."""
        self.edit(province, controller=NOBODY if empire is None else self.seat(empire))

    def triremes(self, sea: str, empire: str, count: int) -> None:
        """Place an empire's triremes in a sea."""
        flow = Flow(CONTENT, self.state)
        fleet = flow.waters(sea).triremes
        flow.update_sea(sea, triremes=put(fleet, self.seat(empire), count))
        self.state = flow.state

    def tile(self, empire: str, tile: str) -> None:
        """An empire gains a hero or wonder."""
        seat = self.seat(empire)
        player = self.state.player(seat)
        self.state = evolve(self.state, players=put(self.state.players, seat,
                                                    evolve(player, tiles=(*player.tiles, tile))))

    def set(self, **changes: Any) -> None:
        """Change the state directly."""
        self.state = evolve(self.state, **changes)

    def begin_phase(self) -> None:
        """The Move & Battle phase opens."""
        self._run(movement.begin)

    def begin_turn(self, empire: str) -> None:
        """An empire's Move & Battle turn opens (as the Military Leader's pick would)."""
        self._run(lambda flow: movement.begin_turn(flow, self.seat(empire)))

    def _run(self, step: Any) -> None:
        flow = Flow(CONTENT, self.state)
        step(flow)
        self.state = flow.state
        self.events += flow.events

    @property
    def step(self) -> str:
        """The phase's current step ("loss" while a fortress choice waits)."""
        move = self.state.move
        return "loss" if move.battle is not None and move.battle.rolls else move.step

    def actor(self) -> int:
        """Who decides now."""
        return movement.actor(CONTENT, self.state)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat deciding."""
        return movement.legal(CONTENT, self.state, self.actor())

    def act(self, verb: str, **args: Any) -> tuple[Event, ...]:
        """Submit one action; it must be legal."""
        action = act(verb, **args)
        assert action in self.legal(), f"{action} not in {self.legal()}"
        return self._apply(ActionEntry(self.actor(), action))

    def roll(self, attacker: tuple[int, ...], defender: tuple[int, ...]) -> tuple[Event, ...]:
        """Answer the pending battle roll with these faces."""
        battle = self.state.move.battle
        assert battle is not None
        die = CONTENT.sea_die if battle.sea else CONTENT.land_die
        return self.chance(*(value(die, face) for face in (*attacker, *defender)))

    def chance(self, *values: int) -> tuple[Event, ...]:
        """Answer the pending chance decision with raw values."""
        return self._apply(ChanceEntry(values=values))

    def _apply(self, entry: ActionEntry | ChanceEntry) -> tuple[Event, ...]:
        flow = Flow(CONTENT, self.state)
        movement.apply(flow, entry)
        self.state = flow.state
        self.events += flow.events
        return tuple(flow.events)

    def found(self, kind: str) -> list[Event]:
        """Every event of a kind so far."""
        return [e for e in self.events if e.kind == kind]
