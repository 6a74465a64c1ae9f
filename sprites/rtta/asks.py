"""What the decision panel says and offers (no drawing): whose decision it is and why, the
figures of a fight or a demand, the dice's state, and the buttons for the actions that have
no place on the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action, act
from sprites.rtta.words import PHASE_TITLES, label, seat_name, target
from sprites.scenes.base import Intent, intent

Item = tuple[str, Intent, bool]
"""A button: words, the intent it posts, whether it is enabled."""
HINTS = {
    "keep": "Click dice to pick them for a reroll (skulls stay set aside), then Reroll or Stop.",
    "leadership": "Click the die Leadership rerolls, or skip.",
    "omens": "Click a die, then the face Omens sets it to, or skip.",
    "build": "Click a glowing part of your sheet: the next province or port, a monument, "
             "the army or ship track.",
    "develop": "Click a glowing development to buy it (then choose how to pay), or buy nothing.",
    "colonies": "Click a glowing colony to place a peg, complete it or take a peg back.",
}


def dice_status(view: Mapping[str, Any], remembered: bool) -> str:
    """The roll count, skulls set aside, the Fate die's call, what is left to spend."""
    current, dice = view["current"], view["dice"]
    if not dice:
        return "Last turn's dice" if remembered else ""
    skulls = sum(1 for d in dice if d["locked"])
    bits = [f"Roll {current['rolls']} of 3", f"{skulls} skull{'s' * (skulls != 1)} set aside"]
    if view["fate"]:
        bits.append(f"the Fate die calls for {view['fate']}")
    if current["population"] or current["innovations"]:
        innovations = current["innovations"]
        bits.append(f"{current['population']} population, {innovations} "
                    f"innovation{'s' * (innovations != 1)} to spend")
    return " · ".join(bits)


def prompt_words(view: Mapping[str, Any], legal: Sequence[Action], rolling: bool,
                 choosing: bool) -> tuple[str, str, str]:
    """(who, why, hint) for the panel's heading."""
    pending = view["pending"]
    if view["phase"] == "over":
        return "The game is over", "Every score is final.", ""
    if pending is None:
        return "The dice are rolling", "", ""
    seat = int(pending["seat"])
    title = PHASE_TITLES.get(pending["phase"], "")
    why = f"{title}: {pending['prompt']}." if title else pending["prompt"]
    if not legal:
        if rolling:
            return "The dice are rolling", why, ""
        return f"{seat_name(seat)} (bot) is deciding", why, ""
    why = " ".join(filter(None, (why, situation(view, pending["phase"], seat))))
    if choosing:
        return f"{seat_name(seat)}, choose one", why, "Or cancel to choose something else."
    return f"{seat_name(seat)}, your decision", why, HINTS.get(pending["phase"], "")


def situation(view: Mapping[str, Any], phase: str, seat: int) -> str:
    """What a fight or a demand is about, in figures."""
    players, current = view["players"], view["current"]
    mine = players[seat]["strength"]
    if phase == "conquest":
        return (f"The neighbouring tribe has strength {players[seat]['conquests']}; "
                f"yours is {mine}.")
    if phase == "tribute_offer":
        return (f"{seat_name(view['turn'])} demands at strength {current['demand']}; "
                f"yours is {mine}.")
    if phase == "navy" and current["battles"]:
        _, kind, enemy = current["battles"][0]
        return f"The battle: {kind.replace('_', ' ')} at strength {enemy}; yours is {mine}."
    return ""


def items(view: Mapping[str, Any], legal: Sequence[Action], chooser: Sequence[Action] | None,
          picked: set[int], names: Mapping[str, str]) -> list[Item]:
    """The buttons: the chooser's actions, or the phase's actions without a place on the
    table (in the roll, the Reroll button for the dice picked)."""
    if not legal:
        return over_items(view)
    phase = view["phase"]
    if chooser:
        return [*[(label(a, phase, names), intent("act", action=a), True) for a in chooser],
                ("Cancel", intent("cancel"), True)]
    found: list[Item] = []
    if phase == "keep":
        dice = tuple(sorted(picked))
        count = len(dice)
        words = f"Reroll {count} {'die' if count == 1 else 'dice'}" if count else \
            "Reroll the dice picked"
        found.append((words, intent("reroll"), act("reroll", dice=dice) in legal))
    found += [(label(a, phase, names), intent("act", action=a), True) for a in legal
              if not target(a) and a.verb != "reroll"]
    return found


def over_items(view: Mapping[str, Any]) -> list[Item]:
    """At the end: the scores again, or the title screen."""
    if view["phase"] != "over":
        return []
    return [("Show the final scores", intent("show_end"), True),
            ("Back to the title", intent("title"), True)]
