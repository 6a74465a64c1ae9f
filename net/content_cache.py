"""A cache of the compiled content (its canonical JSON) so start-up skips parsing the YAML.

The file is keyed by the YAML bundle's content hash and the engine's version, written
atomically, and checked on read (header, body digest, hash, decoding): a missing, unreadable,
corrupt or foreign file is ignored and rebuilt from the YAML, so a bad cache can only cost
the time of a normal load, never an error or different content.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from game.content import ContentBundle, read_bundled
from game.core.log import ENGINE_VERSION
from game.rulesets.mediterranean_empires.content import (
    RULESET_ID,
    MeContent,
    load_content,
    use_content_loader,
)
from game.rulesets.mediterranean_empires.content.compiled import compile_content, decode_compiled
from net.storage import StorageError, write_atomic

CACHE_ENV = "MARE_CACHE_DIR"
MAGIC = b"mare-content-v1"


def cache_dir() -> Path:
    """The folder for Mare Internum's caches: $MARE_CACHE_DIR, else the platform's cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "mare-internum" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "mare-internum"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mare-internum"


def cache_path(bundle: ContentBundle, folder: Path | None = None) -> Path:
    """The cache file of one bundle: named by rule set, engine version and content hash."""
    name = f"{bundle.ruleset}-{ENGINE_VERSION}-{bundle.content_hash}.json"
    return (folder if folder is not None else cache_dir()) / name


def _header(bundle: ContentBundle, body: bytes) -> bytes:
    digest = hashlib.sha256(body).hexdigest()
    return b" ".join((MAGIC, ENGINE_VERSION.encode(), bundle.content_hash.encode(),
                      digest.encode())) + b"\n"


def read_cached(bundle: ContentBundle, folder: Path | None = None) -> MeContent | None:
    """The content from the cache, or None when there is no sound cache for this bundle."""
    try:
        data = cache_path(bundle, folder).read_bytes()
    except OSError:
        return None
    header, _, body = data.partition(b"\n")
    if header + b"\n" != _header(bundle, body):
        return None
    try:
        content = decode_compiled(body, bundle.content_hash)
    except Exception:  # a bad cache must never crash: fall back to the YAML
        return None
    return content if content.content_hash == bundle.content_hash else None


def write_cache(bundle: ContentBundle, content: MeContent, folder: Path | None = None) -> bool:
    """Store the compiled content (atomically); False if the cache folder is not writable."""
    body = compile_content(content)
    try:
        write_atomic(cache_path(bundle, folder), _header(bundle, body) + body)
    except StorageError:
        return False
    return True


def load_cached(bundle: ContentBundle, folder: Path | None = None) -> MeContent:
    """The content of a bundle: from the cache when sound, else from the YAML (then cached)."""
    content = read_cached(bundle, folder)
    if content is None:
        content = load_content(bundle)
        write_cache(bundle, content, folder)
    return content


def cached_bundled_content(folder: Path | None = None) -> MeContent:
    """The bundled Mediterranean Empires content through the cache (no process-wide state)."""
    return load_cached(read_bundled(RULESET_ID), folder)


def install() -> None:
    """Make `bundled_content()` read through the cache in this process (idempotent)."""
    use_content_loader(load_cached)
