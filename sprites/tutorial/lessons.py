"""Learn to Play: the list of lessons (the books' worked examples) and the chosen one's page."""

from __future__ import annotations

import pygame

from game.rulesets.mediterranean_empires.tutorial import Lesson, bundled_lessons
from sprites import theme
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.theme import empire_colour, empire_name
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_text, wrap
from sprites.ui.widgets import Button, panel, rule

KEYS = {pygame.K_UP: intent("step", step=-1), pygame.K_DOWN: intent("step", step=1),
        pygame.K_RETURN: intent("start"), pygame.K_KP_ENTER: intent("start"),
        pygame.K_ESCAPE: intent("back")}


def lesson_line(lesson: Lesson) -> str:
    """Under a lesson's title: whom you play and how long it is."""
    return (f"You play {empire_name(lesson.player)} · {len(lesson.steps)} steps, "
            f"{lesson.moves} of them yours")


class LessonsScene(Page):
    """The lessons, one chosen, and its description."""

    def __init__(self) -> None:
        super().__init__()
        self.lessons = bundled_lessons()
        self.selected = 0
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out for the window."""
        super().enter(app)
        w, h = app.size
        u = app.ui
        self.list_rect = pygame.Rect(u(90), u(170), min(u(660), w // 2 - u(110)), h - u(300))
        self.info_rect = pygame.Rect(self.list_rect.right + u(40), u(170),
                                     w - self.list_rect.right - u(130), h - u(300))
        row_h = min(u(110), (self.list_rect.h - u(40)) // max(1, len(self.lessons)))
        self.rows = [pygame.Rect(self.list_rect.x + u(16), self.list_rect.y + u(20) + k * row_h,
                                 self.list_rect.w - u(32), row_h - u(8))
                     for k in range(len(self.lessons))]
        bw, bh = u(300), u(60)
        self.buttons = [
            Button(pygame.Rect(w - u(90) - bw, h - u(110), bw, bh), "Start the Lesson",
                   intent("start"), u(24)),
            Button(pygame.Rect(u(90), h - u(110), u(200), bh), "Back", intent("back"), u(24)),
        ]

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks on rows and buttons, arrows, Enter and Escape."""
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "select"))

    def apply(self, it: Intent) -> None:
        """Select a lesson, start it, or go back."""
        if it.name in ("select", "step"):
            index = it.arg("index") if it.name == "select" else self.selected + it.arg("step")
            self.selected = max(0, min(len(self.lessons) - 1, index))
            self.full_redraw = True
        elif it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
        elif it.name == "back":
            self.host.pop()
        elif it.name == "start" and self.lessons:
            self.host.open("lesson", self.lessons[self.selected].id)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The list, the chosen lesson's page and the buttons."""
        u = self.host.ui
        w, _ = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        draw_text(surface, "display_bold", u(54), "LEARN TO PLAY", theme.INK,
                  center=(w // 2, u(80)))
        rule(surface, u(125), w // 2 - u(220), w // 2 + u(220))
        self._draw_list(surface)
        self._draw_info(surface)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _draw_list(self, surface: pygame.Surface) -> None:
        u = self.host.ui
        panel(surface, self.list_rect)
        for k, (lesson, row) in enumerate(zip(self.lessons, self.rows, strict=True)):
            chosen = k == self.selected
            if chosen:
                pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
                pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
            ink = theme.WAX if chosen else theme.INK
            draw_text(surface, "display_bold", u(24), f"{k + 1}", ink,
                      midleft=(row.x + u(14), row.centery))
            colour = empire_colour(lesson.player, self.host.settings.colour_blind)
            chip = pygame.Rect(row.x + u(48), row.centery - u(11), u(22), u(22))
            pygame.draw.rect(surface, colour, chip, border_radius=4)
            pygame.draw.rect(surface, theme.INK, chip, 2, border_radius=4)
            draw_text(surface, "serif_bold" if chosen else "serif", u(26), lesson.title, ink,
                      bottomleft=(row.x + u(84), row.centery + u(2)))
            draw_text(surface, "serif_italic", u(19), lesson_line(lesson), theme.INK_SOFT,
                      topleft=(row.x + u(84), row.centery + u(4)))

    def _draw_info(self, surface: pygame.Surface) -> None:
        if not self.lessons:
            return
        u = self.host.ui
        lesson, box = self.lessons[self.selected], self.info_rect
        panel(surface, box)
        x, y, width = box.x + u(36), box.y + u(30), box.w - u(72)
        for line in wrap("display_bold", u(36), lesson.title, width):
            y = draw_text(surface, "display_bold", u(36), line, theme.INK, topleft=(x, y)).bottom
        y = draw_text(surface, "serif_italic", u(22), lesson_line(lesson), theme.INK_SOFT,
                      topleft=(x, y + u(6))).bottom + u(18)
        for k, paragraph in enumerate(lesson.blurb.split("\n\n")):
            y += u(10) if k else 0
            for line in wrap("serif", u(24), paragraph, width):
                y = draw_text(surface, "serif", u(24), line, theme.INK, topleft=(x, y)).bottom
        foot = ("The other empires' moves are the book's, played for you with their reasons; "
                "the dice are the printed ones. Next (or N) goes on at once, Esc opens the menu.")
        lines = wrap("serif_italic", u(20), foot, width)
        y = box.bottom - u(26) - len(lines) * u(26)
        for line in lines:
            y = draw_text(surface, "serif_italic", u(20), line, theme.INK_SOFT,
                          topleft=(x, y)).bottom
