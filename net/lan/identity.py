"""This install's Ed25519 signing key, its fingerprint, and domain-separated signatures.

The key is the raw 32-byte Ed25519 seed in `identity.key` in the user's data folder (not a
cache folder, which may be wiped: a new key would make this machine a stranger to its own
saved LAN games). It is created through `write_atomic`, whose temp file is born 0600, so it is
never readable by others even for a moment. A key file found readable by group or others
(copied by hand, restored from a backup) is set back to 0600 before use; one whose mode cannot
be fixed is refused. Windows has no such mode bits: there the folder's ACL protects it. A key
file of the wrong size is refused, never replaced (that would silently change this machine's
identity). The key is always read back from the file after creating it, so two programs
starting at once settle on the file's key unless one reads between the other's write and rename.

Every signature covers a domain tag ‖ payload. Tags end in one NUL and hold no other, so
tag ‖ payload never reads as another tag's message: a lobby signature is no ledger signature.
"""

from __future__ import annotations

import hashlib
import os
import stat
from functools import lru_cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

from net.files.folders import user_folder
from net.files.storage import StorageError, read_bytes, write_atomic
from net.lan.errors import LanError

KEY_FILE = "identity.key"
SEED_SIZE = 32
KEY_SIZE = 32
SIGNATURE_SIZE = 64
FINGERPRINT_HEX = 32
"""A fingerprint is the first 16 bytes of SHA-256(public key), as 32 lowercase hex digits."""
PRIVATE_MODE = 0o600

TAG_LOBBY = b"mare-internum/lobby/v1\0"
TAG_LEDGER = b"mare-internum/ledger/v1\0"
TAG_SIDE = b"mare-internum/side/v1\0"
TAGS = frozenset({TAG_LOBBY, TAG_LEDGER, TAG_SIDE})


class IdentityError(LanError):
    """The key file cannot be read, is damaged, or cannot be made private."""


def data_dir() -> Path:
    """The user's data folder of the game: $MARE_DATA_DIR, else the platform's data folder."""
    return user_folder("data")


def fingerprint_of(public_key: bytes) -> str:
    """Hex of the first 16 bytes of SHA-256(public key)."""
    return hashlib.sha256(public_key).digest()[:16].hex()


def is_fingerprint(text: object) -> bool:
    """Whether `text` is a fingerprint: 32 lowercase hex digits."""
    return (isinstance(text, str) and len(text) == FINGERPRINT_HEX
            and all(c in "0123456789abcdef" for c in text))


def fingerprint_display(fingerprint: str) -> str:
    """A fingerprint as 4 groups of 8 hex digits ("3fa1c2d4 9c02e7aa 01b2c3d4 e5f60718")."""
    if not is_fingerprint(fingerprint):
        raise ValueError(f"not a fingerprint: {fingerprint!r}")
    return " ".join(fingerprint[i:i + 8] for i in range(0, FINGERPRINT_HEX, 8))


def _check_tag(tag: bytes) -> None:
    """Refuse a tag that could run into its payload (one NUL, at the end)."""
    if not tag.endswith(b"\0") or tag.count(b"\0") != 1:
        raise ValueError(f"a domain tag ends in one NUL and holds no other: {tag!r}")


class Identity:
    """One Ed25519 signing key: its public key, fingerprint, and tagged signatures."""

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key
        self.public_key: bytes = private_key.public_key().public_bytes(Encoding.Raw,
                                                                       PublicFormat.Raw)
        self.fingerprint: str = fingerprint_of(self.public_key)

    def __repr__(self) -> str:
        return f"Identity({fingerprint_display(self.fingerprint)})"

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """The identity of a 32-byte seed (deterministic: tests and bots)."""
        if len(seed) != SEED_SIZE:
            raise ValueError(f"an Ed25519 seed is {SEED_SIZE} bytes, not {len(seed)}")
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @classmethod
    def ephemeral(cls) -> Identity:
        """A fresh in-memory identity, never written anywhere (tests, bots, spectators)."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def load_or_create(cls, folder: Path | None = None) -> Identity:
        """The identity in `folder` (default `data_dir()`), created there (0600) if missing."""
        path = (folder if folder is not None else data_dir()) / KEY_FILE
        if not path.exists():
            _create(path)
        ensure_private(path)
        return cls.from_seed(_read_seed(path))

    def seed(self) -> bytes:
        """The raw 32-byte private seed (what `identity.key` holds)."""
        return self._key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())

    def sign(self, tag: bytes, payload: bytes) -> bytes:
        """The 64-byte Ed25519 signature over tag ‖ payload."""
        _check_tag(tag)
        return self._key.sign(tag + payload)


def verify(public_key: bytes, tag: bytes, payload: bytes, signature: bytes) -> bool:
    """Whether `signature` is `public_key`'s over tag ‖ payload; False, never raises, on junk."""
    try:
        _check_tag(tag)
        if len(signature) != SIGNATURE_SIZE:
            return False
        _public(bytes(public_key)).verify(bytes(signature), tag + payload)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


@lru_cache(maxsize=64)
def _public(public_key: bytes) -> Ed25519PublicKey:
    """The key object of 32 raw bytes (cached: a game has at most a few dozen peers)."""
    if len(public_key) != KEY_SIZE:
        raise ValueError(f"an Ed25519 public key is {KEY_SIZE} bytes")
    return Ed25519PublicKey.from_public_bytes(public_key)


def _create(path: Path) -> None:
    """Write a fresh seed atomically (write_atomic's temp file is created 0600)."""
    try:
        write_atomic(path, Ed25519PrivateKey.generate().private_bytes(
            Encoding.Raw, PrivateFormat.Raw, NoEncryption()))
    except StorageError as exc:
        raise IdentityError(f"cannot create the signing key: {exc}") from None


def _read_seed(path: Path) -> bytes:
    """The seed in the key file; IdentityError when unreadable or not 32 bytes."""
    try:
        seed = read_bytes(path, limit=SEED_SIZE)
    except StorageError as exc:
        raise IdentityError(f"cannot read the signing key: {exc}") from None
    if len(seed) != SEED_SIZE:
        raise IdentityError(f"{path} is damaged: {len(seed)} bytes, not a {SEED_SIZE}-byte "
                            f"key (move it away to make a new identity)")
    return seed


def ensure_private(path: Path) -> None:
    """Set a key file readable by others back to 0600; IdentityError if that fails (POSIX)."""
    if os.name == "nt":
        return
    try:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, PRIVATE_MODE)
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError as exc:
        raise IdentityError(f"cannot make {path} private: {exc.strerror or exc}") from None
    if mode & 0o077:
        raise IdentityError(f"{path} is readable by others (mode {mode:o}) and cannot be fixed")
