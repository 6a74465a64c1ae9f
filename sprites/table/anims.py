"""The table's animations: dice with the logged values, a city changing hands, VP changes,
cards flying, an expedition marching along its route, and a caption banner."""

from __future__ import annotations

import math

import pygame

from sprites import theme
from sprites.anim import ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp_point
from sprites.colour import RGB, darker
from sprites.map.markers import city_sprite
from sprites.map.picture import CityState
from sprites.map.tokens import banner_sprite
from sprites.table.cards import Face, blit_face
from sprites.table.timeline import Stage, Step
from sprites.ui.text import draw_text, render

PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}
TUMBLE = 0.45
"""Share of a roll's time the dice tumble before showing the logged values."""


def die_face(size: int, value: int, colour: RGB = theme.PARCHMENT_LIGHT) -> pygame.Surface:
    """A six-sided die showing `value` (a number for values above six)."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    box = out.get_rect().inflate(-2, -2)
    pygame.draw.rect(out, colour, box, border_radius=size // 6)
    pygame.draw.rect(out, theme.INK, box, 2, border_radius=size // 6)
    pips = PIPS.get(value)
    if pips is None:
        text = render("display_bold", size // 2, str(value), theme.INK)
        out.blit(text, text.get_rect(center=box.center))
        return out
    r = max(2, size // 11)
    for dx, dy in pips:
        pygame.draw.circle(out, theme.INK, (box.centerx + dx * size * 0.25,
                                            box.centery + dy * size * 0.25), r)
    return out


class Dice(Step):
    """A plaque in the middle of the map: a caption, the dice (the logged values), a total."""

    duration = 1.3

    def __init__(self, caption: str, dice: tuple[int, ...], result: str = "",
                 centre: tuple[int, int] = (0, 0)) -> None:
        super().__init__()
        self.caption, self.dice, self.result, self.centre = caption, dice, result, centre
        self.rect: pygame.Rect | None = None

    def faces(self) -> tuple[int, ...]:
        """What the dice show now: tumbling faces first, then exactly the logged values."""
        if self.t >= TUMBLE:
            return self.dice
        spin = int(self.elapsed * 18)
        return tuple((v + spin * (k + 2)) % 6 + 1 for k, v in enumerate(self.dice))

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The plaque with the dice."""
        u = stage.ui
        size = u(54)
        head = render("display_bold", u(24), self.caption, theme.INK)
        shown = self.dice[:12]
        row_w = len(shown) * (size + u(10)) - u(10)
        foot = render("serif_bold", u(24), self.result, theme.WAX) if self.t >= TUMBLE else None
        w = max(head.get_width(), row_w, foot.get_width() if foot else 0) + u(60)
        h = head.get_height() + size + u(70) + (foot.get_height() if foot else u(28))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.centre
        fade = min(1.0, self.t * 6, (1 - self.t) * 8 + 0.2)
        plaque = pygame.Surface(rect.size, pygame.SRCALPHA)
        plaque.fill((*theme.PARCHMENT_LIGHT, 240))
        pygame.draw.rect(plaque, theme.INK, plaque.get_rect(), 2)
        pygame.draw.rect(plaque, theme.GOLD, plaque.get_rect().inflate(-8, -8), 1)
        plaque.blit(head, head.get_rect(midtop=(w // 2, u(18))))
        x = (w - row_w) // 2
        y = u(30) + head.get_height()
        for k, value in enumerate(self.faces()[:12]):
            wobble = 0 if self.t >= TUMBLE else math.sin(self.elapsed * 30 + k) * u(5)
            plaque.blit(die_face(size, value), (x + k * (size + u(10)), y + wobble))
        if foot is not None:
            plaque.blit(foot, foot.get_rect(midtop=(w // 2, y + size + u(14))))
        plaque.set_alpha(round(255 * max(0.0, min(1.0, fade))))
        surface.blit(plaque, rect)
        return rect


class Flip(Step):
    """A city changes hands: the old marker turns edge-on and the new one turns back."""

    duration = 0.9

    def __init__(self, node: str, size: int, port: bool, old: CityState, new: CityState,
                 colour_blind: bool) -> None:
        super().__init__()
        self.node, self.size, self.port = node, size, port
        self.old, self.new, self.colour_blind = old, new, colour_blind

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The turning marker and a ring in the new owner's colour."""
        centre = stage.board_to_screen(self.node)
        if centre is None:
            return None
        radius = stage.ui(16)
        state = self.old if self.t < 0.5 else self.new
        sprite = city_sprite(self.size, radius, state, self.port, self.colour_blind)
        squash = abs(math.cos(math.pi * self.t))
        w = max(1, round(sprite.get_width() * squash))
        scaled = pygame.transform.smoothscale(sprite, (w, sprite.get_height()))
        rect = scaled.get_rect(center=(round(centre[0]), round(centre[1])))
        ring_r = round(radius * (1.2 + 1.8 * ease_out_cubic(self.t)))
        owner = self.new.owner
        ring = (theme.empire_colour(owner, self.colour_blind)
                if owner in theme.EMPIRE_COLOURS else theme.INK_SOFT)
        pygame.draw.circle(surface, ring, rect.center, ring_r, max(2, stage.ui(4)))
        surface.blit(scaled, rect)
        return pygame.Rect(rect.centerx - ring_r - 4, rect.centery - ring_r - 4,
                           2 * ring_r + 8, 2 * ring_r + 8).union(rect)


class VpChange(Step):
    """'+3 VP' rising beside a seat's row in the HUD."""

    duration = 1.4
    parallel = True

    def __init__(self, seat: int, change: int, colour: RGB) -> None:
        super().__init__()
        self.seat, self.change, self.colour = seat, change, colour

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The number, fading as it rises."""
        x, y = stage.seat_anchor(self.seat)
        ink = theme.WAX if self.change < 0 else darker(theme.GOLD, 0.3)
        text = render("display_bold", stage.ui(30), f"{self.change:+d} VP", ink)
        text.set_alpha(round(255 * min(1.0, (1 - self.t) * 3)))
        rect = text.get_rect(midleft=(x, round(y - stage.ui(30) * ease_out_cubic(self.t))))
        surface.blit(text, rect)
        return rect


class CardFlight(Step):
    """A face-up card flies from `start` to the middle, rests, then to `end` (a pile); a
    `caption` ("You lose Magon") stays under it, and the card rests longer to be read."""

    duration = 1.1

    def __init__(self, face: Face, start: tuple[int, int], middle: tuple[int, int],
                 end: tuple[int, int], small: float = 0.45, caption: str = "") -> None:
        super().__init__()
        self.face, self.start_at, self.middle, self.end = face, start, middle, end
        self.small, self.caption = small, caption
        if caption:
            self.duration = 2.2

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The card on its way."""
        t = self.t
        if t < 0.35:
            k = ease_out_back(t / 0.35)
            pos = lerp_point(self.start_at, self.middle, k)
            scale = self.small + (1 - self.small) * k
        elif t < 0.7:
            pos, scale = self.middle, 1.0
        else:
            k = ease_in_out_cubic((t - 0.7) / 0.3)
            pos, scale = lerp_point(self.middle, self.end, k), 1.0 - (1 - 0.3) * k
        w, h = self.face.surface.get_size()
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        image = pygame.transform.smoothscale(self.face.surface, size)
        rect = image.get_rect(center=(round(pos[0]), round(pos[1])))
        blit_face(surface, type(self.face)(image, self.face.texts), rect)
        if not self.caption:
            return rect
        return rect.union(self._caption(surface, stage, rect))

    def _caption(self, surface: pygame.Surface, stage: Stage, card: pygame.Rect) -> pygame.Rect:
        """The caption on a plate under the card."""
        size, top = stage.ui(26), (card.centerx, card.bottom + stage.ui(10))
        box = render("serif_bold", size, self.caption, theme.WAX).get_rect(midtop=top)
        plate = box.inflate(stage.ui(20), stage.ui(10))
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, plate, border_radius=stage.ui(6))
        pygame.draw.rect(surface, theme.GOLD, plate, 2, border_radius=stage.ui(6))
        draw_text(surface, "serif_bold", size, self.caption, theme.WAX, midtop=top)
        return plate


class March(Step):
    """An army's standard moving along its route, node by node."""

    def __init__(self, points: tuple[tuple[float, float], ...], colour: RGB) -> None:
        super().__init__()
        self.points, self.colour = points, colour
        self.duration = min(2.4, 0.5 + 0.35 * max(1, len(points) - 1))

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The standard and the road behind it."""
        if len(self.points) < 2:
            return None
        screen = [stage.point_to_screen(p) for p in self.points]
        legs = len(screen) - 1
        t = ease_in_out_cubic(self.t) * legs
        leg = min(int(t), legs - 1)
        here = lerp_point(screen[leg], screen[leg + 1], t - leg)
        trail = [*screen[:leg + 1], here]
        width = max(2, stage.ui(4))
        pygame.draw.lines(surface, darker(self.colour, 0.2), False, trail, width)
        sprite = banner_sprite(self.colour, stage.ui(30))
        rect = sprite.get_rect(midbottom=(round(here[0]), round(here[1]) + 2))
        surface.blit(sprite, rect)
        xs = [p[0] for p in screen]
        ys = [p[1] for p in screen]
        box = pygame.Rect(min(xs) - width, min(ys) - width, max(xs) - min(xs) + 2 * width,
                          max(ys) - min(ys) + 2 * width)
        return box.union(rect)


class Banner(Step):
    """A caption across the top of the map (a new turn, a Random Event, a conquest)."""

    duration = 1.2

    def __init__(self, text: str, centre: tuple[int, int], sub: str = "") -> None:
        super().__init__()
        self.text, self.centre, self.sub = text, centre, sub

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """The caption, fading in and out."""
        u = stage.ui
        head = render("display_bold", u(40), self.text, theme.INK, tracking=0.08)
        sub = render("serif_italic", u(24), self.sub, theme.INK_SOFT) if self.sub else None
        w = max(head.get_width(), sub.get_width() if sub else 0) + u(80)
        h = head.get_height() + (sub.get_height() if sub else 0) + u(30)
        plate = pygame.Surface((w, h), pygame.SRCALPHA)
        plate.fill((*theme.PARCHMENT_LIGHT, 235))
        pygame.draw.line(plate, theme.GOLD, (u(10), 2), (w - u(10), 2), 2)
        pygame.draw.line(plate, theme.GOLD, (u(10), h - 3), (w - u(10), h - 3), 2)
        plate.blit(head, head.get_rect(midtop=(w // 2, u(12))))
        if sub is not None:
            plate.blit(sub, sub.get_rect(midtop=(w // 2, u(12) + head.get_height())))
        plate.set_alpha(round(255 * max(0.0, min(1.0, self.t * 6, (1 - self.t) * 5))))
        rect = plate.get_rect(center=self.centre)
        surface.blit(plate, rect)
        return rect
