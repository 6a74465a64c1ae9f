"""What LAN play raises: one base class, and a refusal that says why by a short code."""

from __future__ import annotations


class LanError(Exception):
    """A LAN operation failed; the message is plain words a player can read."""


class Rejected(LanError):
    """A peer refused us: `reason` is a short code ("lobby-full"), the message says it in words."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
