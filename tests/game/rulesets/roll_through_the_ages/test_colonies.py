"""Mediterranean 3b: colony pegs, completion with a ship, displacement, rewards."""

from __future__ import annotations

from game.core.actions import act
from game.rulesets.roll_through_the_ages.state import Board
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, Game


def _index(colony: str) -> int:
    return [c.id for c in CONTENT.colonies].index(colony)


def _to_colonies(game: Game, *empire: str) -> None:
    game.roll("abundance", *empire)
    game.pass_until("colonies")
    assert game.phase == "colonies"


def _pegs(game: Game, colony: str, pegs: tuple[int, ...]) -> None:
    board = game.state.board
    index = _index(colony)
    game.set(board=Board((*board.pegs[:index], pegs, *board.pegs[index + 1:]), board.owners))


def test_one_population_per_peg_and_a_size_one_colony_needs_a_ship_at_once() -> None:
    game = Game(seats=2, mediterranean=True)
    _to_colonies(game, "pop3", "pop3")
    assert act("peg", colony="massalia") in game.legal()
    assert act("peg", colony="rusadir") not in game.legal()
    assert act("found", colony="rusadir") not in game.legal()
    game.act(0, "peg", colony="massalia")
    assert game.state.board.pegs[_index("massalia")] == (0,)
    assert game.state.current.population == 5


def test_the_last_peg_completes_only_with_a_ship() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, ships=1)
    _pegs(game, "massalia", (0, 0))
    _to_colonies(game, "pop3", "pop3")
    assert act("peg", colony="massalia") not in game.legal()
    game.act(0, "found", colony="massalia")
    assert game.state.board.owners[_index("massalia")] == 0
    assert game.player(0).ships == 0 and game.state.current.population == 5


def test_completing_displaces_other_pegs_at_two_population_each() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, ships=1)
    _pegs(game, "massalia", (0, 1))
    _to_colonies(game, "pop3", "food3")
    assert act("found", colony="massalia") in game.legal()
    game.act(0, "found", colony="massalia")
    assert game.state.current.population == 0
    assert game.state.board.pegs[_index("massalia")] == (0, 0, 0)
    assert game.found("colony_founded")[0].get("displaced") == (1,)


def test_taking_pegs_back_refunds_no_population_and_completed_colonies_are_fixed() -> None:
    game = Game(seats=2, mediterranean=True)
    _pegs(game, "massalia", (0,))
    board = game.state.board
    owners = list(board.owners)
    owners[_index("rusadir")] = 1
    game.set(board=Board(board.pegs, tuple(owners)))
    _to_colonies(game, "pop3", "pop3")
    game.act(0, "unpeg", colony="massalia")
    assert game.state.board.pegs[_index("massalia")] == ()
    assert game.state.current.population == 6
    assert not [a for a in game.legal() if a.arg("colony") == "rusadir"]


def test_four_player_colonies_are_out_of_play_with_fewer_players() -> None:
    game = Game(seats=2, mediterranean=True)
    _to_colonies(game, "pop3", "pop3")
    assert not [a for a in game.legal() if a.arg("colony") == "palma"]
    full = Game(seats=4, mediterranean=True)
    _to_colonies(full, "pop3", "pop3")
    assert act("peg", colony="palma") in full.legal()


def test_a_player_has_at_most_fifteen_colony_pegs() -> None:
    game = Game(seats=2, mediterranean=True)
    board = game.state.board
    owners = list(board.owners)
    pegs = list(board.pegs)
    for colony in ("carthage", "alexandria", "antioch"):
        pegs[_index(colony)] = (0,) * 4
        owners[_index(colony)] = 0
    pegs[_index("crete")] = (0, 0)
    game.set(board=Board(tuple(pegs), tuple(owners)))
    _to_colonies(game, "pop3", "pop3")
    game.act(0, "peg", colony="massalia")
    assert not [a for a in game.legal() if a.verb == "peg"]


def test_rewards_come_at_the_end_of_the_step_food_doubled_with_aqueducts() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, ships=1, food=0, goods=0, developments=("aqueducts",))
    _pegs(game, "carthage", (0, 0, 0))
    _to_colonies(game, "pop3", "pop3")
    game.act(0, "found", colony="carthage")
    food = game.player(0).food
    game.act(0, "done")
    assert game.player(0).food == food + 2 * 3 and game.player(0).goods == 1


def test_an_innovation_reward_must_be_spent_this_turn() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, ships=1, goods=0)
    _pegs(game, "syracuse", (0, 0))
    _to_colonies(game, "pop3", "pop3")
    game.act(0, "found", colony="syracuse")
    game.act(0, "done")
    assert game.state.current.innovations == 1
    game.pass_until("develop")
    assert act("buy", development="leadership", goods=0, innovations=1, wealth=0) in \
        game.legal()
    game.pass_until("roll")
    assert game.state.current.innovations == 0


def test_no_colony_step_without_population_to_place() -> None:
    game = Game(seats=2, mediterranean=True)
    _pegs(game, "massalia", (0,))
    game.roll("abundance", "food3", "food3")
    game.act(0, "stop")
    assert game.phase != "colonies" and game.state.current.population == 0


def test_the_last_hole_beside_other_pegs_may_be_pegged_without_completing() -> None:
    game = Game(seats=2, mediterranean=True)
    _pegs(game, "massalia", (1, 1))
    _to_colonies(game, "pop3", "pop3")
    assert act("found", colony="massalia") not in game.legal()
    game.act(0, "peg", colony="massalia")
    assert game.state.board.pegs[_index("massalia")] == (0, 1, 1)
    assert game.state.board.owners[_index("massalia")] == -1


def test_completing_may_not_take_a_player_past_fifteen_pegs() -> None:
    game = Game(seats=2, mediterranean=True)
    game.edit(0, ships=1)
    board = game.state.board
    pegs, owners = list(board.pegs), list(board.owners)
    for colony in ("carthage", "alexandria", "antioch"):
        pegs[_index(colony)] = (0,) * 4
        owners[_index(colony)] = 0
    pegs[_index("crete")] = (0, 0)
    pegs[_index("massalia")] = (1, 1)
    game.set(board=Board(tuple(pegs), tuple(owners)))
    _to_colonies(game, "pop3", "pop3")
    assert act("found", colony="crete") in game.legal()
    assert act("found", colony="massalia") not in game.legal()
