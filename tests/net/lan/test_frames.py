"""Wire frames: signed canonical payloads, refused by name at the first guard that fails."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.encoding import canonical_bytes
from game.core.errors import EncodingError
from net.lan.errors import LanError, Rejected
from net.lan.frames import (
    LEDGER_TYPES,
    LOBBY_TYPES,
    MAX_FRAME,
    SIDE_TYPES,
    Message,
    async_read_frame,
    async_write_frame,
    encode_frame,
    hello_body,
    open_frame,
    open_hello,
    tag_of,
)
from net.lan.identity import TAG_LEDGER, TAG_LOBBY, TAG_SIDE, Identity, verify

ALICE = Identity.from_seed(bytes(range(32)))
BOB = Identity.from_seed(bytes(range(1, 33)))
KEYS = {ALICE.fingerprint: ALICE.public_key, BOB.fingerprint: BOB.public_key}
BODY = {"game": "00" * 16, "index": 7, "prev": "ab" * 32, "author": 2, "text": "Roma"}


def _signed(payload: bytes, tag: bytes = TAG_SIDE, by: Identity = ALICE) -> bytes:
    return payload + by.sign(tag, payload)


def _reason(raw: bytes) -> str:
    with pytest.raises(Rejected) as caught:
        open_frame(raw, KEYS.get)
    return caught.value.reason


def test_a_frame_opens_to_its_message() -> None:
    raw = encode_frame(ALICE, "REVEAL", {"k": 3, "value": "ff" * 32})
    message = open_frame(raw, KEYS.get)
    assert message == Message("REVEAL", ALICE.fingerprint, {"k": 3, "value": "ff" * 32},
                              raw[:-64], raw[-64:])
    assert message.frame == raw
    assert message.payload == canonical_bytes({"t": "REVEAL", "by": ALICE.fingerprint,
                                               "b": {"k": 3, "value": "ff" * 32}})


@pytest.mark.parametrize(("types", "tag"), [(LOBBY_TYPES, TAG_LOBBY), (LEDGER_TYPES, TAG_LEDGER),
                                            (SIDE_TYPES, TAG_SIDE)])
def test_each_class_is_signed_under_its_own_tag(types: frozenset[str], tag: bytes) -> None:
    for message_type in types:
        raw = encode_frame(BOB, message_type, {} if message_type != "HELLO" else hello_body(BOB))
        assert tag_of(message_type) == tag
        assert verify(BOB.public_key, tag, raw[:-64], raw[-64:])
        assert open_frame(raw, KEYS.get).type == message_type


def test_a_message_signed_under_another_class_tag_is_refused() -> None:
    payload = canonical_bytes({"t": "ENTRY", "by": ALICE.fingerprint, "b": BODY})
    assert open_frame(_signed(payload, TAG_LEDGER), KEYS.get).body == BODY
    assert _reason(_signed(payload, TAG_LOBBY)) == "bad-signature"
    assert _reason(_signed(payload, TAG_SIDE)) == "bad-signature"


def _flips(data: bytes, start: int = 0) -> list[bytes]:
    return [data[:i] + bytes([data[i] ^ (1 << bit)]) + data[i + 1:]
            for i in range(start, len(data)) for bit in range(8)]


def test_a_flipped_bit_in_the_signature_is_a_bad_signature() -> None:
    raw = encode_frame(ALICE, "ENTRY", BODY)
    assert {_reason(flipped) for flipped in _flips(raw, len(raw) - 64)} == {"bad-signature"}


def test_a_flipped_bit_anywhere_in_the_payload_is_refused_by_name() -> None:
    raw = encode_frame(ALICE, "ENTRY", BODY)
    reasons = {_reason(flipped[:len(raw)]) for flipped in _flips(raw[:-64])
               for flipped in [flipped + raw[-64:]]}
    assert reasons <= {"malformed", "unknown-sender", "bad-signature"}
    assert reasons >= {"malformed", "bad-signature"}  # e.g. a letter of "Roma" changed


def test_a_flipped_bit_in_the_sender_is_an_unknown_sender() -> None:
    raw = encode_frame(ALICE, "ENTRY", BODY)
    at = raw.index(ALICE.fingerprint.encode())
    forged = raw[:at] + ("0" if raw[at:at + 1] != b"0" else "1").encode() + raw[at + 1:]
    assert _reason(forged) == "unknown-sender"


def test_a_message_under_another_machine_s_fingerprint_is_a_bad_signature() -> None:
    payload = canonical_bytes({"t": "ENTRY", "by": BOB.fingerprint, "b": BODY})
    assert _reason(_signed(payload, TAG_LEDGER, by=ALICE)) == "bad-signature"


def test_a_sender_without_a_known_key_is_refused() -> None:
    stranger = Identity.ephemeral()
    assert _reason(encode_frame(stranger, "HEARTBEAT", {})) == "unknown-sender"


@pytest.mark.parametrize("payload", [
    b'{"b": {}, "by": "%s", "t": "HEARTBEAT"}',           # spaces
    b'{"by":"%s","b":{},"t":"HEARTBEAT"}',                # keys out of order
    b'{"b":{"n":1.0},"by":"%s","t":"HEARTBEAT"}',         # a float
    b'{"b":{"n":1e3},"by":"%s","t":"HEARTBEAT"}',         # an exponent
    b'{"b":{"n":NaN},"by":"%s","t":"HEARTBEAT"}',         # a constant
    b'{"b":{},"b":{},"by":"%s","t":"HEARTBEAT"}',         # a repeated key
    b'{"b":{"s":"\\u0041"},"by":"%s","t":"HEARTBEAT"}',  # an escape where none is needed
    b'{"b":{"n":9007199254740993},"by":"%s","t":"HEARTBEAT"}',  # over 2^53
    b'{"b":{},"by":"%s","t":"HEARTBEAT"}\n',              # a trailing newline
    b'\xef\xbb\xbf{"b":{},"by":"%s","t":"HEARTBEAT"}',    # a byte order mark
    b'{"b":{"s":"\xff"},"by":"%s","t":"HEARTBEAT"}',      # not UTF-8
])
def test_a_validly_signed_non_canonical_payload_is_malformed(payload: bytes) -> None:
    raw = _signed(payload.replace(b"%s", ALICE.fingerprint.encode()))
    assert _reason(raw) == "malformed"


@pytest.mark.parametrize("plain", [
    [1, 2], "text", {"t": "HEARTBEAT", "b": {}},
    {"t": "HEARTBEAT", "by": ALICE.fingerprint, "b": {}, "x": 1},
    {"t": "NOPE", "by": ALICE.fingerprint, "b": {}},
    {"t": 7, "by": ALICE.fingerprint, "b": {}},
    {"t": ["HEARTBEAT"], "by": ALICE.fingerprint, "b": {}},
    {"t": {}, "by": ALICE.fingerprint, "b": {}},
    {"t": "HEARTBEAT", "by": [ALICE.fingerprint], "b": {}},
    {"t": "HEARTBEAT", "by": None, "b": {}},
    {"t": "HEARTBEAT", "by": ALICE.fingerprint.upper(), "b": {}},
    {"t": "HEARTBEAT", "by": ALICE.fingerprint[:-2], "b": {}},
    {"t": "HEARTBEAT", "by": ALICE.fingerprint, "b": [1]},
])
def test_a_canonical_payload_of_the_wrong_shape_is_malformed(plain: Any) -> None:
    assert _reason(_signed(canonical_bytes(plain))) == "malformed"


def test_deep_nesting_is_malformed_not_a_crash() -> None:
    for depth in (600, 950, 5000):
        payload = (b'{"b":{"x":' + b"[" * depth + b"]" * depth + b'},"by":"'
                   + ALICE.fingerprint.encode() + b'","t":"HEARTBEAT"}')
        assert _reason(_signed(payload)) == "malformed"


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_are_refused_by_name_never_a_crash(raw: bytes) -> None:
    for opener in (lambda r: open_frame(r, KEYS.get), open_hello):
        with pytest.raises(Rejected):
            opener(raw)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 200), st.binary(min_size=1, max_size=8))
def test_a_spliced_frame_is_refused_by_name(at: int, junk: bytes) -> None:
    raw = encode_frame(ALICE, "HELLO", hello_body(ALICE, name="Alice"))
    spliced = raw[:at] + junk + raw[at + len(junk):]
    if spliced != raw:
        for opener in (lambda r: open_frame(r, KEYS.get), open_hello):
            with pytest.raises(Rejected):
                opener(spliced)


def test_a_chance_record_is_never_taken_from_the_wire() -> None:
    payload = canonical_bytes({"t": "CHANCE", "by": ALICE.fingerprint, "b": {"k": 1}})
    assert _reason(_signed(payload, TAG_LEDGER)) == "chance-on-wire"
    with pytest.raises(LanError):
        encode_frame(ALICE, "CHANCE", {"k": 1})


def test_frames_outside_the_size_bounds_are_refused() -> None:
    for size in (0, 1, 64):
        assert _reason(bytes(size)) == "frame-size"
    assert _reason(bytes(MAX_FRAME + 1)) == "frame-size"
    with pytest.raises(LanError, match="over the frame cap"):
        encode_frame(ALICE, "SYNC_RESP", {"records": "x" * MAX_FRAME})


def test_floats_never_reach_the_wire() -> None:
    with pytest.raises(EncodingError):
        encode_frame(ALICE, "HEARTBEAT", {"n": 0.5})


def test_hello_opens_with_the_key_it_carries() -> None:
    raw = encode_frame(ALICE, "HELLO", hello_body(ALICE, name="Alice", port=7000))
    message = open_hello(raw)
    assert (message.sender, message.body["name"]) == (ALICE.fingerprint, "Alice")
    assert open_frame(raw, KEYS.get) == message


def _hello_reason(raw: bytes) -> str:
    with pytest.raises(Rejected) as caught:
        open_hello(raw)
    return caught.value.reason


def test_hello_with_a_key_that_is_not_the_sender_s_is_refused() -> None:
    claims_bob = canonical_bytes({"t": "HELLO", "by": ALICE.fingerprint, "b": hello_body(BOB)})
    assert _hello_reason(_signed(claims_bob, TAG_LOBBY, by=BOB)) == "fingerprint-mismatch"
    assert _hello_reason(_signed(claims_bob, TAG_LOBBY, by=ALICE)) == "fingerprint-mismatch"
    assert _reason(_signed(claims_bob, TAG_LOBBY, by=ALICE)) == "fingerprint-mismatch"


def test_hello_signed_by_another_key_is_a_bad_signature() -> None:
    payload = canonical_bytes({"t": "HELLO", "by": ALICE.fingerprint, "b": hello_body(ALICE)})
    assert _hello_reason(_signed(payload, TAG_LOBBY, by=BOB)) == "bad-signature"
    assert _hello_reason(_signed(payload, TAG_SIDE, by=ALICE)) == "bad-signature"


@pytest.mark.parametrize("key", [None, 7, "ab" * 31, "AB" * 32, " " + "ab" * 31 + "a", "zz" * 32])
def test_hello_with_a_malformed_key_is_malformed(key: object) -> None:
    payload = canonical_bytes({"t": "HELLO", "by": ALICE.fingerprint, "b": {"key": key}})
    assert _hello_reason(_signed(payload, TAG_LOBBY)) == "malformed"


def test_open_hello_wants_a_hello() -> None:
    assert _hello_reason(encode_frame(ALICE, "CLAIM", {"seat": 1})) == "expected-hello"


def _reader(data: bytes, eof: bool = True) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    if eof:
        reader.feed_eof()
    return reader


def test_read_frame_returns_one_frame_at_a_time() -> None:
    frames = [encode_frame(ALICE, "HEARTBEAT", {"n": n}) for n in range(3)]

    async def scenario() -> list[bytes]:
        reader = _reader(b"".join(len(f).to_bytes(4, "big") + f for f in frames))
        return [await async_read_frame(reader) for _ in frames]
    assert asyncio.run(scenario()) == frames


@pytest.mark.parametrize("size", [0, 64, MAX_FRAME + 1, 2**32 - 1])
def test_a_bad_length_is_refused_before_reading_the_body(size: int) -> None:
    async def scenario() -> None:
        reader = _reader(size.to_bytes(4, "big"), eof=False)  # the body never comes
        await asyncio.wait_for(async_read_frame(reader), timeout=5)
    with pytest.raises(Rejected) as caught:
        asyncio.run(scenario())
    assert caught.value.reason == "frame-size"


def test_a_frame_at_the_cap_is_read() -> None:
    async def scenario() -> bytes:
        return await async_read_frame(_reader(MAX_FRAME.to_bytes(4, "big") + bytes(MAX_FRAME)))
    assert len(asyncio.run(scenario())) == MAX_FRAME


def test_a_truncated_frame_ends_with_an_incomplete_read() -> None:
    async def scenario() -> None:
        await async_read_frame(_reader((100).to_bytes(4, "big") + bytes(10)))
    with pytest.raises(asyncio.IncompleteReadError):
        asyncio.run(scenario())


def test_frames_cross_a_real_socket() -> None:
    frames = [encode_frame(ALICE, "ENTRY", {**BODY, "index": i}) for i in range(5)]

    async def scenario() -> list[Message]:
        received: asyncio.Queue[bytes] = asyncio.Queue()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            for _ in frames:
                received.put_nowait(await async_read_frame(reader))
            writer.close()
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        for frame in frames:
            await async_write_frame(writer, frame)
        got = [open_frame(await received.get(), KEYS.get) for _ in frames]
        writer.close()
        server.close()
        await server.wait_closed()
        return got
    assert [m.body["index"] for m in asyncio.run(scenario())] == list(range(5))
