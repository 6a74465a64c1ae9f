"""Settings: resolution, fullscreen, interface size, animation speed, colour-blind-safe
palette, sound. Changes apply and are saved on 'Apply'."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from sprites import theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.settings import ANIMATION_SPEEDS, RESOLUTIONS, UI_SCALES, Settings
from sprites.theme import EMPIRES, empire_colour
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import render
from sprites.ui.widgets import Button, panel, rule

SPEED_WORDS = {0: "Instant", 50: "Slow", 100: "Normal", 200: "Fast"}

if TYPE_CHECKING:
    from sprites.app import App


@dataclass(frozen=True)
class Row:
    """One setting: its field, label, choices and how a value reads."""

    field: str
    label: str
    choices: tuple[Any, ...]
    words: Callable[[Any], str]


ROWS = (
    Row("resolution", "Window size", RESOLUTIONS, lambda v: f"{v[0]} × {v[1]}"),
    Row("fullscreen", "Full screen", (False, True), lambda v: "On" if v else "Off"),
    Row("ui_scale", "Interface size", UI_SCALES, lambda v: f"{v} %"),
    Row("animation_speed", "Animation speed", ANIMATION_SPEEDS, lambda v: SPEED_WORDS[v]),
    Row("colour_blind", "Colour-blind-safe colours", (False, True),
        lambda v: "On" if v else "Off"),
    Row("sound", "Sound", (True, False), lambda v: "On" if v else "Off"),
)


class SettingsScene(Scene):
    """Edit a draft of the settings; Apply adopts and saves it."""

    def __init__(self) -> None:
        super().__init__()
        self.draft: Settings | None = None
        self.selected = 0
        self.note = ""
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []

    def enter(self, app: App) -> None:
        """Start from the current settings."""
        super().enter(app)
        if self.draft is None:
            self.draft = app.settings
        w, h = app.size
        u = app.ui
        self.box = pygame.Rect(0, 0, u(980), u(720))
        self.box.center = (w // 2, h // 2 + u(20))
        top = self.box.y + u(150)
        self.rows = [pygame.Rect(self.box.x + u(50), top + k * u(70), self.box.w - u(100), u(58))
                     for k in range(len(ROWS))]
        bw, bh = u(220), u(58)
        self.buttons = [
            Button(pygame.Rect(self.box.right - u(50) - bw, self.box.bottom - u(90), bw, bh),
                   "Apply", intent("apply"), u(24)),
            Button(pygame.Rect(self.box.x + u(50), self.box.bottom - u(90), bw, bh), "Back",
                   intent("back"), u(24)),
        ]

    def resized(self) -> None:
        """Re-lay out."""
        super().resized()
        if self.app is not None:
            self.enter(self.app)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows change values, clicks on a row cycle it, Enter applies, Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for button in self.buttons:
                if button.hit(event.pos):
                    return [button.intent]
            for k, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    step = -1 if event.button == 3 or event.pos[0] < row.centerx else 1
                    return [intent("change", row=k, step=step)]
        if event.type == pygame.KEYDOWN:
            table = {pygame.K_UP: intent("select", step=-1),
                     pygame.K_DOWN: intent("select", step=1),
                     pygame.K_LEFT: intent("change", step=-1),
                     pygame.K_RIGHT: intent("change", step=1),
                     pygame.K_RETURN: intent("apply"), pygame.K_ESCAPE: intent("back")}
            return [table[event.key]] if event.key in table else []
        return []

    def apply(self, it: Intent) -> None:
        """Change the draft, apply it, or leave."""
        assert self.app is not None and self.draft is not None
        if it.name == "select":
            self.selected = (self.selected + it.arg("step")) % len(ROWS)
        elif it.name == "change":
            self.selected = it.arg("row", self.selected)
            row = ROWS[self.selected]
            current = getattr(self.draft, row.field)
            index = row.choices.index(current) if current in row.choices else 0
            value = row.choices[(index + it.arg("step")) % len(row.choices)]
            self.draft = self.draft.with_(**{row.field: value})
            self.note = ""
        elif it.name == "apply":
            problem = self.app.apply_settings(self.draft)
            self.note = problem or "Saved."
        elif it.name == "back":
            self.app.pop()
            return
        elif it.name == "hover":
            for button in self.buttons:
                button.hovered = button.rect.collidepoint(it.arg("pos"))
        self.full_redraw = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A static screen: redraw all of it after any change."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        app = self.app
        assert app is not None and self.draft is not None
        u = app.ui
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(48), "SETTINGS", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(62))))
        rule(surface, self.box.y + u(108), self.box.centerx - u(200), self.box.centerx + u(200))
        for k, (row, rect) in enumerate(zip(ROWS, self.rows, strict=True)):
            self._draw_row(surface, row, rect, k == self.selected)
        for button in self.buttons:
            button.draw(surface)
        if self.note:
            note = render("serif_italic", u(22), self.note, theme.WAX)
            surface.blit(note, note.get_rect(center=(self.box.centerx,
                                                     self.buttons[0].rect.centery)))
        return None

    def _draw_row(self, surface: pygame.Surface, row: Row, rect: pygame.Rect, chosen: bool
                  ) -> None:
        u = self.app.ui  # type: ignore[union-attr]
        assert self.draft is not None
        if chosen:
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, rect, 1, border_radius=3)
        name = render("serif_bold" if chosen else "serif", u(28), row.label,
                      theme.WAX if chosen else theme.INK)
        surface.blit(name, name.get_rect(midleft=(rect.x + u(20), rect.centery)))
        value = getattr(self.draft, row.field)
        words = render("display_bold", u(24), row.words(value), theme.INK)
        right = rect.right - u(40)
        box = words.get_rect(midright=(right - u(20), rect.centery))
        surface.blit(words, box)
        for x, flip in ((box.left - u(24), -1), (right, 1)):
            _arrow(surface, (x, rect.centery), u(8), flip)
        if row.field == "colour_blind":
            self._palette_chips(surface, box.left - u(60), rect.centery, bool(value))

    def _palette_chips(self, surface: pygame.Surface, right: int, y: int, safe: bool) -> None:
        u = self.app.ui  # type: ignore[union-attr]
        size = u(18)
        for k, empire in enumerate(reversed(EMPIRES)):
            chip = pygame.Rect(right - (k + 1) * (size + u(4)), y - size // 2, size, size)
            pygame.draw.rect(surface, empire_colour(empire, safe), chip, border_radius=3)
            pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=3)


def _arrow(surface: pygame.Surface, centre: tuple[int, int], size: int, direction: int
           ) -> None:
    x, y = centre
    points = [(x + direction * size, y), (x - direction * size * 0.6, y - size),
              (x - direction * size * 0.6, y + size)]
    pygame.draw.polygon(surface, theme.INK_SOFT, points)
