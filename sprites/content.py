"""The rule set's content and the drawable map, loaded off the main thread while the title
screen shows (so the title appears fast and the map opens without waiting).

While the table shows a game of a user scenario (`show_game`), `content`, `rules` and
`map_model` are that scenario's, so that everything the table draws reads the game's own map
and set-up; other screens that list or preview scenarios go through `sprites.user_content`."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from game.rulesets.mediterranean_empires.content import MeContent, bundled_content

if TYPE_CHECKING:
    from game.rulesets.mediterranean_empires.content.user import UserRuleset
    from game.rulesets.mediterranean_empires.rules import Rules
    from sprites.map.model import MapModel

_lock = threading.Lock()
_thread: threading.Thread | None = None
_game: list[UserRuleset] = []
"""The user scenario's rule set of the game the table shows (empty: a bundled game)."""


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


def show_game(ruleset: object | None) -> None:
    """The table shows a game played with this rule set (None: it closed): a user
    scenario's content is the one in use until then."""
    from game.rulesets.mediterranean_empires.content.user import UserRuleset

    _game[:] = [ruleset] if isinstance(ruleset, UserRuleset) else []


def content() -> MeContent:
    """The content in use: the bundled Mediterranean Empires content, or the user scenario's
    of the game on the table (waits for the preload if running)."""
    if _game:
        return _game[0].rules.content
    with _lock:
        return bundled_content()


def bundled() -> MeContent:
    """The bundled content, whatever the table shows (waits for the preload if running)."""
    with _lock:
        return bundled_content()


def rules() -> Rules:
    """The rule set's lookups over the content in use (its functions take them)."""
    from game.rulesets.mediterranean_empires.rules import bundled_rules

    if _game:
        return _game[0].rules
    with _lock:
        return bundled_rules()


def map_model() -> MapModel:
    """The drawable map of the content in use (pygame is imported only here)."""
    from sprites.map.model import build_model

    if _game:
        return build_model(_game[0].rules.content, _game[0].layout)
    with _lock:
        return build_model(bundled_content())
