"""Steps 5 and 6: one development per turn, minimal payments without change; storing goods
as wealth."""

from __future__ import annotations

from game.core.actions import act
from game.rulesets.roll_through_the_ages.developments import payments
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, Game


def _to_develop(game: Game, *empire: str) -> None:
    game.roll("abundance", *empire)
    game.pass_until("develop")
    assert game.phase == "develop"


def test_payments_are_minimal_and_never_give_change() -> None:
    game = Game(seats=2)
    game.edit(0, goods=10, wealth=1)
    found = set(payments(CONTENT, game.player(0), 1, 4))
    assert found == {(4, 0, 0), (1, 1, 0), (0, 0, 1)}
    assert (0, 1, 1) not in found and (5, 0, 0) not in found


def test_metallurgy_makes_an_innovation_worth_five() -> None:
    game = Game(seats=2)
    game.edit(0, goods=0, developments=("metallurgy",))
    assert payments(CONTENT, game.player(0), 1, 5) == ((0, 1, 0),)


def test_roads_lower_the_starred_developments_by_six() -> None:
    game = Game(seats=2)
    game.edit(0, goods=9, wealth=0, developments=("roads",))
    _to_develop(game, "pop3", "pop3")
    assert act("buy", development="citizenship", goods=9, innovations=0, wealth=0) in \
        game.legal()


def test_a_development_is_bought_once_and_innovations_are_lost_after_the_turn() -> None:
    game = Game(seats=2)
    game.edit(0, goods=2, developments=("leadership",))
    game.roll("abundance", "innovation", "innovation")
    game.act(0, "stop")
    game.pass_until("develop")
    buys = [a for a in game.legal() if a.verb == "buy"]
    assert all(a.arg("development") != "leadership" for a in buys)
    game.act(0, "buy", development="granaries", goods=0, innovations=1, wealth=0)
    assert game.player(0).developments == ("leadership", "granaries")
    assert game.state.current.innovations == 0


def test_shipbuilding_is_struck_with_the_mediterranean() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, goods=9)
    _to_develop(game, "pop3", "pop3")
    assert not [a for a in game.legal() if a.arg("development") == "shipbuilding"]


def test_storing_sets_of_four_goods_or_three_with_coinage() -> None:
    game = Game(seats=2)
    game.edit(0, goods=9)
    game.roll("abundance", "food3", "food3")
    game.pass_until("store")
    assert game.legal() == (act("skip"), act("store", sets=1), act("store", sets=2))
    coinage = Game(seats=2)
    coinage.edit(0, goods=9, developments=("coinage",))
    coinage.roll("abundance", "food3", "food3")
    coinage.pass_until("store")
    coinage.act(0, "store", sets=3)
    assert (coinage.player(0).goods, coinage.player(0).wealth) == (0, 3)
