"""Solitaire (Solitaire Rules; Mediterranean Solitaire Rules): the colony die's misses, its
start in round 2, and Pestilence and the phantom's demand (ruling 22, 23)."""

from __future__ import annotations

from game.rulesets.roll_through_the_ages.state import NOBODY, PHANTOM, Board
from tests.game.rulesets.roll_through_the_ages.helpers_rtta import CONTENT, RULESET, Game


def _quiet_turn(game: Game) -> None:
    game.roll("abundance", "food3", "food3")
    game.pass_until("roll")


def _phantom_owned(game: Game) -> int:
    return sum(owner == PHANTOM for owner in game.state.board.owners)


def test_the_colony_die_waits_for_round_two_and_five_or_six_founds_nothing() -> None:
    game = Game(seats=1, mediterranean=True)
    _quiet_turn(game)
    assert game.phase == "roll" and game.state.round == 2
    game.roll("abundance", "food3", "food3")
    game.pass_until("colony_die")
    game.chance(5)
    assert game.phase == "roll" and _phantom_owned(game) == 0


def test_a_size_with_no_open_colony_founds_nothing_and_rolls_no_second_die() -> None:
    game = Game(seats=1, mediterranean=True)
    board = game.state.board
    owners = tuple(0 if c.size == 4 else NOBODY for c in CONTENT.colonies)
    game.set(round=2, board=Board(board.pegs, owners))
    _quiet_turn(game)
    game.chance(4)
    assert game.phase == "roll" and _phantom_owned(game) == 0


def test_a_second_die_of_three_or_more_founds_no_second_colony() -> None:
    game = Game(seats=1, mediterranean=True)
    game.set(round=2)
    _quiet_turn(game)
    game.chance(1)
    if game.phase == "colony_pick":
        game.chance(0)
    assert game.phase == "colony_die2" and _phantom_owned(game) == 1
    game.chance(3)
    assert game.phase == "roll" and _phantom_owned(game) == 1


def test_the_opponent_picks_among_the_open_colonies_of_the_size_but_no_four_player_one() -> None:
    game = Game(seats=1, mediterranean=True)
    game.set(round=2)
    _quiet_turn(game)
    game.chance(1)
    open_ones = [c.id for c in CONTENT.colonies if c.size == 1 and not c.four_players_only]
    request = RULESET.decision(game.state).chance
    assert game.phase == "colony_pick" and request is not None
    assert request.draws[0].sides == len(open_ones) > 1
    game.chance(len(open_ones) - 1)
    founded = CONTENT.colonies[game.state.board.owners.index(PHANTOM)]
    assert founded.id == open_ones[-1]
