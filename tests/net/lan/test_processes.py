"""Whole LAN games between `mare lan` processes on 127.0.0.1, and the faults a table lives
through: a link cut mid-game, a machine killed and restarted from its files, a machine that
never comes back. Every process has its own data folder and ledger; every test its own service
type; every process is ended by its PID when the test ends."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.lan.node import SILENT_SECONDS
from tests.net.lan.lanproc import (
    LOOPBACK,
    ROOT,
    Lan,
    Machine,
    Relay,
    assert_same_ledgers,
    finish_alike,
    lan,
    records,
    wait_until,
)

TOY_TIMEOUT = 90.0
EMPIRES_TIMEOUT = 240.0

__all__ = ["lan"]


@pytest.fixture
def relay() -> Iterator[Relay]:
    """A relay the test puts in front of machines."""
    relays = Relay()
    try:
        yield relays
    finally:
        relays.close()


def play(lan: Lan, ruleset: str, scenario: str, machines: int, players: int | None = None,
         *extra: str) -> list[Machine]:
    """A host and `machines - 1` joiners of one lobby, started."""
    name = f"lobby {lan.kind[4:12]}"
    table = [lan.host(name, ruleset, scenario, players, *extra)]
    table[0].address()
    return table + [lan.join(name, *extra) for _ in range(machines - 1)]


def audited(machine: Machine, seats: int) -> None:
    """The end-of-game audit passed for every seat on this machine."""
    verdicts = [line for line in machine.lines() if line.startswith("audit ")]
    assert len(verdicts) == seats and all(": ok" in v for v in verdicts), machine.text()


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize("machines", [2, 3, 4])
def test_a_toy_game_ends_alike_on_every_process(lan: Lan, machines: int) -> None:
    table = play(lan, "toy", "1", machines, machines)
    finish_alike(table, TOY_TIMEOUT)
    assert_same_ledgers(table)
    for machine in table:
        audited(machine, machines)


def test_scenario_3_on_three_processes(lan: Lan) -> None:
    table = play(lan, "mediterranean_empires", "3", 3)
    finish_alike(table, EMPIRES_TIMEOUT)
    assert_same_ledgers(table)
    audited(table[0], 3)


def test_scenario_13_on_eight_processes(lan: Lan) -> None:
    start = time.monotonic()
    table = play(lan, "mediterranean_empires", "13", 8)
    finish_alike(table, EMPIRES_TIMEOUT)
    assert_same_ledgers(table)
    audited(table[0], 8)
    print(f"scenario 13 on 8 processes: {time.monotonic() - start:.1f} s")


def test_a_spectator_follows_the_game_to_the_same_hash(lan: Lan) -> None:
    host = lan.host("watched", "toy", "1", 2)
    spectator = lan.run(lan.machine("spectator"), "spectate", "--address", host.address(),
                        *lan.where())
    joiner = lan.join("watched")
    final = finish_alike([host, joiner], TOY_TIMEOUT)
    assert spectator.finish(TOY_TIMEOUT) == 0, spectator.text()
    assert spectator.final_hash() == final
    assert "status over" in spectator.lines()


def test_list_shows_the_lobby_while_it_waits(lan: Lan) -> None:
    host = lan.host("Θάλαττα", "toy", "1", 3)
    address = host.address()
    machine = host.wait_for(r"this machine ((?:[0-9a-f]{8} ){3}[0-9a-f]{8})")[1]
    listing = subprocess.run([sys.executable, "-m", "tools", "lan", "list", "--wait", "2",
                              *lan.where()], cwd=ROOT, capture_output=True, text=True,
                             timeout=30)
    assert listing.returncode == 0, listing.stderr
    assert f"Θάλαττα\t{machine}\ttoy\tstandard\t2 open\tlobby\t{address}" in \
        listing.stdout.splitlines(), listing.stdout


# -- faults ----------------------------------------------------------------------------------

def relayed_play(lan: Lan, relay: Relay, machines: int, *extra: str) -> list[Machine]:
    """A toy game whose machines each advertise a front of `relay`: every game link (and every
    redial) runs through the relay."""
    fronts = [relay.front() for _ in range(machines)]
    name = f"lobby {lan.kind[4:12]}"
    host = lan.host(name, "toy", "1", machines, "--advertise", f"{LOOPBACK}:{fronts[0]}",
                    *extra)
    relay.aim(fronts[0], host.port())
    table = [host]
    for front in fronts[1:]:
        table.append(lan.join(name, "--advertise", f"{LOOPBACK}:{front}", *extra))
        relay.aim(front, table[-1].port())
    return table


def front_of(machine: Machine) -> int:
    """The relay front a machine advertised."""
    args = machine.process.args if machine.process else []
    assert isinstance(args, list)
    return int(str(args[args.index("--advertise") + 1]).rpartition(":")[2])


def test_a_link_cut_mid_game_reconnects_and_the_game_ends_alike(lan: Lan, relay: Relay) -> None:
    relay.cut_at = 10_000
    table = relayed_play(lan, relay, 2)
    finish_alike(table, TOY_TIMEOUT)
    assert relay.cut_done.is_set() and relay.relayed > 2 * 10_000, relay.relayed
    assert relay.accepted >= 2
    assert_same_ledgers(table)
    for machine in table:
        audited(machine, 2)


def test_a_silent_link_is_closed_and_dialled_again(lan: Lan, relay: Relay) -> None:
    """Held open but silent (a pulled cable sends no FIN): the machines give up on the link
    after SILENT_SECONDS and dial again by themselves; the game goes on once the path does."""
    relay.hold_at = 10_000
    table = relayed_play(lan, relay, 2)
    wait_until(relay.held.is_set, TOY_TIMEOUT, "the relay to hold the game")
    links = relay.accepted
    wait_until(lambda: relay.accepted > links, 3 * SILENT_SECONDS, "a new link")
    relay.release()
    finish_alike(table, TOY_TIMEOUT)
    assert_same_ledgers(table)


def hold_and_kill(lan: Lan, relay: Relay, extra: tuple[str, ...] = ()) -> list[Machine]:
    """A 3-machine toy game held mid-game by the relay, its last joiner killed with SIGKILL."""
    relay.hold_at = 40_000
    table = relayed_play(lan, relay, 3, *extra)
    wait_until(relay.held.is_set, TOY_TIMEOUT, "the relay to hold the game")
    victim = table[-1]
    wait_until(lambda: records(victim) > 3, 10, "records in the victim's ledger")
    victim.kill()
    return table


def test_a_killed_joiner_resumes_from_its_files(lan: Lan, relay: Relay) -> None:
    """It comes back on another port (no --advertise): its HELLO tells the others."""
    table = hold_and_kill(lan, relay)
    victim = table[-1]
    before = records(victim)
    lan.resume(victim, victim.game_id())
    victim.wait_for(r"resumed at record \d+$")
    relay.release()
    final = finish_alike(table, TOY_TIMEOUT)
    assert_same_ledgers(table)
    assert records(victim) > before
    assert_one_entry_per_index(victim)
    for machine in table:
        audited(machine, 3)
    replay = subprocess.run([sys.executable, "-m", "tools", "replay", "--ledger",
                             str(victim.ledger)], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert f"final-hash {final}" in replay.stdout.splitlines(), replay.stdout


def assert_one_entry_per_index(machine: Machine) -> None:
    """Each index of the ledger holds one record, in order (nothing was signed twice)."""
    lines = [json.loads(line) for line in machine.ledger.read_text().splitlines()[1:]]
    indices = [line["p"]["b"]["index"] for line in lines if "p" in line]
    assert indices == list(range(len(indices)))


@pytest.mark.parametrize("choice", ["abandon", "adjourn"])
def test_a_machine_that_stays_away(lan: Lan, relay: Relay, choice: str) -> None:
    table = hold_and_kill(lan, relay, ("--wait-timeout", "3", "--on-timeout", choice))
    relay.release()
    status = {"abandon": "abandoned", "adjourn": "adjourned"}[choice]
    for machine in table[:-1]:
        assert machine.finish(TOY_TIMEOUT) == 1, machine.text()
        assert f"status {status}" in machine.lines(), machine.text()
        assert re.search(r"^waiting for .*, 0:\d\d$", machine.text(), re.MULTILINE), \
            machine.text()
    if choice == "adjourn":
        resume_all(lan, relay, table)


def resume_all(lan: Lan, relay: Relay, table: list[Machine]) -> None:
    """An adjourned game's files stay: every machine resumes from them, and the game ends."""
    game = table[0].game_id()
    for machine in table:
        folder = machine.data / "games" / game
        assert {p.name for p in folder.iterdir()} >= {"genesis.json", "secrets.json"}
        assert records(machine) > 3
        machine.out.write_text("")
        lan.resume(machine, game, "--advertise", f"{LOOPBACK}:{front_of(machine)}")
    for machine in table:
        relay.aim(front_of(machine), machine.port())
    finish_alike(table, TOY_TIMEOUT)
    assert_same_ledgers(table)
    for machine in table:
        assert_one_entry_per_index(machine)
        audited(machine, 3)


def test_an_address_to_advertise_is_host_and_port(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tools.cli import main

    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    assert main(["lan", "join", "--lobby", "x", "--interface", LOOPBACK,
                 "--advertise", "no-port"]) == 2
