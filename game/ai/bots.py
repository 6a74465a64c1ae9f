"""Bots by name, for the command line and tests: `bot:random`, `bot:greedy`."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.random_bot import RandomBot
from game.core.table import Controller


def _greedy(seed: bytes) -> Controller:
    from game.rulesets.mediterranean_empires.bots.greedy import (
        GreedyBot,  # loads the Mediterranean Empires content
    )

    return GreedyBot(seed)


BOTS: dict[str, Callable[[bytes], Controller]] = {"random": RandomBot, "greedy": _greedy}


def make_bot(spec: str, seed: bytes) -> Controller:
    """A controller from `bot:NAME` (or just NAME); ValueError naming the known bots."""
    name = spec.removeprefix("bot:")
    if name not in BOTS:
        known = ", ".join(f"bot:{n}" for n in BOTS)
        raise ValueError(f"unknown bot {spec!r} (known: {known})")
    return BOTS[name](seed)
