"""Checking a card's YAML abilities against the effect vocabulary (vocabulary.EFFECTS).

`validate_effect` resolves an ability's window and card use, checks each parameter against its
ParamSpec (nested outcomes and roll tables included) and the rules between parameters.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from game.content import ContentError, Node
from game.rulesets.mediterranean_empires.content.vocabulary import (
    CARD_TYPES,
    EFFECTS,
    EMPIRES,
    META_KEYS,
    PROVINCES,
    TAGS,
    WINDOW_USES,
    Effect,
    EffectSpec,
    ParamSpec,
    ParamValue,
    TableRow,
)


def validate_effect(node: Node, card_types: tuple[str, ...] | None = None,
                    known_cards: frozenset[str] | None = None, window: str | None = None) -> Effect:
    """Check one YAML ability against the vocabulary; raise ContentError at the offending key.

    `card_types` are the types of the card carrying it (None: unknown, so the use is `as` or
    `any`); `known_cards` are the valid card ids (None: references are not checked); `window`
    forces a window (used for nested outcomes).
    """
    mapping = node.as_dict_value()
    spec = _spec(node)
    types = card_types or CARD_TYPES
    chosen = _window(node, spec, window, types)
    use = _use(node, chosen, card_types) if card_types is not None else (
        node.child("as").choice(CARD_TYPES) if node.opt("as") is not None else "any")
    names = tuple(p.name for p in spec.params)
    node.only_keys(*META_KEYS, *names)
    params: list[tuple[str, ParamValue]] = []
    for param in spec.params:
        child = node.opt(param.name)
        if child is None:
            if param.required and mapping.get(param.name) is None:
                raise ContentError(node.file, _join(node.path, param.name),
                                   f"missing parameter of {spec.name}")
            if param.default is not None:
                params.append((param.name, param.default))
            continue
        params.append((param.name, _value(child, param, types, known_cards)))
    effect = Effect(spec.name, use, chosen, tuple(sorted(params, key=lambda kv: kv[0])))
    _check_combination(node, effect)
    return effect


def _spec(node: Node) -> EffectSpec:
    name = node.child("effect").text()
    if name not in EFFECTS:
        raise node.child("effect").error(f"unknown effect {name!r}")
    return EFFECTS[name]


def _window(node: Node, spec: EffectSpec, forced: str | None,
            card_types: tuple[str, ...]) -> str:
    when = node.opt("when")
    if forced is not None:
        if forced not in spec.windows:
            raise node.child("effect").error(f"{spec.name} cannot act in window {forced}")
        if when is not None or node.opt("as") is not None:
            raise node.error("a nested outcome takes no `when` or `as`")
        return forced
    top = tuple(w for w in spec.windows if w != "outcome")
    if not top:
        raise node.child("effect").error(f"{spec.name} is only an outcome of roll_table or "
                                         "choose_one")
    if when is not None:
        return when.choice(top)
    fitting = [w for w in top if WINDOW_USES[w] == ("any",) or
               any(t in WINDOW_USES[w] for t in card_types)]
    return fitting[0] if fitting else top[0]


def _use(node: Node, window: str, card_types: tuple[str, ...]) -> str:
    allowed = WINDOW_USES[window]
    given = node.opt("as")
    if allowed == ("any",):
        return given.choice(card_types) if given is not None else "any"
    fitting = tuple(t for t in card_types if t in allowed)
    if not fitting:
        raise node.error(f"window {window} needs a card of type {'/'.join(allowed)}")
    if given is not None:
        return given.choice(fitting)
    if len(fitting) > 1:
        raise node.error(f"say which use (as: {'/'.join(fitting)}) this ability belongs to")
    return fitting[0]


def _value(node: Node, spec: ParamSpec, card_types: tuple[str, ...],
           known: frozenset[str] | None) -> ParamValue:
    kind = spec.kind
    if kind == "int":
        return node.integer(spec.low, spec.high)
    if kind == "bool":
        return node.boolean()
    if kind == "word":
        return node.choice(spec.words)
    if kind == "words":
        return tuple(e.choice(spec.words) for e in node.elements())
    if kind == "dice":
        return parse_dice(node)
    if kind in ("card", "cards"):
        return _cards(node, kind == "card", known)
    if kind in ("card_type", "tag", "empire"):
        return node.choice({"card_type": CARD_TYPES, "tag": TAGS, "empire": EMPIRES}[kind])
    if kind == "card_types":
        return _nonempty(node, tuple(e.choice(CARD_TYPES) for e in node.elements()))
    if kind == "provinces":
        return _nonempty(node, tuple(e.choice(PROVINCES) for e in node.elements()))
    if kind == "effects":
        return _nonempty(node, tuple(validate_effect(e, card_types, known, "outcome")
                                     for e in node.elements()))
    return _table(node, card_types, known)


def _cards(node: Node, single: bool, known: frozenset[str] | None) -> str | tuple[str, ...]:
    items = (node,) if single else tuple(node.elements())
    for item in items:
        ident = item.text()
        if known is not None and ident not in known:
            raise item.error(f"unknown card {ident!r}")
    ids = tuple(item.value for item in items)
    return ids[0] if single else _nonempty(node, ids)


def _nonempty(node: Node, values: tuple[Any, ...]) -> tuple[Any, ...]:
    if not values:
        raise node.error("expected at least one item")
    if len(set(map(repr, values))) != len(values):
        raise node.error("repeated item")
    return values


def _table(node: Node, card_types: tuple[str, ...], known: frozenset[str] | None,
           ) -> tuple[TableRow, ...]:
    rows: list[TableRow] = []
    for row in node.elements():
        row.only_keys("min", "max", "then")
        low = row.child("min").integer(-6, 36) if row.opt("min") is not None else None
        high = row.child("max").integer(-6, 36) if row.opt("max") is not None else None
        rows.append(TableRow(low, high, validate_effect(row.child("then"), card_types, known,
                                                        "outcome")))
    _check_rows(node, rows)
    return tuple(rows)


def _check_rows(node: Node, rows: list[TableRow]) -> None:
    if len(rows) < 2:
        raise node.error("a roll table needs at least two rows")
    if rows[0].low is not None or rows[-1].high is not None:
        raise node.error("omit min on the first row and max on the last (open-ended)")
    for index, (before, after) in enumerate(pairwise(rows)):
        if before.high is None or after.low is None or after.low != before.high + 1:
            raise node.child(index + 1).error("rows must be contiguous and in rising order")
        if after.high is not None and after.high < after.low:
            raise node.child(index + 1).error("max is below min")


def _check_combination(node: Node, effect: Effect) -> None:
    """Rules between parameters that a single ParamSpec cannot express."""
    if effect.name == "cf_bonus" and not any(
            effect.param(k) is not None for k in ("with_cards", "with_tag", "role")):
        raise node.error("cf_bonus needs with_cards, with_tag or role")
    if effect.name == "cf_bonus_vs":
        given = [k for k in ("against_tag", "against_empire", "against_barbarians")
                 if effect.param(k) is not None]
        if len(given) != 1:
            raise node.error("cf_bonus_vs needs exactly one of against_tag, against_empire, "
                             "against_barbarians")
    if effect.name == "extra_dice" and effect.param("dice") == 0:
        raise node.error("extra_dice of 0 does nothing")
    if effect.name == "choose_one" and len(effect.param("options")) < 2:
        raise node.error("choose_one needs at least two options")


def parse_dice(node: Node) -> tuple[int, int]:
    """A dice string like `1d6` or `2d6` as (count, sides)."""
    text = node.text().strip().lower()
    count, sep, sides = text.partition("d")
    if not sep or not count.isdigit() or not sides.isdigit() or not 1 <= int(count) <= 6 or \
            int(sides) != 6:
        raise node.error(f"expected dice like 1d6 or 2d6, got {node.value!r}")
    return int(count), int(sides)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
