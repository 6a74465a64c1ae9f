"""The table's HUD and end screen at small sizes (sprites/table/hud.py, paint.py, end.py): the
round the panel names, VP markers that leave their cell's number readable, '+N VP' rising
clear of the panel, and end-screen columns that stay inside their frame."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from sprites.table import hud
from sprites.table.end import _columns
from sprites.table.paint import TableStage
from sprites.ui.text import render

EMPIRES = ("rome", "carthage", "iberia")


def _model(round_number: int) -> hud.HudModel:
    seats = [hud.SeatLine(e, 8, 1, 5, 20, 0, "human") for e in EMPIRES]
    return hud.HudModel("3. The Second Punic War", 1, 3, round_number, "", "", 0, 4, seats)


def test_before_round_ones_event_the_panel_says_round_1(
        display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []

    def recording(face: str, size: int, line: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        said.append(line)
        return render(face, size, line, *args, **kwargs)

    monkeypatch.setattr(hud, "render", recording)
    hud.draw_hud(pygame.Surface((280, 720)), _model(0), lambda px: round(px * 2 / 3))
    assert "Turn 1 of 3  ·  Round 1" in said


def test_a_cells_markers_leave_its_number_readable(display: pygame.Surface) -> None:
    u = lambda px: round(px * 2 / 3)  # noqa: E731 (the 1280×720 scale)
    surface = pygame.Surface((60, 30))
    surface.fill((255, 255, 255))
    cell = pygame.Rect(5, 5, 25, u(30))
    digits = render("serif", u(13), "8", (0, 0, 0)).get_bounding_rect().move(cell.x + u(2), cell.y)
    before = surface.subsurface(digits).copy()
    hud._marks(surface, cell, _model(1).seats[:2], False, u)
    assert pygame.image.tobytes(surface.subsurface(digits), "RGB") == \
        pygame.image.tobytes(before, "RGB")


def test_a_vp_change_rises_past_the_panel_and_the_maps_frame(display: pygame.Surface) -> None:
    panel = hud.Hud()
    panel.place(pygame.Rect(0, 0, 267, 720), lambda px: round(px * 2 / 3))
    panel.layout = hud.draw_hud(pygame.Surface(panel.rect.size), _model(1), panel.u)
    stage = TableStage(None, panel, panel.u)  # type: ignore[arg-type]
    x, y = stage.seat_anchor(1)
    assert x >= panel.rect.right + panel.u(14) and y == panel.layout.rows[1].centery


def test_end_columns_close_up_to_keep_the_last_heading_inside(display: pygame.Surface) -> None:
    u = lambda px: round(px * 2 / 3)  # noqa: E731
    heads = [render("display_bold", u(18), words, (0, 0, 0), tracking=0.08)
             for words in ("VP", "CITIES", "KEY CITIES")]
    room = 530 - u(60)
    columns = _columns(heads, room, u)
    assert columns[0] == u(380) and columns[-1] + heads[-1].get_width() <= room
    assert _columns(heads, 2000, u) == [u(380) + k * u(110) for k in range(3)]
