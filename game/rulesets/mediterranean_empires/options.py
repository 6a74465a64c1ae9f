"""The optional rules of §8, as game options: key, label and the values on offer."""

from __future__ import annotations

from game.core.errors import IllegalEntry
from game.rulesets.registry import GameOption

OPTIONS = (GameOption("follow_the_leader", "8.1 Follow the leader", (False, True)),
           GameOption("free_passage", "8.2 Free passage", (False, True)),
           GameOption("longer_play", "8.3 Longer play", (0, 1, 2)),
           GameOption("short_play", "8.4 Short play", (False, True)))
"""Optional rules 8.1 to 8.4 (rulebook §8); the first value of each leaves the rule out."""


def check_options(options: tuple[tuple[str, object], ...]) -> None:
    """Refuse unknown options and values not on offer, naming them."""
    known = {option.key: option for option in OPTIONS}
    for name, value in options:
        option = known.get(name)
        if option is None:
            raise IllegalEntry(f"unknown game option {name!r} (known: {', '.join(known)})")
        if type(value) is not type(option.off) or value not in option.values:
            allowed = ", ".join(repr(v) for v in option.values)
            raise IllegalEntry(f"game option {name!r} takes {allowed}; got {value!r}")
