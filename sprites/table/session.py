"""A game in progress on this machine: the engine's Table, who plays each seat (a person or a
bot), every seat's secrets, chance, and the history of events. Pure: no pygame, no files
(saving is handed in as a callback)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai import make_bot
from game.ai.autoplay import derive
from game.core.actions import Action
from game.core.decision import Decision
from game.core.entries import Entry
from game.core.errors import IllegalEntry
from game.core.events import Event
from game.core.ruleset import GameConfig
from game.core.secrets import SeatSecrets
from game.core.table import Controller, SeededChance, Table
from game.rulesets.mediterranean_empires.ruleset import MeRuleset

HUMAN = "human"
PLAYERS = (HUMAN, "bot:random", "bot:greedy")
"""Who may sit at a seat."""
OPTIONS = (("follow_the_leader", "8.1 Follow the leader", (False, True)),
           ("free_passage", "8.2 Free passage", (False, True)),
           ("longer_play", "8.3 Longer play", (0, 1, 2)),
           ("short_play", "8.4 Short play", (False, True)))
"""The optional rules offered at a new game: option key, label, values (first = off)."""

_RULESET: MeRuleset | None = None


def ruleset() -> MeRuleset:
    """The Mediterranean Empires rule set (built once)."""
    global _RULESET
    if _RULESET is None:
        _RULESET = MeRuleset()
    return _RULESET


@dataclass(frozen=True)
class Secrets:
    """What stays on this machine: each seat's key, the chance master seed, bot seeds."""

    keys: tuple[bytes, ...]
    chance: bytes
    bots: bytes

    @staticmethod
    def fresh(seats: int) -> Secrets:
        """New secrets from the operating system's randomness."""
        return Secrets(tuple(os.urandom(32) for _ in range(seats)), os.urandom(32),
                       os.urandom(32))


class GameSession:
    """One game: ask `decision()`; people answer with `act()`, everything else with `step()`."""

    def __init__(self, table: Table, players: tuple[str, ...], secrets: Secrets,
                 on_entry: Callable[[GameSession], None] | None = None) -> None:
        self.table = table
        self.players = players
        self.secrets = secrets
        self.chance = SeededChance(secrets.chance)
        self.bots: dict[int, Controller] = {
            seat: make_bot(player, derive(secrets.bots, f"bot:{seat}"))
            for seat, player in enumerate(players) if player != HUMAN}
        self.history: list[tuple[int, tuple[Event, ...]]] = []
        """(entry index, its events) for every entry so far."""
        self.on_entry = on_entry

    # -- building -----------------------------------------------------------------------

    @staticmethod
    def config(scenario: str, options: Mapping[str, Any], game_id: bytes | None = None
               ) -> GameConfig:
        """The engine config of a new game (options that are off are left out)."""
        rs = ruleset()
        setup = rs.rules.content.setup(scenario)
        seats = tuple(e.empire.capitalize() for e in setup.empires)
        chosen = tuple(sorted((k, v) for k, v in options.items() if v))
        return GameConfig(rs.id, setup.id, seats, game_id or os.urandom(16), chosen)

    @classmethod
    def new(cls, scenario: str, players: tuple[str, ...], options: Mapping[str, Any] | None = None,
            secrets: Secrets | None = None) -> GameSession:
        """A fresh game of a scenario; `players` has one entry per seat in turn order. Given
        secrets (tests) make the whole game reproducible: the game id derives from them."""
        game_id = derive(secrets.chance, "game-id")[:16] if secrets is not None else None
        config = cls.config(scenario, options or {}, game_id)
        if len(players) != len(config.seats):
            raise ValueError(f"{config.scenario} has {len(config.seats)} seats, "
                             f"not {len(players)}")
        secrets = secrets or Secrets.fresh(len(players))
        table = Table(ruleset(), config, _seat_secrets(secrets))
        return cls(table, players, secrets)

    # -- reading ------------------------------------------------------------------------

    @property
    def empires(self) -> tuple[str, ...]:
        """Empire ids in turn order."""
        return tuple(seat.empire for seat in self.table.state.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats played by people."""
        return tuple(s for s, p in enumerate(self.players) if p == HUMAN)

    def decision(self) -> Decision:
        """The pending decision."""
        return self.table.decision()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.decision().is_over

    def human_turn(self) -> int | None:
        """The seat of the person who must choose now, if a person must."""
        decision = self.decision()
        if decision.kind == "action" and self.players[decision.actor] == HUMAN:
            return decision.actor
        return None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: only what everyone sees)."""
        return self.table.view(seat)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of a seat now."""
        return self.table.legal(seat)

    def cards_of(self, seat: int, slots: tuple[str, ...]) -> dict[str, str]:
        """The cards a seat knows in the given slots (its hand, its face-down cards)."""
        return dict(self.table.secrets[seat].known(slots))

    def describe(self, ev: Event) -> str:
        """One plain sentence for an event."""
        return self.table.ruleset.describe(ev)

    # -- moving on ----------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A person's action; IllegalEntry (nothing changes) unless it is legal now."""
        if self.human_turn() != seat or action not in self.legal(seat):
            raise IllegalEntry(f"{action} is not a legal action for seat {seat} now")
        return self._submit(self.table.action_entry(seat, action))

    def next_entry(self) -> Entry | None:
        """The entry that answers the pending decision when no person has to (chance, a
        mechanical opening or commitment, or a bot's choice); None otherwise."""
        decision = self.decision()
        if decision.is_over or self.human_turn() is not None:
            return None
        if decision.is_chance:
            return self.chance(decision, len(self.table.records))
        if decision.kind != "action":
            return self.table.mechanical_entry(decision)
        seat = decision.actor
        choice = self.bots[seat].choose(self.table.view(seat), self.table.legal(seat))
        return self.table.action_entry(seat, choice)

    def step(self) -> tuple[Event, ...] | None:
        """Answer one decision that no person has to; its events (None if a person must)."""
        entry = self.next_entry()
        return None if entry is None else self._submit(entry)

    def _submit(self, entry: Entry) -> tuple[Event, ...]:
        events = self.table.submit(entry)
        self.history.append((len(self.table.records) - 1, events))
        if self.on_entry is not None:
            self.on_entry(self)
        return events


def _seat_secrets(secrets: Secrets) -> dict[int, SeatSecrets]:
    return {seat: SeatSecrets(seat, key) for seat, key in enumerate(secrets.keys)}


def rebuild(config: GameConfig, entries: list[tuple[Entry, str]], players: tuple[str, ...],
            secrets: Secrets) -> GameSession:
    """A session at the end of a recorded game: every entry submitted again in order (which
    also restores each seat's private knowledge); IllegalEntry or ValueError on a mismatch."""
    table = Table(ruleset(), config, _seat_secrets(secrets))
    session = GameSession(table, players, secrets)
    for index, (entry, recorded) in enumerate(entries):
        decision = table.decision()
        if decision.kind == "commit" and table.mechanical_entry(decision) != entry:
            # mechanical_entry re-deals the seat's shuffle into its secrets as it goes
            raise ValueError(f"entry {index}: the saved seat keys do not match this game")
        events = table.submit(entry)
        got = table.records[-1].state_hash
        if recorded and got and recorded != got:
            raise ValueError(f"entry {index} gives another state than the save recorded")
        session.history.append((index, events))
    return session
