"""Step 4: provinces, ports, monuments, armies and ships, one box per action."""

from __future__ import annotations

from game.core.actions import act
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET, Game


def _to_build(game: Game, *empire: str) -> None:
    game.roll("abundance", *empire)
    if game.phase == "keep":
        game.act(game.state.turn, "stop")
    assert game.phase == "build"


def test_a_province_gives_two_armies_its_tribute_and_a_die_when_it_leads() -> None:
    game = Game(seats=2, choices=("province", "port"))
    _to_build(game, "pop3", "food3")
    game.act(0, "province")
    game.act(0, "province")
    sheet = game.player(0)
    assert (sheet.provinces, sheet.armies, sheet.tribute) == (3, 5, 1 + 2)
    assert RULESET.view(game.state, _request())["players"][0]["empire_dice"] == 3


def test_a_port_needs_its_population_and_its_urns_in_any_order() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, goods=2)
    _to_build(game, "pop3", "food3")
    for _ in range(CONTENT.ports[1].goods):
        game.act(0, "urn")
    assert game.player(0).ports == 1 and act("urn") not in game.legal()
    game.act(0, "port")
    assert game.player(0).ports == 2 and game.found("port_built")
    assert (game.player(0).port_population, game.player(0).port_goods) == (0, 0)


def test_later_ports_may_be_filled_before_the_next_one_is_built() -> None:
    game = Game(seats=2, choices=("province", "port"))
    game.edit(0, goods=3)
    _to_build(game, "pop3", "food3")
    game.act(0, "port")
    game.act(0, "port")
    game.act(0, "urn")
    assert game.player(0).ports == 1
    assert game.view()["players"][0]["port_boxes"][1:4] == [[1, 1], [1, 0], [0, 0]]
    game.act(0, "urn")
    assert game.player(0).ports == 2 and game.found("port_built")
    assert (game.player(0).port_population, game.player(0).port_goods) == (1, 0)
    game.act(0, "urn")
    view = game.view()["players"][0]
    assert (view["port_population"], view["port_goods"]) == (1, 1)
    assert view["port_boxes"][:3] == [[0, 0], [1, 2], [1, 1]]


def test_an_army_costs_one_population_and_one_food() -> None:
    game = Game(seats=2)
    _to_build(game, "pop3", "food3")
    food = game.player(0).food
    game.act(0, "army")
    assert (game.player(0).armies, game.player(0).food) == (2, food - 1)
    assert game.state.current.population == 2


def test_ships_need_shipbuilding_in_the_base_game_and_two_goods() -> None:
    game = Game(seats=2)
    game.edit(0, goods=4)
    _to_build(game, "pop3", "food3")
    assert act("ship") not in game.legal()
    builder = Game(seats=2)
    builder.edit(0, goods=4, developments=("shipbuilding",))
    _to_build(builder, "pop3", "food3")
    builder.act(0, "ship")
    assert (builder.player(0).ships, builder.player(0).goods) == (1, 2)


def test_mediterranean_ships_need_no_development() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, goods=4)
    game.roll("abundance", "pop3", "food3")
    game.act(0, "stop")
    game.pass_until("build")
    assert act("ship") in game.legal()


def test_architecture_fills_three_monument_boxes_for_two_population() -> None:
    game = Game(seats=2)
    game.edit(0, developments=("architecture",))
    _to_build(game, "pop3", "food3")
    game.act(0, "architecture", monument="colossus")
    index = [m.id for m in CONTENT.monuments].index("colossus")
    assert game.player(0).monuments[index] == 3 and game.state.current.population == 1


def test_unspent_population_is_lost_at_done() -> None:
    game = Game(seats=2)
    _to_build(game, "pop3", "pop3")
    game.act(0, "monument", monument="obelisk")
    game.act(0, "done")
    assert game.state.current.population == 0 and game.phase != "build"


def _request():  # type: ignore[no-untyped-def]
    from game.core.ruleset import ViewRequest

    return ViewRequest(None)


def test_architecture_needs_three_boxes_left_in_the_monument() -> None:
    game = Game(seats=2)
    obelisk = CONTENT.monuments[0]
    game.edit(0, developments=("architecture",),
              monuments=(obelisk.boxes - 2, 0, 0, 0, 0))
    _to_build(game, "pop3", "food3")
    assert act("architecture", monument=obelisk.id) not in game.legal()
    assert act("monument", monument=obelisk.id) in game.legal()
