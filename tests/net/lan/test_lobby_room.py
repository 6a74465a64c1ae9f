"""The lobby room without I/O: persons, the host's table and bots, ready and not ready, a
joiner driven by its person, the host closing, and malformed bodies refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.log import ENGINE_VERSION
from net.lan.admission import Table, person_name
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame, hello_body, open_frame
from net.lan.genesis import PROTOCOL, Seat
from net.lan.identity import Identity
from net.lan.lobby import HostLobby, JoinerLobby, Outgoing

HASH = "ab" * 32
TABLE = Table("toy", HASH, "standard", ("Rome", "Carthage", "Egypt"))
HOST, ANN, BOB = (Identity.from_seed(bytes([n]) * 32) for n in (1, 2, 3))
KEYS = {i.fingerprint: i.public_key for i in (HOST, ANN, BOB)}
HOST_FP, ANN_FP, BOB_FP = HOST.fingerprint, ANN.fingerprint, BOB.fingerprint


def _open(frame: bytes) -> Message:
    return open_frame(frame, KEYS.get)


def _hello(joiner: JoinerLobby) -> Message:
    body = hello_body(joiner.identity, protocol=PROTOCOL, engine=ENGINE_VERSION,
                      hashes={"toy": HASH}, name=joiner.name, address=joiner.address)
    return _open(encode_frame(joiner.identity, "HELLO", body))


class Room:
    """A host and its joiners, frames handed between them in order, with no sockets."""

    def __init__(self, *joiners: JoinerLobby) -> None:
        self.host = HostLobby(HOST, TABLE, "Hal", "127.0.0.1:1")
        self.joiners = joiners
        self.deliver([out for joiner in joiners for out in self.host.welcome(_hello(joiner))])

    def deliver(self, outs: Outgoing) -> None:
        """The host's frames to their joiners and the joiners' answers back, until quiet."""
        queue = list(outs)
        while queue:
            to, frame = queue.pop(0)
            for joiner in self.joiners:
                if to in (None, joiner.identity.fingerprint):
                    for answer in joiner.handle(_open(frame)):
                        queue += self.host.handle(_open(answer))

    def send(self, frame: bytes) -> None:
        """A joiner's frame to the host, and all that follows."""
        self.deliver(self.host.handle(_open(frame)))

    def fill(self) -> None:
        """The host's bots at every open seat."""
        for seat in self.host.open_seats():
            self.deliver(self.host.assign(seat, HOST_FP, "bot:random"))

    def seat(self, seat: int) -> tuple[str, str, str, bool]:
        """(machine, player, person, ready) of a seat as the host has it."""
        held = self.host.seats[seat]
        return held.machine, held.player, held.person, held.ready


def _manual(identity: Identity, name: str) -> JoinerLobby:
    return JoinerLobby(identity, name, f"127.0.0.1:{len(name)}", auto=False)


def test_persons_reach_the_genesis_every_machine_signs() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.deliver(room.host.claim(HOST_FP, 0, "human", " Hal\x07"))
    room.deliver(room.host.assign(2, HOST_FP, "bot:random"))
    room.send(bob.claim(1, "Bob"))
    assert bob.lobby["seats"][1] == {"name": "Carthage", "machine": BOB_FP,
                                     "player": "human", "person": "Bob", "ready": False}
    room.send(bob.set_ready(True))
    assert not room.host.can_start()
    room.deliver(room.host.set_ready_own(True))
    assert room.host.can_start()
    room.deliver(room.host.start())
    assert room.host.done and bob.signatures and bob.genesis == room.host.genesis
    assert bob.genesis is not None
    assert [s.person for s in bob.genesis.seats] == ["Hal", "Bob", ""]
    assert bob.genesis.to_plain()["seats"][2] == {"machine": HOST_FP, "player": "bot:random"}


def test_a_person_name_loses_its_control_characters_and_is_cut_to_40() -> None:
    assert person_name("\tAnn\x00a\x1b ") == "Anna"
    assert person_name("Ζ" * 50) == "Ζ" * 40


def test_a_new_table_opens_every_seat_and_clears_ready() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.deliver(room.host.claim(HOST_FP, 0, "human", "Hal"))
    room.deliver(room.host.set_ready_own(True))
    room.send(bob.claim(1, "Bob"))
    room.send(bob.set_ready(True))
    rev = room.host.rev
    room.deliver(room.host.set_table(Table("toy", HASH, "short", ("A", "B"), (("turns", 3),))))
    assert room.host.rev > rev and room.host.open_seats() == [0, 1]
    assert not any(seat.ready for seat in room.host.seats)
    assert bob.lobby["scenario"] == "short" and bob.lobby["options"] == {"turns": 3}
    assert [s["name"] for s in bob.lobby["seats"]] == ["A", "B"] and bob.mine() == ()
    with pytest.raises(Rejected) as why:
        room.host.set_table(Table("other", "cd" * 32, "standard", ("A",)))
    assert why.value.reason == "ruleset"


def test_a_bot_the_host_places_on_a_joiners_machine_is_in_its_genesis_and_secrets() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.send(bob.claim(1, "Bob"))
    room.deliver(room.host.assign(1, BOB_FP, "bot:greedy"))
    room.deliver(room.host.assign(0, BOB_FP, "bot:random"))
    room.deliver(room.host.assign(2, HOST_FP, "bot:random"))
    assert bob.mine() == (0, 1) and bob.lobby["seats"][1]["machine"] == BOB_FP
    assert room.seat(1) == (BOB_FP, "bot:greedy", "", True)
    room.deliver(room.host.start())
    assert bob.genesis is not None and bob.secrets is not None and room.host.done
    assert bob.genesis.seats[:2] == (Seat(BOB_FP, "bot:random"), Seat(BOB_FP, "bot:greedy"))
    assert set(bob.secrets.seat_keys) == {0, 1} == set(bob.genesis.seats_of(BOB_FP))


def test_the_host_places_bots_only_on_machines_of_the_room_and_opens_any_seat() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.send(bob.claim(1, "Bob"))
    for seat, machine, player, reason in [(0, ANN_FP, "bot:random", "unknown-machine"),
                                          (0, BOB_FP, "human", "not-a-bot"),
                                          (3, BOB_FP, "bot:random", "no-seat")]:
        with pytest.raises(Rejected) as why:
            room.host.assign(seat, machine, player)
        assert why.value.reason == reason
    room.deliver(room.host.assign(1, "", ""))
    assert room.host.open_seats() == [0, 1, 2] and bob.mine() == ()


def test_ready_counts_for_the_current_rev_and_not_ready_at_once() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.send(bob.claim(1, "Bob"))
    room.deliver(room.host.assign(2, BOB_FP, "bot:random"))
    stale = bob.set_ready(True)
    room.deliver(room.host.claim(HOST_FP, 0, "human", "Hal"))
    room.send(stale)
    assert not room.seat(1)[3]
    room.send(bob.set_ready(True))
    assert room.seat(1)[3] and bob.lobby["seats"][1]["ready"] and not room.seat(0)[3]
    unready = bob.set_ready(False)
    room.deliver(room.host.assign(0, HOST_FP, "bot:random"))
    room.send(unready)
    assert not room.seat(1)[3] and room.seat(2)[3]


def test_a_release_opens_the_seat_clears_ready_and_raises_the_rev() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.send(bob.claim(1, "Bob"))
    room.send(bob.claim(2, "Bob's friend"))
    room.send(bob.set_ready(True))
    rev = room.host.rev
    room.send(bob.release(2))
    assert room.host.rev > rev and room.host.open_seats() == [0, 2] and not room.seat(1)[3]
    with pytest.raises(Rejected) as why:
        room.host.release_own(1)
    assert why.value.reason == "not-yours"
    room.deliver(room.host.claim(HOST_FP, 0, "human", "Hal"))
    room.deliver(room.host.release_own(0))
    assert room.host.open_seats() == [0, 2] and bob.lobby["seats"][0]["machine"] == ""


def test_a_joiner_driven_by_its_person_does_nothing_on_its_own_and_may_leave() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.deliver(room.host.claim(HOST_FP, 0, "human", "Hal"))
    assert bob.lobby["rev"] == room.host.rev and bob.mine() == ()
    assert room.host.open_seats() == [1, 2]
    room.send(bob.claim(2, "Bob"))
    room.send(bob.leave())
    assert BOB_FP not in room.host.machines and room.host.open_seats() == [1, 2]


def test_a_seat_another_machine_took_first_gives_a_notice() -> None:
    ann, bob = _manual(ANN, "Ann"), _manual(BOB, "Bob")
    room = Room(ann, bob)
    first, second = ann.claim(1, "Ann"), bob.claim(1, "Bob")
    room.send(first)
    room.send(second)
    assert bob.notice == "Carthage went to another machine first" and ann.notice == ""
    assert room.seat(1)[0] == ANN_FP
    room.send(bob.claim(2, "Bob"))
    assert bob.notice == "" and bob.mine() == (2,)


def test_automatic_joiners_racing_for_seats_still_take_them() -> None:
    ann = JoinerLobby(ANN, "Ann", "a", 1, "bot:random")
    bob = JoinerLobby(BOB, "Bob", "b", 2, "bot:random")
    room = Room(ann, bob)
    assert room.host.can_start() and ann.mine() == (0,) and bob.mine() == (1, 2)
    assert bob.notice == "Rome went to another machine first"


def test_closing_the_lobby_reaches_the_joiner() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.deliver(room.host.close())
    assert bob.closed == "the host closed the lobby"
    with pytest.raises(Rejected) as why:
        room.host.claim(HOST_FP, 0, "human", "Hal")
    assert why.value.reason == "closed"


def test_after_start_the_host_changes_nothing_and_late_changes_are_ignored() -> None:
    bob = JoinerLobby(BOB, "Bob", "b", 1, "bot:random")
    room = Room(bob)
    late = bob.set_ready(True)
    room.fill()
    room.deliver(room.host.start())
    assert room.host.done and room.host.handle(_open(late)) == []
    changes: list[Any] = [lambda: room.host.claim(HOST_FP, 0, "human"),
                          lambda: room.host.assign(0, "", ""),
                          lambda: room.host.set_table(TABLE),
                          lambda: room.host.release_own(0),
                          lambda: room.host.set_ready_own(True), room.host.start]
    for change in changes:
        with pytest.raises(Rejected) as why:
            change()
        assert why.value.reason in ("started", "not-ready")


@pytest.mark.parametrize(("kind", "body"), [
    ("CLAIM", {}), ("CLAIM", {"seat": "1"}), ("CLAIM", {"seat": True}),
    ("CLAIM", {"seat": 1, "player": 7}), ("CLAIM", {"seat": 1, "player": "robot"}),
    ("CLAIM", {"seat": 1, "person": ["Bob"]}), ("RELEASE", {"seat": None}),
    ("READY", {}), ("READY", {"rev": 0, "ready": "yes"}),
])
def test_a_malformed_body_is_rejected_as_malformed(kind: str, body: dict[str, Any]) -> None:
    room = Room(_manual(BOB, "Bob"))
    with pytest.raises(Rejected) as why:
        room.host.handle(_open(encode_frame(BOB, kind, body)))
    assert why.value.reason == "malformed"


def test_keys_with_missing_fields_are_rejected_as_malformed() -> None:
    bob = JoinerLobby(BOB, "Bob", "b", 1, "bot:random")
    room = Room(bob)
    with pytest.raises(Rejected) as early:
        room.host.handle(_open(encode_frame(BOB, "KEYS", {})))
    room.fill()
    room.host.start()
    with pytest.raises(Rejected) as why:
        room.host.handle(_open(encode_frame(BOB, "KEYS", {"key": BOB.public_key})))
    assert (early.value.reason, why.value.reason) == ("out-of-order", "malformed")


def test_a_joiner_whose_link_drops_leaves_the_room() -> None:
    bob = _manual(BOB, "Bob")
    room = Room(bob)
    room.send(bob.claim(1, "Bob"))
    room.deliver(room.host.drop(BOB_FP))
    assert BOB_FP not in room.host.machines and room.host.open_seats() == [0, 1, 2]
    assert room.host.drop(BOB_FP) == []


def test_a_machine_without_seats_sits_the_game_out() -> None:
    ann, bob = _manual(ANN, "Ann"), JoinerLobby(BOB, "Bob", "b", 1, "bot:random")
    room = Room(ann, bob)
    room.fill()
    room.deliver(room.host.start())
    assert room.host.done and bob.signatures and ann.secrets is None
    assert ann.closed == "the game started without this machine"
    assert room.host.genesis is not None and ANN_FP not in room.host.genesis.fingerprints()
