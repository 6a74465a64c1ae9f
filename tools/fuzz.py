"""`mare fuzz`: the conformance checks over many random games, across every scenario.

Game n of a run plays scenario n mod (number of scenarios) from the master seed
derive(base seed, "fuzz:n"). Each failure prints that master seed and the command that replays
exactly that game (`--game-seed`), so it can be debugged alone. `--workers N` checks N games
at once in separate processes (one core each); the games and the report are the same.
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from game.core.ruleset import GameConfig, Ruleset
from game.rulesets import get_ruleset
from game.session import derive, master_config
from tools.cli_args import UsageError
from tools.conformance import check_log, checked_game
from tools.demo import parse_seed

BOT_MIXES = ("random", "greedy", "mixed")


@dataclass(frozen=True)
class Failure:
    """One failing game and how to reproduce it."""

    game: int
    scenario: str
    seats: int
    seed: str
    error: str
    where: str


def run_fuzz(ruleset_id: str, games: int, seed_text: str | None, scenario: str | None,
             bots: str, game_seed: str | None, seats: int | None = None,
             workers: int = 1) -> int:
    """Play and check the games, `workers` at once; exit 1 when any failed."""
    ruleset = get_ruleset(ruleset_id)
    if bots not in BOT_MIXES:
        raise ValueError(f"--bots is one of {', '.join(BOT_MIXES)}")
    chosen = _tables(ruleset, scenario, seats)
    base = parse_seed(seed_text)
    started, failures, decisions = time.perf_counter(), [], 0
    plan = _plan(base, games, game_seed, len(chosen))
    jobs = [(ruleset.id, master, chosen[pick], bots, game)
            for game, (master, pick) in enumerate(plan)]
    for failure, count in _checked(jobs, workers):
        decisions += count
        if failure is not None:
            failures.append(failure)
            _report(ruleset_id, failure, bots)
    seconds = time.perf_counter() - started
    print(f"fuzz: {len(plan)} games, {len(failures)} failed, {decisions} decisions, "
          f"{seconds:.1f} s (base seed {base.hex()})")
    return 1 if failures else 0


Job = tuple[str, bytes, tuple[int | None, str], str, int]
"""(rule set id, master seed, (seat count, scenario id), bot mix, game number)."""


def _checked(jobs: list[Job], workers: int) -> Iterator[tuple[Failure | None, int]]:
    """Each job's result in plan order, checked in `workers` processes (1: this one)."""
    workers = max(1, min(workers, os.cpu_count() or 1, len(jobs)))
    if workers == 1:
        yield from map(_job, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_job, jobs)


def _job(job: Job) -> tuple[Failure | None, int]:
    """One planned game, checked (this may run in a worker process)."""
    ruleset_id, master, (count, scenario), bots, game = job
    ruleset = get_ruleset(ruleset_id)
    return fuzz_game(ruleset, master_config(ruleset, master, scenario, count), master, bots,
                     game)


def fuzz_game(ruleset: Ruleset, config: GameConfig, master: bytes, bots: str,
              game: int) -> tuple[Failure | None, int]:
    """Check one game; (the failure or None, decisions played)."""
    try:
        report = checked_game(ruleset, config, master, players=_bots(bots, len(config.seats)))
        check_log(ruleset, report)
    except Exception as exc:  # every failure is a finding to report
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"
        return Failure(game, config.scenario, _open_seats(ruleset, config), master.hex(),
                       f"{type(exc).__name__}: {exc}", where), 0
    return None, report.decisions


def _tables(ruleset: Ruleset, scenario: str | None, seats: int | None
            ) -> list[tuple[int | None, str]]:
    """(seat count or None for the scenario's own, scenario id) of every table to cycle."""
    numbers = {str(n): info.id for n, info in enumerate(ruleset.scenarios(), 1)}
    wanted = numbers.get(scenario, scenario) if scenario is not None else None
    found = []
    for info in ruleset.scenarios():
        counts = [None] if info.seats else list(range(info.min_seats, info.max_seats + 1))
        found += [(count, info.id) for count in counts
                  if wanted in (None, info.id) and seats in (None, count)]
    if not found:
        raise UsageError(_no_table(ruleset, scenario, seats))
    return found


def _no_table(ruleset: Ruleset, scenario: str | None, seats: int | None) -> str:
    where = f"scenario {scenario!r}" if scenario is not None else "any scenario"
    if seats is None:
        return f"--scenario: {ruleset.id} has no scenario {scenario!r}"
    return f"--seats: {ruleset.id} offers no table of {seats} seats in {where}"


def _open_seats(ruleset: Ruleset, config: GameConfig) -> int:
    """The seat count, when the scenario leaves it open (0 otherwise)."""
    info = next(i for i in ruleset.scenarios() if i.id == config.scenario)
    return 0 if info.seats else len(config.seats)


def _plan(base: bytes, games: int, game_seed: str | None, scenarios: int
          ) -> list[tuple[bytes, int]]:
    if game_seed is not None:
        return [(parse_seed(game_seed), 0)]
    return [(derive(base, f"fuzz:{n}"), n % scenarios) for n in range(games)]


def _bots(mix: str, seats: int) -> tuple[str, ...]:
    """The bot at each seat: all of one kind, or greedy and random alternating."""
    return tuple(f"bot:{mix if mix != 'mixed' else ('greedy', 'random')[seat % 2]}"
                 for seat in range(seats))


def _report(ruleset_id: str, failure: Failure, bots: str) -> None:
    print(f"FAIL game {failure.game} scenario {failure.scenario} seed {failure.seed}: "
          f"{failure.error} (at {failure.where})")
    seats = f" --seats {failure.seats}" if failure.seats else ""
    print(f"  reproduce: mare fuzz --ruleset {ruleset_id} --scenario {failure.scenario}{seats} "
          f"--bots {bots} --game-seed {failure.seed}")
