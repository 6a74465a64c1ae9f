"""The client's LAN service on 127.0.0.1: two services in one process (each with its network
thread) host and join a room, seat a person and bots, play to the end through the facade, and
their mirrors end on the network's final hash; refusals and a closed room come back in words."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from game.core.encoding import state_hash
from net.lan.facade import Snapshot
from net.lan.identity import Identity
from net.lan.mirror import Mirror
from net.lan.node import Settings
from net.lan.service import LanService
from tests.net.lan.lanproc import LOOPBACK, service_type

GAME_SECONDS = 240.0


@pytest.fixture
def pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Iterator[tuple[LanService, LanService]]:
    """A host's service and a joiner's, on loopback, each with its own ledger."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    kind = service_type()
    made = [LanService(Identity.ephemeral(), name, Settings(LOOPBACK, say=lambda text: None),
                       kind, tmp_path / f"{name}.jsonl") for name in ("Hana", "Jo")]
    try:
        yield made[0], made[1]
    finally:
        for service in made:
            service.close()


def wait(what: str, done: Callable[[], bool], timeout: float = 30.0) -> None:
    """Poll `done` until it holds; fail naming `what`."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def room_of(service: LanService) -> Snapshot:
    """Wait for the service's room and return the snapshot holding it."""
    wait("a room", lambda: service.snapshot().room is not None)
    return service.snapshot()


def test_a_person_and_bots_play_a_lan_game_to_the_end_through_the_facade(
        pair: tuple[LanService, LanService]) -> None:
    host, joiner = pair
    host.host("Friday", "mediterranean_empires", "3", ())
    address = room_of(host).room.address  # type: ignore[union-attr]
    joiner.join(address)
    wait("the joiner in the room", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
    host.claim(0, "Hana")
    host.set_seat(1, joiner.fingerprint, "bot:random")
    host.set_seat(2, host.fingerprint, "bot:random")
    wait("the seats", lambda: all(s.machine for s in host.snapshot().room.seats))  # type: ignore[union-attr]
    assert not host.snapshot().room.can_start  # type: ignore[union-attr]
    host.ready(True)
    wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
    seats = host.snapshot().room.seats  # type: ignore[union-attr]
    assert [(s.person, s.player, s.machine_name) for s in seats] == [
        ("Hana", "human", "Hana"), ("", "bot:random", "Jo"), ("", "bot:random", "Hana")]
    host.start()
    mirrors = [follow(service) for service in (host, joiner)]
    play_person(host, mirrors[0], 0)
    for service, mirror in zip((host, joiner), mirrors, strict=True):
        audited_end(service, mirror)


def follow(service: LanService) -> Mirror:
    """The service's game, mirrored from its first records."""
    wait("the game", lambda: service.snapshot().game is not None)
    game = service.snapshot().game
    assert game is not None
    return Mirror(game)


def play_person(service: LanService, mirror: Mirror, seat: int) -> None:
    """Answer the person's seat with its first legal action until the game is over."""
    deadline = time.monotonic() + GAME_SECONDS
    while not mirror.session.over:
        assert time.monotonic() < deadline, "the game did not end"
        records = service.take_records()
        for record in records:
            mirror.take(record)
        if not records and mirror.session.human_turn() == seat:
            service.act(seat, mirror.session.legal(seat)[0])
            wait("the answer's record", lambda: _took(service, mirror), 10)
        elif not records:
            time.sleep(0.01)


def bot_game(host: LanService, joiner: LanService,
             bots: Sequence[tuple[LanService, str]]) -> list[Mirror]:
    """The joiner in the host's room, each seat a bot on the machine given, the game started:
    the host's mirror and the joiner's."""
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    wait("the joiner in the room", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
    for seat, (machine, bot) in enumerate(bots):
        host.set_seat(seat, machine.fingerprint, bot)
    wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
    host.start()
    return [follow(service) for service in (host, joiner)]


def audited_end(service: LanService, mirror: Mirror) -> str:
    """Wait for the end of the service's game and follow it there; its final hash, which the
    mirror's state has, every seat's audit complete."""
    wait("the end", lambda: service.snapshot().phase == "ended", GAME_SECONDS)
    for record in service.take_records():
        mirror.take(record)
    status = service.snapshot().table
    assert status is not None and status.result == "over" and mirror.session.over
    assert state_hash(mirror.session.table.state) == status.final_hash
    assert status.audit and all(line.endswith("checked") for line in status.audit)
    return status.final_hash


def _took(service: LanService, mirror: Mirror) -> bool:
    records = service.take_records()
    for record in records:
        mirror.take(record)
    return bool(records)


def test_a_host_that_leaves_closes_the_room_for_the_joiner(
        pair: tuple[LanService, LanService]) -> None:
    host, joiner = pair
    host.host("Closing", "mediterranean_empires", "3", ())
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    room_of(joiner)
    host.leave()
    wait("the joiner told", lambda: joiner.snapshot().room is None)
    assert joiner.snapshot().notice == "the host closed the lobby"
    assert joiner.snapshot().phase in ("browsing", "idle")


def test_a_joiner_with_other_rules_content_is_refused_in_words(
        pair: tuple[LanService, LanService], monkeypatch: pytest.MonkeyPatch) -> None:
    host, joiner = pair
    monkeypatch.setattr("net.lan.play.installed_hashes",
                        lambda: {"mediterranean_empires": "0" * 64})
    host.host("Refusing", "mediterranean_empires", "3", ())
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    wait("the refusal", lambda: joiner.snapshot().notice != "")
    assert joiner.snapshot().notice.startswith("content differs: yours 00000000…")
    assert joiner.snapshot().room is None


def test_joining_nobody_says_so_and_leaves_the_thread_alive(
        pair: tuple[LanService, LanService]) -> None:
    _, joiner = pair
    joiner.join(f"{LOOPBACK}:1")
    wait("the failure", lambda: joiner.snapshot().notice != "")
    assert "cannot reach the other machine" in joiner.snapshot().notice
    joiner.browse()
    wait("browsing", lambda: joiner.snapshot().phase == "browsing")


def test_a_spectator_follows_the_game_to_the_same_end(
        pair: tuple[LanService, LanService], tmp_path: Path) -> None:
    host, joiner = pair
    watcher = LanService(Identity.ephemeral(), "Wat", Settings(LOOPBACK, say=lambda t: None),
                         host.service_type, tmp_path / "watcher.jsonl")
    try:
        host.host("Watched", "mediterranean_empires", "3", ())
        joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
        wait("the joiner", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
        host.claim(0, "Hana")
        for seat, machine in ((1, joiner.fingerprint), (2, host.fingerprint)):
            host.set_seat(seat, machine, "bot:random")
        host.ready(True)
        wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
        address = host.snapshot().room.address  # type: ignore[union-attr]
        host.start()
        player = follow(host)
        watcher.spectate(address)
        seen = follow(watcher)
        assert seen.mine == () and seen.session.humans == ()
        play_person(host, player, 0)
        wait("the watcher's end", lambda: watcher.snapshot().phase == "ended", GAME_SECONDS)
        for record in watcher.take_records():
            seen.take(record)
        assert state_hash(seen.session.table.state) == state_hash(player.session.table.state)
        assert seen.session.view(None)["hand"] == []
    finally:
        watcher.close()


def test_closing_mid_game_while_the_others_play_on_leaves_nothing_pending(
        pair: tuple[LanService, LanService], capfd: pytest.CaptureFixture[str]) -> None:
    host, joiner = pair
    host.host("Closing mid-game", "mediterranean_empires", "3", ())
    joiner.join(room_of(host).room.address)  # type: ignore[union-attr]
    wait("the joiner", lambda: len(host.snapshot().room.machines) == 2)  # type: ignore[union-attr]
    host.claim(0, "Hana")
    for seat in (1, 2):
        host.set_seat(seat, joiner.fingerprint, "bot:random")
    host.ready(True)
    wait("everyone ready", lambda: host.snapshot().room.can_start)  # type: ignore[union-attr]
    host.start()
    wait("the game", lambda: host.snapshot().phase == "playing")
    time.sleep(1.0)  # the person never answers: the joiner keeps its links and dials back
    host.close()
    time.sleep(2.0)
    joiner.close()
    for service in pair:
        assert not service._thread.is_alive()
        assert not asyncio.all_tasks(service._loop), "tasks left pending in a closed loop"
    assert "Event loop is closed" not in capfd.readouterr().err
