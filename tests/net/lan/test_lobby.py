"""The lobby without I/O: refusals by name, seats claimed and released, a signed genesis."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.log import ENGINE_VERSION
from net.lan.admission import Table, refusal
from net.lan.frames import Message, encode_frame, hello_body, open_frame
from net.lan.genesis import (
    PROTOCOL,
    Genesis,
    Seat,
    check_signatures,
    genesis_from_plain,
    new_machine,
)
from net.lan.identity import Identity
from net.lan.lobby import HostLobby, JoinerLobby

TABLE = Table("toy", "ab" * 32, "standard", ("Seat 0", "Seat 1"))


def _hello(**changes: Any) -> dict[str, Any]:
    body = {"protocol": PROTOCOL, "engine": ENGINE_VERSION, "hashes": {"toy": "ab" * 32}}
    return {**body, **changes}


@pytest.mark.parametrize(("body", "started", "full", "reason"), [
    (_hello(protocol=1), False, False, "protocol"),
    (_hello(engine="9.9.0"), False, False, "engine"),
    (_hello(hashes={"toy": "cd" * 32}), False, False, "rules-content"),
    (_hello(hashes={}), False, False, "rules-content"),
    (_hello(), True, False, "started"),
    (_hello(), False, True, "lobby-full"),
])
def test_a_machine_that_may_not_join_is_refused_by_name(body: dict[str, Any], started: bool,
                                                        full: bool, reason: str) -> None:
    why = refusal(TABLE, body, started, full)
    assert why is not None and why.reason == reason and str(why)
    assert refusal(TABLE, _hello(), False, False) is None


def _open(frame: bytes, *identities: Identity) -> Message:
    keys = {i.fingerprint: i.public_key for i in identities}
    return open_frame(frame, keys.get)


def test_a_host_and_a_joiner_reach_a_genesis_both_signed() -> None:
    host_id, joiner_id = Identity.ephemeral(), Identity.ephemeral()
    host = HostLobby(host_id, TABLE, "Ann", "127.0.0.1:1")
    host.claim(host_id.fingerprint, 0, "bot:random")
    joiner = JoinerLobby(joiner_id, "Bob", "127.0.0.1:2", 1, "bot:random")
    hello = encode_frame(joiner_id, "HELLO", hello_body(joiner_id, **_hello(name="Bob",
                                                                              address="x")))
    to_joiner = [f for _, f in host.welcome(_open(hello, joiner_id))]
    for _ in range(20):
        to_host = [out for f in to_joiner for out in joiner.handle(_open(f, host_id))]
        to_joiner = [f for m in to_host for _, f in host.handle(_open(m, joiner_id))]
        if host.can_start():
            to_joiner += [f for _, f in host.start()]
        if joiner.signatures:
            break
    assert host.done and joiner.genesis == host.genesis
    assert joiner.genesis is not None
    check_signatures(joiner.genesis, joiner.signatures)
    assert joiner.genesis.seats_of(joiner_id.fingerprint) == (1,)


IDENTITIES = (Identity.from_seed(b"\x01" * 32), Identity.from_seed(b"\x02" * 32))
ONE, TWO = (i.fingerprint for i in IDENTITIES)


def _genesis(*seats: Seat) -> Genesis:
    machines = tuple(sorted((new_machine(i, "M", "x", ())[0] for i in IDENTITIES),
                            key=lambda m: m.fingerprint))
    return Genesis("toy", "ab" * 32, "standard", ("Seat 0", "Seat 1"), seats, machines)


def test_a_genesis_saved_before_persons_keeps_its_bytes() -> None:
    saved = _genesis(Seat(ONE, "bot:random"), Seat(TWO, "human"))
    old = parse_canonical(saved.encoded)
    assert old["seats"] == [{"machine": ONE, "player": "bot:random"},
                            {"machine": TWO, "player": "human"}]
    again = genesis_from_plain(old)
    assert again.encoded == saved.encoded == canonical_bytes(old)
    assert again.game_id == saved.game_id and again.seats[1].person == ""


def test_a_genesis_names_its_persons() -> None:
    genesis = _genesis(Seat(ONE, "bot:random"), Seat(TWO, "human", "Ann"))
    plain = parse_canonical(genesis.encoded)
    assert plain["seats"][1] == {"machine": TWO, "player": "human", "person": "Ann"}
    assert genesis_from_plain(plain) == genesis
    assert genesis_from_plain(plain).encoded == genesis.encoded
