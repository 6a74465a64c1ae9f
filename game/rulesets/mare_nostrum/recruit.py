"""Rule 3.1.3: recruiting heroes and building wonders and the Pyramids from the display.

A player's second tile costs the first of the rising costs (his starting hero is his
first); a fifth tile wins at the end of the Build phase (rule 6.2), or at once for the
Perseus owner building first in the phase (rule 10, Perseus; ruling MN-B9); the Pyramids
win at once (rule 6.1).
Castor & Pollux copies, on recruitment, the power of another player's hero — never a
starting hero, a wonder, Perseus — and never its Leader Bonus (rule 10); with none to copy
he copies nothing (ruling MN-B8).
"""

from __future__ import annotations

from game.core.actions import Action, act
from game.core.records import evolve
from game.rulesets.mare_nostrum import victory
from game.rulesets.mare_nostrum.content_records import MnContent
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.payment import tile_cost
from game.rulesets.mare_nostrum.powers import UNCOPYABLE, has_power
from game.rulesets.mare_nostrum.state import MnState

PYRAMIDS = "pyramids"
CASTOR_POLLUX = "castor_pollux"
PERSEUS = "perseus"


def cost(content: MnContent, state: MnState, seat: int, tile: str) -> int:
    """What a tile costs the seat now (rule 3.1.3)."""
    if tile == PYRAMIDS:
        return content.costs.pyramids
    return tile_cost(content, len(state.player(seat).tiles))


def on_offer(content: MnContent, state: MnState, seat: int) -> tuple[str, ...]:
    """The face-up tiles the seat may recruit: the Pyramids, and heroes/wonders while it
    has fewer than five."""
    full = len(state.player(seat).tiles) >= victory.FAME_TILES
    return tuple(t for t in state.display.face_up if t == PYRAMIDS or not full)


def winning(content: MnContent, state: MnState, seat: int) -> tuple[str, ...]:
    """The tiles that would win the game for the seat at once: the Pyramids, or any tile
    that is its fifth (rule 10, Perseus)."""
    fourth = len(state.player(seat).tiles) == victory.FAME_TILES - 1
    return tuple(t for t in on_offer(content, state, seat) if t == PYRAMIDS or fourth)


def recruit(flow: Flow, seat: int, tile: str) -> None:
    """The tile leaves the display for the seat's mat; the Pyramids, or a fifth tile built
    by Perseus's owner building first, win the game (rules 6.1, 6.2, 10)."""
    display = flow.state.display
    flow.set(display=evolve(display, face_up=tuple(t for t in display.face_up if t != tile)))
    flow.emit("recruited", seat=seat, tile=tile, name=flow.content.tile(tile).name)
    if tile == PYRAMIDS:
        return victory.win(flow, (seat,), "pyramids")
    tiles = (*flow.player(seat).tiles, tile)
    flow.update(seat, tiles=tiles)
    if len(tiles) == victory.FAME_TILES:
        if _perseus_first(flow.state, seat):
            return victory.win(flow, (seat,), "heroes")
        flow.sub("build", fifth=(*flow.state.build.fifth, seat))
    if tile == CASTOR_POLLUX and copy_choices(flow.content, flow.state, seat):
        flow.sub("build", copying=True)


def _perseus_first(state: MnState, seat: int) -> bool:
    return has_power(state, seat, PERSEUS) and not state.build.done


def copyable(content: MnContent, state: MnState, seat: int) -> tuple[str, ...]:
    """Other players' heroes whose power Castor & Pollux may copy (rule 10)."""
    return tuple(tile for other, player in enumerate(state.players) if other != seat
                 for tile in player.tiles
                 if content.tile(tile).kind == "hero" and not content.tile(tile).starting_for
                 and tile not in UNCOPYABLE and tile != CASTOR_POLLUX)


def copy_choices(content: MnContent, state: MnState, seat: int) -> tuple[Action, ...]:
    """One `copy` action per hero the seat may copy."""
    return tuple(act("copy", tile=tile) for tile in sorted(copyable(content, state, seat)))


def copy(flow: Flow, seat: int, action: Action) -> None:
    """Castor & Pollux take the chosen hero's power for the rest of the game."""
    tile = str(action.arg("tile"))
    flow.update(seat, copied=tile)
    flow.sub("build", copying=False)
    flow.emit("copied", seat=seat, tile=tile, name=flow.content.tile(tile).name)
