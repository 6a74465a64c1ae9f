"""A pilot that plays at the table like a person: it moves the mouse, clicks places on the
map, cards in the hand and buttons, presses keys — all through the app's real input path — and
lets time pass on a manual clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pygame

from game.core.actions import Action
from net.lan.facade import Lan
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import intent
from sprites.settings import Settings
from sprites.table.intents import Offer
from sprites.table.scene import TableScene
from sprites.table.turn_summary import TurnSummary

FRAME = 1 / 30
THOUGHT_WAIT = 60.0
"""Seconds a frame waits for a searching bot's background decision, so a test's frame count
never depends on how busy the machine is."""


def manual_app(screen: pygame.Surface, speed: int = 0, lan: object | None = None
               ) -> tuple[App, ManualClock]:
    """An app drawing on `screen` on a manual clock, animations at `speed` % (0: instant),
    its settings never saved (and `lan` as its LAN handle, a stand-in for the network
    thread's)."""
    clock = ManualClock()
    factory = None if lan is None else lambda app: cast(Lan, lan)
    app = App(Settings(resolution=screen.get_size(), animation_speed=speed), clock=clock,
              save=lambda s: None, lan_factory=factory)
    app.screen = screen
    return app, clock


class Pilot:
    """Drives an App whose stack holds a TableScene."""

    def __init__(self, app: App, clock: ManualClock) -> None:
        self.app = app
        self.clock = clock
        self.clicks = 0
        self.fallbacks = 0
        self.dismiss = True
        """Whether a turn's summary is closed (Enter) as soon as it may be, as a player who
        has read it would (the summary's own tests turn this off)."""

    @property
    def table(self) -> TableScene:
        """The table scene on the stack."""
        return next(s for s in self.app.stack if isinstance(s, TableScene))

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        """One frame, FRAME seconds later (once a bot thinking meanwhile has decided)."""
        table = next((s for s in self.app.stack if isinstance(s, TableScene)), None)
        if table is not None and table.control.thinker is not None:
            table.control.thinker.wait(THOUGHT_WAIT)
        self.clock.advance(FRAME)
        self.app.frame(events or [])

    def until(self, done: Callable[[], bool], limit: int = 20000) -> None:
        """Run frames until `done()`; AssertionError after `limit` frames."""
        for _ in range(limit):
            if done():
                return
            self.frame()
            self._dismiss()
        raise AssertionError(f"still waiting after {limit} frames")

    def _dismiss(self) -> None:
        """Close a turn's summary on top once Continue works (if `dismiss`)."""
        top = self.app.stack.top
        if self.dismiss and isinstance(top, TurnSummary) and top.ready:
            self.key(pygame.K_RETURN)

    def move(self, pos: tuple[int, int]) -> None:
        """Move the mouse."""
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int]) -> None:
        """Move there, press and release the left button."""
        self.move(pos)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.clicks += 1

    def key(self, key: int) -> None:
        """Press and release a key."""
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                       scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])

    @property
    def offer(self) -> Offer | None:
        """What the table offers the person at the screen now."""
        offered = self.table.display.offered
        return offered.offer if offered is not None else None

    def my_turn(self) -> bool:
        """Whether the table waits for the person at the screen."""
        return self.offer is not None and not self.table.display.timeline.busy

    def wait_turn(self, limit: int = 20000) -> None:
        """Let the game run until the person must decide (revealing covers on the way)."""
        def ready() -> bool:
            if self.table.control.covered:
                self.key(pygame.K_RETURN)
            return self.my_turn() or self.table.session.over
        self.until(ready, limit)

    def simple_action(self) -> Action:
        """A plain answer: the first glowing place, else pass/decline/done, else anything."""
        offer = self.offer
        assert offer is not None
        if offer.targets:
            return offer.targets[sorted(offer.targets)[0]][0]
        quiet = [a for a in offer.legal if a.verb in ("pass", "decline", "done")]
        return (quiet or list(offer.buttons) or list(offer.legal))[0]

    def do(self, action: Action) -> None:
        """Answer with `action` the way a person would: a click on its button, its card or
        its place on the map (then on the chooser if one pops up)."""
        table, bar = self.table, self.table.display.bar
        offer = self.offer
        assert offer is not None and action in offer.legal, f"{action} is not offered"
        count = len(table.session.table.records)
        if action in offer.buttons:
            button = next(b for b in bar.buttons if b.intent.arg("action") == action)
            self.click(button.rect.center)
        elif any(action in acts for acts in offer.cards.values()):
            slot = next(s for s, acts in offer.cards.items() if action in acts)
            self.click(self._card_point(slot))
        else:
            node = next(n for n, acts in offer.targets.items() if action in acts)
            self._click_node(node)
        if bar.choosing:
            button = next(b for b in bar.choosing if b.intent.arg("action") == action)
            self.click(button.rect.center)
        self.frame()
        assert len(table.session.table.records) > count, f"{action} was not taken"

    def _card_point(self, slot: str) -> tuple[int, int]:
        """A point on the part of a hand card that no later card covers."""
        cards = self.table.display.hand.cards
        index = next(k for k, c in enumerate(cards) if c.slot == slot)
        rect = cards[index].rect
        right = cards[index + 1].rect.x if index + 1 < len(cards) else rect.right
        height = self.app.size[1]
        return ((rect.x + min(right, rect.right)) // 2, height - 4)

    def _click_node(self, node: str) -> None:
        display = self.table.display
        x, y = display.map.to_screen(node) or (-1.0, -1.0)
        pos = (round(x), round(y))
        hit = display.map.hit(pos)
        blocked = (display.bar.rect.collidepoint(pos) or any(
            c.rect.collidepoint(pos) for c in display.hand.cards))
        if hit is not None and hit.id == node and not blocked:
            self.click(pos)
        else:  # the place is off screen or under another: say it instead
            self.fallbacks += 1
            self.app.post(intent("node", id=node))
            self.frame()
