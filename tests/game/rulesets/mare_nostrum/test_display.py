"""Set-up 5: the display's chance picks and its refill after the Build phase."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import display
from tests.game.rulesets.mare_nostrum.helpers_mn import flow


def test_request_picks_among_the_tiles_left_one_by_one() -> None:
    f = flow()
    sizes = [draw.sides for draw in display.request(f.state).draws]
    assert sizes == [17, 16, 15, 14, 13]


def test_turned_tiles_leave_the_face_down_pile_in_order() -> None:
    f = flow()
    down = f.state.display.face_down
    display.turned(f, ((0,), (0,), (0,), (0,), (0,)))
    assert f.state.display.face_up == ("pyramids", *down[:5])
    assert f.state.display.face_down == down[5:] and f.state.display.to_turn == 0


def test_refill_turns_back_up_to_five_while_tiles_remain() -> None:
    f = flow()
    f.set(display=evolve(f.state.display, face_up=("pyramids", "circe", "hercules"),
                         face_down=("ramses",), to_turn=0))
    display.refill(f)
    assert f.state.display.to_turn == 1
