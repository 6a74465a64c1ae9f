"""The end of the game: final scores with the tie-breaks (VP, then cities, then key cities
held), how the game ended, and each empire's VP turn by turn (from the log's events)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import Event
from game.session import GameSession
from sprites import content, theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import render, wrap
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from sprites.app import App


@dataclass(frozen=True)
class Standing:
    """One empire's final line."""

    empire: str
    vp: int
    cities: int
    keys: int
    winner: bool
    player: str


def standings(view: dict[str, Any], key_cities: tuple[str, ...], players: tuple[str, ...]
              ) -> list[Standing]:
    """Empires ordered by VP, then cities, then key cities held (rule 4.4)."""
    winners = set(view["winners"])
    lines = []
    for k, seat in enumerate(view["seats"]):
        keys = sum(1 for c in key_cities if view["cities"].get(c, {}).get("owner")
                   == seat["empire"])
        lines.append(Standing(seat["empire"], seat["vp"], seat["cities"], keys,
                              seat["empire"] in winners, players[k]))
    return sorted(lines, key=lambda s: (-s.vp, -s.cities, -s.keys))


def vp_by_turn(history: list[tuple[int, tuple[Event, ...]]], seats: int, start: int
               ) -> list[tuple[str, tuple[int, ...]]]:
    """(label, VP per seat) at the start and at the end of every turn, and at the very end."""
    vp = [start] * seats
    points: list[tuple[str, tuple[int, ...]]] = [("Start", tuple(vp))]
    for _, events in history:
        for ev in events:
            seat = ev.get("seat")
            if ev.kind == "vp" and isinstance(seat, int) and 0 <= seat < seats:
                vp[seat] = int(ev.get("total"))
            elif ev.kind == "turn_ended":
                points.append((f"Turn {ev.get('turn')}", tuple(vp)))
            elif ev.kind == "game_over" and points[-1][1] != tuple(vp):
                points.append(("End", tuple(vp)))
    return points


def how_it_ended(history: list[tuple[int, tuple[Event, ...]]]) -> str:
    """The engine's sentence for the end of the game."""
    for _, events in reversed(history):
        for ev in events:
            if ev.kind == "game_over":
                return str(ev.get("how", "")).replace("_", " ")
    return ""


class EndScene(Scene):
    """Scores, tie-breaks and the VP chart."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        view = session.view(None)
        setup = content.content().setup(view["scenario"])
        self.title = f"{setup.number}. {setup.name}"
        self.lines = standings(view, setup.key_cities, session.players)
        start = content.content().tables.victory_points.start
        self.chart = vp_by_turn(session.history, len(view["seats"]), start)
        self.empires = [s["empire"] for s in view["seats"]]
        self.how = how_it_ended(session.history)
        self.last = [session.describe(ev) for _, evs in session.history[-12:] for ev in evs]
        self.buttons: list[Button] = []

    def enter(self, app: App) -> None:
        """Lay out."""
        super().enter(app)
        w, h = app.size
        u = app.ui
        self.buttons = [Button(pygame.Rect(w // 2 - u(330), h - u(100), u(300), u(58)),
                               "Back to the Table", intent("table"), u(22)),
                        Button(pygame.Rect(w // 2 + u(30), h - u(100), u(300), u(58)),
                               "Title Screen", intent("title"), u(22))]

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Buttons, Esc and Enter."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [b.intent for b in self.buttons if b.hit(event.pos)][:1]
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            return [intent("title")]
        return []

    def apply(self, it: Intent) -> None:
        """Back to the table (to look at the map) or the title screen."""
        assert self.app is not None
        if it.name == "table":
            self.app.pop()
        elif it.name == "title":
            from sprites.table.menu import leave_to_title

            leave_to_title(self.app)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A static page."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        assert self.app is not None
        u = self.app.ui
        w, h = surface.get_size()
        surface.blit(parchment_backdrop((w, h)), (0, 0))
        head = render("display_bold", u(52), "THE GAME IS OVER", theme.INK, tracking=0.1)
        surface.blit(head, head.get_rect(center=(w // 2, u(70))))
        sub = render("serif_italic", u(26), f"{self.title} · {self.how}".strip(" ·"),
                     theme.INK_SOFT)
        surface.blit(sub, sub.get_rect(center=(w // 2, u(118))))
        rule(surface, u(146), w // 2 - u(240), w // 2 + u(240))
        left = pygame.Rect(u(80), u(180), u(760), h - u(320))
        right = pygame.Rect(left.right + u(40), u(180), w - left.right - u(120), h - u(320))
        self._scores(surface, left)
        self._chart(surface, right)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _scores(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.app.ui  # type: ignore[union-attr]
        colour_blind = self.app.settings.colour_blind  # type: ignore[union-attr]
        panel(surface, box)
        x, y = box.x + u(30), box.y + u(26)
        cols = ((u(50), "Empire"), (u(380), "VP"), (u(480), "Cities"), (u(600), "Key cities"))
        for dx, words in cols:
            text = render("display_bold", u(18), words.upper(), theme.WAX, tracking=0.08)
            surface.blit(text, (x + dx, y))
        y += u(40)
        for rank, line in enumerate(self.lines, 1):
            ink = theme.INK
            if line.winner:
                pygame.draw.rect(surface, theme.PARCHMENT_LIGHT,
                                 (box.x + u(14), y - u(4), box.w - u(28), u(46)), border_radius=4)
                pygame.draw.rect(surface, theme.GOLD, (box.x + u(14), y - u(4), box.w - u(28),
                                                       u(46)), 2, border_radius=4)
            number = render("display_bold", u(26), str(rank), ink)
            surface.blit(number, (x, y))
            chip = pygame.Rect(x + u(50), y + u(6), u(24), u(24))
            pygame.draw.rect(surface, theme.empire_colour(line.empire, colour_blind), chip,
                             border_radius=4)
            pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=4)
            name = theme.empire_name(line.empire) + ("  — winner" if line.winner else "")
            surface.blit(render("serif_bold", u(26), name, ink), (x + u(84), y))
            for (dx, _), value in zip(cols[1:], (line.vp, line.cities, line.keys), strict=True):
                surface.blit(render("display_bold" if dx == cols[1][0] else "serif", u(26),
                                    str(value), ink), (x + dx, y))
            y += u(52)
        y += u(10)
        note = ("Ties are broken by the number of cities, then by key cities held (rule "
                "4.4); empires still tied share the victory.")
        for words in wrap("serif_italic", u(20), note, box.w - u(60)):
            text = render("serif_italic", u(20), words, theme.INK_SOFT)
            surface.blit(text, (x, y))
            y += text.get_height()
        self._last_words(surface, box, x, y + u(24))

    def _last_words(self, surface: pygame.Surface, box: pygame.Rect, x: int, y: int) -> None:
        """The chronicle's final sentences, as many as fit."""
        u = self.app.ui  # type: ignore[union-attr]
        head = render("display_bold", u(18), "HOW IT ENDED", theme.WAX, tracking=0.08)
        surface.blit(head, (x, y))
        y += head.get_height() + u(6)
        lines = [w for sentence in self.last for w in wrap("serif", u(20), sentence,
                                                           box.w - u(60))]
        room = max(0, (box.bottom - u(20) - y) // u(24))
        for words in lines[-room:] if room else []:
            surface.blit(render("serif", u(20), words, theme.INK), (x, y))
            y += u(24)

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.app.ui  # type: ignore[union-attr]
        colour_blind = self.app.settings.colour_blind  # type: ignore[union-attr]
        panel(surface, box)
        head = render("display_bold", u(20), "VICTORY POINTS, TURN BY TURN", theme.WAX,
                      tracking=0.08)
        surface.blit(head, (box.x + u(30), box.y + u(24)))
        plot = pygame.Rect(box.x + u(70), box.y + u(110), box.w - u(110), box.h - u(170))
        top = max(10, max(max(v) for _, v in self.chart))
        top = (top + 9) // 10 * 10
        for k in range(0, top + 1, 10):
            y = plot.bottom - plot.h * k // top
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (plot.x, y), (plot.right, y), 1)
            text = render("serif", u(18), str(k), theme.INK_SOFT)
            surface.blit(text, text.get_rect(midright=(plot.x - u(8), y)))
        n = len(self.chart)
        xs = [plot.x + (plot.w * i // max(1, n - 1)) for i in range(n)]
        for i, (words, _) in enumerate(self.chart):
            text = render("serif", u(18), words, theme.INK_SOFT)
            surface.blit(text, text.get_rect(midtop=(xs[i], plot.bottom + u(8))))
        pygame.draw.line(surface, theme.INK, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surface, theme.INK, plot.topleft, plot.bottomleft, 2)
        for seat, empire in enumerate(self.empires):
            colour = theme.empire_colour(empire, colour_blind)
            points = [(xs[i], plot.bottom - plot.h * values[seat] // top)
                      for i, (_, values) in enumerate(self.chart)]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(3, u(4)))
            for p in points:
                pygame.draw.circle(surface, colour, p, u(6))
                pygame.draw.circle(surface, theme.INK, p, u(6), 1)
        x = plot.x
        for empire in self.empires:
            colour = theme.empire_colour(empire, colour_blind)
            pygame.draw.rect(surface, colour, (x, box.y + u(66), u(18), u(18)))
            name = render("serif", u(20), theme.empire_name(empire), theme.INK)
            surface.blit(name, (x + u(24), box.y + u(62)))
            x += name.get_width() + u(50)
