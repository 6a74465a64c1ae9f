"""`mare bench engine`: decisions per second with and without per-entry hashing, hash cost."""

from __future__ import annotations

import cProfile
import io
import os
import platform
import pstats
import time
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from game.core.actions import Action
from game.core.drbg import Drbg
from game.core.encoding import canonical_bytes, from_plain, state_hash, to_plain
from game.core.ruleset import Ruleset
from game.rulesets import get_ruleset
from game.rulesets.mediterranean_empires.bots.world import Simulator, sample_cards
from game.rulesets.mediterranean_empires.ruleset import MeRuleset
from game.rulesets.mediterranean_empires.state import MeState
from game.session import bot_session, master_config


def machine() -> str:
    """A one-line description of this machine."""
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(errors="ignore").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (f"{platform.system()} {platform.machine()}, {model or 'unknown CPU'}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()}")


BENCH_SCENARIO = {"mediterranean_empires": "13"}
"""The scenario each rule set is measured on (the largest table); others use their first."""

SOLITAIRE_BENCH = {"roll_through_the_ages": ({"mediterranean": False},
                                             {"mediterranean": True})}
"""Rule sets whose greedy bot is measured alone against the solitaire target, per options."""


def run_engine_bench(ruleset_id: str, games: int, scenario: str | None = None,
                     profile: bool = False) -> int:
    """Print the engine figures for `games` random-bot games."""
    ruleset = get_ruleset(ruleset_id)
    scenario = scenario or BENCH_SCENARIO.get(ruleset.id)
    print(f"machine: {machine()}")
    where = f", scenario {scenario}" if scenario else ""
    print(f"rule set: {ruleset_id}{where}, {games} games per mode, random bots, one core")
    timings = {}
    for hash_every, label in ((1, "hash every entry"), (0, "no hashing")):
        cpu = time.process_time()
        entries, seconds, finals = _play(ruleset, games, hash_every, scenario)
        cpu = time.process_time() - cpu
        timings[hash_every] = seconds
        print(f"{label:>17}: {entries / seconds:>10,.0f} decisions/s  "
              f"{games / seconds:>8,.1f} games/s  ({entries} decisions in {seconds:.2f} s; "
              f"{entries / cpu:,.0f} decisions per CPU second)")
    per_entry = (timings[1] - timings[0]) / entries * 1e6
    print(f"  hashing in play: {per_entry:>10,.1f} µs per entry (incremental: unchanged records "
          f"and fields reuse their cached encoding)")
    _hash_cost(ruleset, finals)
    if ruleset.id == "mediterranean_empires":
        _playouts(cast(MeRuleset, ruleset), scenario, max(5, min(games // 2, 50)))
    for options in SOLITAIRE_BENCH.get(ruleset.id, ()):
        _solitaire(ruleset, games, options)
    if profile:
        _profile(ruleset, max(1, games // 4), scenario)
    return 0


def _play(ruleset: Ruleset, games: int, hash_every: int, scenario: str | None = None
          ) -> tuple[int, float, list[object]]:
    """(entries, seconds, final states) of `games` random-bot games, each played to its end.

    The games' logs are not built: that hashes each final state, a cost of the whole game
    (~1 ms in scenario 13, ~1.4 % of a game without hashing), not of its decisions."""
    entries, finals = 0, []
    start = time.perf_counter()
    for n in range(games):
        master = n.to_bytes(8, "big") + b"bench"
        session = bot_session(ruleset, master_config(ruleset, master, scenario), master,
                              hash_every=hash_every)
        session.run()
        entries += len(session.table.records)
        finals.append(session.table.state)
    return entries, time.perf_counter() - start, finals


def _profile(ruleset: Ruleset, games: int, scenario: str | None, rows: int = 25) -> None:
    """Where the time goes: a cProfile summary of `games` games with per-entry hashing."""
    profiler = cProfile.Profile()
    profiler.enable()
    _play(ruleset, games, 1, scenario)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime")
    stats.print_stats(rows)
    print(f"profile of {games} games (hash every entry), top {rows} by own time:")
    body = out.getvalue()
    print(body[body.find("   ncalls"):].rstrip())


PLAYOUT_FROM = 400
"""Entries played before the playout line starts (mid-game: scenario 13 lasts ~900)."""


def _playouts(ruleset: MeRuleset, scenario: str | None, count: int) -> None:
    """Random playouts to the end from one mid-game position, each on a world sampled from
    seat 0's knowledge (`bots.world`: the rule set's own transitions, no core guard)."""
    master = b"bench-playouts"
    session = bot_session(ruleset, master_config(ruleset, master, scenario), master,
                          hash_every=0)
    while len(session.table.records) < PLAYOUT_FROM and session.step() is not None:
        pass
    state, known = session.table.state, session.table.secrets[0].known()
    drbg, actions = Drbg(master, "playouts"), [0]

    def policy(_state: MeState, _seat: int, legal: tuple[Action, ...]) -> Action:
        actions[0] += 1
        return drbg.choice(legal)

    start = time.perf_counter()
    for _ in range(count):
        Simulator(ruleset, sample_cards(state.hidden, known, drbg), drbg).run(
            state, policy, 100_000)
    seconds = time.perf_counter() - start
    print(f"  random playouts from entry {len(session.table.records)}: {count / seconds:>6,.1f}"
          f" playouts/s  ({actions[0] // count} actions each, {count} playouts in "
          f"{seconds:.2f} s)")


def _solitaire(ruleset: Ruleset, games: int, options: Mapping[str, object]) -> None:
    """The greedy bot's solitaire scores over `games` games, against the rules' target."""
    scores, target = [], None
    start = time.perf_counter()
    for n in range(games):
        master = n.to_bytes(8, "big") + b"bench-solitaire"
        config = master_config(ruleset, master, None, 1, options)
        session = bot_session(ruleset, config, master, ("bot:greedy",), hash_every=0)
        session.run()
        scores.append(ruleset.scores(session.table.state)[0])
        target = session.outcome().target
    mean = sum(scores) / games
    spread = (sum((s - mean) ** 2 for s in scores) / games) ** 0.5
    reached = sum(target is not None and s >= target for s in scores)
    named = ", ".join(f"{key}={value}" for key, value in options.items())
    print(f"  greedy bot alone ({named}): mean score {mean:.1f} (sd {spread:.1f}, "
          f"{min(scores)}-{max(scores)}) against the target of {target}, reached in "
          f"{reached}/{games} games ({(time.perf_counter() - start) / games:.2f} s a game)")


def _hash_cost(ruleset: Ruleset, states: list[object]) -> None:
    sample = states[: min(len(states), 200)]
    if not sample:
        return
    size = sum(len(canonical_bytes(s)) for s in sample) // len(sample)
    rounds = 5
    cold: list[object] = [from_plain(ruleset.state_type, to_plain(s))
                          for s in sample for _ in range(rounds)]
    start = time.perf_counter()
    for state in cold:
        state_hash(state)
    micros = (time.perf_counter() - start) / len(cold) * 1e6
    print(f"  cold state hash: {micros:>10,.1f} µs per whole-state hash from scratch "
          f"({size:,} bytes encoded)")
