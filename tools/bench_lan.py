"""`mare bench lan`: LAN figures on loopback (127.0.0.1 only, ports picked by the system).

1. discovery: register → seen by a running browser, and browser start → seen for a cold one;
2. a signed round trip of a 534-byte ENTRY body beside the same payload unsigned;
3. the fan-out of one signed entry to N-1 receiving processes (3 and 8 machines);
4. the wall time per entry of a bot game over 3 machine processes beside one process.

Each figure is printed beside the issue's goal with PASS or MISSED; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import math
import os
import secrets
import socket
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from net.lan.discovery import Advertiser, Browser, LobbyAd
from tools.bench_lan_game import ME3, TOY, Game, lan_run, local_per_entry
from tools.bench_lan_wire import (
    BODY_SIZE,
    Spread,
    async_fan_out,
    async_round_trips,
    nodelay_default,
    sign_verify_micros,
    spread,
)

LOOPBACK = ["127.0.0.1"]
SEEN_SECONDS = 3.0
"""A lobby not seen within this long counts as missed."""
SETTLE_SECONDS = 0.3
"""How long a browser runs before the registration (its first queries are out)."""
COLD_AFTER_SECONDS = 0.5
"""How long after the registration a cold browser starts (the announcements are over)."""
LOBBY_GOAL_MS = 500.0
SIGNING_GOAL = 3.0
OVERHEAD_GOAL_MS = 2.0


@dataclass(frozen=True)
class Sizes:
    """How much to measure (the default is the full bench; `TINY` is the smoke test's)."""

    discovery_runs: int = 10
    round_trips: int = 1000
    fan_out_rounds: int = 500
    fan_out_machines: tuple[int, ...] = (3, 8)
    lan_games: tuple[tuple[Game, int], ...] = ((TOY, 4), (ME3, 2))
    local_games: int = 20
    without_fsync: bool = True


TINY = Sizes(1, 30, 20, (3,), ((TOY, 1),), 2, False)


def run_lan_bench(sizes: Sizes = Sizes()) -> int:
    """Print the LAN figures and the goals; 0 even when a goal is missed (the lines say so)."""
    from tools.bench import machine

    began = time.perf_counter()
    print(f"machine: {machine()}; load average {_load()} (other work slows every figure)")
    print(f"loopback 127.0.0.1 only, ports picked by the system; asyncio sets TCP_NODELAY "
          f"(Nagle off) on its links: {'yes' if nodelay_default() else 'NO'}")
    goals = [_discovery(sizes.discovery_runs), _round_trips(sizes.round_trips)]
    _fan_out(sizes.fan_out_machines, sizes.fan_out_rounds)
    goals.append(_games(sizes))
    print("goals:")
    for line in goals:
        print(f"  {line}")
    print(f"bench took {time.perf_counter() - began:.0f} s; load average {_load()}")
    return 0


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def _verdict(ok: bool) -> str:
    return "PASS  " if ok else "MISSED"


# -- 1. discovery ----------------------------------------------------------------------------

def _discovery(runs: int) -> str:
    print(f"discovery (zeroconf on 127.0.0.1, a service type of its own per run, "
          f"{_plural(runs, 'run')} each):")
    running = _discovery_runs(_async_running_once, runs)
    cold = _discovery_runs(_async_cold_once, runs)
    typical = running[0].p50
    print(f"  running browser, register → seen: {_seen_text(*running)}  "
          f"[{_verdict(typical <= LOBBY_GOAL_MS)} goal ≤ {LOBBY_GOAL_MS:.0f} ms typical]")
    print(f"  cold browser, browser start → seen ({COLD_AFTER_SECONDS:.1f} s after the "
          f"registration): {_seen_text(*cold)}")
    return (f"{_verdict(typical <= LOBBY_GOAL_MS)} a running browser sees a lobby in ≤ 0.5 s "
            f"typical: p50 {typical:.1f} ms")


def _seen_text(found: Spread, missed: int) -> str:
    text = f"p50 {found.p50:.1f} ms, p99 {found.p99:.1f} ms"
    return text + (f", {missed} of {found.count} NOT seen within {SEEN_SECONDS:.0f} s"
                   if missed else "")


Once = Callable[[str, LobbyAd], Coroutine[Any, Any, float | None]]
"""One discovery run: (service type, lobby) → seconds until seen, None when not seen."""


def _discovery_runs(once: Once, runs: int) -> tuple[Spread, int]:
    """The spread of the runs (a lobby never seen counts as infinitely late) and the misses."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))  # a real port for the advertisement to name
        port = sock.getsockname()[1]
        times = [asyncio.run(once(_service_type(), _ad(port))) for _ in range(runs)]
    return spread([math.inf if t is None else t for t in times]), times.count(None)


def _service_type() -> str:
    return f"_mi-bench{secrets.token_hex(3)}._tcp.local."


def _ad(port: int) -> LobbyAd:
    return LobbyAd("bench lobby", "bench", secrets.token_hex(16), 2, "toy", "0badc0de",
                   "standard", 3, address="127.0.0.1", port=port)


async def _async_running_once(service_type: str, ad: LobbyAd) -> float | None:
    """Seconds from the call to register until a browser running for a while sees it."""
    seen, stamp = asyncio.Event(), [0.0]
    browser = Browser(LOOPBACK, service_type, lambda ads: _mark(ads, seen, stamp))
    advertiser = Advertiser(LOOPBACK, service_type)
    try:
        await browser.async_start()
        await asyncio.sleep(SETTLE_SECONDS)
        start = time.perf_counter()
        await advertiser.async_start(ad)
        return await _async_wait_seen(seen, stamp, start)
    finally:
        await advertiser.async_close()
        await browser.async_close()


async def _async_cold_once(service_type: str, ad: LobbyAd) -> float | None:
    """Seconds from starting a browser, after the lobby was registered, until it sees it."""
    seen, stamp = asyncio.Event(), [0.0]
    advertiser = Advertiser(LOOPBACK, service_type)
    browser = Browser(LOOPBACK, service_type, lambda ads: _mark(ads, seen, stamp))
    try:
        await advertiser.async_start(ad)
        await asyncio.sleep(COLD_AFTER_SECONDS)
        start = time.perf_counter()
        await browser.async_start()
        return await _async_wait_seen(seen, stamp, start)
    finally:
        await browser.async_close()
        await advertiser.async_close()


def _mark(ads: list[LobbyAd], seen: asyncio.Event, stamp: list[float]) -> None:
    if ads and not seen.is_set():
        stamp[0] = time.perf_counter()
        seen.set()


async def _async_wait_seen(seen: asyncio.Event, stamp: list[float], start: float
                           ) -> float | None:
    try:
        await asyncio.wait_for(seen.wait(), SEEN_SECONDS)
    except TimeoutError:
        return None
    return stamp[0] - start


# -- 2. round trips --------------------------------------------------------------------------

def _round_trips(count: int) -> str:
    times = asyncio.run(async_round_trips(count))
    signed, unsigned = spread(times["signed"]), spread(times["unsigned"])
    ratio = signed.p50 / unsigned.p50
    sign, check = sign_verify_micros(max(count, 200))
    print(f"round trips between two asyncio endpoints on 127.0.0.1 ({BODY_SIZE}-byte ENTRY "
          f"body, {count} each, interleaved):")
    print(f"  signed (encode_frame + open_frame each way): {_pair(signed)}")
    print(f"  unsigned (the same canonical payload):       {_pair(unsigned)}")
    print(f"  signing costs {ratio:.2f}× the unsigned round trip  "
          f"[{_verdict(ratio <= SIGNING_GOAL)} goal ≤ {SIGNING_GOAL:.0f}×]; Ed25519 sign "
          f"{sign:.0f} µs, verify {check:.0f} µs (p50)")
    return (f"{_verdict(ratio <= SIGNING_GOAL)} signing costs ≤ 3× the unsigned round trip: "
            f"{ratio:.2f}× ({signed.p50:.2f} against {unsigned.p50:.2f} ms)")


def _pair(found: Spread) -> str:
    return f"p50 {found.p50:.3f} ms, p99 {found.p99:.3f} ms"


# -- 3. fan-out ------------------------------------------------------------------------------

def _fan_out(machines: tuple[int, ...], rounds: int) -> None:
    print(f"entry fan-out: one author sends a signed {BODY_SIZE}-byte ENTRY body to N-1 receiving "
          f"processes, each verifies and acks; send → last ack ({rounds} rounds):")
    for count in machines:
        try:
            found = spread(asyncio.run(async_fan_out(count, rounds)))
        except (TimeoutError, OSError) as exc:
            print(f"  {count} machines: FAILED ({type(exc).__name__}: {exc})")
            continue
        print(f"  {count} machines: {_pair(found)}")


# -- 4. games --------------------------------------------------------------------------------

def _games(sizes: Sizes) -> str:
    print("bot games over 3 machines (3 processes, each a GameNode on loopback TCP writing "
          "and fsyncing its ledger) beside one process (bot_session + run), random bots:")
    overheads: list[str] = []
    passed = True
    for game, count in sizes.lan_games:
        overhead = _game(game, count, sizes)
        passed &= overhead <= OVERHEAD_GOAL_MS
        overheads.append(f"{game.label} {overhead:.2f} ms")
    return (f"{_verdict(passed)} network overhead per entry ≤ 2 ms over one process, "
            f"3 machines: {'; '.join(overheads)}")


def _game(game: Game, count: int, sizes: Sizes) -> float:
    """Print one game kind's figures; its overhead per entry (NaN when no game ended well)."""
    local_ms, local_entries = local_per_entry(game, sizes.local_games)
    lan = lan_run(game, count)
    overhead = lan.ms - local_ms
    verdict = _verdict(overhead <= OVERHEAD_GOAL_MS)
    print(f"  {game.label}: LAN {lan.ms:.2f} ms/entry ({lan.entries} entries, "
          f"{_plural(lan.games, 'game')}), one process {local_ms:.3f} ms/entry "
          f"({local_entries} entries), overhead {overhead:.2f} ms/entry  [{verdict} goal ≤ "
          f"{OVERHEAD_GOAL_MS:.0f} ms]")
    print(f"    CPU per entry: {lan.cpu_ms:.2f} ms on each machine, {3 * lan.cpu_ms:.2f} ms on "
          f"the 3 together, sharing {os.cpu_count()} cores")
    if sizes.without_fsync:
        bare = lan_run(game, count, ledger=False)
        print(f"    without the ledger file (no fsync): {bare.ms:.2f} ms/entry, CPU per entry "
              f"{bare.cpu_ms:.2f} ms on each machine")
    for problem in lan.problems:
        print(f"    FAILED {problem}")
    return overhead


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")
