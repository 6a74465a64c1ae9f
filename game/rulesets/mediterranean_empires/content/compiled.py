"""The compiled form of the content: its canonical JSON, decoded without YAML (no I/O here).

Callers that may do I/O cache it under the bundle's rules hash (net/files/content_cache);
decoding it skips YAML parsing and the cross-checks the compiled content already passed.
Effect parameters are typed `Any`, so nested effects and roll-table rows come back as plain
dicts: they are rebuilt from the vocabulary's parameter kinds.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from game.core.encoding import canonical_bytes, from_plain, to_plain
from game.core.errors import EncodingError
from game.rulesets.mediterranean_empires.content import MeContent
from game.rulesets.mediterranean_empires.content.vocabulary import EFFECTS, Effect, TableRow


def compile_content(content: MeContent) -> bytes:
    """The canonical JSON of the content (via plain data: no encodings cached on the records)."""
    return canonical_bytes(to_plain(content))


def decode_compiled(data: bytes, content_hash: str) -> MeContent:
    """The content from its compiled form; EncodingError unless it decodes and has this hash."""
    try:
        plain = json.loads(data.decode("utf-8"), parse_float=_no_float,
                           parse_constant=_no_float)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise EncodingError(f"compiled content is not valid JSON: {exc}") from None
    if not isinstance(plain, dict) or plain.get("content_hash") != content_hash:
        raise EncodingError("compiled content is for other content")
    content = from_plain(MeContent, plain)
    try:
        cards = tuple(_card(card) for card in content.decks.cards)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise EncodingError(f"compiled content has a malformed effect: {exc}") from None
    return dataclasses.replace(content, decks=dataclasses.replace(content.decks, cards=cards))


def _card(card: Any) -> Any:
    """A card whose abilities nest effects or tables gets them typed again; others as they are."""
    if not any(_NESTING.intersection(name for name, _ in e.params) for e in card.abilities):
        return card
    return dataclasses.replace(card, abilities=tuple(map(_effect, card.abilities)))


def _effect(effect: Effect | Any) -> Effect:
    """An effect with its nested effects and table rows typed again (recursively)."""
    if not isinstance(effect, Effect):
        effect = from_plain(Effect, to_plain(effect))  # `Any` froze lists to tuples
    kinds = {param.name: param.kind for param in EFFECTS[effect.name].params}
    params = []
    for name, value in effect.params:
        kind = kinds.get(name)
        if kind == "effects":
            value = tuple(map(_effect, value))
        elif kind == "table":
            value = tuple(_row(row) for row in value)
        params.append((name, value))
    return dataclasses.replace(effect, params=tuple(params))


_NESTING = frozenset(param.name for spec in EFFECTS.values() for param in spec.params
                     if param.kind in ("effects", "table"))
"""Names of parameters that hold effects or table rows (only cards using them need retyping)."""


def _row(row: Any) -> TableRow:
    decoded = row if isinstance(row, TableRow) else from_plain(TableRow, to_plain(row))
    return dataclasses.replace(decoded, outcome=_effect(decoded.outcome))


def _no_float(text: str) -> Any:
    raise EncodingError(f"non-integer number {text!r} in compiled content")
