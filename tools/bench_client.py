"""`mare bench client`: launch-to-title time and map and table frame times at 1920×1080 (under
Xvfb when there is no display), the LAN table's in `tools/bench_client_lan.py`. Targets: title
≤ 1.0 s; with ~20 moving sprites or at a table, median ≤ 4 ms and p95 ≤ 8 ms per frame; while
the map pans or zooms, p95 ≤ 4 ms and no frame over 16 ms."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from tools.bench_frames import ROOT, SIZE, close_summary, timed
from tools.xvfb import virtual_display

if TYPE_CHECKING:
    from sprites.map.pane import MapPane
    from sprites.map.tokens import Token

TITLE_RUNS = 5
FRAMES = 600
TOKENS = 20
SCENARIO = "08"


def run_client_bench(frames: int = FRAMES) -> int:
    """Print the client figures; 0 even when a target is missed (the line says so), 1 when
    the LAN game could not be set up (one line says why)."""
    from tools.bench import machine
    from tools.bench_client_lan import LABEL, LanBenchError, lan_table_frames

    os.environ.setdefault("MARE_CONFIG_DIR", tempfile.mkdtemp(prefix="mare-bench-"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(f"machine: {machine()}")
    failed = ""
    with virtual_display(SIZE) as started:
        print(f"display: {'Xvfb ' + started if started else os.environ.get('DISPLAY')} "
              f"at {SIZE[0]}x{SIZE[1]}")
        title = launch_to_title(TITLE_RUNS)
        print(f"launch to title: median {statistics.median(title):.3f} s, worst "
              f"{max(title):.3f} s over {len(title)} launches  "
              f"[{_verdict(statistics.median(title) <= 1.0)} ≤ 1.0 s]")
        figures = map_frames(frames)
        figures.update(table_frames(frames * 3))
        try:
            figures.update(lan_table_frames(frames * 3))
        except LanBenchError as exc:
            failed = f"{LABEL}: not measured: {exc}"
    for label, times in figures.items():
        print(_figure(label, times))
    if failed:
        print(failed)
    print(f"presentation: SDL_FRAMEBUFFER_ACCELERATION="
          f"{os.environ.get('SDL_FRAMEBUFFER_ACCELERATION', '(SDL default)')}")
    return 1 if failed else 0


def _figure(label: str, times: list[float]) -> str:
    """One figure's line: median, p95 and worst frame, with the verdict where there is a target."""
    if not times:
        return f"{label}: no frames measured (the game ended first)"
    median, p95 = _ms(statistics.median(times)), _ms(_percentile(times, 95))
    line = (f"{label}: median {median:.2f} ms, p95 {p95:.2f} ms, worst "
            f"{_ms(max(times)):.2f} ms over {len(times)} frames")
    if "moving tokens" in label or "table" in label:
        line += f"  [{_verdict(median <= 4 and p95 <= 8)} median ≤ 4, p95 ≤ 8]"
    elif label.startswith(("map, panning", "map, zooming")):
        line += f"  [{_verdict(p95 <= 4 and _ms(max(times)) <= 16)} p95 ≤ 4, worst ≤ 16]"
    return line


def launch_to_title(runs: int) -> list[float]:
    """Seconds from starting `mare play` to its title screen being presented, per run."""
    out = []
    for _ in range(runs):
        start = time.time()
        done = subprocess.run([sys.executable, "-m", "tools.cli", "play", "--exit-after-title",
                               "--size", f"{SIZE[0]}x{SIZE[1]}"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        shown = next(float(line.split()[1]) for line in done.stdout.splitlines()
                     if line.startswith("title-shown "))
        out.append(shown - start)
    return out


def map_frames(frames: int) -> dict[str, list[float]]:
    """Per-frame seconds of the whole loop on the map: still camera with moving tokens, a
    steady pan at level 2 (3 px a frame, into tiles not yet painted), then zoom steps in and
    out about the middle (level 2 ↔ 3, the next step once the last has animated and its
    visible tiles are sharp: level 3 is painted during the first, so the 480 frames hold the
    first step in, its tiles painted, and then quicker steps out and in)."""
    import pygame

    from sprites.app import App
    from sprites.scenes.map_scene import MapScene
    from sprites.settings import Settings

    app = App(Settings(resolution=SIZE), save=lambda _settings: None)
    app.open_display()
    app.open("title")
    scene = app.open("map", SCENARIO)
    assert isinstance(scene, MapScene)
    pane, view = scene.map, scene.map.map_view
    view.sharpen()
    pane.tokens = demo_tokens(pane, TOKENS)
    for _ in range(30):
        app.frame([])
    still = timed(app, frames)
    pane.tokens = []
    view.zoom_step(2)
    view.sharpen()
    for _ in range(5):
        app.frame([])

    def pan() -> None:
        view.pan(3, 1)

    panning = timed(app, min(frames, 240), before=pan)
    steps = [1, -1]

    def zoom() -> None:
        if view.settled:
            view.zoom_step(steps[0])
            steps.reverse()

    zooming = timed(app, min(frames, 480), before=zoom)
    pygame.quit()
    return {f"map, still camera, {TOKENS} moving tokens": still,
            "map, panning (3 px a frame)": panning,
            "map, zooming (step in and out)": zooming}


def table_frames(frames: int) -> dict[str, list[float]]:
    """Per-frame seconds at the table while four bots play scenario 8 at normal animation
    speed (time advances 1/60 s a frame): dice, flights, marches, flips, HUD and log updates."""
    import pygame

    from game.session import GameSession, Secrets
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.settings import Settings
    from sprites.table.scene import TableScene

    clock = ManualClock()
    app = App(Settings(resolution=SIZE), clock=clock, save=lambda _settings: None)
    app.open_display()
    app.open("title")
    keys = Secrets(tuple(bytes([k]) * 32 for k in range(4)), b"bench" * 8, b"bots" * 8)
    session = GameSession.start("mediterranean_empires", SCENARIO, ("bot:greedy",) * 4, keys)
    scene = app.open("table", session)
    assert isinstance(scene, TableScene)
    scene.control.fast = True  # through the set-up to the first round
    for _ in range(20000):
        if session.table.state.turn >= 1 and session.table.state.round >= 1:
            break
        clock.advance(1 / 30)
        app.frame([])
    scene.control.fast = False
    start = len(session.table.records)

    def tick() -> None:
        clock.advance(1 / 60)
        close_summary(app)

    times = timed(app, frames, before=tick)
    entries = len(session.table.records) - start
    pygame.quit()
    return {f"table, 4 bots playing turn 1 with animations ({entries} entries)": times}


def demo_tokens(pane: MapPane, count: int) -> list[Token]:
    """Banners marching to and fro along land routes (deterministic choice)."""
    from game.core.drbg import Drbg
    from sprites.map.tokens import Token, banner_sprite
    from sprites.theme import EMPIRES, empire_colour

    rng = Drbg(b"bench client", "tokens")
    land = [r for r in pane.model.routes if r.kind == "land"]
    tokens = []
    for k in range(count):
        route = rng.choice(land)
        colour = empire_colour(EMPIRES[k % len(EMPIRES)])
        tokens.append(Token(route.points, banner_sprite(colour, 22), 1.5 + rng.below(20) / 10))
    return tokens


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def _ms(seconds: float) -> float:
    return seconds * 1000


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"
