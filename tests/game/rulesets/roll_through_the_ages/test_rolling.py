"""Step 1: the roll, skulls set aside, two rerolls, Leadership, Omens, the food-or-population
choice, and what is collected."""

from __future__ import annotations

from game.core.actions import act
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import RULESET, Game


def test_skulls_are_set_aside_and_only_the_other_dice_may_be_rerolled() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, provinces=3)
    game.roll("fate_good_pop_skull", "good_pop_skull", "food3", "pop3")
    assert game.state.current.locked == (True, True, False, False)
    assert set(game.legal()) == {act("stop"), act("reroll", dice=(2,)),
                                 act("reroll", dice=(3,)), act("reroll", dice=(2, 3))}


def test_the_fate_die_rerolls_like_the_others_and_the_third_roll_is_final() -> None:
    game = Game(seats=2)
    game.roll("drought", "food3", "food3")
    assert act("reroll", dice=(0,)) in game.legal()
    game.act(0, "reroll", dice=(0, 1))
    game.roll("abundance", "pop3")
    assert game.state.current.dice[0] == 0 and game.phase == "keep"
    game.act(0, "reroll", dice=(0,))
    game.roll("conquest")
    assert game.phase != "keep" and game.state.current.rolls == 3


def test_leadership_rerolls_one_die_even_a_skull_before_omens() -> None:
    game = Game(seats=2)
    game.edit(0, developments=("leadership",))
    game.roll("omens", "good_pop_skull", "food3")
    game.act(0, "stop")
    assert game.phase == "leadership"
    assert act("lead", die=1) in game.legal() and act("lead", die=0) in game.legal()
    game.act(0, "lead", die=1)
    game.roll("pop3")
    assert game.phase == "omens"


def test_omens_sets_any_die_to_any_face_the_fate_die_included() -> None:
    game = Game(seats=2)
    game.roll("omens", "good_pop_skull", "food3")
    game.act(0, "stop")
    assert game.phase == "omens"
    assert len(game.legal()) == 1 + 3 * 5
    assert act("omen", die=0, face="conquest") in game.legal()
    game.edit(0, armies=3)
    game.act(0, "omen", die=0, face="conquest")
    assert game.phase == "conquest"


def test_omens_may_turn_a_skull_into_a_good_face() -> None:
    game = Game(seats=2)
    game.roll("omens", "good_pop_skull", "food3")
    game.act(0, "stop")
    game.act(0, "omen", die=1, face="food3")
    assert game.found("disaster") == [] and game.found("collected")[0].get("food") == 6


def test_food_or_population_dice_are_split_by_the_player() -> None:
    game = Game(seats=2)
    game.roll("abundance", "food2_or_pop2", "food2_or_pop2")
    game.act(0, "stop")
    assert game.legal() == (act("choose", food=0, population=2),
                            act("choose", food=1, population=1),
                            act("choose", food=2, population=0))
    game.act(0, "choose", food=1, population=1)
    collected = game.found("collected")[0]
    assert (collected.get("food"), collected.get("population")) == (3, 2)


def test_drought_takes_one_food_per_food_die_never_below_zero() -> None:
    game = Game(seats=2)
    game.roll("drought", "food3", "food2_or_pop2")
    game.act(0, "stop")
    game.act(0, "choose", food=1, population=0)
    assert game.found("collected")[0].get("food") == 2 + 1


def test_irrigation_and_aqueducts_add_per_food_die_with_abundance() -> None:
    game = Game(seats=2)
    game.edit(0, developments=("irrigation", "aqueducts"), food=0)
    game.roll("abundance", "food3", "pop3")
    game.act(0, "stop")
    assert game.found("collected")[0].get("food") == 3 + 1 + 1 + 2


def test_goods_per_port_skull_goods_dyemaking_and_innovations() -> None:
    game = Game(seats=2, choices=("port", "port"))
    game.edit(0, developments=("dyemaking",), goods=0)
    game.roll("fate_good_pop_skull", "goods_per_port", "innovation")
    game.act(0, "stop")
    collected = game.found("collected")[0]
    assert collected.get("goods") == 2 + 1 + 1 and collected.get("innovations") == 1
    assert game.state.current.population == 1


def test_each_roll_asks_chance_for_exactly_the_dice_rolled() -> None:
    game = Game(seats=2)
    game.roll("abundance", "food3", "food3")
    game.act(0, "reroll", dice=(1, 2))
    request = RULESET.decision(game.state).chance
    assert request is not None and request.value_count() == 2


def test_omens_may_set_a_die_to_a_skull_and_it_counts() -> None:
    game = Game(seats=2)
    game.roll("omens", "food3", "food3")
    game.act(0, "stop")
    game.act(0, "omen", die=1, face="good_pop_skull")
    assert game.player(0).skulls == 1 and game.found("disaster")[0].get("disaster") == "revolt"


def test_a_skull_rolled_by_leadership_counts() -> None:
    game = Game(seats=2)
    game.edit(0, developments=("leadership",))
    game.roll("abundance", "food3", "food3")
    game.act(0, "stop")
    game.act(0, "lead", die=2)
    game.roll("good_pop_skull")
    assert game.state.current.locked == (False, False, True) and game.player(0).skulls == 1
