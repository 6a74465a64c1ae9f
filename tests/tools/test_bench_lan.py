"""`mare bench lan`: a tiny run prints every figure and goal line (no timing is asserted: the
machines are noisy); the figures' helpers measure what they say."""

from __future__ import annotations

import re

import pytest

from game.core.encoding import canonical_bytes
from tools.bench_lan import TINY, run_lan_bench
from tools.bench_lan_wire import BODY_SIZE, entry_body, spread
from tools.cli import build_parser

MS = r"\d+\.\d+ ms"
EXPECTED = [
    r"^machine: .*load average",
    r"^loopback 127\.0\.0\.1 only.*TCP_NODELAY .*: (yes|NO)$",
    rf"^  running browser, register → seen: (p50 {MS}|.*NOT seen).*goal ≤ 500 ms typical\]$",
    r"^  cold browser, browser start → seen .*: p50 ",
    rf"^  signed \(encode_frame \+ open_frame each way\): p50 {MS}, p99 {MS}$",
    rf"^  unsigned \(the same canonical payload\): +p50 {MS}, p99 {MS}$",
    r"^  signing costs \d+\.\d+× the unsigned round trip .*goal ≤ 3×\]",
    rf"^  3 machines: p50 {MS}, p99 {MS}$",
    r"^  toy, 3 seats: LAN \d+\.\d+ ms/entry \(\d+ entries, 1 game\), one process .* overhead "
    r"-?\d+\.\d+ ms/entry .*goal ≤ 2 ms\]$",
    r"^    CPU per entry: \d+\.\d+ ms on each machine",
    r"^goals:$",
    r"^  (PASS  |MISSED) a running browser sees a lobby in ≤ 0\.5 s typical",
    r"^  (PASS  |MISSED) signing costs ≤ 3× the unsigned round trip",
    r"^  (PASS  |MISSED) network overhead per entry ≤ 2 ms over one process, 3 machines",
    r"^bench took \d+ s",
]


def test_a_tiny_lan_bench_prints_every_figure_and_goal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_lan_bench(TINY) == 0
    lines = capsys.readouterr().out.splitlines()
    for pattern in EXPECTED:
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    assert not any("FAILED" in line for line in lines), lines


def test_lan_is_a_bench_target() -> None:
    assert build_parser().parse_args(["bench", "lan"]).target == "lan"


def test_the_entry_body_has_the_measured_size_and_spread_ranks() -> None:
    assert len(canonical_bytes(entry_body(7))) == BODY_SIZE
    found = spread([i / 1000 for i in range(1, 101)])
    assert (found.p50, found.p99, found.count) == (50.0, 99.0, 100)
