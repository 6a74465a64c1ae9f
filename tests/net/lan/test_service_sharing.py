"""Sharing a host's own scenario through the client's LAN service on 127.0.0.1 (two services in
one process, each with its network thread and its own user scenarios folder): the joiner is
offered the scenario in its room, receives it, keeps it, and both machines play a few
decisions of it to the same state hashes; a joiner that refuses leaves with a line on both
sides."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.encoding import state_hash
from game.rulesets.mediterranean_empires.content.user import UserRuleset
from net.lan.facade import Room
from net.lan.identity import Identity
from net.lan.mirror import Mirror
from net.lan.node import Settings
from net.lan.received import SOURCE_FILE
from net.lan.service import LanService
from tests.net.files.user_helpers import write_user
from tests.net.lan.lanproc import LOOPBACK, service_type
from tests.net.lan.test_service import follow, room_of, wait
from tests.net.lan.test_sharing import texts_of

RECORDS = 40
ACTS = 3
"""How far both machines follow the game: records, and decisions of the host's person (the
other seats are bots, one of them the joiner's)."""


@pytest.fixture
def pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Iterator[tuple[LanService, LanService]]:
    """A host whose scenarios folder holds "Punic Redux" (with a map variant of its own) and
    a joiner whose folder is empty, on loopback."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    texts = texts_of(moved=True)
    write_user(tmp_path / "hana", "punic_redux", texts.setup, texts.map, texts.layout)
    (tmp_path / "jo").mkdir()
    made = [LanService(Identity.ephemeral(), name, Settings(LOOPBACK, say=lambda text: None),
                       service_type(), tmp_path / f"{name}.jsonl", tmp_path / name.lower())
            for name in ("Hana", "Jo")]
    try:
        yield made[0], made[1]
    finally:
        for service in made:
            service.close()


def offered(host: LanService, joiner: LanService) -> Room:
    """Host a lobby of Punic Redux, join it; the joiner's room once it offers the scenario."""
    host.host("Friday", "mediterranean_empires", "punic_redux", ())
    room = room_of(host).room
    assert room is not None and room.scenario == "punic_redux"
    assert room.scenario_name == "Punic Redux"
    joiner.join(room.address)
    wait("the offer", lambda: _room(joiner).offer is not None)
    wait("the host told", lambda: _room(host).lacking == ("Jo",))
    return _room(joiner)


def _room(service: LanService) -> Room:
    room = service.snapshot().room
    return room if room is not None else Room("", "", "", "", (), (), (), "")


def test_a_joiner_receives_the_hosts_scenario_and_both_play_it_alike(
        pair: tuple[LanService, LanService], tmp_path: Path) -> None:
    host, joiner = pair
    offer = offered(host, joiner).offer
    assert offer is not None and (offer.name, offer.host) == ("Punic Redux", "Hana")
    assert not any((tmp_path / "jo").iterdir())
    joiner.answer_offer(True)
    wait("the scenario kept", lambda: _room(host).lacking == () and _room(joiner).offer is None
         and not _room(joiner).receiving)
    kept = tmp_path / "jo" / "punic_redux"
    assert sorted(p.name for p in kept.iterdir()) == ["layout.yaml", "map.yaml",
                                                      "scenario.yaml", SOURCE_FILE]
    mirrors = started(host, joiner)
    rulesets = [mirror.session.ruleset for mirror in mirrors]
    assert all(isinstance(r, UserRuleset) for r in rulesets)
    assert rulesets[0].content_hash() == rulesets[1].content_hash()
    hashes, acts = play_along(host, joiner, mirrors)
    assert acts >= ACTS and hashes[0][:RECORDS] == hashes[1][:RECORDS]


def started(host: LanService, joiner: LanService) -> list[Mirror]:
    """Seat the host's person, a bot on the joiner's machine and one on the host's, start;
    both machines' mirrors of the game."""
    host.claim(0, "Hana")
    host.set_seat(1, joiner.fingerprint, "bot:random")
    host.set_seat(2, host.fingerprint, "bot:random")
    wait("the seats", lambda: all(s.machine for s in _room(host).seats))
    host.ready(True)
    wait("everyone ready", lambda: _room(host).can_start)
    host.start()
    return [follow(service) for service in (host, joiner)]


def play_along(host: LanService, joiner: LanService, mirrors: list[Mirror]
               ) -> tuple[list[list[str]], int]:
    """Both mirrors take their records (the host's person answering its seat) until each has
    RECORDS of them and the person answered ACTS times; the state hash after each record, per
    machine, and the person's answers."""
    hashes: list[list[str]] = [[], []]
    acts = 0
    deadline = time.monotonic() + 120
    while min(map(len, hashes)) < RECORDS or acts < ACTS:
        assert time.monotonic() < deadline, "the game did not get far enough"
        for k, (service, mirror) in enumerate(zip((host, joiner), mirrors, strict=True)):
            for record in service.take_records():
                mirror.take(record)
                hashes[k].append(state_hash(mirror.session.table.state))
        if mirrors[0].session.human_turn() == 0:
            host.act(0, mirrors[0].session.legal(0)[0])
            acts += 1
            wait("the answer", lambda: _took(host, mirrors[0], hashes[0]), 10)
        time.sleep(0.01)
    return hashes, acts


def _took(service: LanService, mirror: Mirror, hashes: list[str]) -> bool:
    records = service.take_records()
    for record in records:
        mirror.take(record)
        hashes.append(state_hash(mirror.session.table.state))
    return bool(records)


def test_a_joiner_that_refuses_leaves_with_a_line_to_both_sides(
        pair: tuple[LanService, LanService], tmp_path: Path) -> None:
    host, joiner = pair
    offered(host, joiner)
    joiner.answer_offer(False)
    wait("the joiner out", lambda: joiner.snapshot().room is None)
    assert joiner.snapshot().notice == ("you refused Punic Redux, the scenario the lobby "
                                        "plays, and left it")
    wait("the host told", lambda: host.snapshot().notice != "")
    assert host.snapshot().notice == "Jo's machine refused Punic Redux and left the lobby"
    assert len(_room(host).machines) == 1 and not any((tmp_path / "jo").iterdir())


def test_a_spectator_that_lacks_the_scenario_receives_it_when_it_agreed(
        pair: tuple[LanService, LanService], tmp_path: Path) -> None:
    host, joiner = pair
    address = offered(host, joiner).address
    joiner.answer_offer(True)
    wait("the scenario kept", lambda: _room(host).lacking == ())
    mirrors = started(host, joiner)
    watchers = [LanService(Identity.ephemeral(), name, Settings(LOOPBACK, say=lambda t: None),
                           host.service_type, tmp_path / f"{name}.jsonl", tmp_path / name)
                for name in ("wat", "wary")]
    try:
        watchers[1].spectate(address)
        wait("the refusal", lambda: watchers[1].snapshot().phase == "browsing")
        assert watchers[1].snapshot().notice == ("this game plays Punic Redux, a scenario "
                                                 "you don't have: choose Receive to follow it")
        assert not (tmp_path / "wary").exists()
        watchers[0].spectate(address, receive=True)
        seen = follow(watchers[0])
        assert isinstance(seen.session.ruleset, UserRuleset) and seen.mine == ()
        assert (tmp_path / "wat" / "punic_redux" / SOURCE_FILE).is_file()
        hashes, _ = play_along(host, watchers[0], [mirrors[0], seen])
        assert hashes[0][:RECORDS] == hashes[1][:RECORDS]
    finally:
        for watcher in watchers:
            watcher.close()
