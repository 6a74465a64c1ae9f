"""`mare bench engine`: decisions per second with and without per-entry hashing, hash cost."""

from __future__ import annotations

import os
import platform
import time
from pathlib import Path

from game.ai.autoplay import bot_config, bot_game
from game.core.encoding import canonical_bytes, state_hash
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
    states = []
    for hash_every, label in ((1, "hash every entry"), (0, "no hashing")):
        entries, seconds, finals = _play(ruleset, games, hash_every)
        states = finals
        print(f"{label:>17}: {entries / seconds:>10,.0f} decisions/s  "
              f"{games / seconds:>8,.1f} games/s  ({entries} decisions in {seconds:.2f} s)")
    _hash_cost(states)
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


def _hash_cost(states: list[object]) -> None:
    sample = states[: min(len(states), 200)]
    if not sample:
        return
    size = sum(len(canonical_bytes(s)) for s in sample) // len(sample)
    rounds = 20
    start = time.perf_counter()
    for _ in range(rounds):
        for state in sample:
            state_hash(state)
    micros = (time.perf_counter() - start) / (rounds * len(sample)) * 1e6
    print(f"       state hash: {micros:>10,.1f} µs per whole-state hash ({size:,} bytes encoded)")
