"""Game peers in one process: whole games to the end with identical ledgers and hashes."""

from __future__ import annotations

import pytest

from tests.net.lan.lanhelp import Router, table_of


@pytest.mark.parametrize("machines", [2, 3, 4])
def test_the_toy_game_plays_to_the_end_on_every_machine(machines: int) -> None:
    peers = table_of("toy", None, machines, seats=machines)
    router = Router(peers)
    router.start()
    router.run()
    assert all(p.over for p in peers), [p.waiting_for() for p in peers]
    assert len({p.final_hash() for p in peers}) == 1
    assert len({tuple(r.payload for r in p.ledger.records) for p in peers}) == 1
    assert all(p.audit is not None and p.audit.ok for p in peers)
    assert not any(p.log.rejections for p in peers)


def test_mediterranean_empires_scenario_3_on_three_machines() -> None:
    peers = table_of("mediterranean_empires", "second_punic_war", 3)
    router = Router(peers)
    router.start()
    router.run()
    assert all(p.over for p in peers), [p.waiting_for() for p in peers]
    assert len({p.final_hash() for p in peers}) == 1
    assert all(p.audit is not None and p.audit.ok for p in peers), [
        p.audit.summary() if p.audit else None for p in peers]


def test_a_stopped_table_keeps_its_state_for_the_post_mortem() -> None:
    from game.core.encoding import parse_canonical

    peers = table_of("toy", None, 2, seats=2)
    router = Router(peers)
    router.start()
    router.run(limit=20)
    peer = peers[0]
    peer.stopped = "desync: the tables disagree from entry 7"
    dump = parse_canonical(peer.dump().rstrip(b"\n"))
    assert dump["why"] == peer.stopped and dump["records"] == len(peer.ledger)
    assert dump["state_hash"] == peer.final_hash() and dump["state"]
