"""`mare bench engine`: decisions per second with and without per-entry hashing, hash cost."""

from __future__ import annotations

import os
import platform
import time
from pathlib import Path

from game.ai.autoplay import bot_config, bot_game
from game.core.encoding import canonical_bytes, from_plain, state_hash, to_plain
from game.core.ruleset import Ruleset, get_ruleset


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


def run_engine_bench(ruleset_id: str, games: int) -> int:
    """Print the engine figures for `games` random-bot games."""
    ruleset = get_ruleset(ruleset_id)
    print(f"machine: {machine()}")
    print(f"rule set: {ruleset_id}, {games} games per mode, random bots, one core")
    timings = {}
    for hash_every, label in ((1, "hash every entry"), (0, "no hashing")):
        entries, seconds, finals = _play(ruleset, games, hash_every)
        timings[hash_every] = seconds
        print(f"{label:>17}: {entries / seconds:>10,.0f} decisions/s  "
              f"{games / seconds:>8,.1f} games/s  ({entries} decisions in {seconds:.2f} s)")
    per_entry = (timings[1] - timings[0]) / entries * 1e6
    print(f"  hashing in play: {per_entry:>10,.1f} µs per entry (incremental: unchanged records "
          f"reuse their cached encoding)")
    _hash_cost(ruleset, finals)
    return 0


def _play(ruleset: Ruleset, games: int, hash_every: int) -> tuple[int, float, list[object]]:
    entries, finals = 0, []
    start = time.perf_counter()
    for n in range(games):
        master = n.to_bytes(8, "big") + b"bench"
        config = bot_config(ruleset, master)
        table, log = bot_game(ruleset, config, master, hash_every=hash_every)
        entries += len(log.records)
        finals.append(table.state)
    return entries, time.perf_counter() - start, finals


def _hash_cost(ruleset: Ruleset, states: list[object]) -> None:
    sample = states[: min(len(states), 200)]
    if not sample:
        return
    size = sum(len(canonical_bytes(s)) for s in sample) // len(sample)
    rounds = 5
    cold = [from_plain(ruleset.state_type, to_plain(s)) for s in sample for _ in range(rounds)]
    start = time.perf_counter()
    for state in cold:
        state_hash(state)
    micros = (time.perf_counter() - start) / len(cold) * 1e6
    print(f"  cold state hash: {micros:>10,.1f} µs per whole-state hash from scratch "
          f"({size:,} bytes encoded)")
