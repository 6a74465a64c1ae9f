"""Mare Nostrum over the LAN through the client's service on 127.0.0.1: a host opens a lobby of
the third rule set's 3-player board, a joiner comes in, bots on both machines play a whole game
whose every Trade phase seals offers on both machines, and both machines and both mirrors end
on one final hash with every seat's audit complete."""

from __future__ import annotations

from net.lan.service import LanService
from tests.net.lan.test_service import audited_end, bot_game, pair, room_of

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
    mirrors = bot_game(host, joiner, ((host, "bot:greedy"), (joiner, "bot:greedy"),
                                      (joiner, "bot:random")))
    hashes = set()
    for service, mirror in zip((host, joiner), mirrors, strict=True):
        hashes.add(audited_end(service, mirror))
        assert any(record.entry.kind == "seal" for record in mirror.session.table.records)
    assert len(hashes) == 1
