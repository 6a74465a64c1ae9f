"""Rule 4.2: battle totals, hits, the Fortress, the battle heroes, and who chooses losses."""

from __future__ import annotations

from game.rulesets.mare_nostrum.battle import (
    CAESAR,
    NEBUCHADNEZZAR,
    PERICLES,
    RAMSES,
    Side,
    faces_of,
    hits,
    hits_taken,
    land_side,
    loss_choices,
    roll_request,
    sea_side,
    total,
)
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position

NONE: frozenset[str] = frozenset()


def test_hits_are_the_total_divided_by_five_rounded_down() -> None:
    assert [hits(n) for n in (0, 4, 5, 9, 10, 15, 19)] == [0, 0, 1, 1, 2, 3, 3]


def test_caesar_adds_one_a_legion_die_only_while_active() -> None:
    active = land_side(0, 3, False, frozenset({CAESAR}), active=True, controls=False)
    waiting = land_side(0, 3, False, frozenset({CAESAR}), active=False, controls=False)
    assert total(active, (5, 4, 3)) == 15 and total(waiting, (5, 4, 3)) == 12


def test_pericles_adds_two_a_legion_die_only_while_not_active() -> None:
    waiting = land_side(1, 2, False, frozenset({PERICLES}), active=False, controls=False)
    active = land_side(1, 2, False, frozenset({PERICLES}), active=True, controls=False)
    assert total(waiting, (3, 3)) == 10 and total(active, (3, 3)) == 6


def test_ramses_rolls_one_more_die_without_the_legion_bonus() -> None:
    side = land_side(0, 2, False, frozenset({RAMSES, CAESAR}), active=True, controls=False)
    assert side.dice == 3
    assert total(side, (2, 2, 2)) == 8


def test_nebuchadnezzar_adds_five_only_in_a_province_he_controls() -> None:
    home = land_side(2, 1, False, frozenset({NEBUCHADNEZZAR}), active=False, controls=True)
    away = land_side(2, 1, False, frozenset({NEBUCHADNEZZAR}), active=False, controls=False)
    assert total(home, (3,)) == 8 and total(away, (3,)) == 3


def test_the_fortress_adds_five_and_cancels_one_hit() -> None:
    side = land_side(3, 1, True, NONE, active=False, controls=True)
    assert total(side, (3,)) == 8
    assert hits_taken(side, 3) == 2 and hits_taken(side, 1) == 0


def test_hits_beyond_the_units_are_lost() -> None:
    assert hits_taken(Side(0, 2), 5) == 2
    assert hits_taken(Side(0, 0, fortress=True), 4) == 1


def test_a_lone_fortress_rolls_no_die_and_still_scores_a_hit() -> None:
    side = Side(3, 0, fortress=True)
    assert side.dice == 0 and hits(total(side, ())) == 1


def test_sea_sides_take_no_legion_bonus() -> None:
    assert sea_side(0, 2) == Side(0, 2)


def test_fortress_choice_only_when_the_losses_leave_a_choice() -> None:
    side = Side(3, 2, fortress=True)
    assert loss_choices(side, 0) == (False,)
    assert loss_choices(side, 1) == (False, True)
    assert loss_choices(side, 3) == (True,)
    assert loss_choices(Side(3, 2), 1) == (False,)


def test_one_roll_for_both_sides_with_the_die_faces() -> None:
    request = roll_request(CONTENT.land_die, Side(0, 3), Side(1, 1, extra_dice=1))
    assert [(d.label, d.count, d.sides) for d in request.draws] == \
        [("attacker", 3, 6), ("defender", 2, 6)]
    assert faces_of(CONTENT.land_die, (6, 4, 2)) == (5, 4, 3)


def test_the_owner_chooses_whether_the_fortress_falls() -> None:
    game = Position()
    game.control("cilicia", "babylon")
    game.legions("cilicia", "babylon", 2)
    game.fortress("cilicia", "babylon")
    game.legions("galatia", "egypt", 3)
    game.begin_phase()
    game.begin_turn("egypt")
    for _ in range(3):
        game.act("march", province="galatia", to="cilicia")
    game.act("battle", province="cilicia", against=game.seat("babylon"))
    game.roll((5, 5, 5), (2, 2))
    assert game.step == "loss" and game.actor() == game.seat("babylon")
    game.act("lose", fortress=True)
    area = game.area("cilicia")
    assert area.fortress == NOBODY and area.legions[game.seat("babylon")] == 1
    assert area.legions[game.seat("egypt")] == 2 and area.at_war


def test_a_sea_battle_is_optional_and_sinks_triremes() -> None:
    game = Position()
    game.triremes("mare_ionium", "rome", 2)
    game.triremes("mare_ionium", "greece", 1)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("done")
    game.act("battle", sea="mare_ionium", against=game.seat("greece"))
    game.roll((5, 5), (1,))
    fleet = game.state.waters("mare_ionium").triremes
    assert fleet[game.seat("rome")] == 2 and fleet[game.seat("greece")] == 0
    assert game.step == ""


def test_one_sea_battle_per_sea_and_turn() -> None:
    game = Position()
    game.triremes("mare_ionium", "rome", 1)
    game.triremes("mare_ionium", "greece", 1)
    game.triremes("mare_ionium", "carthage", 1)
    game.legions("italia", "rome", 1)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("done")
    game.act("battle", sea="mare_ionium", against=game.seat("greece"))
    game.roll((1,), (1,))
    assert game.step == "legions"
    assert not any(a.verb == "battle" for a in game.legal())
