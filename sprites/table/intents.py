"""From a person's intent (a click on the map, on a card, on a button, a key) to an engine
Action — only ever one of the legal actions of the pending decision.

The legal actions are sorted into what the table offers:
- map targets: an action with an argument naming a city or barbarian area (place, target,
  intercept, embark, land_at, …) is answered by a click on that place;
- card actions: an action whose `slot` is a card in the acting seat's hand (discard, play,
  add, imperium, cancel…) is answered by a click on that card;
- buttons: everything else (pass, confirm, cancel, route, choose, retrieve from a pile…).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from game.core.actions import Action
from sprites.scenes.base import Intent

KEYS = {"pass": ("pass", "decline"), "confirm": ("confirm", "done"), "cancel": ("cancel",)}
"""Keyboard intents and the argument-free verbs they stand for, first legal one wins."""


@dataclass
class Offer:
    """The legal actions of one decision, sorted by how a person answers them."""

    legal: tuple[Action, ...]
    targets: dict[str, list[Action]] = field(default_factory=dict)
    cards: dict[str, list[Action]] = field(default_factory=dict)
    buttons: list[Action] = field(default_factory=list)

    def allows(self, action: Action) -> bool:
        """Whether an action is legal now."""
        return action in self.legal


def sort_actions(legal: tuple[Action, ...], is_node: Callable[[object], bool],
                 hand: Collection[str]) -> Offer:
    """Sort legal actions into map targets, card actions and buttons."""
    offer = Offer(legal)
    for action in legal:
        node = target_of(action, is_node)
        slot = action.arg("slot")
        if node is not None:
            offer.targets.setdefault(node, []).append(action)
        elif isinstance(slot, str) and slot in hand:
            offer.cards.setdefault(slot, []).append(action)
        else:
            offer.buttons.append(action)
    return offer


def target_of(action: Action, is_node: Callable[[object], bool]) -> str | None:
    """The city or area an action points at, if any."""
    for _, value in action.args:
        if is_node(value):
            return str(value)
    return None


def resolve(it: Intent, offer: Offer) -> Action | list[Action] | None:
    """The action an intent means: one Action, a list when the person must still pick one
    (e.g. a card playable several ways), or None when the intent means nothing legal.

    Intents: `node id=` (a click on the map), `card slot=` (a click on a hand card),
    `choose action=` (a button carrying its Action), `key key=pass|confirm|cancel`.
    """
    if it.name == "node":
        return _one_or_many(offer.targets.get(str(it.arg("id")), []))
    if it.name == "card":
        return _one_or_many(offer.cards.get(str(it.arg("slot")), []))
    if it.name == "choose":
        action = it.arg("action")
        return action if isinstance(action, Action) and offer.allows(action) else None
    if it.name == "key":
        for verb in KEYS.get(str(it.arg("key")), ()):
            action = Action(verb)
            if offer.allows(action):
                return action
    return None


def _one_or_many(actions: list[Action]) -> Action | list[Action] | None:
    if not actions:
        return None
    return actions[0] if len(actions) == 1 else list(actions)
