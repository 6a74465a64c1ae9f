"""`mare bench lan`, parts 2 and 3: signed against unsigned round trips between two asyncio
endpoints on 127.0.0.1, and the fan-out of one signed entry to N-1 receiving processes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.encoding import canonical_bytes, parse_canonical
from net.lan.frames import LENGTH_SIZE, async_read_frame, encode_frame, open_frame
from net.lan.identity import TAG_LEDGER, Identity, verify

ROOT = Path(__file__).resolve().parents[1]
BODY_SIZE = 534
"""The canonical size of the ENTRY body measured (protocol.md's figure)."""
WARMUP = 20
CONNECT_SECONDS = 30.0
"""How long the author waits for its receiving processes to dial in."""
ACK_SECONDS = 10.0


@dataclass(frozen=True)
class Spread:
    """p50 and p99 of some timings, in milliseconds."""

    p50: float
    p99: float
    count: int


def spread(seconds: list[float]) -> Spread:
    """Nearest-rank p50 and p99 of `seconds`, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return Spread(float("nan"), float("nan"), 0)
    return Spread(_rank(ordered, 0.50) * 1e3, _rank(ordered, 0.99) * 1e3, len(ordered))


def _rank(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def entry_body(index: int = 0, size: int = BODY_SIZE) -> dict[str, Any]:
    """An ENTRY-shaped body whose canonical encoding is exactly `size` bytes."""
    body: dict[str, Any] = {"game": "ab" * 16, "index": index, "prev": "cd" * 32, "author": 1,
                            "hash_before": "ef" * 32, "entry": {"pad": ""}}
    missing = size - len(canonical_bytes(body))
    body["entry"]["pad"] = "x" * max(0, missing)
    return body


# -- round trips -----------------------------------------------------------------------------

Codec = tuple[Callable[[dict[str, Any]], bytes], Callable[[bytes], dict[str, Any]]]
"""(message → wire bytes, wire bytes → message) of one mode."""


def codecs(identity: Identity) -> dict[str, Codec]:
    """signed: encode_frame + open_frame; unsigned: the same canonical payload, unsigned."""
    keys = {identity.fingerprint: identity.public_key}.get

    def signed_open(raw: bytes) -> dict[str, Any]:
        return open_frame(raw, keys).body

    def plain_dump(body: dict[str, Any]) -> bytes:
        return canonical_bytes({"t": "ENTRY", "by": identity.fingerprint, "b": body})

    def plain_load(raw: bytes) -> dict[str, Any]:
        return dict(parse_canonical(raw)["b"])

    return {"signed": (lambda body: encode_frame(identity, "ENTRY", body), signed_open),
            "unsigned": (plain_dump, plain_load)}


async def async_round_trips(count: int) -> dict[str, list[float]]:
    """`count` round trips of each mode, interleaved, each mode on its own link."""
    modes = codecs(Identity.ephemeral())
    body = entry_body()
    links, servers = {}, []
    for mode, codec in modes.items():
        server = await asyncio.start_server(_echo(codec), "127.0.0.1", 0)
        servers.append(server)
        links[mode] = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
    times: dict[str, list[float]] = {mode: [] for mode in modes}
    try:
        for turn in range(count + WARMUP):
            for mode, (reader, writer) in links.items():
                took = await _async_one_trip(modes[mode], body, reader, writer)
                if turn >= WARMUP:
                    times[mode].append(took)
    finally:
        await _async_close([writer for _, writer in links.values()], servers)
    return times


async def _async_one_trip(codec: Codec, body: dict[str, Any], reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> float:
    dump, load = codec
    start = time.perf_counter()
    _send(writer, dump(body))
    load(await asyncio.wait_for(async_read_frame(reader), ACK_SECONDS))
    return time.perf_counter() - start


def _echo(codec: Codec) -> Callable[[asyncio.StreamReader, asyncio.StreamWriter], Any]:
    """The other endpoint: open each message and answer with its own (signed) copy."""
    dump, load = codec

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                _send(writer, dump(load(await async_read_frame(reader))))
        writer.close()
    return serve


def _send(writer: asyncio.StreamWriter, frame: bytes) -> None:
    """As `net.lan.node.Link.send`: the length, the frame, no drain."""
    writer.write(len(frame).to_bytes(LENGTH_SIZE, "big") + frame)


async def _async_close(writers: list[asyncio.StreamWriter],
                       servers: list[asyncio.Server]) -> None:
    for writer in writers:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()
    for server in servers:
        server.close()
        await server.wait_closed()


def nodelay_default() -> bool:
    """Whether asyncio turns Nagle's algorithm off (TCP_NODELAY) on a link it opens."""
    async def probe() -> bool:
        server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
        _, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
        sock = writer.get_extra_info("socket")
        flag = bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        await _async_close([writer], [server])
        return flag
    return asyncio.run(probe())


def sign_verify_micros(count: int) -> tuple[float, float]:
    """Median µs of one Ed25519 signature and one verification of a ledger payload."""
    identity = Identity.ephemeral()
    payload = canonical_bytes({"t": "ENTRY", "by": identity.fingerprint, "b": entry_body()})
    signs, checks = [], []
    for _ in range(count):
        start = time.perf_counter()
        signature = identity.sign(TAG_LEDGER, payload)
        signs.append(time.perf_counter() - start)
        start = time.perf_counter()
        verify(identity.public_key, TAG_LEDGER, payload, signature)
        checks.append(time.perf_counter() - start)
    return spread(signs).p50 * 1e3, spread(checks).p50 * 1e3


# -- fan-out ---------------------------------------------------------------------------------

async def async_fan_out(machines: int, rounds: int) -> list[float]:
    """Seconds from sending one signed entry to machines-1 receivers (separate processes,
    dialling in over loopback TCP) until the last has verified it and acked, per round."""
    identity = Identity.ephemeral()
    joined: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    arrived = asyncio.Event()

    async def on_link(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        joined.append((reader, writer))
        if len(joined) == machines - 1:
            arrived.set()

    server = await asyncio.start_server(on_link, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    children = [await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tools.bench_lan_child", "receiver", str(port),
        identity.public_key.hex(), cwd=ROOT) for _ in range(machines - 1)]
    try:
        await asyncio.wait_for(arrived.wait(), CONNECT_SECONDS)
        return await _async_rounds(identity, joined, rounds)
    finally:
        await _async_close([writer for _, writer in joined], [server])
        await reap_children(children)


async def _async_rounds(identity: Identity,
                        joined: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]],
                        rounds: int) -> list[float]:
    times = []
    for number in range(rounds + WARMUP):
        frame = encode_frame(identity, "ENTRY", entry_body(number))
        start = time.perf_counter()
        for _, writer in joined:
            _send(writer, frame)
        for reader, _ in joined:
            await asyncio.wait_for(reader.readexactly(1), ACK_SECONDS)
        if number >= WARMUP:
            times.append(time.perf_counter() - start)
    return times


async def reap_children(children: list[asyncio.subprocess.Process]) -> None:
    """Wait for each child to end (a receiver, once its link is closed); end one still there
    after 10 s by its PID."""
    for child in children:
        try:
            await asyncio.wait_for(child.wait(), 10)
        except TimeoutError:
            os.kill(child.pid, 9)
            await child.wait()
