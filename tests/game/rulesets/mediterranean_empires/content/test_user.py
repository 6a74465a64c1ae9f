"""User scenarios as content: what their rules hash covers, loading with the same checks as
the bundled files, and games played on them (the bundled map or a map variant)."""

from __future__ import annotations

import pytest
import yaml

from game.content import ContentError
from game.rulesets.mediterranean_empires.content import bundled_bundle, bundled_content
from game.rulesets.mediterranean_empires.content.user import (
    UserRuleset,
    area_order,
    is_user_bundle,
    load_user_content,
    user_bundle,
)
from game.rulesets.mediterranean_empires.ruleset import bundled_ruleset
from game.rulesets.mediterranean_empires.state import OUT_OF_PLAY
from game.session import bot_game, master_config
from tests.net.files.user_helpers import (
    book_setup,
    bundled_map_texts,
    for_moved_map,
    moved_city_map,
)

BUNDLED_HASH = "cf10a9b8e3271a1c"
"""The start of the bundled rules hash (user scenarios leave it as it was: it changes only
with the bundled rules content, and every log and save of a bundled game names it)."""


def _text(setup: dict) -> str:
    return yaml.safe_dump(setup, sort_keys=False)


def test_the_bundled_rules_hash_is_unchanged() -> None:
    assert bundled_bundle().content_hash.startswith(BUNDLED_HASH)
    assert bundled_ruleset().content_hash() == bundled_bundle().content_hash


def test_the_hash_covers_the_scenario_and_the_map_but_not_the_drawing() -> None:
    setup = _text(book_setup(1, "mine"))
    map_text, layout_text = bundled_map_texts()
    plain = user_bundle(setup)
    assert is_user_bundle(plain) and not is_user_bundle(bundled_bundle())
    assert plain.content_hash != bundled_bundle().content_hash
    assert user_bundle(setup + "# a note\n").content_hash != plain.content_hash
    assert user_bundle(setup, map_text, layout_text).content_hash == plain.content_hash
    moved, _ = moved_city_map()
    assert user_bundle(setup, moved, layout_text).content_hash != plain.content_hash
    recoloured = layout_text.replace('"#c0392b"', '"#123456"')
    assert user_bundle(setup, moved, recoloured).content_hash == \
        user_bundle(setup, moved, layout_text).content_hash
    assert not plain.names("setups/") and not plain.names("tutorial/")


def test_loading_reuses_the_bundled_decks_and_tables() -> None:
    content = load_user_content(user_bundle(_text(book_setup(3, "mine"))))
    base = bundled_content()
    assert content.decks is base.decks and content.tables is base.tables
    assert content.map is base.map
    [setup] = content.setups
    assert (setup.id, setup.number, setup.file) == ("mine", 0, "scenario.yaml")


def test_loading_raises_the_first_problem_naming_file_and_path() -> None:
    setup = book_setup(1, "mine")
    setup["empires"][0]["capital"] = "pella"
    with pytest.raises(ContentError, match=r"scenario\.yaml: empires\[0\]\.capital: .*not in "
                                           "play"):
        load_user_content(user_bundle(_text(setup)))
    moved, _ = moved_city_map()
    with pytest.raises(ContentError, match=r"layout\.yaml: a map variant needs its layout"):
        load_user_content(user_bundle(_text(for_moved_map(book_setup(1, "mine"))), moved))


def test_a_user_ruleset_names_its_one_scenario_without_a_number() -> None:
    ruleset = UserRuleset(user_bundle(_text(book_setup(3, "hannibal", "Hannibal's Way"))))
    [info] = ruleset.scenarios()
    assert (info.id, info.name, info.seats) == ("hannibal", "Hannibal's Way",
                                                ("Carthage", "Rome", "Iberia"))
    assert ruleset.user_setup.id == "hannibal"
    assert ruleset.layout is not None


def test_a_game_on_a_map_variant_plays_to_the_end_and_uses_the_new_city() -> None:
    moved, layout = moved_city_map()
    setup = for_moved_map(book_setup(1, "ostia_war"))
    ruleset = UserRuleset(user_bundle(_text(setup), moved, layout))
    assert ruleset.rules.content.map.city("ostia").port
    assert ruleset.layout.city_anchor("ostia") == "e"
    table, log = bot_game(ruleset, master_config(ruleset, b"ostia", "ostia_war"), b"ostia",
                          players=("bot:greedy", "bot:random"))
    assert log.finished and log.header.scenario == "ostia_war"
    assert log.header.content_hash == ruleset.content_hash()
    assert table.state.board.owner[ruleset.rules.city_index("ostia")] != OUT_OF_PLAY


def test_all_barbarian_areas_of_a_variant_keep_the_books_order_first() -> None:
    base = bundled_content().map
    assert area_order(base)[:3] == ("conii", "gallaeci", "asturi")
    assert area_order(None) == area_order(base)
