"""Wire frames: length-prefixed, canonical-JSON, Ed25519-signed messages (protocol v2).

On the wire: a 4-byte big-endian length, then the frame = payload ‖ 64-byte signature. The
payload is the canonical JSON of {"t": type, "by": sender fingerprint, "b": body}; the signature
covers the domain tag of the type's class (lobby, ledger, side) ‖ payload, so no signed lobby
message can be replayed as a ledger or side message. Opening a frame runs the first guards in
order, each refusing with a named `Rejected` reason: frame-size → split → malformed (canonical
JSON of the right shape; "chance-on-wire" for a CHANCE, which is built locally, never sent)
→ unknown-sender → bad-signature. The signature is checked on the bytes as received, which the
canonical parser has already proved to be the one encoding of their value. Never pickle.

What is left to the caller: whether the sender may send this type on this link now (a HELLO
binds a link to one fingerprint), and everything the ledger's guards check after these.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.errors import EncodingError
from net.lan.errors import LanError, Rejected
from net.lan.identity import (
    KEY_SIZE,
    SIGNATURE_SIZE,
    TAG_LEDGER,
    TAG_LOBBY,
    TAG_SIDE,
    Identity,
    fingerprint_of,
    is_fingerprint,
    verify,
)

MAX_FRAME = 1 << 20
"""The largest frame (payload ‖ signature) a peer may send: 1 MiB."""
MIN_FRAME = SIGNATURE_SIZE + 1
LENGTH_SIZE = 4

LOBBY_TYPES = frozenset({"HELLO", "WELCOME", "REFUSE", "LOBBY", "CLAIM", "RELEASE", "READY",
                         "LEAVE", "CLOSE", "SET", "KICK", "START", "KEYS", "GENESIS",
                         "GENESIS_SIG", "SIGNED", "HAVE", "FETCH", "SCENARIO"})
LEDGER_TYPES = frozenset({"ENTRY"})
SIDE_TYPES = frozenset({"REVEAL", "HEARTBEAT", "SYNC_REQ", "SYNC_RESP", "DISPUTE", "REOPEN",
                        "ALERT", "LEAVE_GAME", "HANDOVER", "AUDIT", "SPECTATE"})
NEVER_SENT = frozenset({"CHANCE"})
"""Built by every machine from the beacon reveals; a frame claiming one is refused."""
_TAG_OF: dict[str, bytes] = ({t: TAG_LOBBY for t in LOBBY_TYPES}
                             | {t: TAG_LEDGER for t in LEDGER_TYPES}
                             | {t: TAG_SIDE for t in SIDE_TYPES})
_FIELDS = frozenset({"t", "by", "b"})
_HEX = frozenset("0123456789abcdef")

KeyLookup = Callable[[str], bytes | None]
"""Fingerprint → its 32-byte public key, None when not known (e.g. `dict.get`)."""


@dataclass(frozen=True)
class Message:
    """An opened frame: its type, sender fingerprint, plain body, and the signed bytes."""

    type: str
    sender: str
    body: dict[str, Any]
    payload: bytes
    signature: bytes

    @property
    def frame(self) -> bytes:
        """The frame as received (payload ‖ signature): what a ledger stores or forwards."""
        return self.payload + self.signature


def tag_of(message_type: str) -> bytes:
    """The domain tag of a message type's class; KeyError for a type that is never sent."""
    return _TAG_OF[message_type]


def encode_frame(identity: Identity, message_type: str, body: Mapping[str, Any]) -> bytes:
    """The signed frame (payload ‖ signature) of a message from `identity`."""
    if message_type not in _TAG_OF:
        raise LanError(f"{message_type!r} is not a message type that is sent")
    payload = canonical_bytes({"t": message_type, "by": identity.fingerprint, "b": dict(body)})
    frame = payload + identity.sign(_TAG_OF[message_type], payload)
    if len(frame) > MAX_FRAME:
        raise LanError(f"a {message_type} of {len(frame)} bytes is over the frame cap")
    return frame


async def async_write_frame(writer: asyncio.StreamWriter, frame: bytes) -> None:
    """Send one frame behind its 4-byte big-endian length, and wait for the buffer to drain."""
    writer.write(len(frame).to_bytes(LENGTH_SIZE, "big") + frame)
    await writer.drain()


async def async_read_frame(reader: asyncio.StreamReader) -> bytes:
    """One raw frame; Rejected("frame-size") on a bad length before reading any of its body.

    asyncio.IncompleteReadError when the link closes (with no bytes when between frames)."""
    size = int.from_bytes(await reader.readexactly(LENGTH_SIZE), "big")
    _check_size(size)
    return await reader.readexactly(size)


def open_frame(raw: bytes, keys: KeyLookup) -> Message:
    """The message in a frame from a known sender, after the guards (each a named Rejected)."""
    payload, signature = _split(raw)
    message_type, sender, body = _parse(payload)
    key = keys(sender)
    if key is None:
        raise Rejected("unknown-sender", f"no key is known for {sender}")
    if message_type == "HELLO" and _hello_key(body) != key:
        raise Rejected("fingerprint-mismatch", "the HELLO's key is not its sender's")
    return _verified(key, message_type, sender, body, payload, signature)


def open_hello(raw: bytes) -> Message:
    """A HELLO checked with the key it carries, whose fingerprint must be its sender's."""
    payload, signature = _split(raw)
    message_type, sender, body = _parse(payload)
    if message_type != "HELLO":
        raise Rejected("expected-hello", f"the first message on a link is a HELLO, "
                                         f"not {message_type}")
    key = _hello_key(body)
    if fingerprint_of(key) != sender:
        raise Rejected("fingerprint-mismatch", f"the key in the HELLO is not {sender}'s")
    return _verified(key, message_type, sender, body, payload, signature)


def hello_body(identity: Identity, **fields: Any) -> dict[str, Any]:
    """A HELLO body carrying `identity`'s public key (hex) beside the given fields."""
    return {**fields, "key": identity.public_key.hex()}


def _check_size(size: int) -> None:
    if not MIN_FRAME <= size <= MAX_FRAME:
        raise Rejected("frame-size", f"a frame of {size} bytes (allowed {MIN_FRAME}-{MAX_FRAME})")


def _split(raw: bytes) -> tuple[bytes, bytes]:
    """(payload, signature), after the size guard."""
    _check_size(len(raw))
    return raw[:-SIGNATURE_SIZE], raw[-SIGNATURE_SIZE:]


def _parse(payload: bytes) -> tuple[str, str, dict[str, Any]]:
    """(type, sender, body) of a canonical payload of the right shape."""
    try:
        plain = parse_canonical(payload)
    except (EncodingError, RecursionError) as exc:  # RecursionError: nesting ~500-1000 deep
        raise Rejected("malformed", f"the payload is not canonical JSON: {exc}") from None
    if type(plain) is not dict or plain.keys() != _FIELDS:
        raise Rejected("malformed", "a message is an object of exactly t, by and b")
    message_type, sender, body = plain["t"], plain["by"], plain["b"]
    if type(message_type) is not str:
        raise Rejected("malformed", "a message type is text")
    if message_type in NEVER_SENT:
        raise Rejected("chance-on-wire", "CHANCE records are built locally, never received")
    if message_type not in _TAG_OF or not is_fingerprint(sender) or type(body) is not dict:
        raise Rejected("malformed", f"bad type, sender or body in a {message_type[:20]!r}")
    return message_type, sender, body


def _hello_key(body: dict[str, Any]) -> bytes:
    """The 32-byte public key a HELLO carries as lowercase hex."""
    text = body.get("key")
    if not (isinstance(text, str) and len(text) == 2 * KEY_SIZE and set(text) <= _HEX):
        raise Rejected("malformed", "a HELLO carries its key as 64 lowercase hex digits")
    return bytes.fromhex(text)


def _verified(key: bytes, message_type: str, sender: str, body: dict[str, Any], payload: bytes,
              signature: bytes) -> Message:
    """The message, once its signature verifies over its class's tag ‖ the payload received."""
    if not verify(key, _TAG_OF[message_type], payload, signature):
        raise Rejected("bad-signature", f"a {message_type} from {sender} is not signed by it")
    return Message(message_type, sender, body, payload, signature)
