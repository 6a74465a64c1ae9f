"""Step 2: feeding, Famine, Granaries, and the disasters with their immunities."""

from __future__ import annotations

from game.core.actions import act
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, Game

SKULL = "good_pop_skull"


def _roll(game: Game, *empire: str, fate: str = "abundance") -> None:
    game.roll(fate, *empire)
    if game.phase == "keep":
        game.act(game.state.turn, "stop")


def test_each_province_eats_one_food_and_unfed_ones_suffer_famine() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, food=0, provinces=3)
    _roll(game, "pop3", "pop3", "pop3")
    assert (game.player(0).food, game.player(0).skulls) == (0, 3)
    fed = Game(seats=2, choices=("province", "port"))
    _roll(fed, "pop3", "pop3")
    assert (fed.player(0).food, fed.player(0).skulls) == (1, 0)


def test_granaries_turn_goods_into_food_before_feeding() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, food=0, goods=3, developments=("granaries",))
    _roll(game, "pop3", "pop3")
    assert game.phase == "granaries"
    assert set(game.legal()) == {act("feed"), act("granary")}
    game.act(0, "granary")
    game.act(0, "granary")
    game.act(0, "feed")
    assert (game.player(0).food, game.player(0).goods, game.player(0).skulls) == (0, 1, 0)


def test_one_skull_is_unrest_unless_religion() -> None:
    game = Game(seats=2)
    _roll(game, SKULL, "food3")
    assert game.player(0).skulls == 1
    immune = Game(seats=2)
    immune.edit(0, developments=("religion",))
    _roll(immune, SKULL, "food3")
    assert immune.player(0).skulls == 0 and immune.found("spared")


def test_three_skulls_are_pestilence_on_every_opponent_without_medicine() -> None:
    game = Game(seats=3)
    game.edit(0, provinces=3)
    game.edit(2, developments=("medicine",))
    _roll(game, SKULL, SKULL, SKULL)
    assert [p.skulls for p in game.state.players] == [0, 3, 0]


def test_pestilence_strikes_the_solitaire_player_unless_medicine() -> None:
    game = Game(seats=1)
    game.edit(0, provinces=3)
    _roll(game, SKULL, SKULL, SKULL)
    assert game.player(0).skulls == 3
    immune = Game(seats=1)
    immune.edit(0, provinces=3, developments=("medicine",))
    _roll(immune, SKULL, SKULL, SKULL)
    assert immune.player(0).skulls == 0


def test_four_skulls_are_civil_war_unless_citizenship() -> None:
    game = Game(seats=2)
    game.edit(0, provinces=4, food=9)
    _roll(game, SKULL, SKULL, SKULL, SKULL)
    assert game.player(0).skulls == 4
    immune = Game(seats=2)
    immune.edit(0, provinces=4, food=9, developments=("citizenship",))
    _roll(immune, SKULL, SKULL, SKULL, SKULL)
    assert immune.player(0).skulls == 0


def test_two_skulls_bring_barbarians_unless_the_walls_stand() -> None:
    game = Game(seats=2)
    game.edit(0, armies=6)
    _roll(game, SKULL, SKULL)
    battle = game.found("battle")[0]
    assert (battle.get("against"), battle.get("tribute")) == (4, 2)
    assert game.player(0).armies == 5
    immune = Game(seats=2)
    immune.edit(0, monuments=tuple(m.boxes if m.id == "walls" else 0
                                   for m in CONTENT.monuments))
    _roll(immune, SKULL, SKULL)
    assert immune.found("battle") == [] and immune.found("spared")


def test_invasion_makes_every_player_fight_ten_from_the_active_one() -> None:
    game = Game(seats=3)
    game.edit(0, provinces=5, food=9, armies=12)
    game.edit(1, armies=3, developments=("formations",))
    _roll(game, SKULL, SKULL, SKULL, SKULL, SKULL)
    battles = [(e.get("seat"), e.get("strength"), e.get("tribute"), e.get("skulls"))
               for e in game.found("battle")]
    assert battles == [(0, 12, 2, 0), (1, 5, 0, 5), (2, 1, 0, 9)]
    assert [p.armies for p in game.state.players] == [11, 2, 0]

