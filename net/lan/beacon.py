"""Fair shared dice: every machine of the genesis reveals one hash-chain value per chance.

Each machine commits in the genesis to the tip H^N(s) of a SHA-256 chain over a secret s and
reveals value k = H^(N-k)(s) for the k-th chance; anyone checks H(value k) = value k-1, value 0
being the tip. The seed of chance k hashes the game id, k, the previous record's hash and
every machine's value k in fingerprint order: one honest machine, whose value no one could
predict, makes the seed unpredictable, and no machine can choose its value once committed.

When to reveal is the caller's part: a machine sends value k only once chance k is pending in
its own engine. An honest peer is then at most one round ahead of us (it cannot finish round
k+1 without our value k+1, which we send only after round k), so `BeaconRound` buffers reveals
up to MAX_AHEAD rounds ahead and refuses the rest; an early reveal is checked on arrival by
hashing it down to the machine's last accepted value.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from net.lan.errors import LanError, Rejected

BEACON_TAG = b"mare-internum/beacon/v1\0"
VALUE_SIZE = 32
GAME_ID_SIZE = 16
CHAIN_LENGTH = 65536
"""N: enough for any game (an 8-player game uses 210-280 chance values); never extended."""
MAX_AHEAD = 2
SEGMENT = 256
"""A checkpoint every SEGMENT chain values."""

Reveals = Sequence[tuple[str, bytes]]
"""(machine fingerprint, value) pairs of one round."""


def _h(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class HashChain:
    """This machine's chain over a 32-byte secret: the tip H^N(s) and the values H^(N-k)(s).

    Built once (N hashes, ~20-25 ms for N = 65,536), it keeps H^i(s) for every i a multiple of
    SEGMENT (8 KiB) and the segment last asked for: reveals go k = 1, 2, 3 …, so a value costs
    one segment (255 hashes, ~80 µs) every SEGMENT reveals and a list lookup otherwise."""

    def __init__(self, secret: bytes, length: int = CHAIN_LENGTH) -> None:
        if len(secret) != VALUE_SIZE or length < 1:
            raise ValueError(f"a chain needs a {VALUE_SIZE}-byte secret and a length of 1 or more")
        self.length = length
        self._marks, self.tip = _checkpoints(secret, length)
        self._segment: tuple[int, list[bytes]] = (-1, [])

    @classmethod
    def create(cls, length: int = CHAIN_LENGTH) -> HashChain:
        """A chain over a fresh random secret (kept in the game's 0600 secrets by the caller)."""
        return cls(secrets.token_bytes(VALUE_SIZE), length)

    def value(self, k: int) -> bytes:
        """Value k = H^(N-k)(s), for k = 0 (the tip) .. N (the secret itself)."""
        if not 0 <= k <= self.length:
            raise IndexError(f"chain value {k} is outside 0..{self.length}")
        segment, offset = divmod(self.length - k, SEGMENT)
        return self._values(segment)[offset]

    def _values(self, segment: int) -> list[bytes]:
        """H^i(s) for the exponents i of one segment, from its checkpoint (cached)."""
        if self._segment[0] != segment:
            size = min(SEGMENT, self.length - segment * SEGMENT + 1)
            values = [self._marks[segment]]
            for _ in range(size - 1):
                values.append(_h(values[-1]))
            self._segment = (segment, values)
        return self._segment[1]


def _checkpoints(secret: bytes, length: int) -> tuple[list[bytes], bytes]:
    """(H^i(s) for i = 0, SEGMENT, 2·SEGMENT … ≤ N, the tip H^N(s))."""
    marks, value, sha256 = [], secret, hashlib.sha256
    for start in range(0, length, SEGMENT):
        marks.append(value)
        for _ in range(min(SEGMENT, length - start)):
            value = sha256(value).digest()
    if length % SEGMENT == 0:
        marks.append(value)
    return marks, value


def check_reveal(previous: bytes, value: bytes) -> bool:
    """Whether `value` is the chain value after `previous`: H(value) = previous."""
    return _reaches(value, 1, previous)


def _reaches(value: bytes, steps: int, target: bytes) -> bool:
    """Whether H^steps(value) = target, for a value of the right size."""
    if type(value) is not bytes or len(value) != VALUE_SIZE:
        return False
    for _ in range(steps):
        value = _h(value)
    return value == target


def beacon_seed(game_id: bytes, k: int, prev_record_hash: bytes, values: Reveals) -> bytes:
    """SHA-256(tag ‖ game id ‖ k (8 bytes BE) ‖ prev record hash ‖ values by fingerprint)."""
    ordered = sorted(values)
    _check_seed_inputs(game_id, k, prev_record_hash, ordered)
    return _h(BEACON_TAG + game_id + k.to_bytes(8, "big") + prev_record_hash
              + b"".join(value for _, value in ordered))


def _check_seed_inputs(game_id: bytes, k: int, prev_record_hash: bytes, ordered: Reveals) -> None:
    """Fixed sizes only, so the hashed concatenation reads one way; one value per machine."""
    if len(game_id) != GAME_ID_SIZE or len(prev_record_hash) != 32 or not 0 < k < 1 << 64:
        raise ValueError(f"a game id is {GAME_ID_SIZE} bytes, a record hash 32, k 1..2^64-1")
    if len({fp for fp, _ in ordered}) != len(ordered):
        raise ValueError("two values from one machine")
    if any(len(value) != VALUE_SIZE for _, value in ordered):
        raise ValueError(f"a beacon value is {VALUE_SIZE} bytes")


@dataclass(frozen=True)
class ChainState:
    """How far the beacon has gone: k rounds done, and each machine's value k (its tip at 0).

    Plain data (canonical-encodable), and derivable from the ledger: `replay` the reveals of
    its CHANCE records over the genesis tips."""

    k: int
    last: dict[str, bytes]

    @classmethod
    def start(cls, tips: Mapping[str, bytes]) -> ChainState:
        """The state at the genesis: no round done, every machine at its committed tip."""
        return cls(0, dict(tips))

    @classmethod
    def replay(cls, tips: Mapping[str, bytes], rounds: Iterable[Reveals]) -> ChainState:
        """The state after the given rounds (the ledger's CHANCE reveals, in order), checked."""
        state = cls.start(tips)
        for reveals in rounds:
            state = state.advance(reveals)
        return state

    def advance(self, reveals: Reveals) -> ChainState:
        """The state after round k+1; Rejected unless every machine's value follows its last."""
        given = dict(reveals)
        if len(given) != len(reveals) or given.keys() != self.last.keys():
            raise Rejected("bad-round", f"round {self.k + 1} needs one value per machine")
        for fingerprint, value in given.items():
            if not check_reveal(self.last[fingerprint], value):
                raise Rejected("bad-reveal", f"{fingerprint}'s value {self.k + 1} is not on "
                                             f"its chain")
        return ChainState(self.k + 1, given)


class BeaconRound:
    """Collects every machine's value for round k = state.k + 1, buffering early ones."""

    def __init__(self, state: ChainState, ahead: int = MAX_AHEAD) -> None:
        self.state = state
        self.k = state.k + 1
        self.ahead = ahead
        self._held: dict[int, dict[str, bytes]] = {}

    def offer(self, fingerprint: str, k: int, value: bytes) -> bool:
        """Take a machine's value k (k up to `ahead` rounds early); True once round k is full.

        Rejected: unknown-machine, stale-reveal (a round already done), reveal-too-early,
        bad-reveal (not on the machine's chain: evidence), duplicate-reveal (harmless resend)."""
        last = self.state.last.get(fingerprint)
        if last is None:
            raise Rejected("unknown-machine", f"{fingerprint} is not a machine of this game")
        if type(k) is not int or k < self.k:
            raise Rejected("stale-reveal", f"value {k} from {fingerprint}: round {self.k} is on")
        if k > self.k + self.ahead:
            raise Rejected("reveal-too-early", f"value {k} from {fingerprint} in round {self.k}")
        if not _reaches(value, k - self.state.k, last):
            raise Rejected("bad-reveal", f"{fingerprint}'s value {k} is not on its chain")
        if fingerprint in self._held.get(k, {}):
            raise Rejected("duplicate-reveal", f"{fingerprint} sent value {k} again")
        self._held.setdefault(k, {})[fingerprint] = value
        return self.complete

    @property
    def complete(self) -> bool:
        """Whether every machine's value k is in."""
        return len(self._held.get(self.k, {})) == len(self.state.last)

    def missing(self) -> tuple[str, ...]:
        """The machines whose value k is still awaited, by fingerprint."""
        held = self._held.get(self.k, {})
        return tuple(sorted(fp for fp in self.state.last if fp not in held))

    def reveals(self) -> list[tuple[str, bytes]]:
        """Round k's values by fingerprint (what its CHANCE record carries); LanError if short."""
        if not self.complete:
            raise LanError(f"round {self.k} still waits for {', '.join(self.missing())}")
        return sorted(self._held[self.k].items())

    def seed(self, game_id: bytes, prev_record_hash: bytes) -> bytes:
        """The seed of chance k, once every machine revealed."""
        return beacon_seed(game_id, self.k, prev_record_hash, self.reveals())

    def next_round(self) -> BeaconRound:
        """The round after this full one, holding the reveals that came early for it or later."""
        following = BeaconRound(self.state.advance(self.reveals()), self.ahead)
        following._held = {k: held for k, held in self._held.items() if k > self.k}
        return following
