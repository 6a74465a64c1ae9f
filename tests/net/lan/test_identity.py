"""The install's signing key: kept private on disk, stable across loads, tagged signatures."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from net.lan.identity import (
    KEY_FILE,
    TAG_LEDGER,
    TAG_LOBBY,
    TAG_SIDE,
    Identity,
    IdentityError,
    data_dir,
    fingerprint_display,
    fingerprint_of,
    verify,
)

POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
RFC8032_SEED = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
RFC8032_PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
RFC8032_EMPTY_SIGNATURE = bytes.fromhex(
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46b"
    "d25bf5f0595bbe24655141438e7a100b")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_data_dir_prefers_the_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path


@pytest.mark.parametrize(("platform", "env", "expected"), [
    ("linux", {"XDG_DATA_HOME": "/xdg"}, Path("/xdg/mare-internum")),
    ("linux", {}, Path.home() / ".local" / "share" / "mare-internum"),
    ("win32", {"APPDATA": "/roaming"}, Path("/roaming/mare-internum")),
    ("darwin", {}, Path.home() / "Library" / "Application Support" / "mare-internum"),
])
def test_data_dir_is_the_platform_data_folder_not_a_cache(
        monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str],
        expected: Path) -> None:
    for name in ("MARE_DATA_DIR", "XDG_DATA_HOME", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert data_dir() == expected


@POSIX_ONLY
def test_a_new_key_file_is_0600_and_32_raw_bytes(tmp_path: Path) -> None:
    identity = Identity.load_or_create(tmp_path / "data")
    key_file = tmp_path / "data" / KEY_FILE
    assert _mode(key_file) == 0o600
    assert key_file.read_bytes() == identity.seed()
    assert [p.name for p in key_file.parent.iterdir()] == [KEY_FILE]  # no temp file left


def test_reloading_gives_the_same_identity(tmp_path: Path) -> None:
    first = Identity.load_or_create(tmp_path)
    second = Identity.load_or_create(tmp_path)
    assert second.fingerprint == first.fingerprint
    assert second.public_key == first.public_key


def test_the_default_folder_is_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path))
    identity = Identity.load_or_create()
    assert (tmp_path / KEY_FILE).read_bytes() == identity.seed()


@POSIX_ONLY
def test_a_key_file_readable_by_others_is_made_private(tmp_path: Path) -> None:
    first = Identity.load_or_create(tmp_path)
    os.chmod(tmp_path / KEY_FILE, 0o644)
    assert Identity.load_or_create(tmp_path).fingerprint == first.fingerprint
    assert _mode(tmp_path / KEY_FILE) == 0o600


@POSIX_ONLY
def test_a_key_file_that_cannot_be_made_private_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Identity.load_or_create(tmp_path)
    os.chmod(tmp_path / KEY_FILE, 0o640)
    monkeypatch.setattr(os, "chmod", lambda path, mode: None)  # a file someone else owns
    with pytest.raises(IdentityError, match="readable by others"):
        Identity.load_or_create(tmp_path)


@pytest.mark.parametrize("content", [b"", b"short", bytes(33), bytes(4096)])
def test_a_damaged_key_file_is_refused_not_replaced(tmp_path: Path, content: bytes) -> None:
    (tmp_path / KEY_FILE).write_bytes(content)
    with pytest.raises(IdentityError):
        Identity.load_or_create(tmp_path)
    assert (tmp_path / KEY_FILE).read_bytes() == content


def test_a_folder_in_place_of_the_key_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).mkdir()
    with pytest.raises(IdentityError, match="folder"):
        Identity.load_or_create(tmp_path)


def test_the_fingerprint_is_the_first_16_bytes_of_sha256_of_the_key() -> None:
    identity = Identity.from_seed(RFC8032_SEED)
    assert identity.public_key == RFC8032_PUBLIC
    assert identity.fingerprint == hashlib.sha256(RFC8032_PUBLIC).hexdigest()[:32]
    assert fingerprint_of(RFC8032_PUBLIC) == identity.fingerprint


def test_the_fingerprint_displays_as_4_groups_of_8() -> None:
    fp = "3fa1c2d49c02e7aa01b2c3d4e5f60718"
    assert fingerprint_display(fp) == "3fa1c2d4 9c02e7aa 01b2c3d4 e5f60718"
    for bad in ("3fa1", fp.upper(), fp[:-1] + "g"):
        with pytest.raises(ValueError):
            fingerprint_display(bad)


def test_signatures_are_ed25519_over_tag_and_payload() -> None:
    identity = Identity.from_seed(RFC8032_SEED)
    signature = identity.sign(TAG_LOBBY, b"hello")
    assert len(signature) == 64
    assert verify(identity.public_key, TAG_LOBBY, b"hello", signature)
    Ed25519PublicKey.from_public_bytes(RFC8032_PUBLIC).verify(signature, TAG_LOBBY + b"hello")
    assert identity.seed() == RFC8032_SEED


def test_an_untagged_signature_is_refused() -> None:
    Ed25519PublicKey.from_public_bytes(RFC8032_PUBLIC).verify(RFC8032_EMPTY_SIGNATURE, b"")
    assert verify(RFC8032_PUBLIC, b"", b"", RFC8032_EMPTY_SIGNATURE) is False


def test_a_signature_for_one_class_is_refused_for_another() -> None:
    identity = Identity.ephemeral()
    signature = identity.sign(TAG_LOBBY, b"payload")
    assert not verify(identity.public_key, TAG_LEDGER, b"payload", signature)
    assert not verify(identity.public_key, TAG_SIDE, b"payload", signature)


def _flips(data: bytes) -> list[bytes]:
    return [data[:i] + bytes([data[i] ^ (1 << bit)]) + data[i + 1:]
            for i in range(len(data)) for bit in range(8)]


def test_a_flipped_bit_anywhere_fails_verification() -> None:
    identity = Identity.ephemeral()
    payload = b'{"b":{"n":1},"t":"READY"}'
    signature = identity.sign(TAG_SIDE, payload)
    key = identity.public_key
    assert not any(verify(key, TAG_SIDE, flipped, signature) for flipped in _flips(payload))
    assert not any(verify(key, TAG_SIDE, payload, flipped) for flipped in _flips(signature))
    assert not any(verify(key, flipped, payload, signature) for flipped in _flips(TAG_SIDE))
    assert not any(verify(flipped, TAG_SIDE, payload, signature) for flipped in _flips(key))


@pytest.mark.parametrize(("key", "tag", "signature"), [
    (bytes(31), TAG_SIDE, bytes(64)), (bytes(32), TAG_SIDE, bytes(64)),
    (b"\xff" * 32, TAG_SIDE, bytes(64)), (None, TAG_SIDE, bytes(64)),
    ("not bytes", TAG_SIDE, bytes(64)), (b"k" * 32, b"no-nul", bytes(64)),
    (b"k" * 32, TAG_SIDE, bytes(63)), (b"k" * 32, TAG_SIDE, None),
])
def test_verify_says_false_and_never_raises_on_junk(key: object, tag: bytes,
                                                    signature: object) -> None:
    assert verify(key, tag, b"x", signature) is False  # type: ignore[arg-type]


@pytest.mark.parametrize("tag", [b"untagged", b"two\0nuls\0", b""])
def test_sign_refuses_a_tag_that_could_run_into_its_payload(tag: bytes) -> None:
    with pytest.raises(ValueError):
        Identity.ephemeral().sign(tag, b"payload")


def test_ephemeral_identities_are_distinct_and_seeds_deterministic() -> None:
    assert Identity.ephemeral().fingerprint != Identity.ephemeral().fingerprint
    assert Identity.from_seed(bytes(32)).fingerprint == Identity.from_seed(bytes(32)).fingerprint
    with pytest.raises(ValueError):
        Identity.from_seed(bytes(31))
