"""Whole games between bots, from one master seed (demo, benchmarks, conformance, fuzzing)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable

from game.ai.random_bot import RandomBot
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import GameLog
from game.core.ruleset import GameConfig, Ruleset
from game.core.secrets import SeatSecrets
from game.core.table import SeededChance, Table, play


def derive(master: bytes, purpose: str) -> bytes:
    """A 32-byte key for one purpose, derived from the master seed."""
    return hmac.new(master, purpose.encode(), hashlib.sha256).digest()


def bot_config(ruleset: Ruleset, master: bytes, seats: int | None = None,
               scenario: str | None = None,
               options: tuple[tuple[str, object], ...] = ()) -> GameConfig:
    """A game config for a bot game: the scenario's seats (or `seats` generic names)."""
    infos = ruleset.scenarios()
    info = next((s for n, s in enumerate(infos, 1) if scenario in (None, s.id, str(n))), None)
    if info is None:
        known = ", ".join(f"{n} ({s.id})" for n, s in enumerate(infos, 1))
        raise KeyError(f"{ruleset.id} has no scenario {scenario!r} (known: {known})")
    names = info.seats or tuple(f"Seat {i}" for i in range(seats or info.min_seats or 2))
    if seats is not None and not info.seats:
        names = tuple(f"Seat {i}" for i in range(seats))
    game_id = derive(master, "game-id")[:16]
    return GameConfig(ruleset.id, info.id, names, game_id, options)


def bot_table(ruleset: Ruleset, config: GameConfig, master: bytes,
              hash_every: int = 1) -> Table:
    """A table whose every seat's secrets derive from the master seed."""
    secrets = {seat: SeatSecrets(seat, derive(master, f"seat-key:{seat}"))
               for seat in range(len(config.seats))}
    return Table(ruleset, config, secrets, hash_every)


def bot_game(ruleset: Ruleset, config: GameConfig, master: bytes, hash_every: int = 1,
             on_events: Callable[[Entry, tuple[Event, ...]], None] | None = None,
             max_entries: int = 1_000_000) -> tuple[Table, GameLog]:
    """Play a whole game with random bots; (the finished table, its log)."""
    table = bot_table(ruleset, config, master, hash_every)
    bots = {seat: RandomBot(derive(master, f"bot:{seat}")) for seat in range(len(config.seats))}
    log = play(table, bots, SeededChance(derive(master, "chance")), max_entries, on_events)
    return table, log
