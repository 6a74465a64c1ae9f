"""The greedy bot's values of the items it may build, in whole points (about one point per
resource a round brings in), with the victory races weighed in: the three titles (rule 6.4),
five heroes and wonders (rule 6.2), four capitals and Legendary Cities (rule 6.3) and the
Pyramids (rule 3.1.3). An item that wins the game at once is worth `WIN`."""

from __future__ import annotations

from game.rulesets.mare_nostrum import victory
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.content_records import TRACKS
from game.rulesets.mare_nostrum.recruit import PYRAMIDS

WIN = 10_000
"""An item that wins the game where it is bought (the Pyramids, a fifth tile)."""
NEAR_WIN = 2_000
"""An item that completes a race checked later in the round (the fourth great city)."""
ITEM_TRACK = {"caravan": 0, "market": 0, "regular_city": 1, "capital_city": 1,
              "legendary_city": 1, "temple": 1, "legion": 2, "fortress": 2, "trireme": 2}
"""The Leader track each item moves (rule 5)."""
BASE = {"control": 2, "caravan": 5, "market": 2, "regular_city": 4, "capital_city": 8,
        "legendary_city": 9, "temple": 2, "legion": 3, "fortress": 2, "trireme": 2}
"""An item's worth before its province and the races: caravans and cities bring a resource
a round (a Legendary City a Legendary Commodity too); markets and temples only double."""
GREAT = ("capital_city", "legendary_city")
TILE_BASE = 10
TILE_PER_OWNED = 4
"""A tile's worth grows with the tiles owned: the race to five (rule 6.2)."""


def track_weight(seen: Seen, track: int) -> int:
    """What one step on a track is worth to the seat: more for a title it holds or nearly
    holds, most when the other two titles are already its own (rule 6.4)."""
    state, seat = seen.state, seen.seat
    mine = state.player(seat).tracks[track]
    best_other = max(state.player(s).tracks[track] for s in seen.others())
    others_held = sum(1 for t in range(len(TRACKS)) if t != track and state.titles[t] == seat)
    close = state.titles[track] == seat or best_other - mine <= 2
    return (2 + 3 * others_held) if close else 1


def item_value(seen: Seen, item: str, place: str) -> int:
    """The worth of building `item` at `place` now."""
    if item == "tile":
        return tile_value(seen, place)
    value = BASE[item] + _local(seen, item, place)
    if item in ITEM_TRACK:
        value += track_weight(seen, ITEM_TRACK[item])
    if item in GREAT:
        value += _great_city_race(seen)
    return value


def tile_value(seen: Seen, tile: str) -> int:
    """A hero's or wonder's worth: the Pyramids and a fifth tile win (rules 3.1.3, 6.2)."""
    owned = len(seen.state.player(seen.seat).tiles)
    if tile == PYRAMIDS or owned + 1 >= victory.FAME_TILES:
        return WIN
    bonus = seen.content.tile(tile).bonus
    tracks = sum(bonus.value(t) * track_weight(seen, at) for at, t in enumerate(TRACKS))
    return TILE_BASE + TILE_PER_OWNED * owned + tracks


def _great_city_race(seen: Seen) -> int:
    """Extra worth of one more capital or Legendary City (rule 6.3)."""
    held = victory.great_cities(seen.content, seen.state, seen.seat)
    return NEAR_WIN if held + 1 >= victory.CONQUEST_CITIES else 3 * held


def _local(seen: Seen, item: str, place: str) -> int:
    """What the province adds: a market or temple doubles what its caravans or cities
    bring; Control is worth the province's printed sites."""
    if item == "control":
        return len(seen.content.province(place).sites)
    if item not in ("market", "temple"):
        return 0
    province = place.partition(".")[0]
    area = seen.state.area(province)
    kind = "caravan" if item == "market" else "city"
    held = sum(1 for s in area.buildings if area.holder(s) == seen.seat
               and seen.content.site(s).kind == kind)
    return 4 * held
