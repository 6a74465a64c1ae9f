"""Rule 10 (Perseus): the offer to build first, made only when a winning build is payable."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum.perseus import perseus_can_win, winning_costs
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def test_no_perseus_no_offer() -> None:
    f = flow()
    assert perseus_can_win(f.content, f.state) is None


def test_pyramids_on_offer_and_twelve_coins_make_the_offer() -> None:
    f = flow()
    f.update(2, tiles=("hammurabi", "perseus"), resources=("coin",) * 12)
    assert winning_costs(f.content, f.state, 2) == (12,)
    assert perseus_can_win(f.content, f.state) == 2
    f.update(2, resources=("coin",) * 11)
    assert perseus_can_win(f.content, f.state) is None


def test_a_fifth_tile_costs_ten() -> None:
    f = flow()
    f.update(1, tiles=("pericles", "perseus", "circe", "hercules"), resources=("coin",) * 10)
    f.set(display=evolve(f.state.display, face_up=("ramses",)))
    assert winning_costs(f.content, f.state, 1) == (10,)
    assert perseus_can_win(f.content, f.state) == 1
