"""Rule 3's step-wise payments: set payments, the cheap-unit powers, rising tile costs."""

from __future__ import annotations

from game.rulesets.mare_nostrum.payment import (
    can_pay,
    cheap_fits,
    paid,
    picks,
    tile_cost,
    without,
)
from game.rulesets.mare_nostrum.state import Payment
from tests.game.rulesets.mare_nostrum.helpers_trade_build import CONTENT

HAND = ("coin", "coin", "grain", "legendary:stone", "wood")


def test_the_starting_hero_counts_so_the_second_tile_costs_seven() -> None:
    assert [tile_cost(CONTENT, owned) for owned in (1, 2, 3, 4)] == [7, 8, 9, 10]


def test_a_set_payment_offers_only_what_can_still_complete_it() -> None:
    legion = Payment("legion", "italia", 3)
    assert picks(legion, HAND, frozenset()) == ("grain", "legendary:stone", "wood")
    done = Payment("legion", "italia", 3, picked=("grain", "legendary:stone", "wood"))
    assert paid(done, frozenset())
    assert not paid(Payment("legion", "italia", 3, picked=("grain",)), frozenset())


def test_cheap_units_take_one_coin_or_one_named_commodity() -> None:
    fortress = Payment("fortress", "italia", 1, "gilgamesh")
    assert cheap_fits("gilgamesh", "legendary:stone")
    assert not cheap_fits("pharos", "grain")
    assert picks(fortress, HAND, frozenset()) == ("coin", "legendary:stone")
    assert paid(Payment("fortress", "italia", 1, "gilgamesh", ("coin",)), frozenset())
    assert can_pay(("grain",), 1, "spartacus", frozenset()) is False


def test_without_removes_each_spent_resource_once() -> None:
    assert without(HAND, ("coin", "wood")) == ("coin", "grain", "legendary:stone")
