"""The client at a LAN table, as a process: the real app (SDL's dummy drivers) hosts a lobby
through its network thread, two `mare lan join --bot random` machines join it on 127.0.0.1,
and the game is played to the end with one final hash everywhere. A joiner killed mid-game
pauses the client's table (the pause dialog opens) until it resumes from its files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.net.lan.lanproc import LOOPBACK, ROOT, Lan, Machine, finish_alike, lan

GAME_TIMEOUT = 240.0
PILOT = Path(__file__).with_name("client_pilot.py")

__all__ = ["lan"]


def client(lan: Lan, lobby: str, think: float) -> Machine:
    """The client process hosting `lobby` (scenario 3), its person thinking `think` s."""
    machine = lan.machine("client")
    env = {**os.environ, "MARE_DATA_DIR": str(machine.data),
           "MARE_CONFIG_DIR": str(machine.data / "config"),
           "MARE_CACHE_DIR": str(machine.data / "cache"), "MARE_LAN_INTERFACE": LOOPBACK,
           "MARE_LAN_SERVICE_TYPE": lan.kind, "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with machine.out.open("ab") as out:
        machine.process = subprocess.Popen(
            [sys.executable, str(PILOT), lobby, "3", "7", str(GAME_TIMEOUT), str(think)],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    return machine


def joiners(lan: Lan, lobby: str, player: Machine) -> list[Machine]:
    """Two bot machines joining once the client's lobby is up."""
    player.wait_for(r"^listening \S+$")
    return [lan.join(lobby, "--seats", "1", "--bot", "random") for _ in range(2)]


def test_a_client_and_two_bot_machines_play_to_one_final_hash(lan: Lan) -> None:
    lobby = f"pilot {lan.kind[4:12]}"
    player = client(lan, lobby, 0.0)
    others = joiners(lan, lobby, player)
    player.wait_for(r"^end-screen$", GAME_TIMEOUT)
    final = finish_alike([player, *others], GAME_TIMEOUT)
    assert player.wait_for(r"^network-hash ([0-9a-f]{64})$", 1)[1] == final
    audits = [line for line in player.lines() if line.startswith("audit ")]
    assert len(audits) == 3 and all(line.endswith("checked") for line in audits), audits
    assert "Traceback" not in player.text()


def test_a_killed_machine_pauses_the_table_until_it_resumes(lan: Lan) -> None:
    lobby = f"pilot {lan.kind[4:12]}"
    player = client(lan, lobby, 0.6)
    others = joiners(lan, lobby, player)
    player.wait_for(r"^answered 2$", GAME_TIMEOUT)
    victim = others[-1]
    game = victim.game_id()
    victim.kill()
    paused = player.wait_for(r"^paused PauseDialog (.*)$", 60)[1]
    assert "=reconnecting" in paused or "=away" in paused, paused
    lan.resume(victim, game)
    resumed = player.wait_for(r"^resumed LanTableScene (.*)$", 60)[1]
    assert "reconnecting" not in resumed and "away" not in resumed, resumed
    player.wait_for(r"^end-screen$", GAME_TIMEOUT)
    finish_alike([player, *others], GAME_TIMEOUT)
