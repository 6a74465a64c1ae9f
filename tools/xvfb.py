"""Run under a virtual X display (Xvfb) when there is no display: screenshots and benchmarks."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path


class XvfbError(RuntimeError):
    """Xvfb is missing or would not start."""


@contextlib.contextmanager
def virtual_display(size: tuple[int, int] = (1920, 1080)) -> Iterator[str | None]:
    """Use $DISPLAY if set; else start Xvfb for the duration (its display name is yielded)."""
    if os.environ.get("DISPLAY"):
        yield None
        return
    binary = shutil.which("Xvfb")
    if binary is None:
        raise XvfbError("no display and no Xvfb: install it (apt-get install xvfb)")
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                  and not Path(f"/tmp/.X{n}-lock").exists())
    name = f":{number}"
    process = subprocess.Popen([binary, name, "-screen", "0", f"{size[0]}x{size[1]}x24",
                                "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        _wait_for(number, process)
        os.environ["DISPLAY"] = name
        yield name
    finally:
        os.environ.pop("DISPLAY", None)
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)


def _wait_for(number: int, process: subprocess.Popen) -> None:
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise XvfbError(f"Xvfb did not start on :{number}")
        time.sleep(0.02)
