"""A non-editable install carries every data file the game reads."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_FOLDERS = ("scenarios", "sprites/assets")
DATA_SUFFIXES = (".yaml", ".md", ".png", ".json", ".ttf", ".otf", ".txt", ".wav")


def test_the_wheel_holds_all_content_and_assets(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "__pycache__", ".*_cache"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(source)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {p.relative_to(ROOT).as_posix() for folder in DATA_FOLDERS
                for p in (ROOT / folder).rglob("*") if p.suffix in DATA_SUFFIXES}
    tracked = _tracked()
    missing = sorted(name for name in expected & tracked if name not in names)
    assert not missing, f"left out of the wheel: {missing[:5]}"
    assert "game/core/engine.py" in names and "tools/cli.py" in names


def _tracked() -> set[str]:
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        return {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()}
    return set(done.stdout.split())
