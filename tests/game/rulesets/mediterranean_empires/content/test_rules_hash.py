"""The rules hash covers exactly what the engine reads: drawing-only data (layout.yaml) can
change and every log still replays; other rules content is refused, naming both hashes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content.bundle import read_folder, ruleset_dir
from game.core.errors import LogError
from game.core.log import GameLog, dumps, loads
from game.core.table import replay
from game.rulesets.mediterranean_empires.content import (
    PRESENTATION_FILES,
    RULESET_ID,
    bundled_bundle,
    load_content,
)
from game.rulesets.mediterranean_empires.content.layout import load_layout
from game.rulesets.mediterranean_empires.rules import Rules
from game.rulesets.mediterranean_empires.ruleset import MeRuleset, bundled_ruleset
from game.session import bot_game, master_config


@pytest.fixture(scope="module")
def played() -> GameLog:
    """A short bot game of scenario 1, logged on the bundled content."""
    ruleset = bundled_ruleset()
    _, log = bot_game(ruleset, master_config(ruleset, b"rules-hash", "1"), b"rules-hash")
    return loads(dumps(log))


def _copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / RULESET_ID
    shutil.copytree(ruleset_dir(RULESET_ID), folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_the_log_header_names_the_rules_hash(played: GameLog) -> None:
    assert played.header.content_hash == bundled_bundle().content_hash


def test_a_new_colour_and_label_position_replay_every_log(played: GameLog,
                                                          tmp_path: Path) -> None:
    folder = _copy(tmp_path, "layout.yaml", 'gallia: {colour: "#6d9dc5", label: [293, 4760]}',
                   'gallia: {colour: "#123456", label: [300, 4700]}')
    bundle = read_folder(RULESET_ID, folder, PRESENTATION_FILES)
    assert bundle.content_hash == bundled_bundle().content_hash
    assert bundle.files_hash != bundled_bundle().files_hash
    content = load_content(bundle)
    assert load_layout(bundle, content.map).province_style("gallia").colour == "#123456"
    state, _ = replay(MeRuleset(Rules(content)), played)
    assert state is not None


def test_other_rules_content_is_refused_naming_both_hashes(played: GameLog,
                                                           tmp_path: Path) -> None:
    folder = _copy(tmp_path, "tables.yaml", "dice: 2", "dice: 3")
    bundle = read_folder(RULESET_ID, folder, PRESENTATION_FILES)
    ruleset = MeRuleset(Rules(load_content(bundle)))
    with pytest.raises(LogError) as refused:
        replay(ruleset, played)
    message = str(refused.value)
    assert played.header.content_hash in message and bundle.content_hash in message
