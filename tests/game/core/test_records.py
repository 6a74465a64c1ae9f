"""Fast record copies and the values memoised on immutable records."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game.core.actions import act
from game.core.chance import ChanceRequest, check, dice, pick
from game.core.encoding import canonical_bytes
from game.core.errors import IllegalEntry
from game.core.records import evolve, memo, quick_init
from game.core.table import LazyView


@dataclass(frozen=True)
class Point:
    x: int
    y: int


@dataclass(frozen=True)
class Plain:
    name: str
    count: int = 2
    tags: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class Quick:
    name: str
    count: int = 2
    tags: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class Checked:
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("a count is never negative")


def test_quick_init_builds_what_the_dataclass_would() -> None:
    for args, kwargs in (((("a",)), {}), (("a", 5), {}), (("a",), {"tags": ("x",)}),
                         ((), {"name": "b", "count": 0})):
        quick, plain = Quick(*args, **kwargs), Plain(*args, **kwargs)
        assert vars(quick) == vars(plain)
        assert hash(quick) == hash(Quick(*args, **kwargs))
        assert quick == Quick(*args, **kwargs) and repr(quick) == repr(plain).replace("Plain",
                                                                                    "Quick")


def test_quick_init_keeps_the_records_rules() -> None:
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick("a", 1, (), 4)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="never negative"):
        Checked(-1)
    with pytest.raises(AttributeError):
        Quick("a").count = 3  # type: ignore[misc]


def test_quick_init_refuses_fields_it_cannot_fill_plainly() -> None:
    @dataclass(frozen=True)
    class Listed:
        items: list[int] = field(default_factory=list)

    with pytest.raises(TypeError, match="plain positional fields"):
        quick_init(Listed)


def test_memo_computes_once_per_record_and_evolve_forgets_it() -> None:
    calls = []
    first = Point(1, 2)

    def norm() -> int:
        calls.append(1)
        return first.x + first.y

    assert memo(first, "norm", norm) == 3
    assert memo(first, "norm", norm) == 3
    assert len(calls) == 1
    second = evolve(first, x=5)
    assert memo(second, "norm", lambda: second.x + second.y) == 7


def test_evolve_still_refuses_unknown_fields() -> None:
    with pytest.raises(TypeError, match="no field"):
        evolve(Point(1, 2), z=3)


def test_shared_actions_keep_true_and_1_apart() -> None:
    assert act("pass") is act("pass")
    assert act("discard", slot="rome:0:1") is act("discard", slot="rome:0:1")
    flag, number = act("x", n=True), act("x", n=1)
    assert canonical_bytes(flag) != canonical_bytes(number)
    assert act("play", side=1, slot="a:0:0", use="L").args == (("side", 1), ("slot", "a:0:0"),
                                                              ("use", "L"))


def test_chance_check_refuses_what_resolve_refuses() -> None:
    request = ChanceRequest((dice("roll", 2), pick("who", 3)))
    check(request, b"seed", None)
    check(request, None, (1, 6, 2))
    for seed, values in ((None, None), (b"seed", (1, 2, 0)), (None, (0, 6, 2)),
                         (None, (1, 2))):
        with pytest.raises(IllegalEntry):
            check(request, seed, values)
    with pytest.raises(ValueError):
        check(request, b"", None)


def test_lazy_view_builds_once_on_first_access() -> None:
    built = []

    def build() -> dict[str, int]:
        built.append(1)
        return {"turn": 3}

    view = LazyView(build)
    assert not built
    assert view["turn"] == 3 and dict(view) == {"turn": 3} and len(view) == 1
    assert len(built) == 1
