"""Rule 6: the four victories, each at its checkpoint.

6.1 the Pyramids win at once (recruit.py calls `win`); 6.2 a fifth hero/wonder wins at the
end of the Build phase (several: the Culture Leader among them, else they share it); 6.3
four capital and/or legendary cities controlled or occupied at the end of Move & Battle
(several: they share it, ruling MN-11); 6.4 all three titles at the end of Claim Leadership.
"""

from __future__ import annotations

from game.core.records import memo
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import MnState

FAME_TILES = 5
"""Rule 6.2: the fifth hero/wonder (the starting hero is the first)."""
CONQUEST_CITIES = 4
"""Rule 6.3: capital and/or legendary cities."""
GREAT_CITIES = ("capital", "legendary")
REASONS = {
    "pyramids": "built the Pyramids (rule 6.1)",
    "heroes": "gained a fifth hero or wonder (rule 6.2)",
    "cities": "holds four capital and/or legendary cities (rule 6.3)",
    "titles": "holds all three Leader titles (rule 6.4)",
}


def win(flow: Flow, seats: tuple[int, ...], victory: str) -> None:
    """End the game with these winners."""
    flow.set(winners=tuple(sorted(seats)), victory=victory)
    flow.go("over")
    flow.emit("victory", seats=list(sorted(seats)), victory=victory)


def great_cities(content: MnContent, state: MnState, seat: int) -> int:
    """Capital and legendary cities the seat controls or occupies (rule 6.3)."""
    return memo(state, ("great_cities", id(content)), lambda: _great(content, state))[seat]


def _great(content: MnContent, state: MnState) -> tuple[int, ...]:
    counts = [0] * state.seats
    for area in state.provinces:
        for site in area.buildings:
            holder = area.holder(site)
            if holder >= 0 and content.site(site).city_kind in GREAT_CITIES:
                counts[holder] += 1
    return tuple(counts)


def fame_winners(state: MnState) -> tuple[int, ...]:
    """Rule 6.2 at the end of Build: whoever has five tiles; the Culture Leader among
    several, else all of them."""
    famous = tuple(seat for seat, p in enumerate(state.players) if len(p.tiles) >= FAME_TILES)
    culture = state.titles[1]
    return (culture,) if culture in famous else famous


def conquest_winners(content: MnContent, state: MnState) -> tuple[int, ...]:
    """Rule 6.3 at the end of Move & Battle: every seat with four great cities."""
    return tuple(seat for seat in range(state.seats)
                 if great_cities(content, state, seat) >= CONQUEST_CITIES)


def title_winner(state: MnState) -> tuple[int, ...]:
    """Rule 6.4 at the end of Claim Leadership: the holder of all three titles."""
    first = state.titles[0]
    return (first,) if state.titles == (first, first, first) and first >= 0 else ()


def check(flow: Flow, victory: str, seats: tuple[int, ...]) -> bool:
    """End the game when `seats` won; whether it ended."""
    if seats:
        win(flow, seats, victory)
    return bool(seats)
