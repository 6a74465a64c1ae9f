"""Argument types for the `mare` command: nonsense is a usage error (exit 2), never a traceback."""

from __future__ import annotations

import argparse
import hashlib
import re
from collections.abc import Callable

from game.core.ruleset import ScenarioInfo

_HEX = re.compile(r"[0-9a-fA-F]+")


class UsageError(ValueError):
    """Arguments that make no sense together (exit 2, like argparse's own refusals)."""


def check_seats(info: ScenarioInfo, seats: int | None) -> None:
    """UsageError unless `--seats` fits the scenario (given only where the count is open)."""
    if seats is None:
        return
    if info.seats:
        raise UsageError(f"--seats: {info.name} is played by its {len(info.seats)} seats "
                         f"({', '.join(info.seats)}); leave --seats out")
    low, high = info.min_seats or 1, info.max_seats or 8
    if not low <= seats <= high:
        raise UsageError(f"--seats: {info.name} is for {low}-{high} seats, not {seats}")


def count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}, got {value}")
        return value
    return parse


def file_path(text: str) -> str:
    """An argparse type: a file name that is not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty")
    return text


def seed(text: str) -> str:
    """An argparse type: any seed text a person types (checked here, parsed by `parse_seed`)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the seed is empty")
    if len(text) > 1000:
        raise argparse.ArgumentTypeError("the seed is longer than 1000 characters")
    return text


def parse_seed(text: str) -> tuple[bytes, str]:
    """(seed bytes, how they were read): hex digits as hex (an odd count gets a leading 0),
    any other text hashed with SHA-256."""
    cleaned = text.strip()
    if _HEX.fullmatch(cleaned):
        padded = cleaned if len(cleaned) % 2 == 0 else "0" + cleaned
        return bytes.fromhex(padded), "hex"
    return hashlib.sha256(cleaned.encode("utf-8")).digest(), "text, hashed"
