"""Settings: a round trip, and bad files (or things that are not files) give defaults and a
notice on the title screen, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from sprites.settings import Settings, config_dir, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


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


DAMAGED = {
    "deep nesting": lambda path: path.write_bytes(b"[" * 100_000 + b"]" * 100_000),
    "deep nesting in a field": lambda path: path.write_bytes(
        b'{"ui_scale": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
    "a 5000-digit number": lambda path: path.write_bytes(b'{"ui_scale": ' + b"9" * 5000 + b"}"),
    "numbers far out of range": lambda path: path.write_bytes(
        b'{"resolution": [1e999, -1e999], "ui_scale": 123456789012345678901234567890}'),
    "non-UTF-8 bytes": lambda path: path.write_bytes(b'{"sound": "\xff\xfe\x00"}'),
    "a directory instead of a file": lambda path: path.mkdir(),
    "/dev/zero": lambda path: path.symlink_to("/dev/zero"),
}


def _damage(case: str, private_config: Path) -> None:
    private_config.mkdir(parents=True, exist_ok=True)
    DAMAGED[case](private_config / "settings.json")


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_settings_file_gives_defaults_and_a_notice_on_the_title(
        case: str, private_config: Path, display: pygame.Surface) -> None:
    """The client starts on the defaults and the title screen says why, in full."""
    from sprites.main import make_app
    from sprites.ui.text import TextRecorder

    _damage(case, private_config)
    app = make_app(size=display.get_size())
    assert app.settings == Settings(resolution=display.get_size())
    assert app.message and ("using the defaults" in app.message or "reset" in app.message)
    app.screen = display
    app.open("title")
    with TextRecorder() as recorder:
        app.frame([])
    assert "".join(app.message.split()) in recorder.said


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_the_client_starts_whatever_the_settings_file_holds(case: str, private_config: Path
                                                            ) -> None:
    """`mare play` reaches its title screen, with no traceback."""
    _damage(case, private_config)
    env = {**os.environ, "MARE_CONFIG_DIR": str(private_config), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "tools.cli", "play", "--exit-after-title",
                           "--size", "640x360"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "title-shown" in done.stdout, done.stderr
    assert "Traceback" not in done.stderr
