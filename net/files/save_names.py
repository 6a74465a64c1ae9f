"""The names players give their saves, kept in `NAME.info.json` beside the log.

Renaming never touches a save's own files (the autosave of the game in play may be writing
them): the info file is written atomically on its own, and a name is only ever shown, never
used as a path. A missing or unreadable info file just means the save has no name given.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from net.files.storage import StorageError, read_bytes, write_atomic

NAME_LIMIT = 60
"""The longest name a save may be given (characters)."""
INFO_FORMAT = 1
INFO_LIMIT = 4 * 1024
"""An info file holds one short name: anything larger is not one."""
DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Unicode categories never kept in a name: controls, format marks (bidirectional
overrides), surrogates, private use, line and paragraph separators."""
SEPARATORS = "/\\"


def clean_save_name(text: str) -> str:
    """A name as kept: no control characters or path separators, spaces squeezed, at most
    NAME_LIMIT characters."""
    spaced = " ".join(text.split())  # a tab or a line break between words is a space
    kept = "".join(c for c in spaced if c not in SEPARATORS
                   and unicodedata.category(c) not in DROPPED)
    return " ".join(kept.split())[:NAME_LIMIT].rstrip()


def info_path_of(log_path: Path) -> Path:
    """The info file beside a log."""
    return log_path.with_name(log_path.name.removesuffix(".log") + ".info.json")


def read_name(log_path: Path) -> str:
    """The name given to a save ("": none, or its info file is unreadable)."""
    try:
        plain = json.loads(read_bytes(info_path_of(log_path), INFO_LIMIT))
    except (StorageError, ValueError, RecursionError):
        return ""
    name = plain.get("name") if isinstance(plain, dict) else None
    return clean_save_name(name) if isinstance(name, str) else ""


def write_name(log_path: Path, name: str) -> None:
    """Keep a (cleaned) name for a save, or forget its name when `name` is ""; OSError
    (StorageError when writing) saying why, nothing changed."""
    path = info_path_of(log_path)
    if not name:
        path.unlink(missing_ok=True)
        return
    plain = {"format": INFO_FORMAT, "name": name}
    write_atomic(path, json.dumps(plain, ensure_ascii=False, indent=1).encode() + b"\n")
