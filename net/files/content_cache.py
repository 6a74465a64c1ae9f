"""A cache of each rule set's compiled content, so start-up skips parsing the YAML.

The file is keyed by the rule set, the engine's version and the rules hash of the bundle,
written atomically, and checked on read (header, body digest, hash, decoding): a missing,
unreadable, corrupt or foreign file is ignored and rebuilt from the YAML, so a bad cache can
only cost the time of a normal load, never an error or different content. Which rule sets
have compiled content, and how it is encoded, is each rule set's registry entry's `codec`.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from game.content import ContentBundle, read_bundled
from game.core.log import ENGINE_VERSION
from game.rulesets import RulesetEntry, entry, registered
from net.files.folders import user_folder
from net.files.storage import StorageError, write_atomic

MAGIC = b"mare-content-v2"


def cache_dir() -> Path:
    """The folder for Mare Internum's caches: $MARE_CACHE_DIR, else the platform's cache folder."""
    return user_folder("cache")


def cache_path(bundle: ContentBundle, folder: Path | None = None) -> Path:
    """The cache file of one bundle: named by rule set, engine version and rules hash."""
    name = f"{bundle.ruleset}-{ENGINE_VERSION}-{bundle.content_hash}.json"
    return (folder if folder is not None else cache_dir()) / name


def _header(bundle: ContentBundle, body: bytes) -> bytes:
    digest = hashlib.sha256(body).hexdigest()
    return b" ".join((MAGIC, ENGINE_VERSION.encode(), bundle.content_hash.encode(),
                      digest.encode())) + b"\n"


def _codec(bundle: ContentBundle) -> Any:
    codec = entry(bundle.ruleset).codec
    if codec is None:
        raise KeyError(f"rule set {bundle.ruleset} has no compiled content")
    return codec


def read_cached(bundle: ContentBundle, folder: Path | None = None) -> Any | None:
    """The content from the cache, or None when there is no sound cache for this bundle."""
    try:
        data = cache_path(bundle, folder).read_bytes()
    except OSError:
        return None
    header, _, body = data.partition(b"\n")
    if header + b"\n" != _header(bundle, body):
        return None
    try:
        content = _codec(bundle).decode(body, bundle.content_hash)
    except Exception:  # a bad cache must never crash: fall back to the YAML
        return None
    return content if getattr(content, "content_hash", None) == bundle.content_hash else None


def write_cache(bundle: ContentBundle, content: Any, folder: Path | None = None) -> bool:
    """Store the compiled content (atomically); False if the cache folder is not writable."""
    body = _codec(bundle).encode(content)
    try:
        write_atomic(cache_path(bundle, folder), _header(bundle, body) + body)
    except StorageError:
        return False
    return True


def load_cached(bundle: ContentBundle, folder: Path | None = None) -> Any:
    """The content of a bundle: from the cache when sound, else from the YAML (then cached)."""
    content = read_cached(bundle, folder)
    if content is None:
        content = _codec(bundle).load(bundle)
        write_cache(bundle, content, folder)
    return content


def bundled_through_cache(ruleset: RulesetEntry, folder: Path | None = None) -> Any:
    """A rule set's bundled content through the cache (no process-wide state)."""
    assert ruleset.content_folder is not None
    return load_cached(read_bundled(ruleset.content_folder, ruleset.presentation), folder)


def install() -> None:
    """Make every rule set with compiled content read it through the cache (idempotent)."""
    for ruleset_id in registered():
        codec = entry(ruleset_id).codec
        if codec is not None:
            codec.use_loader(load_cached)
