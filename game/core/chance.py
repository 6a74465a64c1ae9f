"""Chance as an actor: what the engine asks for, and how an answer becomes numbers.

A chance decision lists draws (dice to roll, an index to pick). The answer is either a seed
(numbers derived with the DRBG, one label per draw) or scripted values (tests, worked
examples). Both are logged, so replays need no outside randomness.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.drbg import Drbg, Pads, hmac_pads
from game.core.errors import IllegalEntry
from game.core.records import quick_init


@quick_init
@dataclass(frozen=True)
class Draw:
    """One chance draw: `count` values, each uniform in 1..`sides` (a pick uses 0..sides-1)."""

    label: str
    count: int
    sides: int
    pick: bool = False

    def bounds(self) -> tuple[int, int]:
        """The smallest and largest legal value."""
        return (0, self.sides - 1) if self.pick else (1, self.sides)


def dice(label: str, count: int, sides: int = 6) -> Draw:
    """`count` dice of `sides` faces."""
    return Draw(label, count, sides)


def pick(label: str, size: int) -> Draw:
    """One index into a list of `size` items."""
    if size <= 0:
        raise ValueError("cannot pick from an empty list")
    return Draw(label, 1, size, pick=True)


@quick_init
@dataclass(frozen=True)
class ChanceRequest:
    """Everything one chance decision needs, in order."""

    draws: tuple[Draw, ...]
    purpose: str = ""

    def value_count(self) -> int:
        """How many numbers answer this request."""
        return sum(draw.count for draw in self.draws)


def resolve(request: ChanceRequest, seed: bytes | None,
            values: tuple[int, ...] | None) -> tuple[tuple[int, ...], ...]:
    """The numbers for each draw, from a seed or from scripted values (validated)."""
    if (seed is None) == (values is None):
        raise IllegalEntry("a chance answer needs exactly one of a seed or scripted values")
    if seed is not None:
        pads = hmac_pads(seed) if seed else None
        return tuple(_from_seed(seed, index, draw, pads)
                     for index, draw in enumerate(request.draws))
    assert values is not None
    return _from_values(request, values)


def check(request: ChanceRequest, seed: bytes | None, values: tuple[int, ...] | None) -> None:
    """Raise as `resolve` would for a bad answer, without deriving a seed's numbers.

    A non-empty seed always yields numbers in range (the handler derives them); scripted
    values and odd requests go through `resolve` itself.
    """
    if seed and values is None and all(draw.sides > 0 for draw in request.draws):
        return
    resolve(request, seed, values)


def _from_seed(seed: bytes, index: int, draw: Draw, pads: Pads | None) -> tuple[int, ...]:
    drbg = Drbg(seed, f"{index}:{draw.label}", pads)
    low = 0 if draw.pick else 1
    return tuple(drbg.below(draw.sides) + low for _ in range(draw.count))


def _from_values(request: ChanceRequest, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if len(values) != request.value_count():
        raise IllegalEntry(f"expected {request.value_count()} chance values, got {len(values)}")
    out, at = [], 0
    for draw in request.draws:
        low, high = draw.bounds()
        chunk = values[at:at + draw.count]
        for value in chunk:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise IllegalEntry(f"chance value {value!r} for {draw.label} is outside "
                                   f"{low}..{high}")
        out.append(tuple(chunk))
        at += draw.count
    return tuple(out)
