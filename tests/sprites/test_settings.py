"""Settings: a round trip, and bad files give defaults and a message, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from sprites.settings import Settings, config_dir, load_settings, save_settings


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    chosen = Settings(resolution=(1920, 1080), fullscreen=True, ui_scale=125,
                      animation_speed=200, colour_blind=True, sound=False)
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)


def test_a_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe", ""])
def test_a_corrupt_file_gives_defaults_and_a_message(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("latin-1"))
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message and "default" in message


def test_bad_fields_are_reset_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"ui_scale": 333, "sound": false, "resolution": [5, "x"], "extra": 1}')
    settings, message = load_settings(path)
    assert settings == Settings(sound=False)
    assert message and "ui_scale" in message and "resolution" in message


def test_the_config_folder_follows_each_platform() -> None:
    assert config_dir({"MARE_CONFIG_DIR": "/x"}) == Path("/x")
    assert config_dir({"HOME": "/h"}, "linux") == Path("/h/.config/mare-internum")
    assert config_dir({"HOME": "/h", "XDG_CONFIG_HOME": "/c"}, "linux") == Path(
        "/c/mare-internum")
    assert config_dir({"APPDATA": "C:/A", "HOME": "/h"}, "win32") == Path("C:/A/mare-internum")
    assert config_dir({"HOME": "/h"}, "darwin") == Path(
        "/h/Library/Application Support/mare-internum")
