"""Set-up 5: the Heroes & Wonders display. First games: five random tiles face up besides
the Pyramids, the rest face down, turned until five show again after each Build phase;
experienced players: every tile face up. A face-down tile's place is unknown to all, so
turning one is a public chance pick among those left (ruling MN-5)."""

from __future__ import annotations

from game.core.chance import ChanceRequest, pick
from game.core.records import evolve
from game.rulesets.mare_nostrum.flow import Flow
from game.rulesets.mare_nostrum.state import Display, MnState

MODES = ("first games", "experienced")
"""The display option's values; the first is the default."""
FACE_UP = 5
"""Heroes and wonders showing in first games (the Pyramids aside)."""
PYRAMIDS = "pyramids"


def initial(mode: str, tiles: tuple[str, ...]) -> Display:
    """The display at set-up from the tiles no empire starts with."""
    others = tuple(sorted(t for t in tiles if t != PYRAMIDS))
    if mode == "experienced":
        return Display(face_up=(PYRAMIDS, *others))
    return Display(face_up=(PYRAMIDS,), face_down=others, to_turn=FACE_UP)


def refill(flow: Flow) -> None:
    """After a Build phase: turn tiles until five show (first games only)."""
    display = flow.state.display
    showing = sum(1 for tile in display.face_up if tile != PYRAMIDS)
    wanted = min(FACE_UP - showing, len(display.face_down))
    flow.set(display=evolve(display, to_turn=max(wanted, 0)))


def request(state: MnState) -> ChanceRequest:
    """One pick per tile to turn, each among the face-down tiles still left."""
    display = state.display
    size = len(display.face_down)
    draws = tuple(pick(f"tile{n + 1}", size - n) for n in range(display.to_turn))
    return ChanceRequest(draws, "turn hero/wonder tiles face up")


def turned(flow: Flow, numbers: tuple[tuple[int, ...], ...]) -> None:
    """Turn the picked tiles face up, in order."""
    display = flow.state.display
    down, up = list(display.face_down), list(display.face_up)
    for (index,) in numbers:
        up.append(down.pop(index))
        flow.emit("tile_turned", tile=up[-1], name=flow.content.tile(up[-1]).name)
    flow.set(display=Display(tuple(up), tuple(down), 0))
