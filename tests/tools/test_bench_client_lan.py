"""`mare bench client`, the LAN line: a short run measures a real LAN game on 127.0.0.1 (SDL's
dummy driver here), and peers that never join end it with one line; the peers are always
ended and the environment put back."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import bench_client_lan
from tools.bench_client_lan import LABEL, LanBenchError, Peers, lan_table_frames

PINNED = ("MARE_LAN_INTERFACE", "MARE_LAN_SERVICE_TYPE", "MARE_DATA_DIR")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Peers]:
    """Every `Peers` the bench makes, to check that its processes were ended."""
    made: list[Peers] = []

    class Recorded(Peers):
        def __init__(self, folder: Path, kind: str) -> None:
            super().__init__(folder, kind)
            made.append(self)

    monkeypatch.setattr(bench_client_lan, "Peers", Recorded)
    return made


def test_a_short_lan_run_times_frames_at_the_table(started: list[Peers]) -> None:
    before = {key: os.environ.get(key) for key in PINNED}
    figures = lan_table_frames(30)
    (label, times), = figures.items()
    assert label.startswith(f"{LABEL} (scenario 3, ") and 0 < len(times) <= 30
    assert all(p.poll() is not None for peers in started for p in peers.processes)
    assert len(started[0].processes) == 2
    assert {key: os.environ.get(key) for key in PINNED} == before


def test_peers_that_never_join_end_the_run_with_one_line(
        started: list[Peers], monkeypatch: pytest.MonkeyPatch) -> None:
    start = Peers.start
    monkeypatch.setattr(bench_client_lan, "JOIN_SECONDS", 2.0)
    monkeypatch.setattr(Peers, "start", lambda self, lobby: start(self, "no such lobby"))
    with pytest.raises(LanBenchError) as failed:
        lan_table_frames(30)
    assert "\n" not in str(failed.value)
    assert "did not join the lobby within 2 s" in str(failed.value) \
        or "exited with code" in str(failed.value)
    assert all(p.poll() is not None for peers in started for p in peers.processes)
