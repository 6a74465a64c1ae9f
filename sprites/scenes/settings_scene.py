"""Settings: resolution, fullscreen, interface size, animation speed, colour-blind-safe
palette, sound and its volume. Changes apply and are saved on 'Apply'; buttons click."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from sprites import sound, theme
from sprites.colour import RGB
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.settings import ANIMATION_SPEEDS, RESOLUTIONS, UI_SCALES, VOLUMES, Settings
from sprites.theme import EMPIRES, empire_colour
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.rows import Choice, ChoiceRows
from sprites.ui.text import render
from sprites.ui.widgets import Button, panel, rule

SPEED_WORDS = {0: "Instant", 50: "Slow", 100: "Normal", 200: "Fast"}


def palette(safe: Any) -> tuple[RGB, ...]:
    """The empires' colours in the scheme a value of the colour-blind setting chooses."""
    return tuple(empire_colour(empire, bool(safe)) for empire in EMPIRES)


MIN_WINDOW = (1280, 720)
"""The smallest window every layout fits: a smaller desktop's size is not offered."""


def desktop_sizes() -> list[tuple[int, int]]:
    """The desktops' sizes in pixels, when the display can say (else none)."""
    try:
        return [(w, h) for w, h in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []


def resolutions(current: tuple[int, int], desktops: list[tuple[int, int]]
                ) -> tuple[tuple[int, int], ...]:
    """The window sizes offered, smallest first: the usual ones, each desktop's own (if at
    least MIN_WINDOW) and the current one."""
    fit = [d for d in desktops if d[0] >= MIN_WINDOW[0] and d[1] >= MIN_WINDOW[1]]
    return tuple(sorted({*RESOLUTIONS, *fit, current}))


def offered(rows: tuple[Choice, ...], current: tuple[int, int]) -> tuple[Choice, ...]:
    """The rows with the window sizes this machine offers (its desktop's marked)."""
    desktops = desktop_sizes()
    sizes = resolutions(current, desktops)

    def words(v: tuple[int, int]) -> str:
        return f"{v[0]} × {v[1]}" + ("  (desktop)" if v in desktops else "")

    return tuple(replace(r, values=sizes, words=words) if r.key == "resolution" else r
                 for r in rows)


ROWS = (
    Choice("resolution", "Window size", RESOLUTIONS, lambda v: f"{v[0]} × {v[1]}"),
    Choice("fullscreen", "Full screen", (False, True)),
    Choice("ui_scale", "Interface size", UI_SCALES, lambda v: f"{v} %"),
    Choice("animation_speed", "Animation speed", ANIMATION_SPEEDS, lambda v: SPEED_WORDS[v]),
    Choice("colour_blind", "Colour-blind-safe colours", (False, True), swatches=palette),
    Choice("sound", "Sound", (True, False)),
    Choice("volume", "Volume", VOLUMES, lambda v: f"{v} %" if v else "Silent"),
)


class SettingsScene(Page):
    """Edit a draft of the settings; Apply adopts and saves it."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: ChoiceRows | None = None
        self.note = ""
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Start from the current settings (the first time) and lay out."""
        super().enter(app)
        if self.rows is None:
            self.rows = ChoiceRows(offered(ROWS, app.settings.resolution),
                                   {r.key: getattr(app.settings, r.key) for r in ROWS}, 26)
        w, h = app.size
        u = app.ui
        self.box = pygame.Rect(0, 0, u(980), u(720))
        self.box.center = (w // 2, h // 2 + u(20))
        top = self.box.y + u(150)
        self.rows.place([pygame.Rect(self.box.x + u(50), top + k * u(64), self.box.w - u(100),
                                     u(54)) for k in range(len(ROWS))])
        bw, bh = u(220), u(58)
        self.buttons = [
            Button(pygame.Rect(self.box.right - u(50) - bw, self.box.bottom - u(90), bw, bh),
                   "Apply", intent("apply"), u(24)),
            Button(pygame.Rect(self.box.x + u(50), self.box.bottom - u(90), bw, bh), "Back",
                   intent("back"), u(24)),
        ]

    @property
    def draft(self) -> Settings:
        """The settings as the rows now say."""
        assert self.rows is not None
        return self.host.settings.with_(**self.rows.values)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Arrows and clicks change values, Enter applies, Esc goes back."""
        assert self.rows is not None
        return (key_intents(event, {pygame.K_RETURN: intent("apply"),
                                    pygame.K_ESCAPE: intent("back")})
                or button_intents(event, self.buttons) or self.rows.intents(event))

    def apply(self, it: Intent) -> None:
        """Change the draft, apply it (and the sound's switch and volume), or leave; each with
        a click."""
        assert self.rows is not None
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        if self.rows.apply(it):
            self.note = ""
        elif it.name == "apply":
            self.note = self.host.apply_settings(self.draft) or "Saved."
        elif it.name == "back":
            sound.play("click")
            self.host.pop()
            return
        else:
            self.full_redraw = True
            return
        sound.play("click")
        self.full_redraw = True

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The panel, the rows, the buttons and a note."""
        assert self.rows is not None
        u = self.host.ui
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        panel(surface, self.box)
        head = render("display_bold", u(48), "SETTINGS", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(self.box.centerx, self.box.y + u(62))))
        rule(surface, self.box.y + u(108), self.box.centerx - u(200), self.box.centerx + u(200))
        self.rows.draw(surface, u)
        for button in self.buttons:
            button.draw(surface)
        if self.note:
            note = render("serif_italic", u(22), self.note, theme.WAX)
            surface.blit(note, note.get_rect(center=(self.box.centerx,
                                                     self.buttons[0].rect.centery)))
        return None
