"""The sound tool: the same bytes every time, valid short mono WAVs, the files shipped."""

from __future__ import annotations

import io
import wave
from pathlib import Path

import pytest

from sprites.sound import VARIANTS
from tools.make_sounds import DURATIONS, RATE, frames, main, render_all

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "sprites" / "assets" / "sounds"


@pytest.fixture(scope="module")
def rendered() -> dict[str, bytes]:
    """Every sound, rendered once for the module."""
    return render_all()


def test_the_generator_is_deterministic(rendered: dict[str, bytes]) -> None:
    assert render_all() == rendered


def test_each_sound_is_a_short_mono_wav_of_its_length(rendered: dict[str, bytes]) -> None:
    for name, data in rendered.items():
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE), name
            assert w.getnframes() == frames(DURATIONS[name]), name
            pcm = w.readframes(w.getnframes())
        samples = [int.from_bytes(pcm[k:k + 2], "little", signed=True)
                   for k in range(0, len(pcm), 2)]
        assert max(abs(s) for s in samples) > 8000, f"{name} is nearly silent"
        assert abs(samples[0]) < 2000 and abs(samples[-1]) < 200, f"{name} clicks at an end"
        assert len(data) < 100_000, name
    assert sum(map(len, rendered.values())) < 400_000


def test_the_client_asks_only_for_sounds_the_tool_makes(rendered: dict[str, bytes]) -> None:
    assert {f for files in VARIANTS.values() for f in files} == set(rendered)
    assert len(VARIANTS["dice"]) >= 3 and len(set(VARIANTS["dice"])) == len(VARIANTS["dice"])
    assert len({rendered[f] for f in VARIANTS["dice"]}) == len(VARIANTS["dice"])


def test_the_shipped_files_are_the_tools_output(rendered: dict[str, bytes]) -> None:
    shipped = {p.stem: p.read_bytes() for p in SHIPPED.glob("*.wav")}
    stale = sorted(n for n in rendered if shipped.get(n) != rendered[n])
    assert not stale, f"run `python -m tools.make_sounds`: {stale} differ"
    assert set(shipped) == set(rendered)
    assert "make_sounds" in (ROOT / "sprites" / "assets" / "SOURCES.md").read_text()


def test_main_writes_every_file(tmp_path: Path, rendered: dict[str, bytes],
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "out")]) == 0
    written = {p.stem: p.read_bytes() for p in (tmp_path / "out").glob("*.wav")}
    assert written == rendered
    assert "turn_end.wav" in capsys.readouterr().out
