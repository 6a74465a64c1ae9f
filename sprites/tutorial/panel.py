"""The lesson panel down the right of the table: the lesson's title, the step, our words for
it, what the person is to do (or whose move the book makes) and the Next / Pause / Leave
buttons; and the highlight on the move the lesson waits for — a pulsing ring on the map, a
glow on the hand card, a frame on the button."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.actions import Action
from sprites import theme
from sprites.resources import font
from sprites.scenes.base import intent
from sprites.table.display import TableDisplay
from sprites.ui.text import draw_text, render, wrap
from sprites.ui.widgets import Button, panel, rule

Scale = Callable[[float], int]
WIDTH = 500
"""The panel's width (design px)."""
SIZES = (24, 22, 20, 18, 16)
"""Type sizes tried for the words, largest first, until they fit."""
PULSE = 1.1
"""Seconds of one pulse of the highlight."""


@dataclass(frozen=True)
class Page:
    """What the panel says: lesson, step counter, words, the move asked and the status line."""

    title: str
    step: int
    steps: int
    words: str
    task: str = ""
    """The person's move, in words (empty: the script's turn)."""
    status: str = ""
    held: bool = False
    refused: str = ""
    """What the lesson said to a move it did not take, shown over the task."""


@dataclass(frozen=True)
class Highlight:
    """Where the lesson's move is: a place on the map, a hand card, a button or a choice."""

    kind: str
    rect: pygame.Rect
    point: tuple[int, int]
    """Where a click answers it (a hand card: the part no later card covers)."""
    node: str | None = None


class LessonPanel:
    """The panel, drawn once per change and blitted with every overlay."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.u: Scale = lambda px: round(px)
        self.buttons: list[Button] = []
        self.page: Page | None = None
        self._image: pygame.Surface | None = None
        self.meter = pygame.Rect(0, 0, 0, 0)
        """Where the script's reading time is shown (on screen; empty on the person's turn)."""

    def place(self, rect: pygame.Rect, u: Scale) -> None:
        """Lay out down the right of the window."""
        self.rect, self.u = rect, u
        bw, bh, gap = (rect.w - u(56)) // 3, u(46), u(8)
        y = rect.bottom - u(24) - bh
        x = rect.x + u(24)
        self.buttons = [Button(pygame.Rect(x + k * (bw + gap), y, bw, bh), words, it, u(20))
                        for k, (words, it) in enumerate((("Leave", intent("leave")),
                                                         ("Pause", intent("hold")),
                                                         ("Next »", intent("next"))))]
        self._image = None

    def show(self, page: Page) -> bool:
        """Say this page; whether it changed."""
        if page == self.page and self._image is not None:
            return False
        self.page, self._image = page, None
        self.buttons[1].text = "Resume" if page.held else "Pause"
        return True

    def hover(self, pos: tuple[int, int]) -> bool:
        """Light the button under the pointer; whether that changed."""
        changed = False
        for button in self.buttons:
            over = button.rect.collidepoint(pos)
            changed |= over != button.hovered
            button.hovered = over
        if changed:
            self._image = None
        return changed

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The button under a point."""
        return next((b for b in self.buttons if b.hit(pos)), None)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The panel (rendered again only after a change)."""
        if self._image is None:
            self._image = self._render()
        return surface.blit(self._image, self.rect)

    def _render(self) -> pygame.Surface:
        u, box = self.u, self.rect
        image = pygame.Surface(box.size)
        image.fill(theme.BACKDROP)
        plate = image.get_rect().inflate(-u(12), -u(12))
        panel(image, plate, shadow=False)
        page = self.page or Page("", 0, 0, "")
        x, width = plate.x + u(22), plate.w - u(44)
        y = plate.y + u(20)
        y = draw_text(image, "display_bold", u(18), "LEARN TO PLAY", theme.WAX,
                      topleft=(x, y)).bottom + u(2)
        for line in wrap("display_bold", u(30), page.title, width):
            y = draw_text(image, "display_bold", u(30), line, theme.INK, topleft=(x, y)).bottom
        y = self._progress(image, page, x, width, y + u(8))
        rule(image, y + u(12), x, x + width)
        bottom = self._task(image, page, x, width) - u(12)
        self._words(image, page.words, x, width, y + u(30), bottom)
        for button in self.buttons:
            moved = Button(button.rect.move(-box.x, -box.y), button.text, button.intent,
                           button.size, button.enabled, button.hovered)
            moved.draw(image)
        return image

    def _progress(self, image: pygame.Surface, page: Page, x: int, width: int, y: int) -> int:
        u = self.u
        said = f"Step {page.step} of {page.steps}" if page.steps else ""
        text = draw_text(image, "serif_italic", u(19), said, theme.INK_SOFT, topleft=(x, y))
        bar = pygame.Rect(x, text.bottom + u(6), width, u(6))
        pygame.draw.rect(image, theme.PARCHMENT_DARK, bar, border_radius=3)
        done = bar.copy()
        done.w = round(bar.w * page.step / page.steps) if page.steps else 0
        if done.w:
            pygame.draw.rect(image, theme.GOLD, done, border_radius=3)
        return bar.bottom

    def _words(self, image: pygame.Surface, words: str, x: int, width: int, top: int,
               bottom: int) -> None:
        """The page's paragraphs at the largest size that fits between top and bottom."""
        u = self.u
        for size in SIZES:
            lines = _paragraphs(words, u(size), width)
            height = sum(font("serif", u(size)).get_linesize() if line else u(size) // 2
                         for line in lines)
            if top + height <= bottom or size == SIZES[-1]:
                break
        y = top
        for line in lines:
            if not line:
                y += u(size) // 2
                continue
            y = draw_text(image, "serif", u(size), line, theme.INK, topleft=(x, y)).bottom

    def _task(self, image: pygame.Surface, page: Page, x: int, width: int) -> int:
        """The move asked of the person (or the status line) above the buttons; its top."""
        u = self.u
        bottom = self.buttons[0].rect.y - self.rect.y - u(16)
        head, ink = ("YOUR MOVE", theme.WAX) if page.task else ("", theme.INK_SOFT)
        words = page.task or page.status
        face = "serif_bold" if page.task else "serif_italic"
        lines = wrap(face, u(21), words, width - u(24))
        said = wrap("serif_italic", u(19), page.refused, width - u(24)) if page.refused else []
        height = (len(lines) * font(face, u(21)).get_linesize() + (u(30) if head else 0)
                  + len(said) * font("serif_italic", u(19)).get_linesize() + u(24))
        box = pygame.Rect(x - u(6), bottom - height, width + u(12), height)
        if page.task:
            pygame.draw.rect(image, theme.PARCHMENT_LIGHT, box, border_radius=6)
            pygame.draw.rect(image, theme.WAX, box, 2, border_radius=6)
        y = box.y + u(12)
        if head:
            y = draw_text(image, "display_bold", u(18), head, ink, topleft=(x + u(6), y)).bottom
        for line in lines:
            y = draw_text(image, face, u(21), line, ink, topleft=(x + u(6), y)).bottom
        for line in said:
            y = draw_text(image, "serif_italic", u(19), line, theme.INK_SOFT,
                          topleft=(x + u(6), y)).bottom
        self.meter = pygame.Rect(self.rect.x + x + u(6), self.rect.y + box.y - u(4),
                                 width - u(12), max(2, u(4))) if not page.task \
            else pygame.Rect(0, 0, 0, 0)
        return box.y - (u(10) if not page.task else 0)

    def draw_meter(self, surface: pygame.Surface, done: float | None) -> list[pygame.Rect]:
        """How much of the script's reading time has passed (None: no time is running)."""
        if not self.meter.w or done is None:
            return []
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, self.meter)
        filled = self.meter.copy()
        filled.w = round(self.meter.w * max(0.0, min(1.0, done)))
        if filled.w:
            pygame.draw.rect(surface, theme.GOLD, filled)
        return [self.meter.copy()]


def _paragraphs(words: str, size: int, width: int) -> list[str]:
    """Wrapped lines, an empty line between paragraphs."""
    lines: list[str] = []
    for k, paragraph in enumerate(words.split("\n\n")):
        lines += ([""] if k else []) + wrap("serif", size, paragraph, width)
    return lines


# -- the highlight ------------------------------------------------------------------------------

def find_highlight(display: TableDisplay, action: Action | None) -> Highlight | None:
    """Where the lesson's move is on screen now (None: not offered, or nothing to show)."""
    offered = display.offered
    if action is None or offered is None or display.timeline.busy:
        return None
    chooser = [b for b in display.bar.choosing if b.intent.arg("action") == action]
    if display.bar.choosing:
        return Highlight("choice", chooser[0].rect, chooser[0].rect.center) if chooser else None
    offer = offered.offer
    node = next((n for n, acts in offer.targets.items() if action in acts), None)
    if node is not None:
        return _node(display, node)
    slot = next((s for s, acts in offer.cards.items() if action in acts), None)
    if slot is not None:
        return _card(display, slot)
    button = next((b for b in display.bar.buttons if b.intent.arg("action") == action), None)
    return Highlight("button", button.rect, button.rect.center) if button is not None else None


def _card(display: TableDisplay, slot: str) -> Highlight | None:
    """A hand card's highlight; its click point on the strip no later card covers."""
    cards = display.hand.cards
    index = next((k for k, c in enumerate(cards) if c.slot == slot), None)
    if index is None:
        return None
    rect = cards[index].rect
    right = cards[index + 1].rect.x if index + 1 < len(cards) else rect.right
    point = ((rect.x + min(right, rect.right)) // 2, display.hand.area.bottom - 4)
    lift = display.hand.lift if display.hand.hover == slot else 0
    return Highlight("card", rect.move(0, -lift), point)


def _node(display: TableDisplay, node: str) -> Highlight | None:
    centre = display.map.to_screen(node)
    if centre is None:
        return None
    radius = round(display.map.node_radius(node, display.map.map_view.camera.zoom))
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = (round(centre[0]), round(centre[1]))
    if not display.map.viewport.collidepoint(rect.center):
        return None
    return Highlight("node", rect, rect.center, node)


def draw_highlight(surface: pygame.Surface, light: Highlight, clock: float, u: Scale,
                   viewport: pygame.Rect) -> list[pygame.Rect]:
    """The pulse on the lesson's move; the rectangles drawn."""
    beat = (math.sin(2 * math.pi * clock / PULSE) + 1) / 2
    if light.kind == "node":
        ring = _ring(surface, light.rect, beat, u, viewport)
        return [ring, _tag(surface, (ring.centerx, ring.y + u(14)), beat, u, down=True)]
    grow = u(6) + round(beat * u(6))
    frame = light.rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, theme.WAX, frame, max(3, u(5)), border_radius=u(10))
    pygame.draw.rect(surface, theme.GOLD_LIGHT, frame.inflate(-u(8), -u(8)), max(2, u(3)),
                     border_radius=u(8))
    if light.kind == "card":
        tip = _tag(surface, (light.point[0], frame.y - u(4)), beat, u, down=True)
    elif light.kind == "button":
        tip = _tag(surface, (frame.centerx, frame.bottom + u(4)), beat, u, down=False)
    else:
        return [frame.inflate(4, 4)]
    return [frame.inflate(4, 4), tip]


def _tag(surface: pygame.Surface, tip: tuple[int, int], beat: float, u: Scale, down: bool
         ) -> pygame.Rect:
    """A wax label, "Your move", with a point at `tip` (below it, or above it when not
    `down`), bobbing with the pulse."""
    bob = round(beat * u(5))
    x, y = tip[0], tip[1] - bob if down else tip[1] + bob
    text = render("display_bold", u(17), "YOUR MOVE", theme.PARCHMENT_LIGHT)
    box = text.get_rect().inflate(u(20), u(10))
    point = u(10)
    if down:
        box.midbottom = (x, y - point)
        arrow = [(x - point, box.bottom - 1), (x + point, box.bottom - 1), (x, y)]
    else:
        box.midtop = (x, y + point)
        arrow = [(x - point, box.y + 1), (x + point, box.y + 1), (x, y)]
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme.WAX, box, border_radius=u(6))
    pygame.draw.rect(surface, theme.GOLD_LIGHT, box, max(1, u(2)), border_radius=u(6))
    pygame.draw.polygon(surface, theme.WAX, arrow)
    surface.blit(text, text.get_rect(center=box.center))
    return box.union(pygame.Rect(x - point, min(y, box.y), 2 * point, abs(y - box.y)))\
        .inflate(4, 4)


def _ring(surface: pygame.Surface, rect: pygame.Rect, beat: float, u: Scale,
          viewport: pygame.Rect) -> pygame.Rect:
    clip = surface.get_clip()
    surface.set_clip(viewport)
    radius = rect.w // 2 + u(10) + round(beat * u(12))
    pygame.draw.circle(surface, theme.WAX, rect.center, radius, u(5))
    pygame.draw.circle(surface, theme.GOLD_LIGHT, rect.center, radius - u(5), u(2))
    pygame.draw.circle(surface, theme.GOLD_LIGHT, rect.center, rect.w // 2 + u(4), u(2))
    surface.set_clip(clip)
    reach = rect.w // 2 + u(26)
    return pygame.Rect(rect.centerx - reach, rect.centery - reach, 2 * reach, 2 * reach)


def status_words(who: str, reading: bool, held: bool) -> str:
    """The line under the words while the script plays."""
    if held:
        return f"Paused. {who} — Resume or Next goes on."
    return f"{who}. Next goes on at once." if reading else who


def draw_refusal(surface: pygame.Surface, words: str, midtop: tuple[int, int], u: Scale
                 ) -> list[pygame.Rect]:
    """What the lesson says to a move it does not take, on a plaque over the map."""
    if not words:
        return []
    text = render("serif_bold", u(21), words, theme.WAX)
    box = text.get_rect(midtop=midtop).inflate(u(28), u(14))
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, box, border_radius=u(8))
    pygame.draw.rect(surface, theme.WAX, box, max(2, u(3)), border_radius=u(8))
    surface.blit(text, text.get_rect(center=box.center))
    return [box.inflate(4, 4)]
