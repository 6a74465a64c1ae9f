"""The dice beacon: hash-chain reveals checked, seeds order-free, early reveals buffered."""

from __future__ import annotations

import hashlib
import itertools
import random

import pytest

from game.core.encoding import canonical_bytes, from_plain, parse_canonical
from net.lan.beacon import (
    BEACON_TAG,
    CHAIN_LENGTH,
    MAX_AHEAD,
    BeaconRound,
    ChainState,
    HashChain,
    beacon_seed,
    check_reveal,
)
from net.lan.errors import LanError, Rejected

GAME = bytes(range(16))
PREV = hashlib.sha256(b"previous record").digest()
MACHINES = ("aa" * 16, "0f" * 16, "c3" * 16)


def _h(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def _chains(length: int = 400) -> dict[str, HashChain]:
    return {fp: HashChain(_h(fp.encode()), length) for fp in MACHINES}


def _start(chains: dict[str, HashChain]) -> BeaconRound:
    return BeaconRound(ChainState.start({fp: c.tip for fp, c in chains.items()}))


def _reason(round_: BeaconRound, fp: str, k: int, value: bytes) -> str:
    with pytest.raises(Rejected) as caught:
        round_.offer(fp, k, value)
    return caught.value.reason


def test_the_chain_runs_from_the_secret_to_the_tip() -> None:
    secret = b"s" * 32
    chain = HashChain(secret, 5)
    assert chain.value(5) == secret
    assert chain.tip == chain.value(0) == _h(_h(_h(_h(_h(secret)))))
    assert chain.value(4) == _h(secret)
    for k in (-1, 6):
        with pytest.raises(IndexError):
            chain.value(k)


@pytest.mark.parametrize("length", [1, 2, 255, 256, 257, 511, 512, 700])
def test_every_value_matches_a_naive_chain_in_any_order(length: int) -> None:
    naive = [b"q" * 32]
    for _ in range(length):
        naive.append(_h(naive[-1]))
    chain = HashChain(b"q" * 32, length)
    ks = list(range(length + 1))
    random.Random(length).shuffle(ks)
    for k in [*range(length + 1), *ks, *reversed(range(length + 1))]:
        assert chain.value(k) == naive[length - k]


def test_every_reveal_of_a_full_length_chain_checks() -> None:
    chain = HashChain.create()
    assert chain.length == CHAIN_LENGTH
    assert all(check_reveal(chain.value(k - 1), chain.value(k)) for k in range(1, 3000))
    assert check_reveal(chain.value(CHAIN_LENGTH - 1), chain.value(CHAIN_LENGTH))


def test_a_wrong_value_is_refused() -> None:
    chain = HashChain(b"x" * 32, 50)
    previous = chain.value(9)
    assert check_reveal(previous, chain.value(10))
    assert not check_reveal(previous, chain.value(11))  # skipping a step
    assert not check_reveal(previous, chain.value(9))   # repeating one
    assert not check_reveal(previous, previous)
    assert not check_reveal(previous, HashChain(b"y" * 32, 50).value(10))
    assert not check_reveal(previous, chain.value(10)[:31])
    flipped = bytes([chain.value(10)[0] ^ 1]) + chain.value(10)[1:]
    assert not check_reveal(previous, flipped)


def test_a_chain_needs_a_32_byte_secret_and_a_length() -> None:
    for secret, length in ((b"short", 10), (b"x" * 33, 10), (b"x" * 32, 0)):
        with pytest.raises(ValueError):
            HashChain(secret, length)


def test_the_seed_is_the_documented_hash() -> None:
    values = [(fp, _h(fp.encode())) for fp in MACHINES]
    ordered = b"".join(v for _, v in sorted(values))
    expected = _h(BEACON_TAG + GAME + (3).to_bytes(8, "big") + PREV + ordered)
    assert beacon_seed(GAME, 3, PREV, values) == expected


def test_the_seed_does_not_depend_on_the_order_of_the_reveals() -> None:
    values = [(fp, _h(fp.encode())) for fp in MACHINES]
    seeds = {beacon_seed(GAME, 1, PREV, list(p)) for p in itertools.permutations(values)}
    assert len(seeds) == 1


def test_the_seed_changes_with_every_input() -> None:
    values = [(fp, _h(fp.encode())) for fp in MACHINES]
    base = beacon_seed(GAME, 1, PREV, values)
    changed = [beacon_seed(bytes(16), 1, PREV, values), beacon_seed(GAME, 2, PREV, values),
               beacon_seed(GAME, 1, bytes(32), values),
               beacon_seed(GAME, 1, PREV, [*values[:2], (values[2][0], bytes(32))]),
               beacon_seed(GAME, 1, PREV, [(MACHINES[1], values[0][1]),
                                           (MACHINES[0], values[1][1]), values[2]])]
    assert base not in changed and len(set(changed)) == len(changed)


@pytest.mark.parametrize(("game", "k", "prev", "values"), [
    (bytes(15), 1, PREV, []), (GAME, 0, PREV, []), (GAME, 1 << 64, PREV, []),
    (GAME, 1, PREV[:31], []), (GAME, 1, PREV, [("a", bytes(31))]),
    (GAME, 1, PREV, [("a", bytes(32)), ("a", bytes(32))]),
])
def test_the_seed_refuses_ambiguous_inputs(game: bytes, k: int, prev: bytes,
                                          values: list[tuple[str, bytes]]) -> None:
    with pytest.raises(ValueError):
        beacon_seed(game, k, prev, values)


def test_a_round_completes_once_every_machine_revealed() -> None:
    chains = _chains()
    round_ = _start(chains)
    assert round_.missing() == tuple(sorted(MACHINES))
    with pytest.raises(LanError):
        round_.seed(GAME, PREV)
    assert [round_.offer(fp, 1, chains[fp].value(1)) for fp in MACHINES] == [False, False, True]
    assert round_.missing() == ()
    assert round_.reveals() == sorted((fp, chains[fp].value(1)) for fp in MACHINES)
    assert round_.seed(GAME, PREV) == beacon_seed(GAME, 1, PREV, round_.reveals())


def test_every_arrival_order_gives_the_same_seed() -> None:
    chains = _chains()
    seeds = set()
    for order in itertools.permutations(MACHINES):
        round_ = _start(chains)
        for fp in order:
            round_.offer(fp, 1, chains[fp].value(1))
        seeds.add(round_.seed(GAME, PREV))
    assert len(seeds) == 1


def test_bad_reveals_are_refused_by_name() -> None:
    chains = _chains()
    round_ = _start(chains)
    a, b, _ = MACHINES
    assert _reason(round_, "ee" * 16, 1, chains[a].value(1)) == "unknown-machine"
    assert _reason(round_, a, 1, chains[b].value(1)) == "bad-reveal"
    assert _reason(round_, a, 1, chains[a].value(2)) == "bad-reveal"
    assert _reason(round_, a, 1, chains[a].value(1)[:16]) == "bad-reveal"
    assert _reason(round_, a, 0, chains[a].tip) == "stale-reveal"
    assert _reason(round_, a, 1 + MAX_AHEAD + 1, chains[a].value(4)) == "reveal-too-early"
    round_.offer(a, 1, chains[a].value(1))
    assert _reason(round_, a, 1, chains[a].value(1)) == "duplicate-reveal"
    assert round_.missing() == tuple(sorted(MACHINES[1:]))


def test_early_reveals_are_checked_buffered_and_carried_into_their_round() -> None:
    chains = _chains()
    a, b, c = MACHINES
    round_ = _start(chains)
    round_.offer(a, 1, chains[a].value(1))
    round_.offer(a, 2, chains[a].value(2))          # a already finished round 1 elsewhere
    round_.offer(b, 3, chains[b].value(3))
    assert _reason(round_, c, 2, chains[c].value(3)) == "bad-reveal"  # checked on arrival
    assert _reason(round_, a, 2, chains[a].value(2)) == "duplicate-reveal"
    assert not round_.offer(b, 1, chains[b].value(1))
    assert round_.offer(c, 1, chains[c].value(1))
    second = round_.next_round()
    assert (second.k, second.missing()) == (2, tuple(sorted((b, c))))
    second.offer(b, 2, chains[b].value(2))
    second.offer(c, 2, chains[c].value(2))
    third = second.next_round()
    assert third.missing() == tuple(sorted((a, c)))
    assert _reason(third, a, 2, chains[a].value(2)) == "stale-reveal"


def test_a_long_game_in_shuffled_order_replays_from_its_chance_records() -> None:
    chains = _chains()
    tips = {fp: c.tip for fp, c in chains.items()}
    shuffle = random.Random(7).shuffle
    round_, records = _start(chains), []
    for k in range(1, 301):
        order = list(MACHINES)
        shuffle(order)
        for fp in order:
            round_.offer(fp, k, chains[fp].value(k))
        records.append((round_.seed(GAME, PREV), round_.reveals()))
        round_ = round_.next_round()
    state = ChainState.replay(tips, [reveals for _, reveals in records])
    assert state == round_.state == ChainState(300, {fp: chains[fp].value(300) for fp in MACHINES})
    assert all(seed == beacon_seed(GAME, k, PREV, reveals)
               for k, (seed, reveals) in enumerate(records, start=1))


def test_the_chain_state_survives_a_restart() -> None:
    chains = _chains()
    state = ChainState.replay({fp: c.tip for fp, c in chains.items()},
                              [[(fp, c.value(k)) for fp, c in chains.items()] for k in (1, 2)])
    stored = canonical_bytes(state)
    restored = from_plain(ChainState, parse_canonical(stored))
    assert restored == state
    resumed = BeaconRound(restored)
    assert resumed.k == 3
    assert [resumed.offer(fp, 3, c.value(3)) for fp, c in chains.items()] == [False, False, True]


def test_replaying_a_tampered_chance_record_is_refused() -> None:
    chains = _chains()
    tips = {fp: c.tip for fp, c in chains.items()}
    good = [(fp, c.value(1)) for fp, c in chains.items()]
    cases = {"bad-reveal": [*good[:2], (good[2][0], chains[good[2][0]].value(2))],
             "bad-round": good[:2]}
    for reason, reveals in cases.items():
        with pytest.raises(Rejected) as caught:
            ChainState.replay(tips, [reveals])
        assert caught.value.reason == reason
    with pytest.raises(Rejected):
        ChainState.replay(tips, [[*good, good[0]]])
