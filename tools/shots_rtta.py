"""Screenshots of the Roll Through the Ages table for tools/screenshots.py: its line on New
Game and its players page, a roll with dice picked for a reroll, Omens' face picker, a build
with the sheet glowing, a development's payment chooser, a Mediterranean game against two
bots with the colony board, and the end of a solitaire game. Dice are scripted where the
picture needs a known roll.

    python -m tools.shots_rtta [OUT_DIR]     just these pictures (docs/screenshots/)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tools.shots_run import run_shot

if TYPE_CHECKING:
    from game.session import GameSession
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.rtta.scene import RttaScene

FRAME = 1 / 30
OMENS, ABUNDANCE, PLAIN = 3, 1, 6
POP3, FOOD3, EITHER, INNOVATION, GOODS = 1, 2, 3, 4, 5
RULESET = "roll_through_the_ages"


def shoot_rtta(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Render the Roll Through the Ages pictures into `save`."""
    from sprites.scenes.base import intent

    scenes = app.open("new_game")
    games = [g.id for g in scenes.games]  # type: ignore[attr-defined]
    scenes.apply(intent("select", index=len(scenes.setups) + games.index(RULESET)))  # type: ignore[attr-defined]
    save(app, "rtta_new_game")
    app.open("ruleset_players", RULESET)
    save(app, "rtta_players")
    app.back_to("title")
    _solitaire(app, clock, save)
    _mediterranean(app, clock, save)


def _session(players: tuple[str, ...], options: dict[str, Any]) -> GameSession:
    from game.session import GameSession, Secrets

    keys = Secrets(tuple(bytes([40 + k]) * 32 for k in range(len(players))), b"rtta" * 8,
                   b"bots" * 8)
    return GameSession.start(RULESET, None, players, keys, options)


def _run(app: App, clock: ManualClock, table: RttaScene, frames: int = 60) -> None:
    """Let time pass until the person must choose (or `frames` run out)."""
    for _ in range(frames):
        if table.legal() or table.session.over:
            break
        clock.advance(FRAME)
        app.frame([])
    clock.advance(FRAME)
    app.frame([])


def _act(app: App, clock: ManualClock, table: RttaScene, verb: str, **args: Any) -> None:
    from game.core.actions import act

    table.act(act(verb, **args))
    _run(app, clock, table, 400)


def _solitaire(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    from game.core.table import ScriptedChance
    from sprites.rtta.scene import RttaScene
    from sprites.scenes.base import intent

    session = _session(("human",), {})
    table = app.open_game(session, None)
    assert isinstance(table, RttaScene)
    seeded = session.chance
    session.chance = ScriptedChance([ABUNDANCE, INNOVATION, POP3, EITHER,
                                     OMENS, FOOD3, EITHER, FOOD3])
    _act(app, clock, table, "setup", choice="port")
    table.apply(intent("toggle", die=2))
    table.apply(intent("hover", pos=table.zones["die:2"].center))
    save(app, "rtta_roll")
    _act(app, clock, table, "reroll", dice=(2,))
    _act(app, clock, table, "stop")
    table.apply(intent("hover", pos=(0, 0)))
    save(app, "rtta_choose")
    _act(app, clock, table, "choose", food=0, population=1)
    save(app, "rtta_build")
    while table.view["phase"] == "build" and any(a.verb == "province" for a in table.legal()):
        _act(app, clock, table, "province")
    _act(app, clock, table, "done")
    if table.view["phase"] == "develop":
        table.apply(intent("hover", pos=table.zones["dev:formations"].center))
        save(app, "rtta_develop")
        table.apply(intent("hover", pos=(0, 0)))
        _act(app, clock, table, "buy", development="leadership", goods=0, innovations=1,
             wealth=0)
    while table.view["phase"] not in ("omens", "over") and table.legal():
        _act(app, clock, table, "skip" if table.view["phase"] == "leadership" else "stop")
    if table.view["phase"] == "omens":
        table.apply(intent("zone", key="die:2"))
        save(app, "rtta_omens")
    session.chance = seeded
    _play_out(app, clock, table)
    save(app, "rtta_end")
    app.back_to("title")


def _mediterranean(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    from sprites.rtta.scene import RttaScene
    from sprites.scenes.base import intent

    session = _session(("human", "bot:random", "bot:random"), {"mediterranean": True,
                                                                "length": "full"})
    table = app.open_game(session, None)
    assert isinstance(table, RttaScene)
    while session.table.state.round < 6 and not session.over:
        _simple(app, clock, table)
    while table.view["phase"] not in ("build", "colonies") and not session.over:
        _simple(app, clock, table)
    app.frame([])
    spot = table.colony_spots.get("colony:alexandria")
    if spot is not None:
        table.apply(intent("hover", pos=spot.center))
    save(app, "rtta_mediterranean")
    app.back_to("title")


def _simple(app: App, clock: ManualClock, table: RttaScene) -> None:
    """One plain but busy answer: build and peg when possible, else end the step."""
    _run(app, clock, table, 2000)
    legal = table.legal()
    if not legal:
        return
    busy = [a for a in legal if a.verb in ("peg", "found", "monument", "province", "port",
                                           "urn", "buy", "army", "setup")]
    quiet = [a for a in legal if a.verb in ("stop", "skip", "done", "decline", "feed",
                                            "refuse", "choose", "navy")]
    table.act((busy or quiet or list(legal))[0])


def _play_out(app: App, clock: ManualClock, table: RttaScene) -> None:
    while not table.session.over:
        _simple(app, clock, table)
    for _ in range(30):
        clock.advance(FRAME)
        app.frame([])


def main(argv: list[str] | None = None) -> int:
    """Render the pictures at 1920×1080 (under Xvfb if there is no display)."""
    return run_shot("python -m tools.shots_rtta", shoot_rtta, "rtta_roll", argv)


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
