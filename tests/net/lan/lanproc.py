"""Helpers for LAN tests across processes: `mare lan` machines, each with its own data folder and
ledger, started with Popen and always ended by their own PIDs; and a relay on 127.0.0.1 that the
test puts in front of machines to cut or hold their links."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LOOPBACK = "127.0.0.1"
LINE_TIMEOUT = 60.0
"""How long a machine may take to print an awaited line (starting up on 2 busy cores)."""
STOP_TIMEOUT = 5.0


def service_type() -> str:
    """A service type no other test (or real lobby) uses."""
    return f"_mi-{secrets.token_hex(4)}._tcp.local."


@dataclass
class Machine:
    """One `mare lan` process: its data folder, ledger, and everything it printed."""

    name: str
    data: Path
    ledger: Path
    out: Path
    process: subprocess.Popen[bytes] | None = None

    def text(self) -> str:
        """Its output so far (stdout and stderr)."""
        return self.out.read_text(errors="replace") if self.out.exists() else ""

    def lines(self) -> list[str]:
        """Its output lines so far."""
        return self.text().splitlines()

    def wait_for(self, pattern: str, timeout: float = LINE_TIMEOUT) -> re.Match[str]:
        """The first match of `pattern` in its output once printed; fails if it exits first."""
        deadline = time.monotonic() + timeout
        while (found := re.search(pattern, self.text(), re.MULTILINE)) is None:
            if self.process is None or self.process.poll() is not None:
                raise AssertionError(f"{self.name} ended without {pattern!r}:\n{self.text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} printed no {pattern!r}:\n{self.text()}")
            time.sleep(0.02)
        return found

    def address(self) -> str:
        """Where it listens, as it printed it."""
        return self.wait_for(r"^listening on (\S+)$")[1]

    def port(self) -> int:
        """The port it listens on."""
        return int(self.address().rpartition(":")[2])

    def game_id(self) -> str:
        """The game's id, as it printed it."""
        return self.wait_for(r"^game ([0-9a-f]{32})")[1]

    def finish(self, timeout: float) -> int:
        """Its exit code, once it ends by itself within `timeout`."""
        assert self.process is not None
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} still runs after {timeout:.0f} s:\n"
                                 f"{self.text()}") from None

    def final_hash(self) -> str:
        """The hash it printed at the end."""
        return self.wait_for(r"^final-hash ([0-9a-f]{64})$", 1)[1]

    def kill(self) -> None:
        """kill -9, and reap it."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(STOP_TIMEOUT)

    def stop(self) -> None:
        """End it if it still runs: terminate, then kill."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT)


@dataclass
class Lan:
    """The machines of one test, on one service type of its own."""

    folder: Path
    kind: str = field(default_factory=service_type)
    machines: list[Machine] = field(default_factory=list)

    def machine(self, name: str) -> Machine:
        """A machine with its own data folder and ledger file (not started)."""
        machine = Machine(name, self.folder / name, self.folder / f"{name}.jsonl",
                          self.folder / f"{name}.out")
        self.machines.append(machine)
        return machine

    def run(self, machine: Machine, *args: str) -> Machine:
        """Start `mare lan ARGS…` as `machine` (its output appended to its file)."""
        env = {**os.environ, "MARE_DATA_DIR": str(machine.data), "PYTHONUNBUFFERED": "1"}
        with machine.out.open("ab") as out:
            machine.process = subprocess.Popen(
                [sys.executable, "-m", "tools", "lan", *args], cwd=ROOT, env=env,
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        return machine

    def where(self, *extra: str) -> list[str]:
        """The loopback arguments every subcommand takes."""
        return ["--interface", LOOPBACK, "--service-type", self.kind, *extra]

    def host(self, name: str, ruleset: str, scenario: str, players: int | None,
             *extra: str) -> Machine:
        """A host of lobby `name`."""
        seats = [] if players is None else ["--players", str(players)]
        machine = self.machine("host")
        return self.run(machine, "host", "--lobby", name, "--ruleset", ruleset, "--scenario",
                        scenario, *seats, "--ledger", str(machine.ledger), *self.where(*extra))

    def join(self, name: str, *extra: str) -> Machine:
        """A machine joining lobby `name`."""
        machine = self.machine(f"joiner{len(self.machines)}")
        return self.run(machine, "join", "--lobby", name, "--ledger", str(machine.ledger),
                        *self.where(*extra))

    def resume(self, machine: Machine, game_id: str, *extra: str) -> Machine:
        """`machine` again, rejoining game `game_id` from its files."""
        return self.run(machine, "join", "--resume", game_id, "--ledger", str(machine.ledger),
                        *self.where(*extra))

    def stop_all(self) -> None:
        """End every machine still running."""
        for machine in self.machines:
            machine.stop()


@pytest.fixture
def lan(tmp_path: Path) -> Iterator[Lan]:
    """The test's machines; whatever still runs at the end is terminated, then killed."""
    table = Lan(tmp_path)
    try:
        yield table
    finally:
        table.stop_all()


def finish_alike(machines: list[Machine], timeout: float, code: int = 0) -> str:
    """Wait for every machine to end with `code` and the same final hash; that hash."""
    deadline = time.monotonic() + timeout
    for machine in machines:
        exit_code = machine.finish(max(1.0, deadline - time.monotonic()))
        assert exit_code == code, f"{machine.name} exited {exit_code}:\n{machine.text()}"
    hashes = {machine.final_hash() for machine in machines}
    assert len(hashes) == 1, {m.name: m.final_hash() for m in machines}
    for machine in machines:
        text = machine.text()
        assert "Traceback" not in text and "\nalert" not in text, text
    return hashes.pop()


def assert_same_ledgers(machines: list[Machine]) -> None:
    """Every ledger file byte-identical (the signed genesis line too), none empty of records."""
    ledgers = {machine.name: machine.ledger.read_bytes() for machine in machines}
    assert len(set(ledgers.values())) == 1, {k: len(v.splitlines()) for k, v in ledgers.items()}
    assert len(next(iter(ledgers.values())).splitlines()) > 2


def records(machine: Machine) -> int:
    """How many records its ledger file holds (the genesis line not counted)."""
    if not machine.ledger.exists():
        return 0
    return max(0, machine.ledger.read_bytes().count(b"\n") - 1)


def wait_until(done: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll `done` every 20 ms; fails naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


class Relay:
    """TCP relays on 127.0.0.1, one "front" per machine that advertises the front's address
    (`--advertise`), so every game link to that machine runs through the test. Counting the
    bytes relayed on all fronts, it can cut every link once, or hold them all (nothing passes)
    until `release`, which cuts them too; links opened afterwards pass freely."""

    HOLD_LIMIT = 120.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._targets: dict[int, int | None] = {}
        self._aimed = threading.Condition(self._lock)
        self._listeners: list[socket.socket] = []
        self._links: list[tuple[socket.socket, socket.socket]] = []
        self._threads: list[threading.Thread] = []
        self._closed = threading.Event()
        self._released = threading.Event()
        self.relayed = 0
        self.accepted = 0
        self.cut_at: int | None = None
        self.hold_at: int | None = None
        self.cut_done = threading.Event()
        self.held = threading.Event()

    def front(self) -> int:
        """A new front's port (aim it at the machine's listening port with `aim`)."""
        listener = socket.create_server((LOOPBACK, 0))
        listener.settimeout(0.1)
        port = int(listener.getsockname()[1])
        with self._lock:
            self._targets[port] = None
            self._listeners.append(listener)
        self._start(self._accept_loop, listener, port)
        return port

    def aim(self, front: int, target: int) -> None:
        """Relay what `front` accepts to 127.0.0.1:`target`."""
        with self._lock:
            self._targets[front] = target
            self._aimed.notify_all()

    def release(self) -> None:
        """End a hold: cut every held link; links opened from now on pass."""
        with self._lock:
            self.hold_at = None
        self.cut()
        self._released.set()

    def cut(self) -> None:
        """Close every link open now (both of its sockets)."""
        with self._lock:
            links, self._links = self._links, []
        for pair in links:
            for sock in pair:
                _shut(sock)

    def close(self) -> None:
        """Stop listening, cut everything, and wait for the relay's threads."""
        self._closed.set()
        self._released.set()
        self.cut()
        for thread in self._threads:
            thread.join(STOP_TIMEOUT)
        for listener in self._listeners:
            listener.close()

    def _start(self, target: Callable[..., None], *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        self._threads.append(thread)
        thread.start()

    def _accept_loop(self, listener: socket.socket, front: int) -> None:
        while not self._closed.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._connect(client, front)

    def _connect(self, client: socket.socket, front: int) -> None:
        with self._lock:
            self.accepted += 1
            self._aimed.wait_for(lambda: self._targets[front] is not None, STOP_TIMEOUT)
            target = self._targets[front]
        try:
            server = socket.create_connection((LOOPBACK, target or 0), STOP_TIMEOUT)
        except OSError:
            client.close()
            return
        client.settimeout(None)
        server.settimeout(None)
        with self._lock:
            self._links.append((client, server))
        self._start(self._pump, client, server)
        self._start(self._pump, server, client)

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if self._passes(len(data)):
                    sink.sendall(data)
        _shut(source)
        _shut(sink)

    def _passes(self, size: int) -> bool:
        with self._lock:
            self.relayed += size
            cut = self.cut_at is not None and self.relayed >= self.cut_at
            hold = self.hold_at is not None and self.relayed >= self.hold_at
            if cut:
                self.cut_at = None
        if cut:
            self.cut()
            self.cut_done.set()
        elif hold:
            self.held.set()
            self._released.wait(self.HOLD_LIMIT)
        return not (cut or hold)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
