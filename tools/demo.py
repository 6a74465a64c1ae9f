"""`mare demo`: a whole bot game printed as plain sentences, optionally saved."""

from __future__ import annotations

import os

from game.ai.autoplay import bot_config, bot_game
from game.core.entries import Entry
from game.core.events import Event
from game.core.log import dumps
from game.core.ruleset import get_ruleset
from net.storage import write_atomic

DEFAULT_ME_SCENARIO = "3"
"""The Second Punic War: three empires, the scenario of the books' extended example."""


def parse_seed(text: str | None) -> bytes:
    """A master seed from hex text, or fresh OS entropy when None."""
    if text is None:
        return os.urandom(32)
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        raise ValueError(f"--seed must be hexadecimal, got {text!r}") from None
    if not seed:
        raise ValueError("--seed must not be empty")
    return seed


def run_demo(ruleset_id: str, scenario: str | None, seats: int | None, seed_text: str | None,
             log_path: str | None, quiet: bool) -> int:
    """Play, print, save; returns the exit code."""
    ruleset = get_ruleset(ruleset_id)
    if scenario is None and ruleset.id == "mediterranean_empires":
        scenario = DEFAULT_ME_SCENARIO
    master = parse_seed(seed_text)
    config = bot_config(ruleset, master, seats, scenario)

    def show(entry: Entry, events: tuple[Event, ...]) -> None:
        for ev in events:
            print(ruleset.describe(ev))

    table, log = bot_game(ruleset, config, master, on_events=None if quiet else show)
    if log_path:
        write_atomic(log_path, dumps(log))
        print(f"log saved to {log_path} ({len(log.records)} entries)")
    names = ", ".join(f"{n} {s}" for n, s in zip(config.seats, ruleset.scores(table.state),
                                                  strict=True))
    print(f"scores {names}")
    print(f"seed {master.hex()}")
    print(f"final-hash {log.final_hash}")
    return 0
