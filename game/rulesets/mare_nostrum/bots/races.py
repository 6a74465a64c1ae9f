"""The greedy bot's reading of the victory races (rule 6) and its small choices: whom to
make Active Player, who gets a tied title, peace (Statue of Zeus), the temple's extra, the
Colossus's commodity, whom Castor & Pollux copy, and Perseus's first build."""

from __future__ import annotations

from game.core.actions import Action
from game.rulesets.mare_nostrum import victory
from game.rulesets.mare_nostrum.bots.economy import candidates, hand_value
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.content_records import COIN

COPY_ORDER = ("caesar", "hannibal", "cleopatra", "hammurabi", "nebuchadnezzar",
              "pericles", "ramses", "gilgamesh", "spartacus", "hamilcar", "queen_of_sheba",
              "circe", "penthesilea", "antigone", "hercules")
"""Castor & Pollux's preference: set-making and battle powers first (rule 10)."""


def progress(seen: Seen, seat: int) -> int:
    """How far a seat is in the races: titles (three win), tiles (five win) and great
    cities (four win), each step weighted by how near it brings the win."""
    state = seen.state
    titles = sum(1 for holder in state.titles if holder == seat)
    tiles = len(state.player(seat).tiles)
    cities = victory.great_cities(seen.content, state, seat)
    return 4 * titles + 3 * tiles + 4 * cities


def leader(seen: Seen) -> int:
    """The other seat furthest ahead in the races (the lowest seat among equals)."""
    return max(seen.others(), key=lambda s: (progress(seen, s), -s))


def seat_arg(action: Action, name: str = "seat") -> int:
    """An action's seat argument (-1 when absent)."""
    value = action.arg(name)
    return value if isinstance(value, int) else -1


def active_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Pick itself first, then the others, the race leader last."""
    ahead = leader(seen)
    return min(legal, key=lambda a: (seat_arg(a) != seen.seat, seat_arg(a) == ahead,
                                     seat_arg(a)))


def award_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """A tied title goes to itself if it may, else to whoever is furthest behind."""
    return min(legal, key=lambda a: (seat_arg(a) != seen.seat,
                                     progress(seen, seat_arg(a)), seat_arg(a)))


def peace_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Statue of Zeus: peace with the strongest army near it (the highest Military)."""
    peaces = [a for a in legal if a.verb == "peace"]
    if not peaces:
        return legal[0]
    return max(peaces, key=lambda a: (seen.state.player(seat_arg(a)).tracks[2],
                                      -seat_arg(a)))


def temple_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """A coin while it holds fewer than the two it may keep, else a Legendary Commodity
    (a new type is likelier to widen a commodity set)."""
    wanted = COIN if seen.hand.count(COIN) < 2 else "legendary"
    return next((a for a in legal if a.arg("take") == wanted), legal[0])


def colossus_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The commodity that adds most to its coming Build phase."""
    cands = candidates(seen)
    return max(legal, key=lambda a: (hand_value(seen, (*seen.hand, str(a.arg("commodity"))),
                                                cands), -legal.index(a)))


def copy_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Castor & Pollux copy the hero first in `COPY_ORDER`."""
    rank = {tile: at for at, tile in enumerate(COPY_ORDER)}
    return min(legal, key=lambda a: (rank.get(str(a.arg("tile")), len(rank)),
                                     str(a.arg("tile"))))


def perseus_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Rule 10 (Perseus): build first whenever offered (it is offered only to win)."""
    return next((a for a in legal if a.arg("first") is True), legal[0])
