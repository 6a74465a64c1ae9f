"""Rule 4.2.1 At War and rule 11's Statue of Zeus."""

from __future__ import annotations

from game.core.records import evolve
from game.rulesets.mare_nostrum import movement
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position

ROME, GREECE = 0, 1


def zeus_for_rome() -> Position:
    """Rome owns the Statue of Zeus; Greek legions stand in Rome's Italia."""
    game = Position()
    game.tile("rome", "statue_of_zeus")
    game.legions("italia", "greece", 2)
    game.legions("italia", "rome", 1)
    game.begin_phase()
    return game


def test_the_statue_owner_speaks_before_anyone_moves() -> None:
    game = zeus_for_rome()
    assert game.step == "zeus" and game.actor() == ROME
    assert {a.arg("seat") for a in game.legal() if a.verb == "peace"} == {1, 2, 3, 4}
    without = Position()
    without.begin_phase()
    assert movement.decision(CONTENT, without.state) is None


def test_never_the_same_opponent_two_rounds_running() -> None:
    game = zeus_for_rome()
    player = evolve(game.state.player(ROME), peace_with=GREECE,
                    peace_round=game.state.round - 1)
    game.set(players=(player, *game.state.players[1:]))
    assert GREECE not in {a.arg("seat") for a in game.legal() if a.verb == "peace"}


def test_peace_sends_legions_home_and_bars_battles_and_entry() -> None:
    game = zeus_for_rome()
    game.act("peace", seat=GREECE)
    assert game.area("italia").legions[GREECE] == 0
    assert game.area("achaea").legions[GREECE] == 2
    assert game.step == ""
    game.legions("macedonia", "greece", 1)
    game.legions("dalmatia", "rome", 1)
    game.control("dalmatia", "rome")
    game.begin_turn("greece")
    assert ("macedonia", "dalmatia") not in {
        (a.arg("province"), a.arg("to")) for a in game.legal() if a.verb == "march"}


def test_peace_partners_sharing_a_province_do_not_fight() -> None:
    game = zeus_for_rome()
    game.act("peace", seat=GREECE)
    game.legions("dacia", "rome", 1)
    game.legions("dacia", "greece", 1)
    game.begin_turn("rome")
    game.act("done")
    assert movement.decision(CONTENT, game.state) is None
    assert game.area("dacia").at_war


def test_at_war_ends_every_hold_in_the_province() -> None:
    game = Position()
    game.control("cyrenaica", "egypt")
    game.legions("cyrenaica", "rome", 1)
    game.edit("cyrenaica", marker_occupier=ROME, marker_round=1)
    game.legions("tripolitania", "greece", 1)
    game.begin_phase()
    game.begin_turn("greece")
    game.act("march", province="tripolitania", to="cyrenaica")
    game.act("battle", province="cyrenaica", against=ROME)
    game.roll((2,), (2,))
    area = game.area("cyrenaica")
    assert area.at_war and area.marker_occupier == NOBODY


def test_no_conquest_of_a_peace_partners_province() -> None:
    game = zeus_for_rome()
    game.control("dacia", "greece")
    game.legions("dacia", "rome", 1)
    game.act("peace", seat=GREECE)
    game.begin_turn("rome")
    game.act("done")
    assert game.step == "" and game.area("dacia").controller == GREECE
