"""Shared builders for the Mare Nostrum tests: a game at set-up and quick board edits."""

from __future__ import annotations

from game.core.ruleset import GameConfig
from game.rulesets.mare_nostrum.content import MnContent, load_content
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.setup import initial_state
from game.rulesets.mare_nostrum.state import MnState

GAME_ID = b"mare-nostrum-tst"


def content() -> MnContent:
    """The bundled content."""
    return load_content()


def config(players: int = 5, mode: str = "first games") -> GameConfig:
    """A game config for a board by player count."""
    return GameConfig("mare_nostrum", str(players), ("bot:random",) * players, GAME_ID,
                      (("display", mode),))


def start(players: int = 5, mode: str = "first games") -> MnState:
    """A state straight after set-up (before the display is laid out)."""
    return initial_state(content(), config(players, mode))


def flow(players: int = 5) -> Flow:
    """A builder over a fresh set-up."""
    return Flow(content(), start(players))


def legions(state: MnState, seat: int, count: int) -> tuple[int, ...]:
    """A per-seat legion tuple with `count` for one seat only."""
    return tuple(count if s == seat else 0 for s in range(state.seats))
