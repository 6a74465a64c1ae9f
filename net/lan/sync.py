"""Catching up: the records a machine missed (a SYNC_RESP) pass the same guards as live ones,
and dice are rebuilt from the reveals they carry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from net.lan.errors import Rejected
from net.lan.frames import open_frame
from net.lan.peer import GamePeer, Out


def take_sync(peer: GamePeer, items: list[dict[str, Any]],
              keys: Callable[[str], bytes | None]) -> list[Out]:
    """Catch up from a SYNC_RESP: entries pass the same guards, dice rebuild from reveals."""
    out: list[Out] = []
    for item in items:
        if "frame" in item:
            out += peer.receive(open_frame(bytes.fromhex(str(item["frame"])), keys))
            continue
        for fingerprint, value in item.get("reveals", []):
            _offer(peer, str(fingerprint), int(item["k"]), bytes.fromhex(value))
        out += peer.advance()
    return out


def _offer(peer: GamePeer, fingerprint: str, k: int, value: bytes) -> None:
    try:
        peer.beacon.offer(fingerprint, k, value)
    except Rejected as exc:
        if exc.reason not in ("duplicate-reveal", "stale-reveal"):
            raise
