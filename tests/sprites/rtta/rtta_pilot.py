"""A pilot that plays Roll Through the Ages at the client's table like a person: clicks on
dice, on glowing parts of the sheet, on colonies and on buttons, through the app's real input
path, with time on a manual clock."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.actions import Action
from sprites.app import App
from sprites.clock import ManualClock
from sprites.rtta.scene import RttaScene
from sprites.rtta.words import target
from tests.sprites.pilot import manual_app

FRAME = 1 / 30
THOUGHT_WAIT = 60.0
"""Seconds a frame waits for a bot's background decision, so a test's frame count never
depends on how busy the machine is."""


def make_app(display: pygame.Surface, speed: int = 0) -> tuple[App, ManualClock]:
    """An app on the test window showing the title screen."""
    app, clock = manual_app(display, speed)
    app.open("title")
    return app, clock


class RttaPilot:
    """Drives an App whose top scene is the Roll Through the Ages table."""

    def __init__(self, app: App, clock: ManualClock) -> None:
        self.app, self.clock = app, clock
        self.clicks = 0

    @property
    def table(self) -> RttaScene:
        """The table on the stack."""
        return next(s for s in self.app.stack if isinstance(s, RttaScene))

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        """One frame, FRAME seconds later (once a bot thinking meanwhile has decided)."""
        for scene in self.app.stack:  # Roll Through the Ages' table or Mare Nostrum's
            thought = getattr(getattr(scene, "control", None), "thought", None)
            if thought is not None:
                thought.wait(THOUGHT_WAIT)
        self.clock.advance(FRAME)
        self.app.frame(events or [])

    def until(self, done: Callable[[], bool], limit: int = 3000) -> None:
        """Frames until `done()`; AssertionError after `limit`."""
        for _ in range(limit):
            if done():
                return
            self.frame()
        raise AssertionError(f"still waiting after {limit} frames")

    def click(self, pos: tuple[int, int]) -> None:
        """Move there, press and release the left button."""
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.clicks += 1

    def ready(self) -> bool:
        """Whether the table waits for the person (nothing tumbling)."""
        return bool(self.table.legal()) or self.table.session.over

    def wait_turn(self) -> None:
        """Let chance and bots play until the person must choose (or the game ends)."""
        self.until(self.ready)

    @property
    def phase(self) -> str:
        """The phase the view shows."""
        return str(self.table.view["phase"])

    def zone(self, key: str) -> None:
        """Click a part of the table (a die, a sheet row, a colony)."""
        self.frame()
        rect = self.table.zones[key]
        self.click(rect.center)

    def button(self, starts: str) -> None:
        """Click the button whose words begin with `starts`."""
        self.frame()
        found = [b for b in self.table.buttons if b.words.startswith(starts) and b.enabled]
        assert found, f"no button {starts!r} among {[b.words for b in self.table.buttons]}"
        self.click(found[0].rect.center)

    def do(self, action: Action) -> None:
        """Answer with `action` the way a person would: its button, or its place on the
        table (then the chooser's button if one pops up)."""
        table = self.table
        count = len(table.session.table.records)
        self.frame()
        button = next((b for b in table.buttons if b.intent.arg("action") == action), None)
        if button is not None:
            self.click(button.rect.center)
        elif action.verb == "reroll":
            dice = action.arg("dice")
            assert isinstance(dice, tuple), action
            for die in dice:
                self.zone(f"die:{die}")
            self.button("Reroll")
        elif action.verb == "omen":
            self.zone(f"die:{action.arg('die')}")
            self.zone(f"face:{action.arg('die')}:{action.arg('face')}")
        else:
            self.zone(target(action))
            if table.chooser:
                self.frame()
                chosen = next(b for b in table.buttons if b.intent.arg("action") == action)
                self.click(chosen.rect.center)
        assert len(table.session.table.records) > count, f"{action} was not taken"

    def simple(self) -> None:
        """A plain answer: stop rolling, then the first action that ends a step."""
        legal = self.table.legal()
        quiet = [a for a in legal if a.verb in ("stop", "skip", "done", "decline", "refuse",
                                                "feed")]
        self.do((quiet or [a for a in legal if a.verb != "reroll"] or list(legal))[0])

    def play_out(self, limit: int = 400) -> None:
        """Answer plainly until the game is over."""
        for _ in range(limit):
            self.wait_turn()
            if self.table.session.over:
                return
            self.simple()
        raise AssertionError("the game did not end")


def start_from_new_game(app: App, seats: tuple[str, ...], options: dict[str, object],
                        ruleset: str = "roll_through_the_ages", count: int = 4) -> None:
    """New Game → the rule set's line → Choose Players → seats (`count` lines, "nobody"
    past those given) and options → Start."""
    from sprites.scenes.base import intent
    from sprites.scenes.scenarios import ScenarioScene

    scenes = app.open("new_game")
    assert isinstance(scenes, ScenarioScene)
    index = len(scenes.setups) + [g.id for g in scenes.games].index(ruleset)
    scenes.apply(intent("select", index=index))
    app.frame([])
    players = next(b for b in scenes.buttons if b.text == "Choose Players")
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=players.rect.center, button=1)])
    page = app.stack.top
    assert page is not None and type(page).__name__ == "RulesetPlayersScene"
    for k in range(count):
        page.apply(intent("set", key=f"seat:{k}", value=seats[k] if k < len(seats)
                          else "nobody"))
    for key, value in options.items():
        page.apply(intent("set", key=key, value=value))
    app.frame([])
    start = next(b for b in page.buttons if b.text == "Start the Game")  # type: ignore[attr-defined]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1)])
