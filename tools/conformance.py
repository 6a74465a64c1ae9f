"""Checks every rule set must pass, step by step, during random legal play.

Used by tests/conformance and by fuzz runs: no exception, no dead end, no view leak, every
state round-trips through its encoding, every log replays to the same hashes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.ai.autoplay import bot_table, derive
from game.ai.random_bot import RandomBot
from game.core.encoding import canonical_bytes, from_plain, state_hash, to_plain
from game.core.log import GameLog, dumps, loads
from game.core.ruleset import GameConfig, Ruleset
from game.core.table import SeededChance, Table, next_entry, replay


class ConformanceError(AssertionError):
    """A rule set broke one of the conformance properties."""


@dataclass(frozen=True)
class GameReport:
    """What one checked game produced."""

    log: GameLog
    hashes: tuple[str, ...]
    decisions: int


def checked_game(ruleset: Ruleset, config: GameConfig, master: bytes,
                 check_views: bool = True, max_entries: int = 200_000) -> GameReport:
    """Play one random game, checking the properties at every step."""
    table = bot_table(ruleset, config, master)
    bots = {s: RandomBot(derive(master, f"bot:{s}")) for s in range(len(config.seats))}
    chance = SeededChance(derive(master, "chance"))
    hashes = []
    for _ in range(max_entries):
        decision = table.decision()
        if decision.is_over:
            break
        if decision.kind == "action" and not table.legal(decision.actor):
            raise ConformanceError(f"dead end: seat {decision.actor} has no legal action "
                                   f"({decision.prompt})")
        if check_views:
            check_no_leak(table)
        table.submit(next_entry(table, decision, bots, chance))
        check_round_trip(ruleset, table.state)
        hashes.append(state_hash(table.state))
    else:
        raise ConformanceError(f"the game did not end within {max_entries} entries")
    return GameReport(table.log(), tuple(hashes), len(hashes))


def check_round_trip(ruleset: Ruleset, state: Any) -> None:
    """The state decodes from its own encoding to an equal state with the same hash."""
    again = from_plain(ruleset.state_type, to_plain(state))
    if again != state or state_hash(again) != state_hash(state):
        raise ConformanceError("a state does not round-trip through its encoding")


def check_log(ruleset: Ruleset, report: GameReport) -> None:
    """The log round-trips through its file form and replays to the recorded hashes."""
    data = dumps(report.log)
    again = loads(data)
    if dumps(again) != data:
        raise ConformanceError("a log does not round-trip through its encoding")
    _, hashes = replay(ruleset, again)
    if tuple(hashes) != report.hashes:
        raise ConformanceError("replay gave different state hashes")


def check_no_leak(table: Table) -> None:
    """No seat's view names a card hidden from that seat."""
    for seat in range(len(table.config.seats)):
        view = canonical_bytes(table.view(seat))
        for card in sorted(hidden_from(table, seat)):
            if f'"{card}"'.encode() in view:
                raise ConformanceError(f"seat {seat}'s view shows hidden card {card}")


def hidden_from(table: Table, seat: int) -> set[str]:
    """Card ids only other seats know, which `seat` has not seen (revealed or its own)."""
    hidden = table.ruleset.hidden(table.state)
    visible = set(hidden.revealed.values()) | set(table.secrets[seat].known().values())
    secret: set[str] = set()
    for other, secrets in table.secrets.items():
        if other != seat:
            secret.update(card for slot, card in secrets.known().items()
                          if slot not in hidden.revealed)
    return secret - visible


def configs(ruleset: Ruleset, master: bytes) -> Iterator[GameConfig]:
    """One config per scenario (and per seat count where the scenario leaves it open)."""
    from game.ai.autoplay import bot_config

    for info in ruleset.scenarios():
        counts = [None] if info.seats else list(range(info.min_seats, info.max_seats + 1))
        for count in counts:
            yield bot_config(ruleset, master, count, info.id)
