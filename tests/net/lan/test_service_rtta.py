"""Roll Through the Ages over the LAN through the client's service on 127.0.0.1: a host opens
a lobby of the second rule set with its options and a number of seats, a joiner comes in,
greedy bots on both machines play a whole 2-seat game, and both machines and both mirrors
end on one final hash with every seat's audit complete (the game hides nothing)."""

from __future__ import annotations

from net.lan.service import LanService
from tests.net.lan.test_service import audited_end, bot_game, pair, room_of, wait

RTTA = "roll_through_the_ages"
OPTIONS = (("length", "short"), ("mediterranean", True))

__all__ = ["pair"]


def test_a_lobby_of_roll_through_the_ages_keeps_its_options_and_seat_count(
        pair: tuple[LanService, LanService]) -> None:
    host, _ = pair
    host.host("Dice", RTTA, "standard", OPTIONS, seats=3)
    room = room_of(host).room
    assert room is not None
    assert (room.ruleset, room.scenario, len(room.seats)) == (RTTA, "standard", 3)
    assert dict(room.options) == {"mediterranean": True}
    host.set_table("standard", (("length", "full"), ("mediterranean", False)), seats=1)
    wait("the new table", lambda: len(host.snapshot().room.seats) == 1)  # type: ignore[union-attr]
    assert dict(host.snapshot().room.options) == {"length": "full"}  # type: ignore[union-attr]


def test_two_machines_play_roll_through_the_ages_with_bots_to_one_final_hash(
        pair: tuple[LanService, LanService]) -> None:
    host, joiner = pair
    host.host("Dice", RTTA, "standard", OPTIONS, seats=2)
    mirrors = bot_game(host, joiner, ((host, "bot:greedy"), (joiner, "bot:greedy")))
    hashes = {audited_end(service, mirror)
              for service, mirror in zip((host, joiner), mirrors, strict=True)}
    assert len(hashes) == 1
