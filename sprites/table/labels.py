"""Plain-words labels for engine actions, derived from the verb and its arguments."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from sprites.table.names import Names
from sprites.theme import empire_name

TYPE_WORDS = {"T": "Troop", "F": "Fleet", "L": "Leader", "D": "Defence", "A": "Attack",
              "I": "Imperium", "X": "Special Event"}
SIMPLE = {
    "pass": "Pass", "done": "Done", "confirm": "Confirm", "cancel": "Cancel",
    "decline": "Decline", "roll": "Roll the dice", "land": "Land beside the port",
    "expedition": "Military Expedition", "withdraw": "Take the cards back",
    "attack": "Attack the refusing city", "grant": "Grant passage", "refuse": "Refuse passage",
}
VIA = {"land": "By land", "sea": "By sea", "passage": "By land, asking free passage"}
SIDE_WORDS = ("the attacker", "the defender")


@dataclass
class LabelContext:
    """What a label may name: the acting seat's cards (slot → card), seats' empires, and the
    options of the pending choice (index → words)."""

    names: Names
    cards: Mapping[str, str | None] = field(default_factory=dict)
    empires: tuple[str, ...] = ()
    options: Mapping[int, str] = field(default_factory=dict)

    def card(self, slot: Any) -> str:
        """The name of the card in a slot."""
        return self.names.card(self.cards.get(str(slot)))

    def thing(self, value: Any) -> str:
        """A target: a city or area, an empire, a seat number, or a card slot."""
        if self.names.is_node(value):
            return self.names.node(value)
        if isinstance(value, int) and 0 <= value < len(self.empires):
            return self.names.empire(self.empires[value])
        if isinstance(value, str) and value in self.empires:
            return self.names.empire(value)
        if isinstance(value, str) and value in self.cards:
            return self.card(value)
        return str(value).replace("_", " ")


def prompt_words(prompt: str, empires: tuple[str, ...]) -> str:
    """'rome: choose the route' → 'Rome — choose the route'."""
    head, sep, rest = prompt.partition(": ")
    if sep and head in empires:
        return f"{empire_name(head)} — {rest}"
    return prompt[:1].upper() + prompt[1:]


def label(action: Action, ctx: LabelContext) -> str:
    """A short imperative phrase for a button or a tooltip."""
    verb = action.verb
    if verb in SIMPLE and not action.args:
        return SIMPLE[verb]
    arg = action.arg
    words = {
        "place": lambda: f"Fortify {ctx.thing(arg('city'))}",
        "target": lambda: _target(arg("to") if arg("to") is not None else arg("id"), ctx),
        "intercept": lambda: ("Intercept at sea" if arg("at") == "sea"
                              else f"Intercept at {ctx.thing(arg('at'))}"),
        "embark": lambda: f"Embark at {ctx.thing(arg('port'))}",
        "land_at": lambda: f"Land at {ctx.thing(arg('port'))}",
        "route": lambda: VIA.get(str(arg("via")), f"Route: {arg('via')}"),
        "discard": lambda: f"Discard {ctx.card(arg('slot'))}",
        "imperium": lambda: f"Play {ctx.card(arg('slot'))} as Imperium",
        "add": lambda: f"Add {ctx.card(arg('slot'))} face down",
        "retrieve": lambda: f"Take back {ctx.card(arg('slot'))}",
        "cancel": lambda: f"Cancel it with {ctx.card(arg('slot'))}",
        "show": lambda: f"Show {ctx.card(arg('slot'))} (no shipwreck)",
        "use": lambda: f"Use {ctx.card(arg('slot'))} as {_type(arg('type'))}",
        "load": lambda: f"Load {ctx.card(arg('slot'))} on {ctx.card(arg('fleet'))}",
        "flee": lambda: f"{ctx.card(arg('slot'))} flees",
        "stay": lambda: f"{ctx.card(arg('slot'))} stays",
        "choose": lambda: _option(arg("option"), ctx),
        "direct": lambda: "Fleets assault the port directly",
        "first": lambda: f"{ctx.thing(arg('seat'))} starts the rounds",
        "play": lambda: _play(action, ctx),
    }
    if verb in words:
        return words[verb]()
    extra = ", ".join(f"{k} {ctx.thing(v)}" for k, v in action.args)
    return f"{verb.replace('_', ' ').capitalize()} {extra}".strip()


def _type(letter: Any) -> str:
    return TYPE_WORDS.get(str(letter), str(letter))


def _target(value: Any, ctx: LabelContext) -> str:
    """A card's target, or the option it picks (a choose-one ability's options are numbered)."""
    if isinstance(value, str) and value.isdigit() and int(value) in ctx.options:
        return ctx.options[int(value)]
    if isinstance(value, str) and value in ctx.cards:
        return f"Take back {ctx.card(value)}"
    return f"Target {ctx.thing(value)}"


def _option(value: Any, ctx: LabelContext) -> str:
    number = int(value)
    return ctx.options.get(number, f"Option {number + 1}")


def _play(action: Action, ctx: LabelContext) -> str:
    name = ctx.card(action.arg("slot"))
    use, side = action.arg("use"), action.arg("side")
    if use is None:
        return f"Play {name}"
    words = f"Play {name} as {_type(use)}"
    if isinstance(side, int) and 0 <= side < 2 and use not in ("L", "T"):
        words += f" for {SIDE_WORDS[side]}"
    return words


def outcome_words(outcome: Any) -> str:
    """A table outcome (VP, cards drawn or lost, barbarian markers) in words."""
    parts = []
    if getattr(outcome, "vp", 0):
        parts.append(f"{outcome.vp:+d} VP")
    if getattr(outcome, "draw_cards", 0):
        parts.append(f"draw {outcome.draw_cards}")
    if getattr(outcome, "discard_random_cards", 0):
        count = outcome.discard_random_cards
        parts.append(f"lose {count} card{'' if count == 1 else 's'} at random")
    if getattr(outcome, "remove_connected_subdued", 0):
        parts.append("withdraw a Subdued marker nearby")
    if getattr(outcome, "may_subdue_connected", 0):
        parts.append("may subdue a linked area")
    return ", ".join(parts).capitalize() or "Nothing"


def choice_options(content: Any, frame: Mapping[str, Any]) -> dict[int, str]:
    """Words for the options of a `choose option=` decision, from the pending frame."""
    try:
        if frame.get("kind") == "event_choice":
            event = content.tables.random_event.event(frame["event"])
            return {i: outcome_words(o) for i, o in enumerate(event.effect.choice)}
        if frame.get("kind") == "subduing_outcome":
            result = next(r for r in content.tables.subduing.results
                          if r.id == frame["result"])
            return {i: outcome_words(o) for i, o in enumerate(result.choice)}
        if frame.get("kind") == "effect_target":
            return _ability_options(content, frame["use"])
    except (KeyError, StopIteration, AttributeError, IndexError):
        pass
    return {}


OPTION_WORDS: dict[str, Callable[[Any], str]] = {
    "draw_cards": lambda e: f"Draw {e.param('count')} cards",
    "gain_vp": lambda e: f"Score {e.param('amount')} VP",
    "subdue_barbarian": lambda e: "Subdue a barbarian area"
                                  + (f" and score {e.param('vp')} VP" if e.param("vp") else ""),
    "barbarian_attack_city": lambda e: "Set barbarians on a city",
    "revolt_city": lambda e: "Raise a revolt in a city",
    "steal_random_card": lambda e: f"Take {e.param('count')} random cards from a player",
    "take_city": lambda e: "Win a city over",
}
"""A choose-one ability's option as a button says it, by its effect."""


def _ability_options(content: Any, use: Mapping[str, Any]) -> dict[int, str]:
    """Words for the options of the choose-one ability a card use points at ({} if none)."""
    effect = content.decks.card(use["card"]).abilities[use["path"][0]]
    for index in use["path"][1:]:
        if effect.name != "choose_one":
            return {}
        effect = effect.param("options")[index]
    if effect.name != "choose_one":
        return {}
    return {i: OPTION_WORDS.get(o.name, lambda e: e.name.replace("_", " ").capitalize())(o)
            for i, o in enumerate(effect.param("options"))}
