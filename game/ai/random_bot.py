"""The random bot: a uniformly random legal action, from its own DRBG stream."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.actions import Action
from game.core.drbg import Drbg
from game.core.sealed import Choice, SealedRequest


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: bytes) -> None:
        self._drbg = Drbg(seed, "random-bot")

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """Any legal action, uniformly."""
        if not legal:
            raise ValueError("a decision with no legal action is a dead end")
        return self._drbg.choice(legal)

    def choose_sealed(self, view: Mapping[str, Any], request: SealedRequest) -> Choice:
        """A sealed choice sampled by the rule set, steered by this bot's stream."""
        return request.sample(self._drbg.below)
