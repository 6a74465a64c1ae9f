"""Canonical encoding of plain data and the SHA-256 state hash.

Plain data is None, bool, int, str, bytes, tuples/lists and str-keyed dicts, and frozen
dataclasses of these. The canonical form is RFC 8785-style JSON: sorted keys, no spaces,
UTF-8, integers only (no floats anywhere), bytes as lowercase hex text.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from json.encoder import encode_basestring as _encode_str
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from game.core.errors import EncodingError

T = TypeVar("T")
_MAX_INT = 2**53
ENCODING_CACHE = "_canonical_bytes"
"""Instance-dict key under which a frozen record keeps its encoding (see records.evolve)."""
FIELD_CACHE = "_field_bytes"
"""Instance-dict key of a record's per-field encodings: a copy made by `records.evolve` keeps
those of the fields it did not change, so a new state re-encodes only what changed (a hand, not
the board's 140-city tuples nor every opened card)."""


def to_plain(value: Any) -> Any:
    """Convert a value to JSON-ready plain data (dataclasses become dicts)."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    if kind is int and -_MAX_INT < value < _MAX_INT:
        return value
    if kind is tuple or kind is list:
        return [to_plain(item) for item in value]
    if kind is not int and dataclasses.is_dataclass(kind):
        return {name: to_plain(getattr(value, name)) for name in _field_names(kind)}
    return _to_plain_other(value)


def _to_plain_other(value: Any) -> Any:
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if not -_MAX_INT < value < _MAX_INT:
            raise EncodingError(f"integer {value} is outside the canonical range")
        return value
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {_key(k): to_plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_plain(getattr(value, name)) for name in _field_names(type(value))}
    raise EncodingError(f"cannot encode {type(value).__name__} canonically")


def canonical_bytes(value: Any) -> bytes:
    """The one canonical byte encoding of a value.

    Frozen dataclass instances cache their own encoding, so re-encoding a new state costs
    only the records that changed (structural sharing makes the rest identical objects).
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encode(value)
    return _dumps(to_plain(value))


def _dumps(plain: Any) -> bytes:
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _encode(value: Any) -> bytes:
    kind = type(value)
    if kind is str:
        return _encode_str(value).encode("utf-8")
    if kind is int:
        if not -_MAX_INT < value < _MAX_INT:
            raise EncodingError(f"integer {value} is outside the canonical range")
        return str(value).encode()
    if kind is tuple or kind is list:
        return _encode_list(value)
    if _is_record_type(kind):  # type: ignore[arg-type]  # typeshed: classes hash
        return _encode_record(value)
    if kind is bool:
        return b"true" if value else b"false"
    if kind is bytes:
        return b'"' + value.hex().encode() + b'"'
    if value is None:
        return b"null"
    if kind is dict:
        if _all_text(value) and _all_text(value.values()):
            return _text_object(value)
        items = sorted((_key(k), v) for k, v in value.items())
        return b"{" + b",".join([_encode_str(k).encode("utf-8") + b":" + _encode(v)
                                 for k, v in items]) + b"}"
    return _dumps(to_plain(value))


def _encode_list(value: tuple[Any, ...] | list[Any]) -> bytes:
    """Lists of text or of integers (hands, slots, the board's tuples) join in C."""
    if _all_text(value):
        return ("[" + ",".join(map(_encode_str, value)) + "]").encode("utf-8")
    if all(type(item) is int for item in value):
        low, high = min(value), max(value)
        if low > -_SMALL_INT and high < _SMALL_INT:
            return ("[" + ",".join([_INT_TEXT[item] for item in value]) + "]").encode()
        if low > -_MAX_INT and high < _MAX_INT:
            return ("[" + ",".join(map(str, value)) + "]").encode()
    return b"[" + b",".join([_encode(item) for item in value]) + b"]"


_SMALL_INT = 128
_INT_TEXT = {n: str(n) for n in range(1 - _SMALL_INT, _SMALL_INT)}
"""Small integers as text (the board's owners and markers): a lookup beats `str`."""


def _text_object(value: dict[str, str]) -> bytes:
    """A text-to-text mapping, keys sorted (the same bytes as `json.dumps`, without its setup)."""
    pairs = [_encode_str(k) + ":" + _encode_str(value[k]) for k in sorted(value)]
    return ("{" + ",".join(pairs) + "}").encode("utf-8")


def _all_text(items: Any) -> bool:
    """Whether every item is text (such lists and mappings take the fast paths)."""
    return all(type(item) is str for item in items)


@cache
def _is_record_type(kind: type) -> bool:
    """Whether instances of `kind` are dataclass records (they cache their encoding)."""
    return dataclasses.is_dataclass(kind) and not issubclass(kind, type)


def _encode_record(record: Any) -> bytes:
    cache = getattr(record, "__dict__", None)
    if cache is not None and ENCODING_CACHE in cache:
        return cache[ENCODING_CACHE]
    known = cache.get(FIELD_CACHE, {}) if cache is not None else {}
    fields: dict[str, bytes] = {}
    parts: list[bytes] = []
    for name, prefix in _field_prefixes(type(record)):  # type: ignore[arg-type]
        value = known.get(name)
        if value is None:
            value = _encode(getattr(record, name))
        fields[name] = value
        parts += (prefix, value)
    parts.append(b"}" if parts else b"{}")
    encoded = b"".join(parts)  # one join: a state's big parts (the decks) are copied once
    if cache is not None:
        cache[ENCODING_CACHE] = encoded
        cache[FIELD_CACHE] = fields
    return encoded


@cache
def _field_prefixes(cls: type) -> tuple[tuple[str, bytes], ...]:
    """(field, the bytes before its value: `{"name":` first, then `,"name":`), sorted."""
    names = sorted(_field_names(cls))
    return tuple((name, (b"," if i else b"{") + _dumps(name) + b":")
                 for i, name in enumerate(names))


def digest(value: Any) -> bytes:
    """SHA-256 of the canonical encoding."""
    return hashlib.sha256(canonical_bytes(value)).digest()


def state_hash(state: Any) -> str:
    """The state hash: hex SHA-256 of the canonical encoding."""
    return hashlib.sha256(canonical_bytes(state)).hexdigest()


def parse_canonical(data: bytes) -> Any:
    """Decode canonical JSON, refusing any encoding that is not the canonical one."""
    try:
        plain = json.loads(data.decode("utf-8"), parse_float=_no_float, parse_constant=_no_float)
    except UnicodeDecodeError as exc:
        raise EncodingError(f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise EncodingError(f"not valid canonical JSON: {exc}") from None
    except RecursionError:
        raise EncodingError("nested too deeply to be a record of this game") from None
    except ValueError:  # Python refuses integers of thousands of digits
        raise EncodingError("a number has too many digits to be a record of this game") from None
    try:
        canonical = canonical_bytes(plain)
    except RecursionError:
        raise EncodingError("nested too deeply to be a record of this game") from None
    if canonical != data:
        raise EncodingError("data is valid JSON but not in canonical form")
    return plain


def from_plain(cls: type[T], plain: Any) -> T:
    """Rebuild a typed value (dataclass, tuple, dict, bytes…) from plain data."""
    try:
        return _decoder(cls)(plain)  # type: ignore[arg-type]
    except EncodingError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise EncodingError(f"cannot decode {getattr(cls, '__name__', cls)}: {exc}") from None


Decoder = Callable[[Any], Any]


@cache
def _decoder(tp: Any) -> Decoder:
    """The decoding function of one type, built once (decoding runs per state in checks)."""
    origin = get_origin(tp)
    if tp is Any:
        return _freeze
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(tp)
    if origin is tuple:
        return _tuple_decoder(tp)
    if origin is dict:
        return _dict_decoder(tp)
    if origin is typing.Literal:
        return _literal_decoder(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    return _scalar_decoder(tp)


def _scalar_decoder(tp: Any) -> Decoder:
    if tp is int:
        return _decode_int
    if tp is bytes:
        return lambda plain: bytes.fromhex(_checked(plain, str, tp))
    if tp is type(None):
        return _decode_none
    if tp in (str, bool):
        return lambda plain: _checked(plain, tp, tp)
    raise EncodingError(f"type {tp!r} is not decodable")


def _decode_int(plain: Any) -> int:
    if type(plain) is not int and (isinstance(plain, bool) or not isinstance(plain, int)):
        raise EncodingError(f"expected an integer, got {plain!r}")
    return plain


def _decode_none(plain: Any) -> None:
    if plain is not None:
        raise EncodingError(f"expected null, got {plain!r}")


def _union_decoder(tp: Any) -> Decoder:
    options = get_args(tp)

    def decode(plain: Any) -> Any:
        for option in options:
            try:
                return _decoder(option)(plain)
            except (EncodingError, TypeError, ValueError, KeyError):
                continue
        raise EncodingError(f"{plain!r} fits none of {tp}")
    return decode


def _tuple_decoder(tp: Any) -> Decoder:
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        if item is int:
            return _decode_int_tuple

        def decode_all(plain: Any) -> tuple[Any, ...]:
            each = _decoder(item)
            return tuple([each(value) for value in _checked(plain, list, tp)])
        return decode_all

    def decode_fixed(plain: Any) -> tuple[Any, ...]:
        _checked(plain, list, tp)
        if len(args) != len(plain):
            raise EncodingError(f"expected {len(args)} items, got {len(plain)}")
        return tuple(_decoder(arg)(value) for arg, value in zip(args, plain, strict=True))
    return decode_fixed


def _decode_int_tuple(plain: Any) -> tuple[int, ...]:
    _checked(plain, list, tuple[int, ...])
    return tuple([_decode_int(value) for value in plain])


def _dict_decoder(tp: Any) -> Decoder:
    key_type, value_type = get_args(tp)

    def decode(plain: Any) -> dict[Any, Any]:
        keys, values = _decoder(key_type), _decoder(value_type)
        return {keys(k): values(v) for k, v in _checked(plain, dict, tp).items()}
    return decode


def _literal_decoder(tp: Any) -> Decoder:
    allowed = get_args(tp)

    def decode(plain: Any) -> Any:
        if plain not in allowed:
            raise EncodingError(f"{plain!r} is not one of {allowed}")
        return plain
    return decode


def _dataclass_decoder(cls: type) -> Decoder:
    names = _field_names(cls)
    expected = set(names)

    def decode(plain: Any) -> Any:
        _checked(plain, dict, cls)
        if plain.keys() != expected:
            raise EncodingError(f"{cls.__name__} fields differ: "
                                f"{sorted(set(plain) ^ expected)}")
        hints = _hints(cls)
        return cls(**{name: _decoder(hints[name])(plain[name]) for name in names})
    return decode


def _checked(plain: Any, kind: type, tp: Any) -> Any:
    if type(plain) is not kind:
        _expect(plain, kind, tp)
    return plain


def _freeze(plain: Any) -> Any:
    if isinstance(plain, list):
        return tuple(_freeze(item) for item in plain)
    if isinstance(plain, dict):
        return {k: _freeze(v) for k, v in plain.items()}
    return plain


def _expect(plain: Any, kind: type, tp: Any) -> None:
    if not isinstance(plain, kind) or (kind is int and isinstance(plain, bool)):
        raise EncodingError(f"expected {getattr(tp, '__name__', tp)}, got {type(plain).__name__}")


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(key)
    raise EncodingError(f"mapping key {key!r} must be text or an integer")


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def _no_float(text: str) -> Any:
    raise EncodingError(f"non-integer number {text} is not allowed")
