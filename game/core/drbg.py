"""Integer-only deterministic random bit generator: HMAC-SHA256 in counter mode.

Every chance number in the game comes from here, keyed by a seed supplied from outside the
engine (OS entropy offline, the shared beacon on a LAN) and a label naming the purpose, so the
same seed gives the same numbers on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import sha256
from typing import TypeVar

T = TypeVar("T")
Pads = tuple[bytes, bytes]
_BLOCK_SIZE = 64
_INNER = bytes(byte ^ 0x36 for byte in range(256))
_OUTER = bytes(byte ^ 0x5C for byte in range(256))


def hmac_pads(key: bytes) -> Pads:
    """A key's inner and outer HMAC-SHA256 pads (RFC 2104), worked out once per key."""
    if len(key) > _BLOCK_SIZE:
        key = sha256(key).digest()
    key = key.ljust(_BLOCK_SIZE, b"\x00")
    return key.translate(_INNER), key.translate(_OUTER)


def hmac_sha256(pads: Pads, message: bytes) -> bytes:
    """HMAC-SHA256 of `message` under the key whose pads are given (`hmac.digest`'s value;
    the library call looks its digest up by name each time, which costs twice as much)."""
    inner, outer = pads
    return sha256(outer + sha256(inner + message).digest()).digest()


class Drbg:
    """A stream of uniform integers derived from (seed, label)."""

    __slots__ = ("_at", "_buffer", "_counter", "_label", "_pads")

    def __init__(self, seed: bytes, label: str, pads: Pads | None = None) -> None:
        """A stream of (seed, label); `pads`: the seed's `hmac_pads`, if already made."""
        if not seed:
            raise ValueError("a DRBG needs a non-empty seed")
        self._pads = pads or hmac_pads(seed)
        self._label = label.encode("utf-8") + b"\x00"
        self._counter = 0
        self._buffer = b""
        self._at = 0
        """How much of `_buffer` has been read."""

    def read(self, count: int) -> bytes:
        """The next `count` bytes of the stream."""
        at, end = self._at, self._at + count
        while len(self._buffer) < end:
            block = self._label + self._counter.to_bytes(8, "big")
            self._buffer = self._buffer[at:] + hmac_sha256(self._pads, block)
            self._counter += 1
            at, end = 0, count
        self._at = end
        return self._buffer[at:end]

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection sampling (no modulo bias)."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        if bound == 1:
            return 0
        bits = (bound - 1).bit_length()
        if bits <= 8:  # one byte a try: the common case (dice, picks from small lists)
            return self._below_byte(bound, (1 << bits) - 1)
        size = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self.read(size), "big") & mask
            if value < bound:
                return value

    def _below_byte(self, bound: int, mask: int) -> int:
        """`below` for a bound of at most 256: one byte of the stream a try."""
        while True:
            at = self._at
            if at >= len(self._buffer):
                self.read(1)
                at = 0
            else:
                self._at = at + 1
            value = self._buffer[at] & mask
            if value < bound:
                return value

    def die(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A uniformly shuffled copy (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
