"""`mare replay --ledger`: a LAN game's ledger file checks offline, and a bad record is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.encoding import canonical_bytes, parse_canonical
from net.lan.genesis import sign_genesis
from net.lan.ledger import LedgerFile
from net.lan.peer import GamePeer
from net.lan.verify import BadRecord, verify_ledger
from tests.net.lan.lanhelp import Router, table_of
from tools.cli import main


def _played(tmp_path: Path) -> list[GamePeer]:
    peers = table_of("toy", None, 3, seats=3)
    genesis = peers[0].genesis
    signatures = {p.identity.fingerprint: sign_genesis(p.identity, genesis) for p in peers}
    for number, peer in enumerate(peers):
        peer.ledger.file = LedgerFile(tmp_path / f"m{number}.jsonl")
        peer.ledger.file.start(genesis, signatures)
    router = Router(peers)
    router.start()
    router.run()
    return peers


def test_every_machine_writes_the_same_ledger_and_it_checks(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    peers = _played(tmp_path)
    files = [(tmp_path / f"m{n}.jsonl").read_bytes() for n in range(3)]
    assert files[0] == files[1] == files[2]
    verdict = verify_ledger(tmp_path / "m0.jsonl")
    assert verdict.finished and verdict.final_hash == peers[0].final_hash()
    assert verdict.audit is not None and verdict.audit.ok
    assert main(["replay", "--ledger", str(tmp_path / "m1.jsonl")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"final-hash {peers[0].final_hash()}"
    assert lines[-2].startswith("audit: ok")


@pytest.mark.parametrize(("damage", "says"), [
    ("drop", "record 5: the chain is broken"),
    ("seed", "the dice seed is not the one the reveals give"),
    ("signature", "the signature is not its machine's"),
])
def test_a_bad_record_is_named(tmp_path: Path, damage: str, says: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    _played(tmp_path)
    path = tmp_path / "m0.jsonl"
    lines = path.read_bytes().split(b"\n")
    if damage == "drop":
        del lines[6]
    else:
        kind = b'"k":"CHANCE"' if damage == "seed" else b'"k":"ENTRY"'
        number = next(i for i, line in enumerate(lines) if kind in line)
        plain = parse_canonical(lines[number])
        if damage == "seed":
            plain["p"]["b"]["seed"] = "00" * 32
        else:
            plain["s"] = "00" * 64
        lines[number] = canonical_bytes(plain)
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(BadRecord, match=says):
        verify_ledger(path)
    assert main(["replay", "--ledger", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]
