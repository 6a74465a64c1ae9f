"""Actions: small frozen records, a verb and sorted named arguments."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.records import quick_init

ArgValue = int | str | bool | None | tuple[Any, ...]


@quick_init
@dataclass(frozen=True, order=True)
class Action:
    """A seat's answer to a decision: `verb` with named arguments (sorted by name)."""

    verb: str
    args: tuple[tuple[str, ArgValue], ...] = ()

    def arg(self, name: str, default: ArgValue = None) -> ArgValue:
        """The value of one argument."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        inner = " ".join(f"{k}={_show(v)}" for k, v in self.args)
        return f"{self.verb} {inner}".strip()

    def __eq__(self, other: object) -> bool:
        """Equal verbs and arguments of equal types: `True` is not `1` (they encode apart)."""
        if other.__class__ is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.verb == other.verb and self.args == other.args
                and _types(self.args) == _types(other.args))

    def __hash__(self) -> int:
        return hash((self.verb, self.args))


def _types(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_types(v) for v in value)
    return type(value)


_SHARED: dict[tuple[str, ...], Action] = {}
"""Actions with at most one text argument, by (verb, name, value): legal lists rebuild the
same few thousand at every decision, and an Action is immutable, so one object serves."""
_SHARED_LIMIT = 100_000


def act(verb: str, **args: ArgValue) -> Action:
    """Build an action with canonically ordered arguments (lists become tuples)."""
    if not args:
        return _shared((verb,), args)
    if len(args) == 1:
        ((name, value),) = args.items()
        if type(value) is str:  # not ints: True == 1 would share a differently encoded action
            return _shared((verb, name, value), args)
    return Action(verb, tuple(sorted([(k, _freeze(v)) for k, v in args.items()])))


def _shared(key: tuple[str, ...], args: dict[str, ArgValue]) -> Action:
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_LIMIT:
            _SHARED.clear()
        found = _SHARED[key] = Action(key[0], tuple(args.items()))
    return found


def action_from_plain(plain: Any) -> Action:
    """Rebuild an action from its plain form {"verb": …, "args": {…}}."""
    if not isinstance(plain, dict) or not isinstance(plain.get("verb"), str):
        raise ValueError("an action needs a text 'verb'")
    args = plain.get("args", {})
    if not isinstance(args, dict):
        raise ValueError("action 'args' must be a mapping")
    return act(plain["verb"], **args)


def action_to_plain(action: Action) -> dict[str, Any]:
    """The plain form of an action."""
    return {"verb": action.verb, "args": {k: _thaw(v) for k, v in action.args}}


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(_show(v) for v in value)
    return str(value)


def matches(action: Action, args: Mapping[str, Any], by_card: Mapping[str, Any],
            known: Mapping[str, str]) -> bool:
    """Whether `action` has these arguments and its slot arguments hold these cards (by id, or
    `deck:card`), as far as `known` (slot → card) tells."""
    for name, value in args.items():
        if action.arg(name) != act("x", v=value).arg("v"):
            return False
    for name, wanted in by_card.items():
        got = action.arg(name)
        slots = list(got) if isinstance(got, tuple) else [got]
        if not _same_cards(slots, wanted if isinstance(wanted, list) else [wanted], known):
            return False
    return True


def _same_cards(slots: list[Any], wanted: list[Any], known: Mapping[str, str]) -> bool:
    """Whether the slots hold exactly the wanted cards (`deck:card` also checks the deck)."""
    have = [(str(s).rsplit(":", 2)[0], known.get(str(s))) for s in slots]
    for card in wanted:
        deck, _, ident = str(card).rpartition(":")
        match = next((h for h in have if h[1] == ident and deck in ("", h[0])), None)
        if match is None:
            return False
        have.remove(match)
    return not have
