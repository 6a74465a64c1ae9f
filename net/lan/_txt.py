"""DNS-SD text limits: names cut on UTF-8 boundaries, TXT records sized and fitted to a budget."""

from __future__ import annotations

import unicodedata

LABEL_LIMIT = 63
"""The largest DNS label in bytes (a service instance name is one label)."""


def clean(text: str) -> str:
    """`text` in NFC with control characters removed and outer spaces stripped."""
    text = unicodedata.normalize("NFC", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cc").strip()


def cut(text: str, limit: int) -> str:
    """The longest prefix of `text` whose UTF-8 form is at most `limit` bytes."""
    return text.encode("utf-8")[:max(limit, 0)].decode("utf-8", "ignore")


def label(text: str, suffix: str) -> str:
    """One DNS label `text + " " + suffix` of at most 63 bytes; dots become one-dot leaders."""
    head = cut(clean(text).replace(".", "\u2024"), LABEL_LIMIT - len(suffix.encode()) - 1)
    return f"{head.rstrip()} {suffix}"


def size(props: dict[str, str]) -> int:
    """Bytes of the TXT record holding `props` (each string is a length byte and key=value)."""
    return sum(1 + len(f"{key}={value}".encode()) for key, value in props.items())


def fit(fixed: dict[str, str], names: dict[str, str], limit: int) -> dict[str, str]:
    """`fixed` plus `names` cut to fit `limit` bytes, sharing the room (short ones stay whole)."""
    room = limit - size(fixed) - size({key: "" for key in names})
    if room < 0:
        raise ValueError(f"the fixed TXT fields alone take {size(fixed)} bytes (limit {limit})")
    fitted = dict(fixed)
    ordered = sorted(names.items(), key=lambda item: len(item[1].encode()))
    for left, (key, value) in zip(range(len(ordered), 0, -1), ordered, strict=True):
        fitted[key] = cut(value, room // left)
        room -= len(fitted[key].encode())
    return fitted


def decode(props: dict[bytes, bytes | None]) -> dict[str, str] | None:
    """`props` as text with lower-case keys, or None when any key or value is not UTF-8."""
    try:
        return {key.decode().lower(): (value or b"").decode() for key, value in props.items()}
    except (UnicodeDecodeError, AttributeError):
        return None
