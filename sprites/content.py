"""The rule set's content and the drawable map, loaded off the main thread while the title
screen shows (so the title appears fast and the map opens without waiting)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from game.rulesets.mediterranean_empires.content import MeContent, bundled_content

if TYPE_CHECKING:
    from game.rulesets.mediterranean_empires.rules import Rules
    from sprites.map.model import MapModel

_lock = threading.Lock()
_thread: threading.Thread | None = None


def _load() -> None:
    from net.files.content_cache import install

    install()
    map_model()


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


def rules() -> Rules:
    """The rule set's lookups over the bundled content (its functions take them)."""
    from game.rulesets.mediterranean_empires.rules import bundled_rules

    with _lock:
        return bundled_rules()


def map_model() -> MapModel:
    """The drawable map of the bundled content (pygame is imported only here)."""
    from sprites.map.model import build_model

    with _lock:
        return build_model(bundled_content())
