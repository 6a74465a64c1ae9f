"""`mare bench client`, the LAN line: frame times at the table of a real LAN game on 127.0.0.1.

This process hosts the lobby through `app.lan` (a real `LanService`, its seat played by a
greedy bot on this machine); two `mare lan join --bot random` processes, each with its own data
folder and ledger in a temporary folder, take the other seats. They are ended by their own
PIDs (terminate, then kill) whatever happens, and every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tools.bench_frames import ROOT, SIZE, close_summary, timed

if TYPE_CHECKING:
    from net.lan.facade import Lan, Room
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.table.lan_scene import LanTableScene

LABEL = "table, LAN game with two headless peers"
LOOPBACK = "127.0.0.1"
SCENARIO = "3"
"""Three seats: this machine's and one for each peer."""
RULESET = "mediterranean_empires"
JOIN_SECONDS = 60.0
START_SECONDS = 60.0
SETUP_SECONDS = 180.0
STOP_SECONDS = 5.0
T = TypeVar("T")


class LanBenchError(RuntimeError):
    """The LAN game could not be brought to the table (the message is one line)."""


class Peers:
    """The two `mare lan join --bot random` processes, each with its own folder and ledger."""

    def __init__(self, folder: Path, kind: str) -> None:
        self.folder = folder
        self.kind = kind
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, lobby: str) -> None:
        """Start both peers; they find the lobby by name on 127.0.0.1 and take a seat each."""
        for k in (1, 2):
            self.processes.append(self._start(lobby, self.folder / f"peer{k}"))

    def _start(self, lobby: str, home: Path) -> subprocess.Popen[bytes]:
        """One `mare lan join` with its own data folder, ledger and output file in `home`."""
        home.mkdir(parents=True)
        env = {**os.environ, "MARE_DATA_DIR": str(home), "PYTHONUNBUFFERED": "1"}
        args = ["lan", "join", "--lobby", lobby, "--seats", "1", "--bot", "random",
                "--interface", LOOPBACK, "--service-type", self.kind,
                "--ledger", str(home / "ledger.jsonl")]
        with (home / "out.txt").open("wb") as out:
            return subprocess.Popen([sys.executable, "-m", "tools", *args], cwd=ROOT, env=env,
                                    stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT)

    def check(self) -> None:
        """LanBenchError if a peer has already ended (naming its last line of output)."""
        for k, process in enumerate(self.processes, 1):
            if process.poll() is not None:
                said = (self.folder / f"peer{k}" / "out.txt").read_text(errors="replace")
                last = said.strip().splitlines()[-1:] or ["(no output)"]
                raise LanBenchError(f"peer {k} exited with code {process.returncode}: {last[0]}")

    def stop(self) -> None:
        """End every peer still running, by its own PID: terminate, then kill."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(STOP_SECONDS)


def lan_table_frames(frames: int) -> dict[str, list[float]]:
    """Per-frame seconds at the LAN table from round 1, `frames` of them or fewer if the game
    ends first; LanBenchError when a bounded wait ran out or a peer ended."""
    with tempfile.TemporaryDirectory(prefix="mare-bench-lan-") as name:
        folder = Path(name)
        kind = f"_mi-{secrets.token_hex(4)}._tcp.local."
        with _pinned(folder / "bench", kind), _peers(folder, kind) as peers:
            return _measured(frames, peers, f"bench {kind[4:12]}")


@contextlib.contextmanager
def _pinned(data: Path, kind: str) -> Iterator[None]:
    """This process's LAN service on 127.0.0.1, its own service type and data folder."""
    wanted = {"MARE_LAN_INTERFACE": LOOPBACK, "MARE_LAN_SERVICE_TYPE": kind,
              "MARE_DATA_DIR": str(data)}
    before = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextlib.contextmanager
def _peers(folder: Path, kind: str) -> Iterator[Peers]:
    """The peers (started later), ended on the way out whatever happened."""
    peers = Peers(folder, kind)
    try:
        yield peers
    finally:
        peers.stop()


def _measured(frames: int, peers: Peers, lobby: str) -> dict[str, list[float]]:
    """Host, set up, then time the frames; the peers and the LAN handle are closed after."""
    import pygame

    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.settings import Settings

    clock = ManualClock()
    app = App(Settings(resolution=SIZE, player_name="Bench"), clock=clock,
              save=lambda _settings: None)
    try:
        app.open_display()
        app.open("title")
        scene = _hosted_table(app, peers, lobby)
        _through_setup(app, clock, scene)
        start = len(scene.session.table.records)

        def tick() -> None:
            clock.advance(1 / 60)
            close_summary(app)

        times = timed(app, frames, before=tick, until=lambda: _ended(scene))
        entries = len(scene.session.table.records) - start
        network = "still on" if app.lan.snapshot().phase == "playing" else "over"
        return {f"{LABEL} (scenario {SCENARIO}, {entries} entries, network game {network})":
                times}
    finally:
        peers.stop()  # first: a live peer re-dials this machine while its game closes
        app.close_lan()
        pygame.quit()


def _hosted_table(app: App, peers: Peers, lobby: str) -> LanTableScene:
    """Host the lobby, seat a greedy bot of this machine, let the peers join, start."""
    from sprites.table.lan_scene import LanTableScene

    lan = app.lan
    lan.host(lobby, RULESET, SCENARIO, ())
    room = _wait(lambda: lan.snapshot().room, 30, "the lobby did not open", lan, peers)
    lan.set_seat(0, room.me, "bot:greedy")
    _wait(lambda: _seated(lan.snapshot().room), 30, "seat 0 was not given to the bot", lan,
          peers)
    peers.start(lobby)
    _wait(lambda: _startable(lan.snapshot().room), JOIN_SECONDS,
          "the two peers did not join the lobby", lan, peers)
    lan.start()
    _wait(lambda: lan.snapshot().game, START_SECONDS, "the game did not start", lan, peers)
    scene = app.open("lan_table")
    assert isinstance(scene, LanTableScene) and scene.started
    return scene


def _seated(room: Room | None) -> bool:
    """Seat 0 is held (by this machine's bot)."""
    return room is not None and room.seats[0].machine != ""


def _startable(room: Room | None) -> bool:
    """Every seat is held and ready."""
    return room is not None and room.can_start


def _wait(found: Callable[[], T | None], seconds: float, what: str, lan: Lan,
          peers: Peers) -> T:
    """What `found` gives once truthy; LanBenchError after `seconds` or if a peer ended."""
    deadline = time.monotonic() + seconds
    while not (value := found()):
        peers.check()
        if time.monotonic() > deadline:
            notice = lan.snapshot().notice
            raise LanBenchError(f"{what} within {seconds:.0f} s" +
                                (f" ({notice})" if notice else ""))
        time.sleep(0.02)
    return value


def _through_setup(app: App, clock: ManualClock, scene: LanTableScene) -> None:
    """Fast-forward the table through the set-up to the first round, as the records come."""
    scene.control.fast = True
    deadline = time.monotonic() + SETUP_SECONDS
    state = scene.session.table
    while not (state.state.turn >= 1 and state.state.round >= 1):
        if time.monotonic() > deadline or _ended(scene):
            raise LanBenchError(f"the table did not reach round 1 within {SETUP_SECONDS:.0f} s")
        clock.advance(1 / 30)
        app.frame([])
    scene.control.fast = False


def _ended(scene: LanTableScene) -> bool:
    """The game is over on this screen (or the table froze)."""
    return scene.session.over or scene.control.stuck
