"""A LAN game's folder after a crash: the secrets and ledger load back, and a ledger line torn
by the crash is cut off before the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.lan.genesis import sign_genesis
from net.lan.store import GameFolder, unfinished_games
from tests.net.lan.lanhelp import Router, table_of


def test_a_torn_last_line_is_cut_before_the_next_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    peers = table_of("toy", None, 2, seats=2)
    router = Router(peers)
    router.start()
    router.run()
    peer, genesis = peers[0], peers[0].genesis
    signatures = {p.identity.fingerprint: sign_genesis(p.identity, genesis) for p in peers}
    folder = GameFolder.of(genesis.game_id)
    folder.save_start(genesis, signatures, peer.secrets)
    records = peer.ledger.records
    for record in records[:10]:
        folder.ledger_file.append(record)
    with folder.ledger_file.path.open("ab") as file:
        file.write(b'{"k":"ENTRY","p":{"b":{"auth')  # killed mid-write
    assert len(folder.load()[3]) == 10
    folder.ledger_file.append(records[10])
    _, _, secrets, ledger = folder.load()
    assert [r.payload for r in ledger.records] == [r.payload for r in records[:11]]
    assert secrets == peer.secrets


def test_resume_lists_a_machines_unfinished_games_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    peers = table_of("toy", None, 2, seats=2)
    router = Router(peers)
    router.start()
    router.run(limit=20)
    peer, genesis = peers[0], peers[0].genesis
    signatures = {p.identity.fingerprint: sign_genesis(p.identity, genesis) for p in peers}
    folder = GameFolder.of(genesis.game_id)
    folder.save_start(genesis, signatures, peer.secrets)
    for record in peer.ledger.records[:5]:
        folder.ledger_file.append(record)
    (tmp_path / "games" / "not-a-game").mkdir()
    found = unfinished_games(peer.identity.fingerprint)
    assert [(g.game, g.records, g.machines) for g in found] == [
        (genesis.game_id.hex(), 5, ("M0", "M1"))]
    assert unfinished_games("f" * 32) == []
    folder.mark_ended("adjourned")
    assert len(unfinished_games(peer.identity.fingerprint)) == 1
    folder.mark_ended("over")
    assert unfinished_games(peer.identity.fingerprint) == []
