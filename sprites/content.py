"""The rule set's content and the drawable map, loaded off the main thread while the title
screen shows (so the title appears fast and the map opens without waiting)."""

from __future__ import annotations

import threading

from game.rulesets.mediterranean_empires.content import MeContent, bundled_content
from sprites.map.model import MapModel, build_model

_lock = threading.Lock()
_thread: threading.Thread | None = None


def _load() -> None:
    from net.files.content_cache import install

    install()
    with _lock:
        build_model(bundled_content())


def preload() -> None:
    """Start loading in the background (idempotent)."""
    global _thread
    if _thread is None:
        _thread = threading.Thread(target=_load, name="content-preload", daemon=True)
        _thread.start()


def content() -> MeContent:
    """The bundled Mediterranean Empires content (waits for the preload if running)."""
    with _lock:
        return bundled_content()


def map_model() -> MapModel:
    """The drawable map of the bundled content."""
    with _lock:
        return build_model(bundled_content())
