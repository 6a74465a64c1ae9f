"""Step 3: battles, conquest and tribute demands; Mediterranean 3a (Navy declined per
battle)."""

from __future__ import annotations

from game.core.actions import act
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import Game

SKULL = "good_pop_skull"


def _roll(game: Game, fate: str, *empire: str) -> None:
    game.roll(fate, *empire)
    if game.phase == "keep":
        game.act(game.state.turn, "stop")


def test_a_lost_battle_costs_the_margin_in_skulls_and_an_army_and_a_navy_ship() -> None:
    game = Game(seats=2)
    game.edit(0, armies=1, ships=1, developments=("navy",))
    _roll(game, "abundance", SKULL, SKULL)
    battle = game.found("battle")[0]
    assert (battle.get("strength"), battle.get("skulls"), battle.get("navy")) == (2, 2, True)
    assert (game.player(0).skulls, game.player(0).armies, game.player(0).ships) == (2, 0, 0)


def test_a_tie_gains_nothing_but_still_costs_an_army() -> None:
    game = Game(seats=2)
    game.edit(0, armies=4)
    _roll(game, "abundance", SKULL, SKULL)
    assert (game.player(0).tribute, game.player(0).skulls, game.player(0).armies) == (0, 0, 3)


def test_formations_count_in_a_forced_battle_without_armies() -> None:
    game = Game(seats=2)
    game.edit(0, armies=0, developments=("formations",))
    _roll(game, "abundance", SKULL, SKULL)
    assert game.found("battle")[0].get("strength") == 2
    assert game.player(0).armies == 0


def test_no_conquest_without_an_army_and_declining_is_allowed() -> None:
    game = Game(seats=2)
    game.edit(0, armies=0)
    _roll(game, "conquest", "food3", "food3")
    assert game.phase != "conquest" and game.found("battle") == []
    again = Game(seats=2)
    _roll(again, "conquest", "food3", "food3")
    assert set(again.legal()) == {act("conquer"), act("decline")}
    again.act(0, "decline")
    assert again.player(0).armies == 1


def test_barbarians_are_fought_before_a_conquest() -> None:
    game = Game(seats=2)
    game.edit(0, armies=5, conquests=3)
    _roll(game, "conquest", SKULL, SKULL)
    game.act(0, "conquer")
    assert [e.get("enemy") for e in game.found("battle")] == ["barbarians", "conquest"]
    assert game.found("battle")[1].get("strength") == 4
    assert (game.player(0).tribute, game.player(0).conquests) == (1 + 1, 4)


def test_a_full_conquest_row_still_fights_at_its_last_strength() -> None:
    game = Game(seats=2)
    game.edit(0, armies=15, conquests=10)
    _roll(game, "conquest", "food3", "food3")
    game.act(0, "conquer")
    assert (game.player(0).tribute, game.player(0).conquests) == (5, 10)


def test_tribute_demand_gains_nothing_from_an_equal_and_a_goodless_weaker_pays_nothing() -> None:
    game = Game(seats=3)
    game.edit(0, armies=3)
    game.edit(1, armies=3)
    game.edit(2, armies=1, goods=0)
    _roll(game, "tribute", "food3", "food3")
    assert game.player(0).tribute == 2 and game.phase != "tribute_offer"
    assert [e.get("tribute") for e in game.found("tribute")] == [0, 2]


def test_mediterranean_navy_is_declined_per_battle_by_the_fighting_seat() -> None:
    game = Game(seats=3, mediterranean=True)
    game.edit(0, provinces=5, food=9, armies=9, ships=2, developments=("navy",))
    game.edit(2, armies=9, ships=1, developments=("navy",))
    _roll(game, "abundance", SKULL, SKULL, SKULL, SKULL, SKULL)
    assert game.phase == "navy" and game.legal(0)
    game.act(0, "navy", use=False)
    assert game.phase == "navy" and game.legal(2) and not game.legal(0)
    game.act(2, "navy", use=True)
    ships = [p.ships for p in game.state.players]
    assert ships == [2, 0, 0]
    assert [e.get("strength") for e in game.found("battle")] == [9, 1, 10]


def test_without_the_mediterranean_navy_always_fights_and_loses_a_ship() -> None:
    game = Game(seats=2)
    game.edit(0, armies=5, ships=2, developments=("navy",))
    _roll(game, "abundance", SKULL, SKULL)
    assert game.found("battle")[0].get("strength") == 7 and game.player(0).ships == 1


def test_navy_ships_count_in_tribute_demands_on_both_sides_without_losses() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, armies=2, ships=3, developments=("navy",))
    game.edit(1, armies=1, ships=2, developments=("navy",), goods=0)
    _roll(game, "tribute", "food3", "food3")
    assert game.player(0).tribute == 2 and game.player(0).ships == 3
