"""Rule 10 (Perseus) and rule 6: the Perseus owner may overrule the Culture Leader and
build first, to win with his fifth hero/wonder or the Pyramids. The offer is made once, at
the start of the Build phase, when he can pay for one of them (ruling MN-10); taking it
makes him the first Active Player, who then builds as usual."""

from __future__ import annotations

from game.core.actions import act
from game.rulesets.mare_nostrum import sets
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.display import PYRAMIDS
from game.rulesets.mare_nostrum.powers import has_power
from game.rulesets.mare_nostrum.state import MnState
from game.rulesets.mare_nostrum.victory import FAME_TILES

PERSEUS = "perseus"
ANSWERS = (act("perseus", first=True), act("perseus", first=False))


def set_powers(state: MnState, seat: int) -> sets.Powers:
    """The powers that change how the seat may form sets (Cleopatra, Hannibal)."""
    return frozenset(p for p in (sets.CLEOPATRA, sets.HANNIBAL) if has_power(state, seat, p))


def winning_costs(content: MnContent, state: MnState, seat: int) -> tuple[int, ...]:
    """The costs of the builds that would win at once: the Pyramids on offer, and a fifth
    tile when one is on offer."""
    face_up = state.display.face_up
    costs = [content.costs.pyramids] if PYRAMIDS in face_up else []
    owned = len(state.player(seat).tiles)
    if owned == FAME_TILES - 1 and any(tile != PYRAMIDS for tile in face_up):
        costs.append(content.costs.tiles[owned - 1])
    return tuple(costs)


def perseus_can_win(content: MnContent, state: MnState) -> int | None:
    """The Perseus owner, when he could build a winning item now; else None."""
    for seat, player in enumerate(state.players):
        if PERSEUS in player.tiles:
            hand, powers = player.resources, set_powers(state, seat)
            if any(sets.affordable(hand, cost, powers)
                   for cost in winning_costs(content, state, seat)):
                return seat
    return None
