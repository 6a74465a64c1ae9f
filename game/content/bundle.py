"""The content files of one rule set, their hash, and the read-only access to bundled content.

Reading the immutable files shipped with the game is the one file access in `game/`: it
happens once at load time, never during play (see docs/architecture.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError

CONTENT_SUFFIXES = (".yaml", ".md")


@dataclass(frozen=True)
class ContentBundle:
    """All text files of one rule set's content folder, keyed by relative POSIX path."""

    ruleset: str
    files: tuple[tuple[str, str], ...]
    presentation: tuple[str, ...] = ()
    """Files that only say how to draw (colours, label positions), and folders (ending in
    "/") of product data the engine never reads (lessons): outside the rules hash."""

    def text(self, name: str) -> str | None:
        """The text of one file, or None."""
        for file_name, text in self.files:
            if file_name == name:
                return text
        return None

    def names(self, prefix: str = "") -> tuple[str, ...]:
        """File names under a prefix, sorted."""
        return tuple(name for name, _ in self.files if name.startswith(prefix))

    @property
    def content_hash(self) -> str:
        """The rules hash: SHA-256 over each YAML file the engine reads, name and bytes (hex).

        Presentation files are left out, so a new colour or label position keeps every log,
        save, cache and lobby compatible."""
        return _digest((n, t) for n, t in self.files if not self._presented(n))

    @property
    def files_hash(self) -> str:
        """SHA-256 over every YAML file, presentation files included (hex): what the rules
        hash was before they left it. The presentation folders came later and stay out."""
        return _digest((n, t) for n, t in self.files if not self._in_folder(n))

    def _presented(self, name: str) -> bool:
        return name in self.presentation or self._in_folder(name)

    def _in_folder(self, name: str) -> bool:
        return any(p.endswith("/") and name.startswith(p) for p in self.presentation)


def _digest(files: Iterable[tuple[str, str]]) -> str:
    digest = hashlib.sha256()
    for name, text in files:
        if name.endswith(".yaml"):
            body = text.encode("utf-8")
            digest.update(f"{name}\n{len(body)}\n".encode())
            digest.update(body)
    return digest.hexdigest()


def scenarios_root() -> Path:
    """The folder holding every rule set's content (beside the `game` package)."""
    return Path(__file__).resolve().parent.parent.parent / "scenarios"


def ruleset_dir(ruleset: str) -> Path:
    """The content folder of a rule set id (hyphens and underscores both accepted)."""
    return scenarios_root() / ruleset.replace("-", "_")


def bundled_rulesets() -> tuple[str, ...]:
    """Ids of the rule sets whose content is bundled."""
    root = scenarios_root()
    if not root.is_dir():
        return ()
    names = (p.name for p in root.iterdir() if p.is_dir())
    return tuple(sorted(n for n in names if not n.startswith(("_", "."))))


FILE_LIMIT = 8 * 1024 * 1024
"""The largest content file read (the whole bundled map is under 200 KB)."""


def read_folder(ruleset: str, folder: Path, presentation: tuple[str, ...] = ()) -> ContentBundle:
    """Read every content file under a folder into a bundle (UTF-8); ContentError naming a
    file that is not text, too large, or not a file at all."""
    files = []
    for path in sorted(folder.rglob("*")):
        if path.suffix in CONTENT_SUFFIXES:
            name = path.relative_to(folder).as_posix()
            files.append((name, _read_text(path, name)))
    return ContentBundle(ruleset.replace("-", "_"), tuple(files), presentation)


def _read_text(path: Path, name: str) -> str:
    if not path.is_file():
        raise ContentError(name, "", "not a regular file")
    if path.stat().st_size > FILE_LIMIT:
        raise ContentError(name, "", f"larger than {FILE_LIMIT // (1024 * 1024)} MB: not a "
                                     f"content file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(name, "", f"not UTF-8 text (byte {exc.start})") from None


def read_bundled(ruleset: str, presentation: tuple[str, ...] = ()) -> ContentBundle:
    """The bundled content of a rule set."""
    return read_folder(ruleset, ruleset_dir(ruleset), presentation)
