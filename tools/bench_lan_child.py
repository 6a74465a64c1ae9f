"""The child processes of `mare bench lan`: fan-out receivers and game machines.

`python -m tools.bench_lan_child receiver PORT KEY` dials the author at 127.0.0.1:PORT, opens
every frame (signature checked with KEY, hex) and acks it with one byte, until the link closes
or stays idle for IDLE_SECONDS.

`python -m tools.bench_lan_child player SPEC` plays the games of a spec file, one machine of
each, through the real runtime (`net.lan.node.GameNode`) on a listening socket it inherited:
for every game it prints `ready`, waits for a line on stdin, plays, and prints one JSON line
with the time.monotonic() at which each record was applied here (CLOCK_MONOTONIC is shared
by every process on Linux, so the parent can compare machines) and the process's CPU time then.
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from net.lan.node import GameNode
    from net.lan.peer import GamePeer

IDLE_SECONDS = 30.0
"""A receiver or a player that hears nothing for this long gives up."""
GAME_SECONDS = 30
"""The longest one game may take on a player before it is abandoned."""


# -- fan-out receiver ------------------------------------------------------------------------

async def _async_receive(port: int, key: bytes) -> int:
    from net.lan.frames import async_read_frame, open_frame
    from net.lan.identity import fingerprint_of

    keys = {fingerprint_of(key): key}
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    frames = 0
    try:
        while True:
            raw = await asyncio.wait_for(async_read_frame(reader), IDLE_SECONDS)
            open_frame(raw, keys.get)
            writer.write(b"\x01")
            frames += 1
    except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
        return frames
    finally:
        writer.close()


# -- game machine ----------------------------------------------------------------------------

def _peer(game: dict[str, Any]) -> tuple[GamePeer, dict[str, bytes]]:
    """This machine's GamePeer of one game (its ledger written and fsynced as in play)."""
    from net.lan.genesis import LanSecrets, genesis_from_plain
    from net.lan.identity import Identity
    from net.lan.ledger import Ledger, LedgerFile
    from net.lan.peer import GamePeer

    genesis = genesis_from_plain(game["genesis"])
    signatures = {fp: bytes.fromhex(s) for fp, s in game["signatures"].items()}
    file = LedgerFile(Path(game["ledger"])) if game["ledger"] else None
    if file is not None:
        file.start(genesis, signatures)
    peer = GamePeer(Identity.from_seed(bytes.fromhex(game["seed"])), genesis,
                    LanSecrets.from_plain(game["secrets"]), Ledger(genesis, file))
    return peer, signatures


async def _async_play(game: dict[str, Any], peer: GamePeer, signatures: dict[str, bytes]
                      ) -> dict[str, Any]:
    """Play one game on the inherited listening socket; what the parent needs to know."""
    from net.lan.node import GameNode, Settings

    stamps = _stamp(peer)
    nodes: list[GameNode] = []
    ready = asyncio.Event()
    server = await asyncio.start_server(_acceptor(nodes, ready),
                                        sock=socket.socket(fileno=int(game["fd"])))
    settings = Settings(interface="127.0.0.1", wait_timeout=IDLE_SECONDS, say=lambda text: None)
    nodes.append(GameNode(peer, signatures, settings, server))
    ready.set()
    try:
        result = await asyncio.wait_for(nodes[0].async_run(), GAME_SECONDS)
    finally:
        server.close()
        await nodes[0].async_close()
    return {"status": result.status, "final": result.final_hash,
            "stamps": [stamps[i][0] for i in sorted(stamps)],
            "cpu": [stamps[i][1] for i in sorted(stamps)]}


def _stamp(peer: GamePeer) -> dict[int, tuple[float, float]]:
    """Record index → (time.monotonic(), CPU time) when this machine applied it."""
    stamps: dict[int, tuple[float, float]] = {}

    def stamp(index: int, events: object) -> None:
        stamps.setdefault(index, (time.monotonic(), time.process_time()))
    peer.on_events = stamp
    return stamps


def _acceptor(nodes: list[GameNode], ready: asyncio.Event
              ) -> Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]:
    """The server's handler: a link dialled by a lower machine, its HELLO read and checked,
    then handed to the node once it exists (as `net.lan.play` does)."""
    from net.lan.errors import LanError, Rejected
    from net.lan.frames import async_read_frame, open_hello

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            message = open_hello(await asyncio.wait_for(async_read_frame(reader), IDLE_SECONDS))
            await ready.wait()
            await nodes[0].accept(message, reader, writer)
        except (Rejected, LanError, asyncio.IncompleteReadError, TimeoutError, ConnectionError):
            writer.close()
    return accept


def _play_spec(path: Path) -> int:
    from game.core.encoding import parse_canonical
    from net.files.content_cache import install

    install()  # as `mare` does: bundled content through the compiled cache
    spec = parse_canonical(path.read_bytes())
    for game in spec["games"]:
        peer, signatures = _peer(game)
        print("ready", flush=True)
        if not sys.stdin.readline().strip():
            return 1
        print(json.dumps(asyncio.run(_async_play(game, peer, signatures))), flush=True)
    return 0


def main(argv: Sequence[str]) -> int:
    """`receiver PORT KEY` or `player SPEC`."""
    if len(argv) == 3 and argv[0] == "receiver":
        asyncio.run(_async_receive(int(argv[1]), bytes.fromhex(argv[2])))
        return 0
    if len(argv) == 2 and argv[0] == "player":
        return _play_spec(Path(argv[1]))
    print("usage: python -m tools.bench_lan_child receiver PORT KEY | player SPEC",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
