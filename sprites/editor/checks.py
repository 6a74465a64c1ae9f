"""The draft checked as `mare validate` checks a user scenario: its problems (it cannot be
played while there is one) and its warnings (it plays, but badly), each one sentence, and
where each one is — a field of the form, or a place on the map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprites.editor.document import Draft
from sprites.editor.facts import AWARD_LINES
from sprites.theme import empire_name

SETUP_FIELDS = {"name": "name", "id": "name", "number": "name", "draft": "name",
                "description": "description", "turns": "turns", "hand_size": "hand_size",
                "fortification_markers": "fortification_markers",
                "automatic_victory_cities": "automatic_victory_cities",
                "key_cities": "key_cities", "players": "empires", "empires": "empires",
                "total_cities": "provinces", "provinces": "provinces",
                "barbarian_areas": "areas", "scoring": "scoring"}
"""A set-up key → the form's field that shows it."""
FIELD_WORDS = {"name": "Name", "description": "Description", "turns": "Turns",
               "hand_size": "Hand size", "fortification_markers": "Empire Foundation markers",
               "automatic_victory_cities": "Automatic victory", "key_cities": "Key cities",
               "empires": "Empires", "provinces": "Provinces", "areas": "Barbarian areas",
               "scoring": "Scoring"}
"""How a problem names the field it is about, before its sentence."""
COMMON_FIRST_WORDS = frozenset(("the", "a", "an", "at", "no", "only", "every", "each", "it",
                                "this", "there", "one", "two", "all"))
"""Words that lose their capital after the field's name (a place's name keeps it)."""


@dataclass(frozen=True)
class Finding:
    """A problem or a warning as the editor lists it."""

    sentence: str
    field: str | None
    """The form's field it is about (None: not the scenario form's)."""
    node: str | None
    """The place on the map it is about (a city or barbarian area), if any."""
    warning: bool = False


@dataclass(frozen=True)
class Report:
    """Every problem and warning of a draft at one revision."""

    problems: tuple[Finding, ...]
    warnings: tuple[Finding, ...]

    @property
    def playable(self) -> bool:
        """Whether the scenario can be played (no problem at all)."""
        return not self.problems


def check(draft: Draft) -> Report:
    """Run the rule set's checks on the draft (its map variant too)."""
    from game.rulesets.mediterranean_empires.content.check import (
        scenario_problems,
        scenario_warnings,
    )

    parts = (draft.setup, draft.map, draft.layout)
    return Report(tuple(_finding(p, False, draft) for p in scenario_problems(*parts)),
                  tuple(_finding(p, True, draft) for p in scenario_warnings(*parts)))


def _finding(problem: Any, warning: bool, draft: Draft) -> Finding:
    field = field_of(tuple(problem.where))
    sentence = problem.sentence if warning else _named(problem.sentence, field, draft)
    return Finding(sentence, field, problem.node, warning)


def _named(sentence: str, field: str | None, draft: Draft) -> str:
    """The sentence led by the field it is about ("Key cities: the list is empty.")."""
    words = FIELD_WORDS.get(field or "")
    if field is not None and field.startswith("empire:"):
        rows = draft.setup.get("empires")
        index = int(field.split(":")[1])
        entry = rows[index] if isinstance(rows, list) and index < len(rows) else None
        empire = entry.get("empire") if isinstance(entry, dict) else None
        words = empire_name(str(empire)) if empire else f"Empire {index + 1}"
    if not words or sentence.casefold().startswith(words.casefold()):
        return sentence
    first = sentence.split(" ", 1)[0]
    if first.casefold() in COMMON_FIRST_WORDS:
        sentence = sentence[:1].lower() + sentence[1:]
    return f"{words}: {sentence}"


def field_of(where: tuple[str | int, ...]) -> str | None:
    """The form's field a path into the draft names (None: the map's or layout's data)."""
    if len(where) < 2 or where[0] != "setup":
        return None
    key, rest = str(where[1]), where[2:]
    if key == "empires" and rest and isinstance(rest[0], int):
        return f"empire:{rest[0]}"
    if key == "provinces" and rest:
        return f"province:{rest[0]}"
    if key == "removed_cards" and rest:
        return f"removed:{rest[0]}"
    if key == "scoring" and rest:
        return f"{'award' if rest[0] in AWARD_LINES else 'scoring'}:{rest[0]}"
    return SETUP_FIELDS.get(key)
