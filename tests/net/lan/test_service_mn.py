"""Mare Nostrum over the LAN through the client's service on 127.0.0.1: a host opens a lobby of
the third rule set's 3-player board, a joiner comes in, bots on both machines play a whole game
whose every Trade phase seals offers on both machines, and both machines and both mirrors end
on one final hash with every seat's audit complete."""

from __future__ import annotations

from game.core.encoding import state_hash
from net.lan.service import LanService
from tests.net.lan.test_service import GAME_SECONDS, follow, pair, room_of, wait

MN = "mare_nostrum"
THREE = "3"
"""The 3-player board: Rome, Greece and Carthage."""

__all__ = ["pair"]


def test_a_lobby_of_mare_nostrum_seats_the_boards_empires(
        pair: tuple[LanService, LanService]) -> None:
    host, _ = pair
    host.host("Trade", MN, THREE, (("display", "experienced"),))
    room = room_of(host).room
    assert room is not None
    assert (room.ruleset, room.scenario, len(room.seats)) == (MN, THREE, 3)
    assert dict(room.options) == {"display": "experienced"}


def test_two_machines_play_mare_nostrum_with_sealed_offers_to_one_final_hash(
        pair: tuple[LanService, LanService]) -> None:
    host, joiner = pair
    host.host("Trade", MN, THREE, ())
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    wait("the joiner in the room", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
    host.set_seat(0, host.fingerprint, "bot:greedy")
    host.set_seat(1, joiner.fingerprint, "bot:greedy")
    host.set_seat(2, joiner.fingerprint, "bot:random")
    wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
    host.start()
    mirrors = [follow(service) for service in (host, joiner)]
    hashes = set()
    for service, mirror in zip((host, joiner), mirrors, strict=True):
        wait("the end", lambda s=service: s.snapshot().phase == "ended", GAME_SECONDS)
        records = service.take_records()
        for record in records:
            mirror.take(record)
        status = service.snapshot().table
        assert status is not None and status.result == "over" and mirror.session.over
        assert state_hash(mirror.session.table.state) == status.final_hash
        assert status.audit and all(line.endswith("checked") for line in status.audit)
        assert any(record.entry.kind == "seal" for record in mirror.session.table.records)
        hashes.add(status.final_hash)
    assert len(hashes) == 1
