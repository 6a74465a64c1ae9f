"""The registry of rule sets: one `RulesetEntry` per rule set, declared in its own package.

Every sub-package of `game.rulesets` whose `__init__` defines `ENTRY` is a rule set; adding one
touches no generic module. The command line, the content cache, `mare validate`, the client's
New Game screen and seat strings all read these entries.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.content.bundle import ContentBundle
from game.core.ruleset import Ruleset
from game.core.table import Controller

BotFactory = Callable[..., Controller]
"""A bot from its seed; a rule set's own bots also take `ruleset=`, the rule set a game over
other content than the bundled one is played with (a user scenario's)."""


@dataclass(frozen=True)
class GameOption:
    """An optional rule offered at a new game: key, label, values (the first means off)."""

    key: str
    label: str
    values: tuple[Any, ...]
    hints: tuple[str, ...] = ()
    """What each value does, one short sentence per value (New Game shows the chosen one's)."""

    @property
    def off(self) -> Any:
        """The value that leaves the rule out."""
        return self.values[0]


@dataclass(frozen=True)
class ContentCodec:
    """How a rule set's content is compiled for the cache and read back."""

    load: Callable[[ContentBundle], Any]
    encode: Callable[[Any], bytes]
    decode: Callable[[bytes, str], Any]
    use_loader: Callable[[Callable[[ContentBundle], Any] | None], None]


@dataclass(frozen=True)
class RulesetEntry:
    """Everything generic code needs to know about one rule set."""

    id: str
    title: str
    ruleset: Callable[..., Ruleset]
    validate: Callable[[ContentBundle | None], str]
    content_folder: str | None = None
    presentation: tuple[str, ...] = ()
    codec: ContentCodec | None = None
    options: tuple[GameOption, ...] = ()
    seats: tuple[int, int] = (1, 8)
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    bot_aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names a bot answers to (`search` → `search:normal`), not listed among the bots."""
    table_scene: str = "table"
    default_scenario: str | None = None

    def option(self, key: str) -> GameOption:
        """One game option by key; KeyError naming the known ones."""
        for option in self.options:
            if option.key == key:
                return option
        known = ", ".join(o.key for o in self.options) or "none"
        raise KeyError(f"{self.id} has no option {key!r} (known: {known})")


def canonical_id(ruleset_id: str) -> str:
    """The registry key of a rule set id (hyphens and underscores alike)."""
    return ruleset_id.strip().replace("-", "_")


@cache
def _entries() -> dict[str, RulesetEntry]:
    import game.rulesets as package

    found: dict[str, RulesetEntry] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if not module.ispkg:
            continue
        entry = getattr(importlib.import_module(f"{package.__name__}.{module.name}"), "ENTRY",
                        None)
        if isinstance(entry, RulesetEntry):
            found[entry.id] = entry
    return found


def registered() -> tuple[str, ...]:
    """Ids of every registered rule set, sorted."""
    return tuple(sorted(_entries()))


def entry(ruleset_id: str) -> RulesetEntry:
    """The entry of a rule set; KeyError naming the known ones."""
    key = canonical_id(ruleset_id)
    entries = _entries()
    if key not in entries:
        known = ", ".join(sorted(entries)) or "none"
        raise KeyError(f"unknown rule set {ruleset_id!r} (known: {known})")
    return entries[key]


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The rule set registered under an id, over its bundled content."""
    return entry(ruleset_id).ruleset()
