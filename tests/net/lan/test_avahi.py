"""An mDNS implementation we did not write sees our lobby: avahi-browse, through an avahi-daemon
on a private D-Bus that listens on `lo` only, resolves it with its TXT record.

avahi-daemon runs in a private mount namespace with its own empty /run, so its pid file and
socket never meet a system avahi or a parallel run. Needs root; skips, saying why, when avahi,
D-Bus or unshare is missing. The daemons are ended by their own PIDs."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from net.lan.discovery import Advertiser, LobbyAd

LOOPBACK = ["127.0.0.1"]
TOOLS = ("dbus-daemon", "avahi-daemon", "avahi-browse", "unshare")
INSTALL = "apt-get install avahi-daemon avahi-utils dbus"
START_TIMEOUT = 10.0

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
"""
PRIVATE_RUN = ("unshare", "--mount", "--propagation", "private", "sh", "-c",
               'mount -t tmpfs -o size=1m,mode=755 tmpfs /run && exec "$@"', "sh")
"""A command prefix: the command runs, keeping this PID (exec), over an empty private /run."""
AVAHI_CONFIG = """[server]
use-ipv4=yes
use-ipv6=no
allow-interfaces=lo
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
disable-publishing=yes
disable-user-service-publishing=yes
[reflector]
enable-reflector=no
"""


def _skip(reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Skip, printing the reason past pytest's capture so a CI log shows it."""
    with capsys.disabled():
        print(f"\nSKIPPED the avahi cross-check: {reason}")
    pytest.skip(reason)


def _why_not() -> str | None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        return f"not installed: {', '.join(missing)} ({INSTALL})"
    if os.geteuid() != 0:
        return "needs root (a private /run for avahi-daemon's pid file takes a mount namespace)"
    probe = subprocess.run([*PRIVATE_RUN, "true"], capture_output=True, text=True, timeout=10)
    if probe.returncode != 0:
        return f"cannot give avahi-daemon a private /run here: {probe.stderr.strip()}"
    return None


def _wait_for(ready: Callable[[], bool], process: subprocess.Popen[bytes], log: Path) -> None:
    """Until `ready()`; fails showing the daemon's log if it exits or is not ready in 10 s."""
    deadline = time.monotonic() + START_TIMEOUT
    while not ready():
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{log.stem} did not start (exit {process.poll()}):\n"
                        + log.read_text(errors="replace"))
        time.sleep(0.02)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End one daemon by its own PID, forcibly if it does not go within 5 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


@pytest.fixture
def private_avahi(tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> Iterator[dict[str, str]]:
    """An avahi-daemon on `lo` and its own D-Bus; yields the environment that reaches it."""
    if (reason := _why_not()) is not None:
        _skip(reason, capsys)
    bus_dir = Path(tempfile.mkdtemp(prefix="mi-bus-"))  # a short path: sockets take ≤ 107 B
    socket, avahi_log = bus_dir / "bus.sock", tmp_path / "avahi-daemon.log"
    (tmp_path / "bus.conf").write_text(BUS_CONFIG.format(socket=socket))
    (tmp_path / "avahi.conf").write_text(AVAHI_CONFIG)
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={socket}"}
    started: list[subprocess.Popen[bytes]] = []
    try:
        with (tmp_path / "dbus-daemon.log").open("wb") as log:
            started.append(subprocess.Popen(
                ["dbus-daemon", "--nofork", f"--config-file={tmp_path / 'bus.conf'}"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
        _wait_for(socket.exists, started[-1], tmp_path / "dbus-daemon.log")
        with avahi_log.open("wb") as log:
            started.append(subprocess.Popen(
                [*PRIVATE_RUN, "avahi-daemon", "-f", str(tmp_path / "avahi.conf"),
                 "--no-drop-root", "--no-chroot", "--no-rlimits", "--no-proc-title"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env))
        _wait_for(lambda: "Server startup complete" in avahi_log.read_text(errors="replace"),
                  started[-1], avahi_log)
        yield env
    finally:
        for process in reversed(started):
            _stop(process)
        shutil.rmtree(bus_dir, ignore_errors=True)


def _unescape(field: str) -> str:
    """avahi-browse's parseable escapes (\\DDD decimal bytes, \\X for X) undone."""
    raw = re.sub(rb"\\(\d{3}|.)", lambda m: bytes([int(m[1])]) if m[1].isdigit() else m[1],
                 field.encode())
    return raw.decode("utf-8", "replace")


def _resolved(output: str, instance: str) -> tuple[list[str], list[str]] | None:
    """The resolved ('=') line for `instance`: its fields and its TXT strings."""
    for line in output.splitlines():
        fields = line.split(";", 9)
        if fields[0] == "=" and len(fields) == 10 and _unescape(fields[3]) == instance:
            return fields, [_unescape(s) for s in re.findall(r'"((?:[^"\\]|\\.)*)"', fields[9])]
    return None


async def _async_browse(env: dict[str, str], ad: LobbyAd, kind: str) -> tuple[str, float]:
    """Advertise `ad` on loopback and return avahi-browse's output and seconds taken."""
    advertiser = Advertiser(LOOPBACK, kind)
    await advertiser.async_start(ad)
    try:
        start = time.monotonic()
        browse = await asyncio.create_subprocess_exec(
            "avahi-browse", "-r", "-t", "-p", kind.removesuffix(".local."),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        try:
            out, _ = await asyncio.wait_for(browse.communicate(), START_TIMEOUT)
        finally:
            if browse.returncode is None:
                browse.kill()
                await browse.wait()
        return out.decode(), time.monotonic() - start
    finally:
        await advertiser.async_close()


def test_avahi_browse_resolves_our_lobby(private_avahi: dict[str, str]) -> None:
    kind = f"_mi-{secrets.token_hex(4)}._tcp.local."
    ad = LobbyAd(name="Θάλαττα θάλαττα", host="Ξενοφῶν", fingerprint=secrets.token_hex(16),
                 protocol=2, ruleset="mediterranean_empires", content_hash="3fa1c2d4",
                 scenario="01_first_punic_war", open_seats=3, port=40123)
    output, seconds = asyncio.run(_async_browse(private_avahi, ad, kind))
    found = _resolved(output, ad.instance)
    assert found is not None, output
    fields, txt = found
    assert fields[1:3] == ["lo", "IPv4"] and fields[7:9] == ["127.0.0.1", str(ad.port)]
    assert {f"n={ad.name}", f"h={ad.host}", f"fp={ad.fingerprint}", "st=lobby", "r=0",
            f"ch={ad.content_hash}", f"o={ad.open_seats}"} <= set(txt), txt
    assert seconds < START_TIMEOUT
