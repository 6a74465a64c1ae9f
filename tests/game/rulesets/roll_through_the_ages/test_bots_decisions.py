"""The greedy bot's choices in scripted positions: it feeds when short of food, rerolls a
roll that would starve, buys the development worth most, fights a conquest it wins, and
weighs a tribute demand against a good."""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.table import LazyView
from game.rulesets.roll_through_the_ages.bots import GreedyBot
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import Game


def decide(game: Game) -> Action:
    """The greedy bot's choice for whoever decides now."""
    legal = game.legal()
    choice = GreedyBot(b"decisions").choose(LazyView(game.view, game.state), legal)
    assert choice in legal
    return choice


LAST_ROUND = 8
"""The solitaire game's last round: only what scores this turn counts."""


def _alone_at_keep(*faces: str, last: bool = False, **sheet: object) -> Game:
    game = Game(seats=1)
    if last:
        game.set(round=LAST_ROUND)
    game.roll(*faces)
    game.edit(0, **sheet)
    assert game.phase == "keep"
    return game


def _rerolled(choice: Action) -> tuple[int, ...]:
    dice = choice.arg("dice") if choice.verb == "reroll" else ()
    assert isinstance(dice, tuple)
    return dice


def test_it_rerolls_a_die_for_the_food_its_provinces_need() -> None:
    # Three population complete the Obelisk; the other three would idle while six provinces
    # starve.
    game = _alone_at_keep("tribute", "pop3", "pop3", last=True, food=0, provinces=6,
                          monuments=(2, 0, 0, 0, 0))
    assert {1, 2} & set(_rerolled(decide(game)))


def test_it_keeps_the_food_it_needs() -> None:
    game = _alone_at_keep("tribute", "food3", "pop3", last=True, food=0, provinces=6,
                          monuments=(2, 0, 0, 0, 0))
    assert 1 not in _rerolled(decide(game))


def test_it_takes_food_from_the_either_dice_when_short() -> None:
    game = _alone_at_keep("tribute", "food2_or_pop2", "food2_or_pop2", last=True, food=0,
                          provinces=6)
    game.act(0, "stop")
    assert game.phase == "choose"
    assert decide(game) == act("choose", food=2, population=0)


def test_it_turns_goods_into_food_with_granaries_rather_than_starve() -> None:
    game = _alone_at_keep("tribute", "pop3", "pop3", food=0, goods=4,
                          developments=("granaries",))
    game.act(0, "stop")
    assert game.phase == "granaries"
    assert decide(game) == act("granary")


def test_it_feeds_when_the_food_is_there() -> None:
    game = _alone_at_keep("tribute", "pop3", "pop3", food=5, goods=4,
                          developments=("granaries",))
    game.act(0, "stop")
    assert decide(game) == act("feed")


def test_it_buys_the_development_worth_most_for_its_goods() -> None:
    game = _alone_at_keep("tribute", "pop3", "pop3", last=True, goods=7)
    game.act(0, "stop")
    game.pass_until("develop")
    choice = decide(game)
    assert choice.verb == "buy" and choice.arg("development") == "religion"


def test_it_fights_a_conquest_it_wins() -> None:
    game = _alone_at_keep("conquest", "pop3", "pop3", armies=5)
    game.act(0, "stop")
    game.pass_until("conquest")
    assert decide(game) == act("conquer")


def test_it_declines_a_conquest_it_cannot_win() -> None:
    game = _alone_at_keep("conquest", "pop3", "pop3", armies=1, conquests=3)
    game.act(0, "stop")
    game.pass_until("conquest")
    assert decide(game) == act("decline")


def _demand(armies: int) -> Game:
    game = Game(seats=2)
    game.roll("tribute", "pop3", "pop3")
    game.edit(0, armies=armies)
    game.edit(1, armies=1, goods=3)
    game.act(0, "stop")
    game.pass_until("tribute_offer")
    assert game.phase == "tribute_offer"
    return game


def test_the_weaker_player_gives_a_good_against_a_large_demand() -> None:
    assert decide(_demand(armies=6)) == act("pay_good")


def test_the_weaker_player_lets_a_small_demand_gain_its_tribute() -> None:
    assert decide(_demand(armies=2)) == act("refuse")


def test_it_buys_an_income_development_early() -> None:
    game = _alone_at_keep("tribute", "pop3", "pop3", goods=3)
    game.act(0, "stop")
    game.pass_until("develop")
    choice = decide(game)
    assert choice.verb == "buy" and choice.arg("development") == "dyemaking"


def test_it_completes_a_monument_with_the_population_it_needs() -> None:
    game = _alone_at_keep("tribute", "pop3", "pop3", last=True, food=5,
                          monuments=(4, 0, 0, 0, 0))
    game.act(0, "stop")
    assert game.phase == "build"
    assert decide(game) == act("monument", monument="obelisk")
