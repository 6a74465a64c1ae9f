"""The worked examples of the rules (facts file, "Worked examples → tests") with scripted
dice and the printed numbers."""

from __future__ import annotations

from game.rulesets.roll_through_the_ages.scoring import score
from game.rulesets.roll_through_the_ages.state import PHANTOM, Board
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET, Game


def test_conquest_four_armies_against_one_box() -> None:
    game = Game(seats=2)
    game.edit(0, armies=4)
    game.roll("conquest", "food3", "food3")
    game.act(0, "stop")
    assert game.phase == "conquest"
    game.act(0, "conquer")
    sheet = game.player(0)
    assert (sheet.tribute, sheet.conquests, sheet.armies) == (3, 2, 3)
    assert game.found("battle")[0].get("against") == 1


def test_tribute_demand_six_against_three_seven_and_zero() -> None:
    game = Game(seats=4)
    game.edit(0, armies=4, developments=("formations",))
    for seat, armies in ((1, 3), (2, 7), (3, 0)):
        game.edit(seat, armies=armies)
    goods = game.player(0).goods
    game.roll("tribute", "food3", "food3")
    game.act(0, "stop")
    assert game.phase == "tribute_offer" and game.legal() == game.legal(1)
    game.act(1, "refuse")
    assert game.phase == "tribute_offer" and game.legal(3)
    game.act(3, "pay_good")
    assert game.player(0).tribute == 3
    assert game.player(0).goods == goods + 1 and game.player(3).goods == 0
    assert game.player(0).armies == 4


def test_coliseum_first_builder_13_and_later_10() -> None:
    game = Game(seats=2)
    coliseum = next(i for i, m in enumerate(CONTENT.monuments) if m.id == "coliseum")
    for seat in (0, 1):
        filled = list(game.player(seat).monuments)
        filled[coliseum] = CONTENT.monuments[coliseum].boxes - 1
        game.edit(seat, monuments=tuple(filled))
    for seat in (0, 1):
        game.roll("abundance", "pop3", "pop3")
        game.act(seat, "stop")
        game.act(seat, "monument", monument="coliseum")
        game.pass_until("roll")
    built = game.found("monument_built")
    assert [(e.get("seat"), e.get("first"), e.get("points")) for e in built] == \
        [(0, True, 13), (1, False, 10)]
    assert score(CONTENT, game.state, 0).monuments == 13
    assert score(CONTENT, game.state, 1).monuments == 10


def test_solitaire_phantom_of_round_five_has_strength_five_and_never_pays() -> None:
    game = Game(seats=1)
    game.set(round=5)
    game.edit(0, armies=8, goods=3)
    game.roll("tribute", "food3", "food3")
    game.act(0, "stop")
    demand = game.found("tribute")[0]
    assert (demand.get("against"), demand.get("tribute")) == (5, 3)
    assert "tribute_offer" not in [game.phase] and game.player(0).tribute == 3
    assert game.view()["solitaire"]["phantom_strength"] == 5


def test_set_up_values_free_province_free_port_and_the_first_roll() -> None:
    game = Game(seats=2, choices=("province", "port"))
    first, second = game.player(0), game.player(1)
    assert (first.food, first.goods, first.armies, first.tribute, first.provinces) == \
        (3, 1, 3, 1, 2)
    assert (second.food, second.goods, second.armies, second.ports, second.tribute) == \
        (3, 1, 1, 2, 0)
    decision = RULESET.decision(game.state)
    assert decision.is_chance and decision.chance is not None
    assert decision.chance.value_count() == 3 and game.state.turn == 0


def test_goods_over_fifteen_are_lost_and_storing_first_avoids_it() -> None:
    game = Game(seats=2, choices=("port", "port"))
    game.edit(0, goods=14)
    game.roll("abundance", "goods_per_port", "goods_per_port")
    game.act(0, "stop")
    assert game.player(0).goods == 15
    assert game.found("collected")[0].get("lost") == 3
    kept = Game(seats=2, choices=("port", "port"))
    kept.edit(0, goods=14)
    kept.roll("abundance", "food3", "food3")
    kept.act(0, "stop")
    kept.pass_until("store")
    assert kept.phase == "store"
    kept.act(0, "store", sets=3)
    assert (kept.player(0).goods, kept.player(0).wealth) == (2, 3)


def test_dice_count_two_ports_three_provinces_is_fate_and_three() -> None:
    game = Game(seats=2)
    game.edit(0, ports=2, provinces=3)
    decision = RULESET.decision(game.state)
    assert decision.chance is not None and decision.chance.value_count() == 4


def test_mediterranean_solitaire_die_founds_two_colonies_at_most() -> None:
    game = Game(seats=1, mediterranean=True)
    size3 = [i for i, c in enumerate(CONTENT.colonies) if c.size == 3]
    size2 = [i for i, c in enumerate(CONTENT.colonies) if c.size == 2]
    board = game.state.board
    pegs = list(board.pegs)
    pegs[size3[0]] = (0, 0)
    game.set(round=2, board=Board(tuple(pegs), board.owners))
    _quiet_turn(game)
    assert game.phase == "colony_die"
    game.chance(3)
    if len(size3) > 1:
        game.chance(0)
    assert game.state.board.owners[size3[0]] == PHANTOM
    assert game.state.board.pegs[size3[0]] == (PHANTOM,) * 3
    game.chance(2)
    if len(size2) > 1:
        game.chance(0)
    assert game.state.board.owners[size2[0]] == PHANTOM
    assert len(game.found("phantom_colony")) == 2 and game.phase == "roll"
    assert game.state.round == 3


def test_colony_scoring_three_four_with_empire_five_with_commerce() -> None:
    game = Game(seats=2, mediterranean=True)
    owners = list(game.state.board.owners)
    owners[0] = 0
    game.set(board=Board(game.state.board.pegs, tuple(owners)))
    assert score(CONTENT, game.state, 0).colonies == 3
    game.edit(0, developments=("empire",))
    assert score(CONTENT, game.state, 0).colonies == 4
    game.edit(0, developments=("empire", "commerce"))
    assert score(CONTENT, game.state, 0).colonies == 5


def _quiet_turn(game: Game) -> None:
    """A turn with no skulls, nothing built, bought or stored."""
    game.roll("abundance", "food3", "food3")
    game.pass_until("roll")

