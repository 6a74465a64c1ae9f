"""Test-wide settings: headless SDL, and helpers shared by the suites."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# `mare` commands read content through a compiled cache: keep the suite's out of the user's.
os.environ.setdefault("MARE_CACHE_DIR", os.path.join(
    os.environ.get("TMPDIR", "/tmp"), f"mare-test-cache-{os.getpid()}"))
# Nothing a test runs may write this machine's LAN identity or games into the user's folder.
os.environ.setdefault("MARE_DATA_DIR", os.path.join(
    os.environ.get("TMPDIR", "/tmp"), f"mare-test-data-{os.getpid()}"))
