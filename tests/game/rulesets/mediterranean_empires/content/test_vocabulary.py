"""The card-effect vocabulary: checked abilities, and rejections that name file and key path."""

from __future__ import annotations

import pytest

from game.content import ContentError, parse_yaml
from game.rulesets.mediterranean_empires.content.effect_check import validate_effect
from game.rulesets.mediterranean_empires.content.vocabulary import (
    COMBATS,
    EFFECTS,
    PARAM_KINDS,
    TAGS,
    WINDOW_USES,
    Effect,
    TableRow,
    effect_card_refs,
)

FILE = "decks/test.yaml"


def check(text: str, types: tuple[str, ...] = ("T",), known: frozenset[str] | None = None,
          ) -> Effect:
    """Validate one ability written as YAML."""
    return validate_effect(parse_yaml(text, FILE).child("ability"), types, known)


def rejects(text: str, where: str, words: str, types: tuple[str, ...] = ("T",),
            known: frozenset[str] | None = None) -> None:
    """The ability fails with an error at `where` whose message contains `words`."""
    with pytest.raises(ContentError) as caught:
        check(text, types, known)
    assert caught.value.file == FILE
    assert caught.value.path == where
    assert words in caught.value.message


def test_every_spec_is_well_formed() -> None:
    for name, spec in EFFECTS.items():
        assert name == spec.name and spec.doc.strip()
        assert spec.windows and all(w in WINDOW_USES for w in spec.windows)
        for param in spec.params:
            assert param.kind in PARAM_KINDS, (name, param.name)
            assert param.required or param.default is None or param.kind != "cards"
            if param.kind in ("word", "words"):
                assert param.words, (name, param.name)


def test_cf_bonus_is_checked_and_params_sorted() -> None:
    effect = check("ability: {effect: cf_bonus, combat: field, amount: 1, "
                   "with_cards: [caetrati]}")
    assert effect == Effect("cf_bonus", "T", "passive", (
        ("amount", 1), ("combat", "field"), ("with_cards", ("caetrati",))))
    assert effect.param("with_tag") is None


def test_optional_defaults_are_filled_in() -> None:
    effect = check("ability: {effect: subdue_barbarian, vp: 2}", ("I",))
    assert effect.param("connected") is False
    assert effect.use == "I" and effect.window == "imperium"


def test_unknown_effect_is_rejected_at_its_key() -> None:
    rejects("ability: {effect: cf_bonnus, combat: field, amount: 1}", "ability.effect",
            "unknown effect")


def test_unknown_parameter_is_rejected() -> None:
    rejects("ability: {effect: cf_bonus, combat: field, amount: 1, with_card: [x]}", "ability",
            "with_card")


def test_missing_parameter_is_rejected() -> None:
    rejects("ability: {effect: recover_on_discard}", "ability.min_roll", "missing")


def test_bad_types_and_values_are_rejected() -> None:
    rejects("ability: {effect: recover_on_discard, min_roll: five}", "ability.min_roll",
            "integer")
    rejects("ability: {effect: recover_on_discard, min_roll: 13}", "ability.min_roll",
            "outside")
    rejects("ability: {effect: extra_dice, dice: 1, side: own, combat: sea}", "ability.combat",
            "not one of", ("L",))
    rejects("ability: {effect: cf_bonus_vs, combat: field, amount: 2, against_tag: elefant}",
            "ability.against_tag", "not one of")
    rejects("ability: {effect: subdue_barbarian, vp: 2, connected: 1}", "ability.connected",
            "true or false", ("I",))


def test_card_references_must_exist_when_known_cards_are_given() -> None:
    known = frozenset({"hastati"})
    rejects("ability: {effect: cf_bonus, combat: field, amount: 1, with_cards: [hastati, "
            "triari]}", "ability.with_cards[1]", "unknown card", known=known)


def test_window_must_fit_the_card_types() -> None:
    rejects("ability: {effect: truce, with: one_player, until: end_of_turn}", "ability",
            "needs a card of type I", ("T",))
    rejects("ability: {effect: extra_dice, dice: 1, side: own, combat: any}", "ability",
            "as: L/X", ("L", "X"))
    rejects("ability: {effect: extra_dice, as: I, dice: 1, side: own, combat: any}",
            "ability.as", "not one of", ("L", "X"))
    rejects("ability: {effect: nothing}", "ability.effect", "only an outcome", ("X",))


def test_condition_combinations() -> None:
    rejects("ability: {effect: cf_bonus, combat: field, amount: 1}", "ability", "with_cards")
    rejects("ability: {effect: cf_bonus_vs, combat: field, amount: 1, against_tag: elephant, "
            "against_empire: rome}", "ability", "exactly one")
    rejects("ability: {effect: extra_dice, dice: 0, side: own, combat: any}", "ability",
            "does nothing", ("L",))


SORTIE = """
ability:
  effect: roll_table
  combat: city_defence
  rows:
    - {max: 1, then: {effect: extra_dice, dice: -1, side: own, combat: city_defence}}
    - {min: 2, max: 3, then: {effect: nothing}}
    - {min: 4, max: 5, then: {effect: extra_dice, dice: 1, side: own, combat: city_defence}}
    - {min: 6, then: {effect: extra_dice, dice: 2, side: own, combat: city_defence}}
"""


def test_roll_table_rows_nest_checked_outcomes() -> None:
    effect = check(SORTIE, ("D",))
    rows: tuple[TableRow, ...] = effect.param("rows")
    assert [(r.low, r.high) for r in rows] == [(None, 1), (2, 3), (4, 5), (6, None)]
    assert rows[0].outcome.window == "outcome" and rows[0].outcome.param("dice") == -1
    assert effect.param("dice") == (1, 6)


def test_roll_table_rows_must_be_contiguous_and_open_ended() -> None:
    gap = SORTIE.replace("{min: 2, max: 3", "{min: 3, max: 3")
    rejects(gap, "ability.rows[1]", "contiguous", ("D",))
    closed = SORTIE.replace("{min: 6, then", "{min: 6, max: 6, then")
    rejects(closed, "ability.rows", "open-ended", ("D",))


def test_nested_outcomes_are_validated_with_their_path() -> None:
    bad = SORTIE.replace("{effect: nothing}", "{effect: nothing, count: 2}")
    rejects(bad, "ability.rows[1].then", "count", ("D",))
    unknown = SORTIE.replace("{effect: nothing}", "{effect: nothin}")
    rejects(unknown, "ability.rows[1].then.effect", "unknown effect", ("D",))
    window_only = SORTIE.replace("{effect: nothing}", "{effect: truce, with: one_player, "
                                 "until: end_of_turn}")
    rejects(window_only, "ability.rows[1].then.effect", "cannot act in window outcome", ("D",))


def test_choose_one_and_card_refs() -> None:
    effect = check("ability: {effect: choose_one, options: [{effect: barbarian_attack_city}, "
                   "{effect: subdue_barbarian, vp: 2}]}", ("T", "I"))
    assert [o.name for o in effect.param("options")] == ["barbarian_attack_city",
                                                         "subdue_barbarian"]
    assert effect.use == "I"
    refs = check("ability: {effect: join_battle_late, combat: field, requires: [consul]}")
    assert effect_card_refs(refs) == ("consul",)
    rejects("ability: {effect: choose_one, options: [{effect: gain_vp, amount: 1}]}",
            "ability", "two options", ("I",))


def test_without_card_context_the_use_is_any_or_as_given() -> None:
    ability = parse_yaml("ability: {effect: extra_dice, dice: 1, side: own, combat: any}", FILE)
    assert validate_effect(ability.child("ability")).use == "any"
    given = parse_yaml("ability: {effect: extra_dice, as: L, dice: 1, side: own, combat: any}",
                       FILE)
    assert validate_effect(given.child("ability")).use == "L"


def test_dice_parameter() -> None:
    effect = check("ability: {effect: roll_table, dice: 2d6, rows: [{max: 6, then: {effect: "
                   "nothing}}, {min: 7, then: {effect: gain_vp, amount: 1}}]}", ("I",))
    assert effect.param("dice") == (2, 6)
    rejects("ability: {effect: roll_table, dice: 2d8, rows: []}", "ability.dice", "1d6", ("I",))


def test_vocabulary_words_are_declared() -> None:
    assert "elephant" in TAGS and "legion" in TAGS
    assert COMBATS[-1] == "any"
