"""Intent → Action: only legal actions come out; places, cards and buttons are told apart."""

from __future__ import annotations

from game.core.actions import Action, act
from game.rulesets.mediterranean_empires.content import MeContent
from sprites.scenes.base import intent
from sprites.table.controller import hint
from sprites.table.intents import resolve, sort_actions, target_of
from sprites.table.labels import LabelContext, choice_options, label
from sprites.table.names import Names

NODES = {"roma", "capua", "suebi"}
HAND = {"rome:0:1", "rome:0:2"}


def _is_node(value: object) -> bool:
    return value in NODES


def _legal() -> tuple[Action, ...]:
    return (act("pass"), act("confirm"), act("cancel"), act("target", to="capua"),
            act("intercept", at="suebi"), act("intercept", at="sea"),
            act("discard", slot="rome:0:1"),
            act("play", slot="rome:0:2", use="L", side=0),
            act("play", slot="rome:0:2", use="D", side=1),
            act("use", slot="rome:0:9", type="T"))


def test_actions_are_sorted_into_places_cards_and_buttons() -> None:
    offer = sort_actions(_legal(), _is_node, HAND)
    assert set(offer.targets) == {"capua", "suebi"}
    assert set(offer.cards) == HAND and len(offer.cards["rome:0:2"]) == 2
    verbs = [str(a) for a in offer.buttons]
    assert verbs == ["pass", "confirm", "cancel", "intercept at=sea", "use slot=rome:0:9 type=T"]
    assert target_of(act("place", city="roma"), _is_node) == "roma"


def test_intents_resolve_only_to_legal_actions() -> None:
    offer = sort_actions(_legal(), _is_node, HAND)
    assert resolve(intent("node", id="capua"), offer) == act("target", to="capua")
    assert resolve(intent("node", id="roma"), offer) is None  # not a legal target
    assert resolve(intent("card", slot="rome:0:1"), offer) == act("discard", slot="rome:0:1")
    many = resolve(intent("card", slot="rome:0:2"), offer)
    assert isinstance(many, list) and len(many) == 2
    assert resolve(intent("card", slot="carthage:0:1"), offer) is None
    assert resolve(intent("choose", action=act("confirm")), offer) == act("confirm")
    assert resolve(intent("choose", action=act("done")), offer) is None
    assert resolve(intent("choose", action="confirm"), offer) is None
    assert resolve(intent("key", key="pass"), offer) == act("pass")
    assert resolve(intent("key", key="confirm"), offer) == act("confirm")
    assert resolve(intent("key", key="cancel"), offer) == act("cancel")
    assert resolve(intent("pointer", pos=(1, 2)), offer) is None


def test_keys_fall_back_to_their_other_verbs() -> None:
    offer = sort_actions((act("decline"), act("done"), act("intercept", at="sea")), _is_node,
                         HAND)
    assert resolve(intent("key", key="pass"), offer) == act("decline")
    assert resolve(intent("key", key="confirm"), offer) == act("done")
    assert resolve(intent("key", key="cancel"), offer) is None


def test_labels_say_what_an_action_does(me_content: MeContent) -> None:
    ctx = LabelContext(Names(me_content), {"rome:0:2": "consul"}, ("carthage", "rome"))
    assert label(act("pass"), ctx) == "Pass"
    assert label(act("target", to="capua"), ctx) == "Target Capua"
    assert label(act("play", slot="rome:0:2", use="L", side=0), ctx) == "Play Consul as Leader"
    assert label(act("play", slot="rome:0:2", use="D", side=1), ctx) == \
        "Play Consul as Defence for the defender"
    assert label(act("route", via="sea"), ctx) == "By sea"
    assert label(act("discard", slot="rome:0:7"), ctx) == "Discard a hidden card"
    assert label(act("target", id=1), ctx) == "Target Rome"
    assert label(act("frobnicate", x="capua"), ctx) == "Frobnicate x Capua"


def test_a_card_taken_back_and_a_choose_one_option_are_named(me_content: MeContent) -> None:
    ctx = LabelContext(Names(me_content), {"carthage:0:18": "numidian_cavalry"},
                       ("carthage", "rome"))
    assert label(act("target", id="carthage:0:18"), ctx) == "Take back Numidian Cavalry"
    use = {"seat": 0, "card": "barbarian_allies", "path": [0]}
    options = choice_options(me_content, {"kind": "effect_target", "use": use})
    assert options == {0: "Set barbarians on a city",
                       1: "Subdue a barbarian area and score 2 VP"}
    ctx.options = options
    assert [label(act("target", id=i), ctx) for i in ("0", "1")] == list(options.values())


def test_the_hint_names_only_the_keys_that_answer_now() -> None:
    full = hint(sort_actions(_legal(), _is_node, HAND))
    assert full.endswith("(P passes, Enter confirms, Esc cancels)")
    places = sort_actions((act("place", city="capua"), act("place", city="suebi")), _is_node,
                          set())
    assert hint(places) == "Click a glowing place on the map"
    declining = sort_actions((act("decline"), act("done")), _is_node, set())
    assert hint(declining) == "Use a button (P declines, Enter: done)"
