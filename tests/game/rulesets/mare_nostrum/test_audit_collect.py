"""Audit of rule 1.1's Legendary City temple extra: a coin or a Legendary Commodity, offered
only while the reserves can hand it out (ruling MN-19)."""

from __future__ import annotations

from game.core.actions import act
from game.core.records import evolve
from game.rulesets.mare_nostrum import collect
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def test_no_legendary_left_offers_only_the_coin() -> None:
    f = flow()
    f.set(supply=evolve(f.state.supply, legendary_pile=(), legendary_discard=()))
    f.sub("collect", queue=((2, "temple"),))
    assert collect.choices(f.state) == (act("temple_bonus", take="coin"),)


def test_no_coin_left_offers_only_the_legendary() -> None:
    f = flow()
    f.set(supply=evolve(f.state.supply, coins=0))
    f.sub("collect", queue=((2, "temple"),))
    assert collect.choices(f.state) == (act("temple_bonus", take="legendary"),)


def test_nothing_left_passes_the_temple_extra_over() -> None:
    f = flow()
    f.set(supply=evolve(f.state.supply, coins=0, legendary_pile=(), legendary_discard=()))
    f.sub("collect", queue=((2, "temple"),))
    assert not collect.settle(f)
    assert f.state.collect.queue == ()
    assert [e.get("what") for e in f.events if e.kind == "nothing_left"] == ["temple"]
