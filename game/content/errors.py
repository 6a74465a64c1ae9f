"""The one error type of content loading."""

from __future__ import annotations


class ContentError(ValueError):
    """A content file is malformed or breaks a rule; names the file and the key path."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file = file
        self.path = path
        self.message = message
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {message}")
