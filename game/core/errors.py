"""Typed errors of the engine core; each names what is wrong."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""


class IllegalEntry(EngineError):
    """An entry the current decision does not allow; nothing was changed.

    `rule` names the rule that forbids it (e.g. "5.4.3") where one applies.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} (rule {rule})" if rule else reason)


class CommitmentError(IllegalEntry):
    """A card opening does not match its slot's commitment."""


class EncodingError(EngineError):
    """A value cannot be encoded canonically, or encoded data does not decode."""


class LogError(EngineError):
    """A game log is corrupt, truncated, or from an incompatible version."""


class ReplayMismatch(LogError):
    """Replaying a log gave a different state hash than the one it records."""
