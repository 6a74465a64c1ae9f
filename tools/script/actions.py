"""Action steps: the action a step names, card arguments as slots, and why one is refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from game.content import Node
from game.core.actions import Action, act, action_to_plain, matches
from game.core.table import Table

Request = tuple[str, dict[str, Any], dict[str, Any]]
"""(verb, plain arguments, card arguments) of an action step."""
STEP_KEYS = ("seat", "do", "args")
SHOWN = 4
"""How many legal actions a refusal lists."""
SEAT_WORD = re.compile(r"\bseat (\d+)\b")


def requested(node: Node, names: list[str]) -> Request:
    """(verb, plain arguments, card arguments) of an action step; `seat` arguments may name
    an empire (it becomes the seat number)."""
    if node.has("action"):
        node.only_keys("seat", "action")
        action = node.child("action").only_keys("verb", "args")
        verb, raw = action.child("verb").text(), _args(action.opt("args"))
    else:
        verb = node.child("do").text()
        raw = {key: _value(child) for key, child in node.items() if key not in STEP_KEYS}
        for key, value in _args(node.opt("args")).items():
            if key in raw:
                raise node.child("args").child(key).error(f"argument {key} is given twice")
            raw[key] = value
    args = {k: _seat_number(v, names) if k == "seat" else v for k, v in raw.items()
            if not k.endswith("_card")}
    by_card = {k.removesuffix("_card"): v for k, v in raw.items() if k.endswith("_card")}
    return verb, args, by_card


def _args(node: Node | None) -> dict[str, Any]:
    return {} if node is None else {key: _value(child) for key, child in node.items()}


def _value(node: Node) -> Any:
    """An argument: text, a whole number, true/false, or a list of those."""
    if isinstance(node.value, list):
        return [_value(item) for item in node.elements()]
    if isinstance(node.value, bool | int | str):
        return node.value
    raise node.error("an argument is text, a whole number, true/false or a list of them")


def _seat_number(value: Any, names: list[str]) -> Any:
    return names.index(value) if isinstance(value, str) and value in names else value


def resolve_action(table: Table, seat: int, request: Request) -> Action:
    """The action a step names; card arguments become slots the seat knows (legal ones first)."""
    verb, args, by_card = request
    if not by_card:
        return act(verb, **args)
    known = _cards_known(table, seat)
    for action in table.legal(seat):
        if action.verb == verb and matches(action, args, by_card, known):
            return action
    return act(verb, **args, **{k: _any_slot(known, table, seat, v) for k, v in by_card.items()})


def is_legal(table: Table, seat: int, action: Action) -> bool:
    """The rule set's verdict with the seat's knowledge (odd arguments are simply illegal; so
    is true/false where the legal action has a number, which Python counts as equal)."""
    known = table.secrets[seat].known()
    check = getattr(table.ruleset, "is_legal", None)
    try:
        if check is None or _has_flag(action):
            return _typed(action) in {_typed(a) for a in table.legal(seat)}
        return bool(check(table.state, seat, action, known))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return False


def _has_flag(action: Action) -> bool:
    return any(isinstance(v, bool) for _, value in action.args
               for v in (value if isinstance(value, tuple) else (value,)))


def _typed(action: Action) -> str:
    """The action with its arguments' types, so that True and 1 differ."""
    return repr((action.verb, [(k, repr(v)) for k, v in action.args]))


def refusal(table: Table, seat: int, action: Action, reason: str = "") -> str:
    """Why an action is refused, naming the empires, with what the seat may do instead."""
    names = [s.empire.capitalize() for s in table.state.seats]
    said = SEAT_WORD.sub(lambda m: _seat_name(names, int(m[1])), reason) if reason else \
        f"{clip(str(action))} is not a legal action for {names[seat]} now"
    legal = table.legal(seat)
    same = [a for a in legal if a.verb == action.verb]
    if same:
        known = _cards_known(table, seat)
        shown = ", ".join(_with_cards(a, known) for a in same[:SHOWN])
        more = f" and {len(same) - SHOWN} more" if len(same) > SHOWN else ""
        return f"{said}; legal {action.verb} actions: {shown}{more}"
    verbs = sorted({a.verb for a in legal})
    return f"{said}; {names[seat]} may now: {', '.join(verbs) or 'nothing'}"


def _with_cards(action: Action, known: dict[str, str]) -> str:
    """`discard slot=rome:0:3 (consul)`: an action with the cards of the slots it names."""
    cards = [known[slot] for slot in _slots_in(action) if slot in known]
    return clip(f"{action} ({', '.join(cards)})" if cards else str(action))


def clip(text: str, limit: int = 80) -> str:
    """Text cut to `limit` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def legal_listing(table: Table) -> list[dict[str, Any]]:
    """The pending actor's legal actions, with the cards of the slots it names."""
    decision = table.decision()
    if decision.kind != "action":
        return []
    known = _cards_known(table, decision.actor)
    out = []
    for action in table.legal(decision.actor):
        plain = action_to_plain(action)
        cards = {slot: known[slot] for slot in _slots_in(action) if slot in known}
        if cards:
            plain["cards"] = cards
        out.append(plain)
    return out


def _cards_known(table: Table, seat: int) -> dict[str, str]:
    """slot → card for every slot the seat knows: its secrets and the public openings."""
    hidden = table.ruleset.hidden(table.state)
    return {**hidden.revealed, **table.secrets[seat].known()}



def _any_slot(known: dict[str, str], table: Table, seat: int, wanted: Any) -> Any:
    """Hand slots holding the named card(s), when no legal action matched."""
    hand = table.state.seats[seat].hand
    cards = wanted if isinstance(wanted, list) else [wanted]
    picked: list[str] = []
    for card in cards:
        deck, _, ident = str(card).rpartition(":")
        slot = next((s for s in hand if s not in picked and known.get(s) == ident
                     and (not deck or s.rsplit(":", 2)[0] == deck)), None)
        if slot is None:
            raise ValueError(f"{table.state.seats[seat].empire.capitalize()} holds no {card}")
        picked.append(slot)
    return picked if isinstance(wanted, list) else picked[0]


def _slots_in(action: Action) -> Iterator[str]:
    for _, value in action.args:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and item.count(":") == 2:
                yield item
