"""Moving pieces over the map (expeditions, later; the benchmark's markers now): a sprite
travelling along board points on a tween, drawn as an overlay with dirty rectangles."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from sprites import theme
from sprites.anim import Tween, ease_in_out_sine, lerp_point
from sprites.colour import RGB, darker, lighter
from sprites.map.camera import Camera
from sprites.map.model import Point


@lru_cache(maxsize=64)
def banner_sprite(colour: RGB, size: int) -> pygame.Surface:
    """An army standard: a pennant on a pole, in an empire's colour."""
    w, h = size, round(size * 1.5)
    out = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    pole = (w // 4, 2)
    pygame.draw.line(out, theme.INK, pole, (pole[0], h + 2), 2)
    flag = [(pole[0] + 1, 3), (w + 2, 3 + h * 0.18), (pole[0] + 1, 3 + h * 0.42)]
    pygame.draw.polygon(out, colour, flag)
    pygame.draw.aalines(out, darker(colour, 0.5), True, flag)
    pygame.draw.circle(out, lighter(theme.GOLD, 0.2), pole, 2)
    pygame.draw.ellipse(out, (*theme.INK, 90), (pole[0] - 4, h, 8, 4))
    return out


@dataclass
class Token:
    """A sprite moving to and fro along a path of board points."""

    path: tuple[Point, ...]
    sprite: pygame.Surface
    seconds: float
    tween: Tween = field(init=False)
    forward: bool = True
    rect: pygame.Rect | None = None
    """Where it was last drawn (screen)."""

    def __post_init__(self) -> None:
        self.tween = Tween(0.0, 1.0, self.seconds, ease_in_out_sine)

    def step(self, dt: float) -> None:
        """Advance; at the end of the path turn round."""
        self.tween.step(dt)
        if self.tween.done:
            self.forward = not self.forward
            self.tween = Tween(0.0, 1.0, self.seconds, ease_in_out_sine)

    def position(self) -> Point:
        """The board point it is at now."""
        t = self.tween.value if self.forward else 1 - self.tween.value
        legs = len(self.path) - 1
        leg = min(int(t * legs), legs - 1)
        return lerp_point(self.path[leg], self.path[leg + 1], t * legs - leg)

    def draw(self, surface: pygame.Surface, camera: Camera) -> pygame.Rect:
        """Draw at the current position; the rectangle covered."""
        x, y = camera.to_screen(self.position())
        box = self.sprite.get_rect(midbottom=(round(x), round(y) + 2))
        surface.blit(self.sprite, box)
        self.rect = box
        return box
