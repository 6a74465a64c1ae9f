"""The compiled-content cache: equal content on a hit, the YAML on any bad or foreign file."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentBundle, read_bundled
from game.rulesets.mediterranean_empires.content import (
    PRESENTATION_FILES,
    RULESET_ID,
    bundled_content,
    load_content,
)
from net.files import content_cache
from net.files.content_cache import cache_path, load_cached, read_cached, write_cache
from net.files.folders import user_folder


@pytest.fixture(scope="module")
def bundle() -> ContentBundle:
    return read_bundled(RULESET_ID, PRESENTATION_FILES)


def test_round_trip_gives_equal_content(bundle: ContentBundle, tmp_path: Path) -> None:
    first = load_cached(bundle, tmp_path)  # a miss: YAML, then written
    assert cache_path(bundle, tmp_path).is_file()
    cached = read_cached(bundle, tmp_path)
    assert cached is not None and cached == first == bundled_content()
    assert load_cached(bundle, tmp_path) == first


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "other_version"])
def test_a_bad_cache_falls_back_to_the_yaml(bundle: ContentBundle, tmp_path: Path,
                                             damage: str) -> None:
    assert write_cache(bundle, bundled_content(), tmp_path)
    path = cache_path(bundle, tmp_path)
    data = path.read_bytes()
    header, _, body = data.partition(b"\n")
    broken = {
        "truncate": data[: len(data) // 2],
        "flip": header + b"\n" + body.replace(b'"cf":', b'"cf" :', 1),
        "garbage": b"\x00\xff" * 100,
        "empty": b"",
        "other_version": header.replace(b" 0.", b" 99.", 1) + b"\n" + body,
    }[damage]
    path.write_bytes(broken)
    assert read_cached(bundle, tmp_path) is None
    assert load_cached(bundle, tmp_path) == bundled_content()
    assert read_cached(bundle, tmp_path) is not None  # rebuilt


def test_a_valid_body_with_a_matching_digest_but_bad_data_falls_back(
        bundle: ContentBundle, tmp_path: Path) -> None:
    body = b'{"content_hash":"' + bundle.content_hash.encode() + b'","decks":[]}'
    cache_path(bundle, tmp_path).write_bytes(content_cache._header(bundle, body) + body)
    assert read_cached(bundle, tmp_path) is None
    assert load_cached(bundle, tmp_path) == bundled_content()


def test_a_changed_content_hash_misses(bundle: ContentBundle, tmp_path: Path) -> None:
    assert write_cache(bundle, bundled_content(), tmp_path)
    changed = ContentBundle(bundle.ruleset, tuple(
        (name, text + "\n# edited\n" if name.endswith("tables.yaml") else text)
        for name, text in bundle.files))
    assert changed.content_hash != bundle.content_hash
    assert cache_path(changed, tmp_path) != cache_path(bundle, tmp_path)
    assert read_cached(changed, tmp_path) is None
    assert load_cached(changed, tmp_path) == load_content(changed)


def test_an_unwritable_cache_folder_still_loads(bundle: ContentBundle, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert load_cached(bundle, blocker / "cache") == bundled_content()


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv("MARE_CACHE_DIR", str(tmp_path / "mine"))
    assert content_cache.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("MARE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_folder("cache", platform="linux") == tmp_path / "xdg" / "mare-internum"
    assert user_folder("cache", {"LOCALAPPDATA": "C:/L"}, "win32") == Path(
        "C:/L/mare-internum/cache")
    assert user_folder("data", {"HOME": "/h"}, "darwin") == Path(
        "/h/Library/Application Support/mare-internum")
