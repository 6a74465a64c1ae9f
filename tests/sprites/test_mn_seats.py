"""New Game's seats for a rule set whose scenarios name their seats (Mare Nostrum's 5-, 4- and
3-player boards): the lines offered, which may stay empty, the scenario the seats make."""

from __future__ import annotations

from game.core.ruleset import ScenarioInfo
from sprites.scenes.scenario_seats import named_seats, optional_seats, scenario_for, seat_title

BOARDS = (ScenarioInfo("5", "5 players", ("rome", "greece", "babylon", "egypt", "carthage")),
          ScenarioInfo("4", "4 players", ("rome", "greece", "egypt", "carthage")),
          ScenarioInfo("3", "3 players", ("rome", "greece", "carthage")))


def test_the_lines_are_the_largest_boards_seats_in_order() -> None:
    assert named_seats(BOARDS) == ("rome", "greece", "babylon", "egypt", "carthage")
    assert named_seats((ScenarioInfo("x", "open", (), min_seats=1, max_seats=4),)) == ()


def test_only_the_seats_a_smaller_board_covers_may_stay_empty() -> None:
    assert optional_seats(BOARDS) == {"babylon", "egypt"}


def test_the_seats_taken_pick_the_board() -> None:
    assert scenario_for(BOARDS, ("rome", "greece", "egypt", "carthage")) == BOARDS[1]
    assert scenario_for(BOARDS, ("rome", "greece", "carthage")) == BOARDS[2]
    assert scenario_for(BOARDS, ("rome", "greece", "babylon", "carthage")) is None
    assert seat_title("rome") == "Rome"
