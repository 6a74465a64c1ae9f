"""Rule 4.1: triremes sail one sea, legions march one province (adjacent or adjoining
through their own triremes), land battles are due, Circe's legions stand on caravan sites."""

from __future__ import annotations

from game.rulesets.mare_nostrum import movement
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position

ROME = 0


def marches(game: Position) -> set[tuple[object, object]]:
    """(from, to) of the marches on offer."""
    return {(a.arg("province"), a.arg("to")) for a in game.legal() if a.verb == "march"}


def test_a_trireme_sails_one_sea_per_turn() -> None:
    game = Position()
    game.triremes("mare_ionium", "rome", 2)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("sail", sea="mare_ionium", to="mare_africum")
    origins = {a.arg("sea") for a in game.legal() if a.verb == "sail"}
    assert origins == {"mare_ionium"}
    game.act("sail", sea="mare_ionium", to="mare_aegaeum")
    assert game.step == ""


def test_an_island_is_reached_only_through_triremes() -> None:
    game = Position()
    game.legions("creta", "rome", 1)
    game.legions("cilicia", "rome", 1)
    game.begin_phase()
    game.begin_turn("rome")
    assert not any(origin == "creta" for origin, _ in marches(game))
    game.triremes("mare_aegaeum", "rome", 1)
    assert {("creta", "asia"), ("creta", "achaea")} <= marches(game)


def test_a_legion_that_arrived_does_not_move_again() -> None:
    game = Position()
    game.legions("cilicia", "rome", 2)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("march", province="cilicia", to="judaea")
    assert ("judaea", "cilicia") not in marches(game)
    assert ("cilicia", "judaea") in marches(game)


def test_covered_provinces_are_off_the_board() -> None:
    game = Position(players=3)
    game.legions("judaea", "rome", 1)
    game.begin_phase()
    game.begin_turn("rome")
    assert ("judaea", "aegyptus") not in marches(game)
    assert ("judaea", "cilicia") in marches(game)


def test_land_battles_cannot_be_declined() -> None:
    game = Position()
    game.legions("cilicia", "rome", 1)
    game.legions("cilicia", "greece", 1)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("done")
    assert [a.verb for a in game.legal()] == ["battle"]


def test_a_player_with_nothing_to_move_ends_his_turn_at_once() -> None:
    game = Position()
    game.begin_phase()
    game.begin_turn("rome")
    assert movement.decision(CONTENT, game.state) is None


def test_a_leaving_legion_gives_up_a_hold_when_every_other_one_holds() -> None:
    game = Position()
    game.control("cyrenaica", "egypt")
    game.legions("cyrenaica", "rome", 2)
    game.edit("cyrenaica", occupied=(("cyrenaica.caravan1", ROME), ("cyrenaica.city1", ROME)))
    game.begin_phase()
    game.begin_turn("rome")
    game.act("march", province="cyrenaica", to="tripolitania")
    assert game.area("cyrenaica").occupied == (("cyrenaica.caravan1", ROME),)


def test_circe_stands_a_free_legion_on_an_empty_caravan_site() -> None:
    game = Position()
    game.tile("rome", "circe")
    game.control("tripolitania", "rome")
    game.edit("tripolitania", buildings=())
    game.legions("tripolitania", "rome", 1)
    game.begin_phase()
    game.begin_turn("rome")
    posts = {a.arg("site") for a in game.legal() if a.verb == "post"}
    assert posts == {"tripolitania.caravan1", "tripolitania.caravan2"}
    game.act("post", site="tripolitania.caravan1")
    assert game.area("tripolitania").posted == (("tripolitania.caravan1", ROME),)
    assert not any(a.verb == "post" for a in game.legal())


def test_a_refused_action_is_explained_with_its_rule() -> None:
    game = Position()
    game.legions("cilicia", "rome", 1)
    game.legions("cilicia", "greece", 1)
    game.begin_phase()
    game.begin_turn("rome")
    game.act("done")
    sentence, rule = movement.objection(CONTENT, game.state, ROME, movement.DONE)
    assert rule == "4.1.2" and "must fight" in sentence
