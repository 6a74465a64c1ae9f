"""Fast copy-with-changes for the engine's frozen dataclasses.

`dataclasses.replace` re-runs `__init__` and costs ~10 µs on a wide record; the engine makes
many such copies per decision, so it copies the instance dict instead (~1 µs). Field names are
checked so a typo still fails loudly.

Records may also keep values derived from them (`memo`): they are immutable, so a derived
value holds for the instance's life. `evolve` drops both caches from the copy, and keeps the
encodings of the fields it leaves alone (`encoding.FIELD_CACHE`).

Records made at every entry (events, entries, decisions, frames) are built by `quick_init`'s
constructor: a frozen dataclass's own `__init__` sets each field through
`object.__setattr__`, which costs about twice as much as filling the instance dict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

from game.core.encoding import ENCODING_CACHE, FIELD_CACHE

T = TypeVar("T")
V = TypeVar("V")
_new_instance = object.__new__
_set_attribute = object.__setattr__
DERIVED_CACHE = "_derived"
"""Instance-dict key under which a frozen record keeps values derived from it (see `memo`)."""


def evolve(record: T, **changes: Any) -> T:
    """A copy of a frozen dataclass instance with some fields replaced."""
    cls: Any = type(record)
    fields = cls.__dataclass_fields__
    for name in changes:  # a loop: cheaper than comparing key views for one or two changes
        if name not in fields:
            unknown = changes.keys() - _fields(cls)
            raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    values = {**record.__dict__, **changes}
    count = len(fields)
    if len(values) > count:  # caches kept on the record: most often the memo alone
        values.pop(DERIVED_CACHE, None)
        if len(values) > count:
            values.pop(ENCODING_CACHE, None)
            encoded = values.pop(FIELD_CACHE, None)
            if encoded:
                values[FIELD_CACHE] = {k: v for k, v in encoded.items() if k not in changes}
    copy = _new_instance(cls)
    _set_attribute(copy, "__dict__", values)
    return copy


def memo(record: Any, key: Any, compute: Callable[[], V]) -> V:
    """`compute()`, remembered on an immutable record under `key` (computed once per instance).

    `key` must name everything the value depends on besides the record's own fields.
    """
    cache = record.__dict__.get(DERIVED_CACHE)
    if cache is None:
        cache = record.__dict__[DERIVED_CACHE] = {}
    elif key in cache:
        return cache[key]
    value = cache[key] = compute()
    return value


def quick_init(cls: type[T]) -> type[T]:
    """The frozen dataclass `cls` with an `__init__` that fills the instance dict directly
    (same parameters, defaults and `__post_init__`; apply it above `@dataclass`)."""
    fields = dataclasses.fields(cast(Any, cls))
    if any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
           for f in fields):
        raise TypeError(f"{cls.__name__}: quick_init takes plain positional fields only")
    defaults = {f"_default_{f.name}": f.default for f in fields
                if f.default is not dataclasses.MISSING}
    params = "".join(f", {f.name}" + ("" if f.default is dataclasses.MISSING
                                       else f"=_default_{f.name}") for f in fields)
    body = "".join(f"\n    __fields__[{f.name!r}] = {f.name}" for f in fields)
    after = "\n    __self__.__post_init__()" if hasattr(cls, "__post_init__") else ""
    exec(f"def __init__(__self__{params}):\n    __fields__ = __self__.__dict__{body}{after}",
         defaults)
    init = defaults["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@cache
def _fields(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))
