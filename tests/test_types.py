"""Types are checked: mypy (configured in pyproject.toml) is clean on game/ and net/."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean_on_the_engine_and_net(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extras")
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path / "cache")])
    assert status == 0, out + err
