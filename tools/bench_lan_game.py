"""`mare bench lan`, part 4: the wall time per entry of a bot game played by 3 machines (3
processes, each a real `GameNode` on loopback TCP, signing, verifying and fsyncing its ledger
as in play) beside the same rule set and scenario played in one process (`bot_session` +
`run`). The lobby is left out: the bench deals the genesis itself and hands each process its
listening socket, so the figure is the game alone."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.encoding import canonical_bytes
from game.rulesets import get_ruleset
from game.session import bot_session, make_config, scenario_info
from net.lan.genesis import Genesis, LanSecrets, Seat, new_machine, sign_genesis
from net.lan.identity import Identity
from tools.bench_lan_wire import reap_children

ROOT = Path(__file__).resolve().parents[1]
MACHINES = 3
BOT = "bot:random"
STEP_SECONDS = 45.0
"""The longest the parent waits for any child's line (start-up, or one whole game)."""


@dataclass(frozen=True)
class Game:
    """What to play: a rule set, a scenario (None: its first) and a seat count (None: its own)."""

    label: str
    ruleset: str
    scenario: str | None
    seats: int | None


@dataclass(frozen=True)
class LanRun:
    """Games of one kind over the LAN: wall and CPU time per entry, and what went wrong."""

    ms: float
    """Wall milliseconds per entry, from each game's first record to its last."""
    entries: int
    games: int
    cpu_ms: float
    """CPU milliseconds per entry of one machine (the mean over the machines)."""
    problems: tuple[str, ...] = ()


TOY = Game("toy, 3 seats", "toy", None, 3)
ME3 = Game("mediterranean-empires scenario 3", "mediterranean-empires", "3", None)


def local_per_entry(game: Game, games: int) -> tuple[float, int]:
    """(ms per entry, entries) of `games` bot games in this process (hash every entry)."""
    ruleset = get_ruleset(game.ruleset)
    seconds, entries = 0.0, 0
    for number in range(games):
        master = number.to_bytes(8, "big") + b"bench-lan"
        config = make_config(ruleset, game.scenario, master.ljust(16, b"\0"), seats=game.seats)
        session = bot_session(ruleset, config, master)
        start = time.perf_counter()
        entries += session.run()
        seconds += time.perf_counter() - start
    return seconds / entries * 1e3, entries


def lan_run(game: Game, games: int, ledger: bool = True) -> LanRun:
    """Play `games` games over 3 machine processes (`ledger`: each writes and fsyncs its
    ledger file, as in play; without it the ledger stays in memory)."""
    with tempfile.TemporaryDirectory(prefix="mare-bench-lan-") as folder:
        results = asyncio.run(_async_lan_games(game, games, Path(folder), ledger))
    spans, problems = _spans(results)
    entries = sum(span.intervals for span in spans)
    per = 1e3 / entries if entries else float("nan")
    return LanRun(sum(span.wall for span in spans) * per, entries, len(spans),
                  sum(span.cpu for span in spans) * per, tuple(problems))


# -- dealing the games -----------------------------------------------------------------------

def _deal(game: Game, folder: Path, number: int, ledger: bool
          ) -> tuple[list[dict[str, Any]], list[socket.socket]]:
    """One game's part for each machine (sorted by fingerprint) and their listening sockets."""
    identities = sorted((Identity.ephemeral() for _ in range(MACHINES)),
                        key=lambda i: i.fingerprint)
    sockets = [_listening() for _ in identities]
    genesis, secrets = _genesis(game, identities, sockets)
    signatures = {i.fingerprint: sign_genesis(i, genesis).hex() for i in identities}
    parts = [{"seed": identity.seed().hex(), "genesis": genesis.to_plain(),
              "signatures": signatures, "secrets": own.to_plain(), "fd": sock.fileno(),
              "ledger": str(folder / f"game{number}-m{n}.jsonl") if ledger else ""}
             for n, (identity, sock, own) in enumerate(zip(identities, sockets, secrets,
                                                           strict=True))]
    return parts, sockets


def _genesis(game: Game, identities: list[Identity], sockets: list[socket.socket]
             ) -> tuple[Genesis, list[LanSecrets]]:
    """The genesis of one game, seats dealt round the machines, and each machine's secrets."""
    ruleset = get_ruleset(game.ruleset)
    names = make_config(ruleset, game.scenario, b"\0" * 16, seats=game.seats).seats
    made = [new_machine(identity, f"M{n}", f"127.0.0.1:{sock.getsockname()[1]}",
                        tuple(range(n, len(names), MACHINES)))
            for n, (identity, sock) in enumerate(zip(identities, sockets, strict=True))]
    seats = tuple(Seat(identities[s % MACHINES].fingerprint, BOT) for s in range(len(names)))
    genesis = Genesis(ruleset.id, ruleset.content_hash(),
                      scenario_info(ruleset, game.scenario).id, names, seats,
                      tuple(machine for machine, _ in made))
    return genesis, [secrets for _, secrets in made]


def _listening() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))  # the system picks the port
    sock.listen(16)
    sock.set_inheritable(True)
    return sock


def _specs(game: Game, games: int, folder: Path, ledger: bool
           ) -> tuple[list[Path], list[list[socket.socket]]]:
    """One spec file per machine (0600: it holds the machine's secrets) and its sockets."""
    per_machine: list[list[dict[str, Any]]] = [[] for _ in range(MACHINES)]
    sockets: list[list[socket.socket]] = [[] for _ in range(MACHINES)]
    for number in range(games):
        parts, made = _deal(game, folder, number, ledger)
        for machine, (part, sock) in enumerate(zip(parts, made, strict=True)):
            per_machine[machine].append(part)
            sockets[machine].append(sock)
    paths = [folder / f"spec{machine}.json" for machine in range(MACHINES)]
    for path, parts in zip(paths, per_machine, strict=True):
        path.touch(mode=0o600)
        path.write_bytes(canonical_bytes({"games": parts}))
    return paths, sockets


# -- running the machines --------------------------------------------------------------------

async def _async_lan_games(game: Game, games: int, folder: Path, ledger: bool
                           ) -> list[list[dict[str, Any]]]:
    """Each game's result lines, one per machine; an empty list for a game that failed, which
    ends the run (the machines' lines would no longer pair up)."""
    paths, sockets = _specs(game, games, folder, ledger)
    children: list[asyncio.subprocess.Process] = []
    results: list[list[dict[str, Any]]] = []
    try:
        await _async_spawn(paths, sockets, children)
        while len(results) < games and all(results):
            results.append(await _async_one_game(children))
        return results
    finally:
        await _async_end(children)


async def _async_spawn(paths: list[Path], sockets: list[list[socket.socket]],
                       children: list[asyncio.subprocess.Process]) -> None:
    """Start one player process per machine, each given its own listening sockets."""
    try:
        for path, own in zip(paths, sockets, strict=True):
            children.append(await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tools.bench_lan_child", "player", str(path), cwd=ROOT,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                pass_fds=[s.fileno() for s in own]))
    finally:
        for sock in (s for own in sockets for s in own):
            sock.close()  # each child holds its own copies


async def _async_one_game(children: list[asyncio.subprocess.Process]
                          ) -> list[dict[str, Any]]:
    """Wait until every machine is ready, start them together, collect their results."""
    try:
        for child in children:
            await _async_line(child)  # "ready"
        for child in children:
            assert child.stdin is not None
            child.stdin.write(b"go\n")
        return [json.loads(await _async_line(child)) for child in children]
    except (TimeoutError, ValueError, ConnectionError):
        return []


async def _async_line(child: asyncio.subprocess.Process) -> bytes:
    assert child.stdout is not None
    line = await asyncio.wait_for(child.stdout.readline(), STEP_SECONDS)
    if not line:
        raise ConnectionError(f"machine process {child.pid} ended early")
    return line


async def _async_end(children: list[asyncio.subprocess.Process]) -> None:
    """Close their stdin (a player ends at EOF), then end any that lingers, by its PID."""
    for child in children:
        if child.stdin is not None and not child.stdin.is_closing():
            child.stdin.close()
    await reap_children(children)


# -- reading the results ---------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    """One game from its first record to its last: wall seconds (a record counts once the
    last machine has applied it), records after the first, mean CPU seconds of a machine."""

    wall: float
    intervals: int
    cpu: float


def _spans(results: list[list[dict[str, Any]]]) -> tuple[list[Span], list[str]]:
    """The span of each game that ended well, and what went wrong in the others."""
    spans, problems = [], []
    for number, machines in enumerate(results):
        trouble = _trouble(machines)
        if trouble:
            problems.append(f"game {number}: {trouble}")
            continue
        stamps = [max(column) for column in zip(*(m["stamps"] for m in machines), strict=True)]
        cpu = sum(m["cpu"][-1] - m["cpu"][0] for m in machines) / len(machines)
        spans.append(Span(stamps[-1] - stamps[0], len(stamps) - 1, cpu))
    return spans, problems


def _trouble(machines: list[dict[str, Any]]) -> str:
    if len(machines) != MACHINES:
        return "a machine process failed or timed out"
    if any(m["status"] != "over" for m in machines):
        return "status " + ", ".join(str(m["status"]) for m in machines)
    if len({m["final"] for m in machines}) != 1:
        return "the machines ended with different state hashes"
    if len({len(m["stamps"]) for m in machines}) != 1 or len(machines[0]["stamps"]) < 2:
        return "the machines applied different numbers of records"
    return ""
