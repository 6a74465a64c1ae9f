"""Fast copy-with-changes for the engine's frozen dataclasses.

`dataclasses.replace` re-runs `__init__` and costs ~10 µs on a wide record; the engine makes
many such copies per decision, so it copies the instance dict instead (~1 µs). Field names are
checked so a typo still fails loudly.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypeVar

from game.core.encoding import ENCODING_CACHE

T = TypeVar("T")


def evolve(record: T, **changes: Any) -> T:
    """A copy of a frozen dataclass instance with some fields replaced."""
    cls = type(record)
    unknown = changes.keys() - _fields(cls)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    copy = object.__new__(cls)
    copy.__dict__.update(record.__dict__)
    copy.__dict__.update(changes)
    copy.__dict__.pop(ENCODING_CACHE, None)
    return copy


@cache
def _fields(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))
