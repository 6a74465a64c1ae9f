"""The engine's actions and phases in plain words (no pygame): what a button says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.actions import Action
from game.rulesets.roll_through_the_ages.content import RttaContent

PLAYER_COLOURS = ("rome", "greece", "gaul", "iberia")
"""Each seat borrows an empire's colour (from the theme, colour-blind safe when asked)."""

SKIPS = {"leadership": "Skip Leadership", "omens": "Skip Omens", "develop": "Buy nothing",
         "store": "Store nothing"}
DONES = {"colonies": "Finish with the colonies", "build": "Finish building"}
PHASE_TITLES = {
    "setup": "Set-up", "keep": "Roll", "leadership": "Leadership", "omens": "Omens",
    "choose": "Food or population", "granaries": "Feed", "navy": "Navy",
    "conquest": "Conquest", "tribute_offer": "Tribute demand", "colonies": "Colonies",
    "build": "Build", "develop": "Development", "store": "Store goods", "over": "Game over",
}
"""The heading of each decision phase (the engine's phase names)."""


def printed_names(content: RttaContent) -> dict[str, str]:
    """Ids of faces, developments, monuments and colonies → their printed names."""
    groups = (content.fate_die, content.empire_die, content.developments, content.monuments,
              content.colonies)
    return {item.id: item.name for group in groups for item in group}


def seat_name(seat: int) -> str:
    """A seat as people say it (seats count from 1 on screen)."""
    return "The solitaire opponent" if seat < 0 else f"Player {seat + 1}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def label(action: Action, phase: str, names: Mapping[str, str]) -> str:
    """One action as a sentence; `names` turns ids (faces, monuments, colonies,
    developments) into their printed names."""
    verb, arg = action.verb, action.arg
    if verb in ("skip", "done"):
        return (SKIPS if verb == "skip" else DONES).get(phase, verb.title())
    words = _WORDS.get(verb)
    if words is not None:
        return words(action, names)
    return verb.replace("_", " ").capitalize() + "".join(
        f" {key} {names.get(str(arg(key)), arg(key))}" for key, _ in action.args)


def _dice(count: int) -> str:
    return "none" if not count else f"{count} die" if count == 1 else f"{count} dice"


def die_name(die: Any) -> str:
    """A die as people say it (die 0 is the Fate die)."""
    return "the Fate die" if die == 0 else f"die {die}"


def _name(names: Mapping[str, str], key: Any) -> str:
    return names.get(str(key), str(key))


def _payment(action: Action) -> str:
    parts = [_plural(int(str(action.arg(key) or 0)), word)
             for key, word in (("goods", "good"), ("innovations", "innovation"),
                               ("wealth", "wealth")) if action.arg(key)]
    return " + ".join(parts) if parts else "nothing"


_WORDS = {
    "setup": lambda a, n: f"Take the free second {a.arg('choice')}",
    "stop": lambda a, n: "Stop: keep these dice",
    "reroll": lambda a, n: f"Reroll {_dice(len(a.arg('dice')))}",
    "lead": lambda a, n: f"Reroll {die_name(a.arg('die'))} with Leadership",
    "omen": lambda a, n: f"Set {die_name(a.arg('die'))} to {_name(n, a.arg('face'))}",
    "choose": lambda a, n: (f"Food from {_dice(a.arg('food'))}, "
                            f"population from {_dice(a.arg('population'))}"),
    "feed": lambda a, n: "Feed the provinces",
    "granary": lambda a, n: "Turn 1 good into 1 food (Granaries)",
    "navy": lambda a, n: "Use the Navy" if a.arg("use") else "Fight without the Navy",
    "conquer": lambda a, n: "Fight for a conquest",
    "decline": lambda a, n: "Do not fight",
    "pay_good": lambda a, n: "Give one good instead",
    "refuse": lambda a, n: "Give nothing: the demand takes its tribute",
    "peg": lambda a, n: f"Place a peg on {_name(n, a.arg('colony'))}",
    "found": lambda a, n: f"Complete {_name(n, a.arg('colony'))} with a ship",
    "unpeg": lambda a, n: f"Take a peg back from {_name(n, a.arg('colony'))}",
    "province": lambda a, n: "Fill a box of the next province",
    "port": lambda a, n: "Fill the next port's population box",
    "urn": lambda a, n: "Fill an urn of the next port with a good",
    "monument": lambda a, n: f"Fill a box of the {_name(n, a.arg('monument'))}",
    "architecture": lambda a, n: (f"Fill 3 boxes of the {_name(n, a.arg('monument'))} "
                                  f"for 2 population (Architecture)"),
    "army": lambda a, n: "Raise an army (1 population, 1 food)",
    "ship": lambda a, n: "Build a ship (2 goods)",
    "buy": lambda a, n: f"Buy {_name(n, a.arg('development'))}: pay {_payment(a)}",
    "store": lambda a, n: f"Store {_plural(a.arg('sets'), 'set')} of goods as wealth",
}


def target(action: Action) -> str:
    """The part of the table a click answers this action on ("" for a button): a die, a
    sheet row, a development, a colony or a peg track."""
    verb = action.verb
    if verb in ("lead", "omen"):
        return f"die:{action.arg('die')}"
    if verb in ("province", "army", "ship"):
        return verb
    if verb in ("port", "urn"):
        return "port"
    if verb in ("monument", "architecture"):
        return f"monument:{action.arg('monument')}"
    if verb == "buy":
        return f"dev:{action.arg('development')}"
    if verb in ("peg", "found", "unpeg"):
        return f"colony:{action.arg('colony')}"
    return ""
