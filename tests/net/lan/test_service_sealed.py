"""Sealed choices between machines: a person on the host and bots on the joiner play
Tribute's scenario "sealed" through the client's service on 127.0.0.1. The person's bids are
sealed through the service (the others' never show in the host's mirror before their reveal,
its own does), every reveal travels as a signed entry, and both machines and both mirrors end
on one final hash with the audit complete."""

from __future__ import annotations

import time

from net.lan.mirror import Mirror
from net.lan.service import LanService
from tests.net.lan.test_service import GAME_SECONDS, audited_end, follow, pair, room_of, wait

__all__ = ["pair"]


def _play_person(service: LanService, mirror: Mirror, seat: int) -> list[tuple]:
    """Answer the person's seat until the game is over: the highest bid it may seal, the first
    legal action; (my_bid, the other's bid) as the mirror showed them after each record while
    both had sealed and the other had not revealed."""
    seen: list[tuple] = []
    deadline = time.monotonic() + GAME_SECONDS
    while not mirror.session.over:
        assert time.monotonic() < deadline, "the game did not end"
        records = _take(service, mirror, seen)
        session = mirror.session
        if not records and session.sealing_turn() == seat:
            request = session.sealed_request(seat)
            service.seal(seat, request.sample(lambda n: n - 1))
            wait("the seal's record", lambda: bool(_take(service, mirror, seen)), 10)
        elif not records and session.human_turn() == seat:
            service.act(seat, session.legal(seat)[0])
            wait("the answer's record", lambda: bool(_take(service, mirror)), 10)
        elif not records:
            time.sleep(0.01)
    return seen


def _take(service: LanService, mirror: Mirror, seen: list[tuple] | None = None) -> list:
    records = service.take_records()
    for record in records:
        mirror.take(record)
        rnd = mirror.session.table.state.sealed
        if seen is not None and rnd is not None and len(rnd.commitments) == 2 \
                and len(rnd.choices) < 2:
            view = mirror.session.view(0)
            seen.append((view["my_bid"], view["bids"][1]))
    return records


def test_a_person_seals_bids_against_a_bot_on_another_machine_to_one_final_hash(
        pair: tuple[LanService, LanService]) -> None:
    host, joiner = pair
    host.host("Bids", "toy", "sealed", (("rounds", 3),), seats=2)
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    wait("the joiner in the room", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
    host.claim(0, "Hana")
    host.set_seat(1, joiner.fingerprint, "bot:random")
    wait("the seats", lambda: all(s.machine for s in host.snapshot().room.seats))  # type: ignore[union-attr]
    host.ready(True)
    wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
    host.start()
    mirrors = [follow(service) for service in (host, joiner)]
    seen = _play_person(host, mirrors[0], 0)
    assert len(seen) >= 3 and all(mine is not None and theirs is None for mine, theirs in seen)
    hashes = set()
    for service, mirror in zip((host, joiner), mirrors, strict=True):
        hashes.add(audited_end(service, mirror))
        kinds = [r.entry.kind for r in mirror.session.table.records]
        assert kinds.count("seal") == kinds.count("reveal") == 6
    assert len(hashes) == 1
