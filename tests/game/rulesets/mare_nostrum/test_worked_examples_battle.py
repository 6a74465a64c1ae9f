"""The Move & Battle worked examples of the facts file (13-18, 21's move/battle answers)
with the printed dice: Rome's transport to Cyrenaica, the battle, pillage, occupation,
conversion, and Babylon's options in Cilicia."""

from __future__ import annotations

from game.rulesets.mare_nostrum import movement, text
from game.rulesets.mare_nostrum.collect import income
from game.rulesets.mare_nostrum.state import NOBODY
from tests.game.rulesets.mare_nostrum.helpers_move import CONTENT, Position

ROME, EGYPT = 0, 3


def roman_transport() -> Position:
    """Example 13's position: 2 legions in Italia, 1 in Crete, 2 triremes in Mare Ionium;
    Egypt holds Cyrenaica with a legion and a fortress, a trireme in Mare Africum."""
    game = Position()
    game.legions("italia", "rome", 2)
    game.legions("creta", "rome", 1)
    game.triremes("mare_ionium", "rome", 2)
    game.legions("cyrenaica", "egypt", 1)
    game.fortress("cyrenaica", "egypt")
    game.triremes("mare_africum", "egypt", 1)
    game.begin_phase()
    game.begin_turn("rome")
    return game


def roman_victory() -> Position:
    """Examples 13 and 15 played out: Rome's two surviving legions hold Cyrenaica."""
    game = roman_transport()
    game.act("sail", sea="mare_ionium", to="mare_africum")
    game.act("done")
    game.act("done")
    game.act("march", province="italia", to="cyrenaica")
    game.act("march", province="italia", to="cyrenaica")
    game.act("march", province="creta", to="cyrenaica")
    game.act("battle", province="cyrenaica", against=EGYPT)
    game.roll((5, 4, 3), (3,))
    return game


def test_example_13_transport_through_the_trireme_chain() -> None:
    game = roman_transport()
    game.act("sail", sea="mare_ionium", to="mare_africum")
    game.act("done")
    assert game.step == "sea_battles"
    assert any(a.verb == "battle" and a.arg("sea") == "mare_africum" for a in game.legal())
    game.act("done")
    moves = {(a.arg("province"), a.arg("to")) for a in game.legal() if a.verb == "march"}
    assert ("italia", "cyrenaica") in moves and ("creta", "cyrenaica") in moves
    assert game.state.waters("mare_africum").triremes[EGYPT] == 1


def test_example_15_the_battle_in_cyrenaica() -> None:
    game = roman_victory()
    fought = game.found("battle")[0]
    assert fought.get("rolls") == [[5, 4, 3], [3]]
    assert fought.get("totals") == [15, 8]
    assert fought.get("hits") == [3, 1]
    assert fought.get("taken") == [1, 2]
    assert fought.get("bonuses") == [[["Caesar", 3]], [["fortress", 5]]]
    area = game.area("cyrenaica")
    assert area.legions[ROME] == 2 and area.legions[EGYPT] == 0
    assert area.fortress == NOBODY and not area.at_war
    assert game.step == "conquest" and game.state.move.conquests == ("cyrenaica",)


def test_example_16_pillage_the_caravan_for_papyrus() -> None:
    game = roman_victory()
    papyrus = game.state.player(ROME).resources.count("papyrus")
    game.act("pillage", site="cyrenaica.caravan1")
    area = game.area("cyrenaica")
    assert "cyrenaica.caravan1" not in area.buildings
    assert ("cyrenaica.caravan1", ROME) in area.posted
    assert game.state.player(ROME).resources.count("papyrus") == papyrus + 1
    assert game.step == ""


def test_example_17_occupy_caravan_and_market() -> None:
    game = roman_victory()
    rome_trade = game.state.player(ROME).tracks[0]
    egypt_trade = game.state.player(EGYPT).tracks[0]
    game.act("occupy", site="cyrenaica.caravan1")
    game.act("occupy", site="cyrenaica.market1")
    assert game.step == ""
    assert game.state.player(ROME).tracks[0] == rome_trade + 2
    assert game.state.player(EGYPT).tracks[0] == egypt_trade - 2
    rome_goods, _ = income(CONTENT, game.state, ROME)
    egypt_goods, _ = income(CONTENT, game.state, EGYPT)
    assert rome_goods.count("papyrus") == 2
    cyrenaica_coin = egypt_goods.count("coin")
    game.edit("cyrenaica", occupied=())
    assert income(CONTENT, game.state, EGYPT)[0].count("coin") == cyrenaica_coin


def test_example_18_occupy_the_marker_then_convert_next_turn() -> None:
    game = roman_victory()
    egypt_before = income(CONTENT, game.state, EGYPT)[0]
    game.act("occupy_marker")
    assert game.area("cyrenaica").marker_occupier == ROME
    assert income(CONTENT, game.state, EGYPT)[0] == egypt_before
    game.set(round=game.state.round + 1)
    game.begin_phase()
    game.begin_turn("rome")
    area = game.area("cyrenaica")
    assert area.controller == ROME and area.marker_occupier == NOBODY
    assert game.found("converted")[0].get("previous") == EGYPT


def test_qa_a_lost_link_removes_the_marker_without_replacing_it() -> None:
    game = roman_victory()
    game.act("occupy_marker")
    game.triremes("mare_africum", "rome", 0)
    game.begin_phase()
    game.begin_turn("rome")
    area = game.area("cyrenaica")
    assert area.controller == NOBODY and area.marker_occupier == NOBODY
    assert not any(site.startswith("cyrenaica") for site in _held_sites(game, EGYPT))
    assert income(CONTENT, game.state, ROME)[0].count("papyrus") == 0


def _held_sites(game: Position, seat: int) -> list[str]:
    return [s for a in game.state.provinces for s in a.buildings if a.holder(s) == seat]


def babylon_in_cilicia() -> Position:
    """Example 14: Babylon's 2 legions and fortress in Cilicia with 2 Egyptian legions;
    an Egyptian fortress in Judaea."""
    game = Position()
    game.control("cilicia", "babylon")
    game.control("judaea", "egypt")
    game.legions("cilicia", "babylon", 2)
    game.fortress("cilicia", "babylon")
    game.legions("cilicia", "egypt", 2)
    game.fortress("judaea", "egypt")
    game.begin_phase()
    game.begin_turn("babylon")
    return game


def test_example_14_all_three_options_are_legal() -> None:
    game = babylon_in_cilicia()
    moves = {(a.arg("province"), a.arg("to")) for a in game.legal() if a.verb == "march"}
    assert {("cilicia", "judaea"), ("cilicia", "asia")} <= moves
    assert "done" in {a.verb for a in game.legal()}
    game.act("march", province="cilicia", to="judaea")
    game.act("march", province="cilicia", to="judaea")
    battles = {(a.arg("province"), a.arg("against")) for a in game.legal()}
    assert battles == {("cilicia", EGYPT), ("judaea", EGYPT)}


def test_example_14_a_fortress_alone_rolls_nothing_and_scores_one_hit() -> None:
    game = babylon_in_cilicia()
    game.act("march", province="cilicia", to="judaea")
    game.act("march", province="cilicia", to="judaea")
    game.act("battle", province="judaea", against=EGYPT)
    game.roll((2, 2), ())
    fought = game.found("battle")[0]
    assert fought.get("totals") == [4, 5] and fought.get("taken") == [1, 0]
    assert game.area("judaea").legions[game.seat("babylon")] == 1
    assert game.area("judaea").at_war


def test_qa_one_battle_per_province_against_one_chosen_opponent() -> None:
    game = babylon_in_cilicia()
    game.legions("cilicia", "greece", 1)
    game.act("done")
    choices = {(a.arg("province"), a.arg("against")) for a in game.legal()}
    assert choices == {("cilicia", EGYPT), ("cilicia", game.seat("greece"))}
    game.act("battle", province="cilicia", against=EGYPT)
    game.roll((2, 2), (2, 2))
    assert game.step == "" and game.area("cilicia").at_war


def test_every_event_of_the_examples_has_a_sentence() -> None:
    game = roman_victory()
    game.act("pillage", site="cyrenaica.caravan1")
    known = {**text.SENTENCES, **movement.SENTENCES}
    for event in game.events:
        assert event.kind in known, event.kind
        assert text.describe(event, known).endswith(".")
    assert text.describe(game.found("battle")[0], known) == (
        "Player 1 rolls 5, 4 and 3 + 3 (Caesar) = 15 (3 hits); "
        "Player 4 rolls a 3 + 5 (fortress) = 8 (1 hit).")
