"""A pilot that plays Mare Nostrum at the client's table like a person: clicks on glowing
areas of the map, resources on the empire screen, offers on the trade table, tiles of the
display and buttons, and the hot seat's cover, through the app's real input path, with time on
a manual clock (Roll Through the Ages' pilot, pointed at this table)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.actions import Action
from sprites.mn.scene import MnScene
from sprites.mn.words import target
from sprites.rtta import look
from tests.sprites.rtta.rtta_pilot import RttaPilot


class MnPilot(RttaPilot):
    """Drives an App whose top scene is the Mare Nostrum table."""

    @property
    def table(self) -> MnScene:  # type: ignore[override]
        """The table on the stack."""
        return next(s for s in self.app.stack if isinstance(s, MnScene))

    def ready(self) -> bool:
        """Whether the table waits for the person at the screen, or for the screen to be
        passed on (nothing else to run)."""
        table = self.table
        return (table.control.person() is not None or table.control.cover_ready
                or table.session.over)

    def area_point(self, area: str) -> tuple[int, int]:
        """A point of the bare map on which a click lands on `area` (its label first, then
        a scan of its box)."""
        table = self.table
        shape = table.map.view.geometry.areas[area]
        camera = table.map.view.camera
        x0, y0, x1, y1 = shape.bbox
        spots = [shape.label, ((x0 + x1) / 2, (y0 + y1) / 2)]
        spots += [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * j / 8) for i in range(1, 8)
                  for j in range(1, 8)]
        for spot in spots:
            sx, sy = camera.to_screen(spot)
            point = (round(sx), round(sy))
            hit = table.map.hit(point) if table._on_map(point) else None
            if hit is not None and hit.partition(".")[0] == area:
                return point
        raise AssertionError(f"no point of {area} can be clicked")

    def zone(self, key: str) -> None:
        """Click a part of the table: a zone (a resource, an offer, a tile) or an area of
        the map."""
        self.frame()
        if key.startswith("tile:") and key not in self.table.zones:
            self.button("Heroes & Wonders")
            self.frame()
        if key.startswith("area:") and key not in self.table.zones:
            self.clear_map()
            self.click(self.area_point(key[5:]))
        else:
            self.click(self.table.zones[key].center)

    def clear_map(self) -> None:
        """Close what lies over the map (the display, a battle report), as a person would
        to reach an area under it."""
        if self.table.display_open:
            self.button("Hide the display")
        if self.table.last_battle is not None:
            self.button("Close")
        self.frame()

    def pass_screen(self) -> None:
        """The next person takes the screen: a click on the cover's button."""
        self.frame()
        found = [b for b in self.table.buttons if b.words.startswith("I am ")]
        assert found, "no cover is up"
        self.click(found[0].rect.center)
        assert not self.table.control.covered

    def do(self, action: Action) -> None:
        """Answer with `action` the way a person would: its button, or its place on the
        table (then the chooser's button if one pops up)."""
        table = self.table
        count = len(table.session.table.records)
        self.frame()
        button = next((b for b in table.buttons if b.intent.arg("action") == action), None)
        if button is not None:
            self.click(button.rect.center)
        else:
            assert target(action), f"{action} has no button among " \
                f"{[b.words for b in table.buttons]}"
            self.zone(target(action))
            if table.chooser:
                self.frame()
                chosen = next(b for b in table.buttons if b.intent.arg("action") == action)
                self.click(chosen.rect.center)
        assert len(table.session.table.records) > count, f"{action} was not taken"

    def offer(self, resources: tuple[str, ...]) -> None:
        """Compose a face-down offer by clicks on the screen's resources, then seal it."""
        table = self.table
        count = len(table.session.table.records)
        for resource in resources:
            self.zone(f"res:{resource}")
        self.button("Offer these face down")
        assert len(table.session.table.records) > count, f"{resources} was not sealed"

    def hover(self, pos: tuple[int, int]) -> None:
        """Move the pointer there."""
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))])


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line the table's panels render (their rendered lines are forgotten first)."""
    lines: list[str] = []
    drawn = look.render

    def render(face: str, size: int, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        lines.append(words)
        return drawn(face, size, words, *args, **kwargs)

    look.forget_lines()
    monkeypatch.setattr(look, "render", render)
    yield lines
    look.forget_lines()
