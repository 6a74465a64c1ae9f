"""Screenshots of the Mare Nostrum table for the README: its line on New Game and its players
page, the hot seat's cover, a face-down offer being composed, the claims on the trade table,
a build paid resource by resource, the hero and wonder display, a march through a chain of
triremes (the whole map, and zoomed in), a battle, a conquest choice and the victory banner.
A seeded hot seat of Rome and Greece against three random bots, the people's choices drawn
from a seeded generator, plays until each picture's moment.

    python -m tools.shots_mn [OUT_DIR]     just these pictures (docs/screenshots/)
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from tools.shots_run import run_shot

if TYPE_CHECKING:
    from game.core.actions import Action
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.mn.scene import MnScene

FRAME = 1 / 30
RULESET = "mare_nostrum"
PLAYERS = ("human", "human", "bot:random", "bot:random", "bot:random")
BUSY = ("claim", "build", "pay", "confirm", "march", "sail", "battle", "pillage", "occupy")
Save = Callable[["App", str], None]


def shoot_mn(app: App, clock: ManualClock, save: Save) -> None:
    """Render the Mare Nostrum pictures into `save`."""
    from sprites.scenes.base import intent

    scenes = app.open("new_game")
    games = [g.id for g in scenes.games]  # type: ignore[attr-defined]
    scenes.apply(intent("select", index=len(scenes.setups) + games.index(RULESET)))  # type: ignore[attr-defined]
    save(app, "mn_new_game")
    app.open("ruleset_players", RULESET)
    save(app, "mn_players")
    app.back_to("title")
    _table(app, clock, save)


def _table(app: App, clock: ManualClock, save: Save) -> None:
    from game.session import GameSession, Secrets
    from sprites.mn.scene import MnScene

    keys = Secrets(tuple(bytes([60 + k]) * 32 for k in range(len(PLAYERS))), b"mare" * 8,
                   b"bots" * 8)
    session = GameSession.start(RULESET, "5", PLAYERS, keys, {"display": "first games"})
    table = app.open_game(session, None)
    assert isinstance(table, MnScene)
    table.control.animation_speed = 0
    Shots(app, clock, table, save).play()
    app.back_to("title")


class Shots:
    """Plays the seeded hot seat and takes each picture the first time its moment comes."""

    def __init__(self, app: App, clock: ManualClock, table: MnScene, save: Save) -> None:
        self.app, self.clock, self.table, self.save = app, clock, table, save
        self.pick = random.Random(26)
        self.taken: set[str] = set()

    def run(self, frames: int = 600) -> None:
        """Let time pass until a person must choose, the cover waits, or the game ends."""
        table = self.table
        for _ in range(frames):
            control = table.control
            if control.person() is not None or control.cover_ready or table.session.over:
                break
            self.clock.advance(FRAME)
            self.app.frame([])
        self.clock.advance(FRAME)
        self.app.frame([])

    def shot(self, name: str, hover: tuple[int, int] | None = None) -> None:
        """Save a picture once (pointing at `hover` first)."""
        from sprites.scenes.base import intent

        if name in self.taken:
            return
        self.taken.add(name)
        self.table.apply(intent("hover", pos=hover or (0, 0)))
        self.table.full_redraw = True
        self.save(self.app, name)

    def play(self) -> None:
        """Until the end: each person's decision answered, pictures taken on the way."""
        table = self.table
        for _ in range(3000):
            self.run()
            if table.session.over:
                break
            if table.control.covered:
                self._cover()
            elif table.composing():
                self._offer()
            else:
                self._answer()
        for _ in range(40):
            self.clock.advance(FRAME)
            self.app.frame([])
        self.shot("mn_victory")

    def _cover(self) -> None:
        from sprites.scenes.base import intent

        if self.table.session.table.state.round > 1:
            self.shot("mn_cover")
        self.table.apply(intent("reveal"))
        self.run()

    def _offer(self) -> None:
        from sprites.scenes.base import intent

        table = self.table
        seat = table.control.person()
        assert seat is not None
        offer = table.session.sealed_request(seat).sample(self.pick.randrange)
        table.offer.extend(offer[:-1])
        if len(offer) > 2:
            self.shot("mn_offer")
        table.offer.extend(offer[-1:])
        table.apply(intent("seal"))

    def _answer(self) -> None:
        table = self.table
        legal = table.legal()
        if not legal:
            return
        self._moments(legal)
        busy = [a for a in legal if a.verb in BUSY]
        action = self.pick.choice(busy) if busy and self.pick.random() < 0.85 else \
            self.pick.choice(legal)
        table.act(action)

    def _moments(self, legal: tuple[Action, ...]) -> None:
        """Pictures of the situation the person is in now."""
        table, verbs = self.table, {a.verb for a in legal}
        if "claim" in verbs:
            self.shot("mn_trade")
        if "pay" in verbs and table.session.table.state.round > 1:
            self.shot("mn_build")
        chains = self._chains(legal) if "march" in verbs else set()
        if chains and "mn_march" not in self.taken:
            self.shot("mn_march")
            self._close_up(min(chains), "mn_march_close")
        if {"pillage", "occupy", "occupy_marker"} & verbs:
            self.shot("mn_conquest")
        if table.last_battle is not None:
            self.shot("mn_battle")
        if "build" in verbs and table.session.table.state.round > 2 and \
                "mn_display" not in self.taken:
            table.display_open = True
            table.full_redraw = True
            self.app.frame([])
            spots = sorted(k for k in table.zones if k.startswith("tile:"))
            self.shot("mn_display", table.zones[spots[0]].center if spots else None)
            table.display_open = False

    def _close_up(self, area: str, name: str) -> None:
        """A picture with the map zoomed in on an area, then the whole map again."""
        table = self.table
        table.map.zoom(2)
        table.map.centre_on(area)
        self.shot(name)
        table.map.zoom(-2)
        table.full_redraw = True

    def _chains(self, legal: tuple[Action, ...]) -> set[str]:
        """The seas lit for the person's marches through a chain of triremes."""
        from sprites.mn.shows import trireme_chains

        table = self.table
        return trireme_chains(table.view, table.content, table.control.person(), legal)


def main(argv: list[str] | None = None) -> int:
    """Render the pictures at 1920×1080 (under Xvfb if there is no display)."""
    return run_shot("python -m tools.shots_mn", shoot_mn, "mn_trade", argv)


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
