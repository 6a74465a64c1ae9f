"""Mare Nostrum's actions, phases and places in plain words (no pygame): what a button says,
and where on the table a click answers an action (an area of the map, a resource behind the
screen, an offer on the trade table, a tile of the display)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.actions import Action
from game.rulesets.mare_nostrum.text import ITEM_WORDS
from sprites.mn.look import resource_name

PHASE_TITLES = {"setup": "Set-up", "collect": "Collect Resources", "trade": "Trade",
                "build": "Build", "move": "Move & Battle", "leadership": "Claim Leadership",
                "over": "Game over"}
"""The heading of each phase of a round (rules 1-5)."""
ITEMS = ITEM_WORDS
"""What each item of rule 3 is called on a button (the rule set's own words)."""
SHORT_ITEMS = {"regular_city": "city", "capital_city": "city", "legendary_city": "city"}
"""Items that share a short name in the list of costs."""
Names = Mapping[str, str]
"""Ids of places, sites, tiles and empires → printed names; "seat:N" → the seat's empire."""


def empire_name(empire: str) -> str:
    """An empire as people say it ("rome" → "Rome")."""
    return empire.replace("_", " ").title()


def target(action: Action) -> str:
    """The part of the table a click answers this action on ("" for a button): "area:ID"
    (a province or sea of the map: a build there, a move to it), "res:ID" (a resource behind
    the screen), "offer:SEAT:ID" (an offer on the trade table) or "tile:ID"."""
    verb = action.verb
    if verb == "claim":
        return f"offer:{action.arg('giver')}:{action.arg('resource')}"
    if verb in ("pay", "give"):
        return f"res:{action.arg('resource')}"
    if verb == "build":
        place = str(action.arg("place"))
        return f"tile:{place}" if action.arg("item") == "tile" else \
            f"area:{place.partition('.')[0]}"
    if verb in ("sail", "march"):
        return f"area:{action.arg('to')}"
    if verb == "copy":
        return f"tile:{action.arg('tile')}"
    return ""


def _seat(names: Names, seat: Any) -> str:
    return names.get(f"seat:{seat}", f"seat {seat}")


def _name(names: Names, key: Any) -> str:
    return names.get(str(key), str(key).replace("_", " "))


def _items(a: Action) -> tuple[Any, ...]:
    items = a.arg("items")
    return tuple(items) if isinstance(items, (tuple, list)) else ()


def _build(a: Action, n: Names) -> str:
    item, place, via = str(a.arg("item")), str(a.arg("place")), a.arg("via")
    if item == "tile":
        return f"Recruit {_name(n, place)}"
    where = f"at {_name(n, place)}" if "." in place else f"in {_name(n, place)}"
    how = f" with {_name(n, via)}" if via else ""
    return f"Build {ITEMS.get(item, item.replace('_', ' '))} {where}{how}"


def _pillage(a: Action, n: Names) -> str:
    take = a.arg("take")
    gain = "" if take is None else " for a coin" if take == "coin" else \
        " for a Legendary Commodity"
    return f"Pillage {_name(n, a.arg('site'))}{gain}"


_WORDS: dict[str, Callable[[Action, Names], str]] = {
    "marker": lambda a, n: f"Play {a.arg('value')}: each offers {a.arg('value')}",
    "claim": lambda a, n: f"Claim {resource_name(str(a.arg('resource')))} from "
                          f"{_seat(n, a.arg('giver'))}",
    "give": lambda a, n: f"Give {resource_name(str(a.arg('resource')))}",
    "choose_active": lambda a, n: f"{_seat(n, a.arg('seat'))} goes next",
    "perseus": lambda a, n: "Build first with Perseus" if a.arg("first") else
    "Let the Culture Leader choose",
    "award": lambda a, n: f"Give the {a.arg('track')} title to {_seat(n, a.arg('seat'))}",
    "temple_bonus": lambda a, n: "Take a coin" if a.arg("take") == "coin" else
    "Take a Legendary Commodity",
    "colossus": lambda a, n: f"Take {resource_name(str(a.arg('commodity')))} (Colossus)",
    "build": _build,
    "pay": lambda a, n: f"Pay with {resource_name(str(a.arg('resource')))}",
    "cancel": lambda a, n: "Cancel this build",
    "copy": lambda a, n: f"Copy {_name(n, a.arg('tile'))} (Castor & Pollux)",
    "sail": lambda a, n: f"Sail from {_name(n, a.arg('sea'))} to {_name(n, a.arg('to'))}",
    "march": lambda a, n: f"March from {_name(n, a.arg('province'))} to "
                          f"{_name(n, a.arg('to'))}",
    "battle": lambda a, n: f"Battle {_seat(n, a.arg('against'))} in "
                           f"{_name(n, a.arg('province') or a.arg('sea'))}",
    "post": lambda a, n: f"Post a legion at {_name(n, a.arg('site'))} (Circe)",
    "keep": lambda a, n: "Keep what you hold there" if a.arg("items") is None else
    "Keep " + (", ".join(resource_name(str(r)) for r in _items(a)) or "nothing"),
    "pillage": _pillage,
    "occupy": lambda a, n: f"Occupy {_name(n, a.arg('site'))}",
    "occupy_marker": lambda a, n: "Occupy the Control Marker",
    "convert": lambda a, n: "Convert at once (Queen of Sheba)",
    "lose": lambda a, n: "Lose the fortress" if a.arg("fortress") else "Lose a unit",
    "peace": lambda a, n: f"Make peace with {_seat(n, a.arg('seat'))} (Statue of Zeus)",
    "no_peace": lambda a, n: "Make no peace",
    "done": lambda a, n: "Done",
    "confirm": lambda a, n: "Confirm the payment",
}
"""Each verb the table knows by sight, as a sentence."""


def label(action: Action, names: Names) -> str:
    """One action as words; an unknown verb: the verb, then its arguments by name."""
    words = _WORDS.get(action.verb)
    if words is not None:
        return words(action, names)
    head = action.verb.replace("_", " ").capitalize()
    return head + "".join(f" {_arg_words(key, value, names)}" for key, value in action.args)


def _arg_words(key: str, value: Any, names: Names) -> str:
    if key in ("resource", "commodity") and isinstance(value, str):
        return resource_name(value)
    if key == "seat":
        return _seat(names, value)
    if isinstance(value, (tuple, list)):
        return ", ".join(_arg_words(key, v, names) for v in value) or "nothing"
    if isinstance(value, str):
        return _name(names, value)
    return f"{key.replace('_', ' ')} {value}"


def payment_words(payment: Mapping[str, Any], names: Names) -> str:
    """A build being paid (rule 3): the item, where, the resources picked so far and what
    a set is (all coins, or commodities each of another type)."""
    item, place = str(payment["item"]), str(payment.get("place", ""))
    picked = [resource_name(r) for r in payment.get("picked", ())]
    cost = int(payment.get("cost", 0))
    where = "" if not place or item == "tile" else \
        f" {'at' if '.' in place else 'in'} {_name(names, place)}"
    what = _name(names, place) if item == "tile" else ITEMS.get(item, item.replace("_", " "))
    head = f"Paying for {what}{where}"
    if len(picked) >= cost:
        return f"{head}: {len(picked)} of {cost} picked{_listed(picked)}. Confirm to build."
    return f"{head}: {len(picked)} of {cost} picked{_listed(picked)}. A set is all coins, " \
        "or commodities each of another type (rule 3)."


def _listed(picked: list[str]) -> str:
    return f" — {', '.join(picked)}" if picked else ""


def cost_words(costs: tuple[tuple[str, int], ...], next_tile: int, keep_coins: int) -> str:
    """What each item costs (rule 3), the next hero or wonder, and what is kept after."""
    by_cost: dict[int, list[str]] = {}
    for item, cost in costs:
        name = SHORT_ITEMS.get(item, item)
        if name not in by_cost.setdefault(cost, []):
            by_cost[cost].append(name)
    said = " · ".join(f"{cost}: {', '.join(names)}" for cost, names in sorted(by_cost.items()))
    tile = f" · your next hero or wonder {next_tile}" if next_tile else ""
    return f"Costs {said}{tile}. Only {keep_coins} coins are kept after the phase."
