"""Mare Nostrum's table in words: Roman numerals with the '+' side, resources by name, where
a click answers each action, buttons' sentences and the victory line."""

from __future__ import annotations

from game.core.actions import act
from game.core.outcome import ABANDONED, AUTOMATIC_VICTORY, Outcome
from sprites.mn.end import verdict
from sprites.mn.look import level_words, resource_name
from sprites.mn.words import cost_words, label, payment_words, target

NAMES = {"seat:0": "Rome", "seat:3": "Egypt", "cyrenaica.caravan1":
         "the papyrus caravan site of Cyrenaica", "italia": "Italia"}
EMPIRES = ("rome", "greece", "babylon", "egypt", "carthage")


def test_levels_read_as_the_board_prints_them() -> None:
    assert [level_words(n) for n in (1, 4, 14, 15)] == ["I", "IV", "XIV", "XV"]
    assert level_words(18) == "+ III", "rule 5: XIV + 4 legions is the '+' side at III"


def test_resources_by_name() -> None:
    assert resource_name("legendary:sheep") == "Legendary Sheep"
    assert resource_name("coin") == "Coin" and resource_name("grain") == "Grain"


def test_a_click_answers_an_action_where_it_is_drawn() -> None:
    assert target(act("claim", giver=3, resource="gold")) == "offer:3:gold"
    assert target(act("give", resource="wine")) == "res:wine"
    assert target(act("build", item="legion", place="italia")) == "area:italia"
    assert target(act("build", item="caravan", place="italia.caravan1")) == "area:italia"
    assert target(act("build", item="tile", place="circe")) == "tile:circe"
    assert target(act("march", province="italia", to="cisalpina")) == "area:cisalpina"
    assert target(act("pay", resource="coin")) == "res:coin"
    assert target(act("marker", value=3)) == "" and target(act("pillage", site="x")) == ""


def test_buttons_say_what_they_do() -> None:
    assert label(act("claim", giver=3, resource="gold"), NAMES) == "Claim Gold from Egypt"
    assert label(act("choose_active", seat=0), NAMES) == "Rome goes next"
    assert label(act("pillage", site="cyrenaica.caravan1"), NAMES) == \
        "Pillage the papyrus caravan site of Cyrenaica"
    assert label(act("marker", value=4), NAMES) == "Play 4: each offers 4"
    assert label(act("build", item="legion", place="italia", via="spartacus"),
                 {**NAMES, "spartacus": "Spartacus"}) == "Build a legion in Italia with Spartacus"
    assert label(act("unknown_thing", province="italia", count=2), NAMES) == \
        "Unknown thing count 2 Italia"
    words = payment_words({"item": "legion", "place": "italia", "cost": 3,
                           "picked": ["grain", "wood"]}, NAMES)
    assert words.startswith("Paying for a legion in Italia: 2 of 3 picked — Grain, Wood. "
                            "A set is all coins")
    done = payment_words({"item": "tile", "place": "circe", "cost": 0, "picked": []},
                         {"circe": "Circe"})
    assert done == "Paying for Circe: 0 of 0 picked. Confirm to build."


def test_the_build_costs_in_a_line() -> None:
    costs = (("control", 3), ("regular_city", 3), ("capital_city", 3), ("temple", 6))
    assert cost_words(costs, 7, 2) == ("Costs 3: control, city · 6: temple · your next hero "
                                       "or wonder 7. Only 2 coins are kept after the phase.")
    assert "hero" not in cost_words(costs, 0, 2)


def test_the_victory_line() -> None:
    won = Outcome((0,), (), AUTOMATIC_VICTORY)
    assert verdict(won, EMPIRES, "titles") == \
        "Rome wins holding all three leader titles (rule 6.4)."
    shared = Outcome((0, 3), (), AUTOMATIC_VICTORY)
    assert verdict(shared, EMPIRES, "heroes").startswith("Rome and Egypt win together with")
    assert verdict(won.abandoned(), EMPIRES, "") == "The game was abandoned."
    assert won.abandoned().reason == ABANDONED
