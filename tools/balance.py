"""`mare balance`: how often each seat of a scenario wins when bots play every seat.

Any registered rule set (`--ruleset`, Mediterranean Empires by default) with named seats: the
figures averaged per seat are its outcome's tie-break keys (and, for Mediterranean Empires, the
cities each empire held when the Empire Foundation ended).

Games run in parallel processes, one core each; game `i` of a scenario is seeded by
`balance:<scenario id>:<i>`, so the same command plays the same games on any machine. A worker
plays one game and returns a `GameResult`; the parent adds them up (`tools/balance_report.py`
holds the records and prints them). The win share's 95 % confidence interval is Wilson's.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from game.ai.bots import bot_names
from game.content.errors import ContentError
from game.core.entries import Entry
from game.core.events import Event
from game.core.outcome import Standing
from game.core.ruleset import Ruleset
from game.rulesets import entry, get_ruleset
from game.session import bot_session, master_config, scenario_info
from net.files.storage import StorageError
from net.files.user_scenarios import resolve_scenario
from tools.balance_report import GameResult, Plan, Run, markdown_block, text_block
from tools.bench import machine
from tools.cli_args import UsageError

RULESET = "mediterranean-empires"
"""The rule set played when the command names none."""
WORKERS = 2
"""Games at once by default (one core per game)."""
DEFAULT_GAMES = 40
ALL = "all"
"""`--scenario all`: every bundled scenario in turn."""
LENGTH = {"mediterranean_empires": ("turns", "turn")}
"""Per rule set, what its games' length is counted in and the state field that counts it
(others: rounds, in `round`)."""
FOUNDATION_DONE = "foundation_done"
"""The event that closes the Empire Foundation step, with the cities each seat then holds."""


def plans(scenario: str, bots: str, games: int, ruleset: str = RULESET) -> list[Plan]:
    """The scenarios to play (every bundled one for 'all'); UsageError on a rule set, scenario
    or bot list that does not fit."""
    if games < 1:
        raise UsageError(f"--games: expected at least 1, got {games}")
    ruleset_id = _ruleset_id(ruleset)
    kinds = bot_kinds(bots, ruleset_id)
    if scenario.strip().lower() != ALL:
        return [plan(scenario.strip(), kinds, games, ruleset_id)]
    if len(kinds) > 1:
        raise UsageError("--bots: --scenario all takes one bot kind for every seat, not a list")
    count = len(get_ruleset(ruleset_id).scenarios())
    return [plan(str(number), kinds, games, ruleset_id) for number in range(1, count + 1)]


def _ruleset_id(name: str) -> str:
    """The registered id of the rule set `--ruleset` names; UsageError if there is none."""
    try:
        return get_ruleset(name).id
    except KeyError as exc:
        raise UsageError(f"--ruleset: {exc.args[0] if exc.args else exc}") from None


def bot_kinds(text: str, ruleset_id: str | None = None) -> tuple[str, ...]:
    """The bot specs `--bots` names, each one the rule set offers; UsageError otherwise."""
    kinds = tuple(part.strip() for part in text.split(","))
    if not all(kinds):
        raise UsageError(f"--bots: an empty bot kind in {text!r}")
    return tuple(_known_bot(kind, ruleset_id or _ruleset_id(RULESET)) for kind in kinds)


def _known_bot(kind: str, ruleset_id: str) -> str:
    name = kind.removeprefix("bot:")
    name = entry(ruleset_id).bot_aliases.get(name, name)
    known = bot_names(ruleset_id)
    if f"bot:{name}" not in known:
        raise UsageError(f"--bots: unknown bot kind {kind!r} (known: {', '.join(known)})")
    return f"bot:{name}"


def plan(scenario: str, kinds: tuple[str, ...], games: int, ruleset_id: str | None = None
         ) -> Plan:
    """One scenario's games with `kinds` at its seats (one kind: every seat)."""
    ruleset_id = ruleset_id or _ruleset_id(RULESET)
    ruleset, scenario_id = _resolve(ruleset_id, scenario)
    info = scenario_info(ruleset, scenario_id)
    empires = master_config(ruleset, b"", scenario_id).seats
    if len(kinds) not in (1, len(empires)):
        raise UsageError(f"--bots: {info.name} has {len(empires)} seats ({', '.join(empires)}); "
                         f"name one bot kind or {len(empires)}, not {len(kinds)}")
    bots = kinds * len(empires) if len(kinds) == 1 else kinds
    return Plan(ruleset_id, scenario, info.id, info.name, empires, bots, games)


def _resolve(ruleset_id: str, scenario: str) -> tuple[Ruleset, str | None]:
    """The rule set and scenario id of a scenario the command names; UsageError if none."""
    try:
        ruleset, scenario_id = resolve_scenario(ruleset_id, scenario)
        scenario_info(ruleset, scenario_id)
    except KeyError as exc:
        raise UsageError(f"--scenario: {exc.args[0] if exc.args else exc}") from None
    except (ValueError, ContentError, StorageError) as exc:
        raise UsageError(f"--scenario: {exc}") from None
    return ruleset, scenario_id


def play_game(plan: Plan, index: int) -> GameResult:
    """Game `index` of a plan, played out (this runs in a worker process)."""
    ruleset, scenario_id = resolve_scenario(plan.ruleset, plan.source)
    config = master_config(ruleset, plan.seed(index), scenario_id)
    session = bot_session(ruleset, config, plan.seed(index), plan.bots, hash_every=0)
    founded: list[tuple[int, ...]] = []

    def watch(_: Entry, events: tuple[Event, ...]) -> None:
        founded.extend(tuple(ev.get("cities")) for ev in events if ev.kind == FOUNDATION_DONE)

    entries = session.run(on_events=watch)
    outcome = session.outcome()
    figures = _figures(outcome.ranking, len(config.seats))
    if founded:
        figures += (("founded", founded[0]),)
    unit, field = LENGTH.get(ruleset.id, ("rounds", "round"))
    played = getattr(session.table.state, field, None)
    return GameResult(winners=outcome.winners, figures=figures,
                      turns=played if isinstance(played, int) else None, entries=entries,
                      reason=outcome.reason, unit=unit)


def _figures(ranking: tuple[Standing, ...], seats: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Per tie-break key of the outcome (in its order), each seat's value."""
    keys = {standing.seat: dict(standing.keys) for standing in ranking}
    names = [name for name, _ in ranking[0].keys] if ranking else []
    return tuple((name, tuple(keys[s].get(name, 0) for s in range(seats))) for name in names)



def play(plan: Plan, workers: int) -> Run:
    """Every game of a plan, `workers` at once."""
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = tuple(pool.map(partial(play_game, plan), range(plan.games)))
    return Run(plan, results, time.perf_counter() - started, workers)


def worker_count(asked: int | None, games: int) -> int:
    """Processes to use: as asked (default 2), at most one per core and one per game."""
    if asked is not None and asked < 1:
        raise UsageError(f"--workers: expected at least 1, got {asked}")
    return max(1, min(asked or WORKERS, os.cpu_count() or 1, games))


def run_balance(scenario: str, games: int | None, bots: str, workers: int | None = None,
                markdown: bool = False, ruleset: str = RULESET) -> int:
    """Play and print each scenario's block as its games finish; returns the exit code."""
    todo = plans(scenario, bots, games or DEFAULT_GAMES, ruleset)
    processes = worker_count(workers, games or DEFAULT_GAMES)
    host = machine()
    block = markdown_block if markdown else text_block
    for item in todo:
        for line in block(play(item, processes), host):
            print(line, flush=True)
    return 0
