"""The greedy bot's Move & Battle phase (rule 4): moves and battles by expected hits, the
losses it takes, and what it does with a conquered province.

Legions march where the force that can gather there is expected to clear the defenders (or
walk in unopposed) and the province holds something worth taking; one legion stays in each
own province an opponent's army borders, and in the capital. Triremes sail only to attack a
weaker fleet; a sea battle is fought when it is expected to cost the other side more.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action, act
from game.rulesets.mare_nostrum import battle, movement, war
from game.rulesets.mare_nostrum.battle import Side
from game.rulesets.mare_nostrum.bots.hits import HUNDRED, expected_hits, margin
from game.rulesets.mare_nostrum.bots.races import seat_arg
from game.rulesets.mare_nostrum.bots.seen import Seen
from game.rulesets.mare_nostrum.bots.worth import BASE, GREAT, item_value
from game.rulesets.mare_nostrum.flow import piece_of
from game.rulesets.mare_nostrum.placement import capital
from game.rulesets.mare_nostrum.state import Battle

DONE = act("done")
PILLAGE_VALUE = 3
"""A pillage: one resource now and the building gone from its owner."""


def side(seen: Seen, place: str, seat: int, sea: bool, units: int | None = None) -> Side:
    """A seat's side in a battle at `place`, as it stands or with `units` instead."""
    probe = Battle(place, sea, seat, seat)
    found = battle.sides(seen.content, seen.state, probe)[0]
    return found if units is None else replace(found, units=units)


def battle_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The battle that pays best; an optional one (at sea) only when it pays at all."""
    fights = [a for a in legal if a.verb == "battle"]
    scored = [(_battle_margin(seen, a), -legal.index(a), a) for a in fights]
    best = max(scored, key=lambda t: (t[0], t[1]), default=None)
    if best is None or (DONE in legal and best[0] <= 0):
        return DONE if DONE in legal else legal[0]
    return best[2]


def _battle_margin(seen: Seen, action: Action) -> int:
    sea = action.arg("sea") is not None
    place = str(action.arg("sea") if sea else action.arg("province"))
    foe = seat_arg(action, "against")
    die = seen.content.sea_die if sea else seen.content.land_die
    return margin(side(seen, place, seen.seat, sea), side(seen, place, foe, sea), die)


def loss_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Lose legions before the Fortress (it adds 5 and cancels a hit, rule 4.2)."""
    return next((a for a in legal if a.arg("fortress") is False), legal[0])


def sail_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Sail only into a sea where the gathered fleet is expected to beat a weaker one."""
    sails = [a for a in legal if a.verb == "sail" and _sea_gain(seen, str(a.arg("to"))) > 0]
    return sails[0] if sails else DONE


def _sea_gain(seen: Seen, sea: str) -> int:
    state, die = seen.state, seen.content.sea_die
    fleets = state.waters(sea).triremes
    foes = [s for s in state.waters(sea).fleets() if s != seen.seat
            and not war.at_peace(state, seen.seat, s)]
    if not foes:
        return 0
    near = sum(state.waters(s).triremes[seen.seat] - movement.arrived(state, s)
               for s in seen.content.sea(sea).neighbours)
    mine = Side(seen.seat, fleets[seen.seat] + near)
    return min(margin(mine, Side(f, fleets[f]), die) for f in foes)


def march_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """The march towards the best province the gathering force can take; Circe's post
    next; else the legions stop."""
    scored = [(_march_worth(seen, a), -legal.index(a), a) for a in legal if a.verb == "march"]
    best = max(scored, key=lambda t: (t[0], t[1]), default=None)
    if best is not None and best[0] > 0:
        return best[2]
    posts = [a for a in legal if a.verb == "post"]
    return posts[0] if posts else DONE


def _march_worth(seen: Seen, action: Action) -> int:
    origin, to = str(action.arg("province")), str(action.arg("to"))
    if _spare(seen, origin) <= 0:
        return 0
    worth = target_worth(seen, to)
    if worth <= 0:
        return 0
    present = seen.state.area(to).legions[seen.seat]
    need = legions_needed(seen, to)
    if present >= need or present + _gatherable(seen, to) < need:
        return 0
    return worth * HUNDRED + _spare(seen, origin)


def _spare(seen: Seen, province: str) -> int:
    """Legions that may leave a province: unmoved ones, less one kept at home."""
    area, state = seen.state.area(province), seen.state
    free = area.legions[seen.seat] - movement.arrived(state, province)
    keep = 1 if area.controller == seen.seat and _guarded(seen, province) else 0
    return free - keep


def _guarded(seen: Seen, province: str) -> bool:
    """Whether an own province needs a legion: the capital, or an opponent's army next."""
    if province == capital(seen.content, seen.state, seen.seat):
        return True
    return any(other != seen.seat and seen.state.area(n).legions[other]
               for n in seen.content.province(province).neighbours
               for other in range(seen.state.seats))


def _gatherable(seen: Seen, province: str) -> int:
    """Own legions that could still march into a province this turn."""
    return sum(max(0, _spare(seen, a.id)) for a in seen.state.provinces
               if a.id != province and province in movement.destinations(
                   seen.content, seen.state, seen.seat, a.id))


def legions_needed(seen: Seen, province: str) -> int:
    """The fewest legions expected to destroy every defender (one walks into an empty
    province), as the Active Player's side would roll."""
    area = seen.state.area(province)
    foes = war.foes(seen.state, seen.seat, area)
    if not foes:
        return 1
    strongest = max((side(seen, province, f, False) for f in foes), key=lambda s: s.losable)
    for count in range(1, 13):
        mine = side(seen, province, seen.seat, False, count)
        if expected_hits(mine, seen.content.land_die) >= (strongest.losable + 1) * HUNDRED \
                and margin(mine, strongest, seen.content.land_die) > 0:
            return count
    return 99


def target_worth(seen: Seen, province: str) -> int:
    """What conquering a province brings: its buildings held by others (great cities
    most), and its Control when an opponent or nobody holds it."""
    area, content = seen.state.area(province), seen.content
    if area.controller == seen.seat and not area.armies():
        return 0
    taken = [s for s in area.buildings if area.holder(s) != seen.seat]
    worth = sum(item_value(seen, piece_of(content, s), s) for s in taken)
    return worth + (BASE["control"] if area.controller != seen.seat else 0)


def conquest_choice(seen: Seen, legal: tuple[Action, ...]) -> Action:
    """Occupy what is worth most (great cities first), take the Control Marker (Queen of
    Sheba: convert), pillage only what cannot be held; keep when nothing pays."""
    return max(legal, key=lambda a: (_conquest_worth(seen, a), -legal.index(a)))


def _conquest_worth(seen: Seen, action: Action) -> int:
    verb, content = action.verb, seen.content
    if verb == "occupy":
        site = str(action.arg("site"))
        return item_value(seen, piece_of(content, site), site) + 1
    if verb in ("occupy_marker", "convert"):
        province = seen.state.move.conquests[0]
        extra = 2 if verb == "convert" else 0
        return item_value(seen, "control", province) + extra
    if verb == "pillage":
        site = str(action.arg("site"))
        great = piece_of(content, site) in GREAT
        return PILLAGE_VALUE + (1 if action.arg("take") == "legendary" else 0) - 2 * great
    return 0
