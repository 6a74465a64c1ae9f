"""The end of the game: the rule set's outcome — each empire's place with the tie-break
figures it was ranked by, the winners and why the game ended — the chronicle's last
sentences, each empire's VP turn by turn (from the log's events), and after a LAN game the
network's audit, a line per seat under the chart."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.events import Event
from game.core.outcome import ABANDONED, AUTOMATIC_VICTORY, LAST_TURN, Outcome
from game.session import GameSession
from sprites import content, theme
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.table.lan_status import state_colour
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.text import draw_text, elide, render, wrap
from sprites.ui.widgets import Button, panel, rule

REASONS = {LAST_TURN: "ended after the last turn", AUTOMATIC_VICTORY: "won by automatic victory",
           ABANDONED: "abandoned before its end"}
KEYS = {pygame.K_RETURN: intent("title"), pygame.K_ESCAPE: intent("title")}
AUDIT = ("serif", 20)
"""The audit lines' face and design size."""
AUDIT_LINES = 2
"""The most lines one seat's audit takes (the last cut short with "…")."""


def audit_checked(line: str) -> bool:
    """Whether an audit line says its seat was checked (else it names a problem)."""
    return line.rstrip(" .").endswith("checked")


def audit_words(line: str) -> str:
    """An audit line as shown: a seat's id at its head becomes the empire's name, and the
    line starts with a capital."""
    head, sep, rest = line.partition(": ")
    if sep and head in theme.EMPIRE_NAMES:
        return f"{theme.empire_name(head)}: {rest}"
    return line[:1].upper() + line[1:]


def ranked_by(outcome: Outcome) -> str:
    """How the standings were ranked, in words: 'Ranked by VP, then cities, then …'."""
    names = ["VP" if name == "vp" else name for name, _ in
             (outcome.ranking[0].keys if outcome.ranking else ())]
    if not names:
        return ""
    return (f"Ranked by {', then '.join(names)}; empires still tied share the place and the "
            "victory.")


def key_name(name: str) -> str:
    """A tie-break figure's column heading ('vp' → 'VP', 'key cities' → 'Key cities')."""
    return "VP" if name == "vp" else name.capitalize()


def vp_by_turn(history: list[tuple[int, tuple[Event, ...]]], seats: int, start: int
               ) -> list[tuple[str, tuple[int, ...]]]:
    """(label, VP per seat) at the start, after every turn's scoring, and at the very end."""
    vp = [start] * seats
    points: list[tuple[str, tuple[int, ...]]] = [("Start", tuple(vp))]
    for _, events in history:
        for ev in events:
            seat = ev.get("seat")
            if ev.kind == "vp" and isinstance(seat, int) and 0 <= seat < seats:
                vp[seat] = int(ev.get("total"))
            elif ev.kind == "turn_scored":
                points.append((f"Turn {ev.get('turn')}", tuple(vp)))
            elif ev.kind == "game_over" and points[-1][1] != tuple(vp):
                points.append(("End", tuple(vp)))
    return points


def _columns(heads: list[pygame.Surface], room: int, u: Callable[[float], int]) -> list[int]:
    """Where the figure columns start: every u(110) from u(380), closer together where the
    last heading would not end inside `room` (a small window)."""
    if not heads:
        return []
    step = u(110)
    if len(heads) > 1:
        step = min(step, (room - u(380) - heads[-1].get_width()) // (len(heads) - 1))
    return [u(380) + k * step for k in range(len(heads))]


class EndScene(Page):
    """Places, tie-break figures, the reason, the last sentences and the VP chart."""

    def __init__(self, session: GameSession, audit: tuple[str, ...] = (),
                 outcome: Outcome | None = None) -> None:
        super().__init__()
        self.session = session
        view = session.view(None)
        setup = content.content().setup(view["scenario"])
        self.title = setup.title
        self.outcome = session.outcome() if outcome is None else outcome
        """The session's outcome, or the one given (a LAN game the network ended as
        abandoned)."""
        self.audit = tuple(audit)
        """The network's audit, a line per seat ("Carthage: … checked"); () for none."""
        start = content.content().tables.victory_points.start
        self.chart = vp_by_turn(session.history, len(view["seats"]), start)
        self.empires = [s["empire"] for s in view["seats"]]
        self.last = [session.describe(ev) for _, evs in session.history[-12:] for ev in evs]
        self.buttons: list[Button] = []

    @property
    def reason(self) -> str:
        """Why the game ended, in words."""
        return REASONS.get(self.outcome.reason, self.outcome.reason)

    def enter(self, app: Host) -> None:
        """Lay out."""
        super().enter(app)
        w, h = app.size
        u = app.ui
        self.buttons = [Button(pygame.Rect(w // 2 - u(330), h - u(100), u(300), u(58)),
                               "Back to the Table", intent("table"), u(22)),
                        Button(pygame.Rect(w // 2 + u(30), h - u(100), u(300), u(58)),
                               "Title Screen", intent("title"), u(22))]

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Buttons; Esc and Enter go to the title screen."""
        return key_intents(event, KEYS) or button_intents(event, self.buttons)

    def apply(self, it: Intent) -> None:
        """Back to the table (to look at the map) or the title screen."""
        if it.name == "table":
            self.host.pop()
        elif it.name == "title":
            self.host.back_to("title")
        elif it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The heading, the standings and the chart."""
        u = self.host.ui
        w, h = surface.get_size()
        surface.blit(parchment_backdrop((w, h)), (0, 0))
        head = render("display_bold", u(52), "THE GAME IS OVER", theme.INK, tracking=0.1)
        surface.blit(head, head.get_rect(center=(w // 2, u(70))))
        sub = render("serif_italic", u(26), f"{self.title} · {self.reason}",
                     theme.INK_SOFT)
        surface.blit(sub, sub.get_rect(center=(w // 2, u(118))))
        rule(surface, u(146), w // 2 - u(240), w // 2 + u(240))
        left = pygame.Rect(u(80), u(180), u(760), h - u(320))
        right = pygame.Rect(left.right + u(40), u(180), w - left.right - u(120), h - u(320))
        self._scores(surface, left)
        if self.audit:
            below = self._audit_height(right.w, right.h // 2)
            self._audit(surface, pygame.Rect(right.x, right.bottom - below, right.w, below))
            right.h -= below + u(20)
        self._chart(surface, right)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _scores(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.host.ui
        panel(surface, box)
        x, y = box.x + u(30), box.y + u(26)
        ranking = self.outcome.ranking
        names = [key_name(n) for n, _ in ranking[0].keys] if ranking else []
        heads = [render("display_bold", u(18), words.upper(), theme.WAX, tracking=0.08)
                 for words in ["Empire", *names]]
        columns = _columns(heads[1:], box.w - u(60), u)
        for dx, text in zip([u(50), *columns], heads, strict=True):
            surface.blit(text, (x + dx, y))
        y += u(40)
        for standing in ranking:
            self._standing(surface, box, standing.seat, standing.place,
                           [v for _, v in standing.keys], columns, y)
            y += u(52)
        for words in wrap("serif_italic", u(20), ranked_by(self.outcome), box.w - u(60)):
            text = render("serif_italic", u(20), words, theme.INK_SOFT)
            surface.blit(text, (x, y + u(10)))
            y += text.get_height()
        self._last_words(surface, box, x, y + u(34))

    def _standing(self, surface: pygame.Surface, box: pygame.Rect, seat: int, place: int,
                  values: list[int], columns: list[int], y: int) -> None:
        """One empire's line: place, colour, name (winners marked), tie-break figures."""
        u = self.host.ui
        x, empire = box.x + u(30), self.empires[seat]
        winner = seat in self.outcome.winners
        if winner:
            plate = pygame.Rect(box.x + u(14), y - u(4), box.w - u(28), u(46))
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, plate, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD, plate, 2, border_radius=4)
        surface.blit(render("display_bold", u(26), str(place), theme.INK), (x, y))
        chip = pygame.Rect(x + u(50), y + u(6), u(24), u(24))
        colour = theme.empire_colour(empire, self.host.settings.colour_blind)
        pygame.draw.rect(surface, colour, chip, border_radius=4)
        pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=4)
        name = theme.empire_name(empire) + ("  — winner" if winner else "")
        surface.blit(render("serif_bold", u(26), name, theme.INK), (x + u(84), y))
        for k, (dx, value) in enumerate(zip(columns, values, strict=True)):
            face = "display_bold" if k == 0 else "serif"
            surface.blit(render(face, u(26), str(value), theme.INK), (x + dx, y))

    def _last_words(self, surface: pygame.Surface, box: pygame.Rect, x: int, y: int) -> None:
        """The chronicle's final sentences, as many as fit."""
        u = self.host.ui
        head = render("display_bold", u(18), "HOW IT ENDED", theme.WAX, tracking=0.08)
        surface.blit(head, (x, y))
        y += head.get_height() + u(6)
        lines = [w for sentence in self.last for w in wrap("serif", u(20), sentence,
                                                           box.w - u(60))]
        room = max(0, (box.bottom - u(20) - y) // u(24))
        for words in lines[-room:] if room else []:
            surface.blit(render("serif", u(20), words, theme.INK), (x, y))
            y += u(24)

    def _audit_lines(self, width: int) -> list[tuple[bool, list[str]]]:
        """Each seat's audit: whether it was checked, and its words wrapped to `width`."""
        face, size = AUDIT[0], self.host.ui(AUDIT[1])
        out = []
        for line in self.audit:
            lines = wrap(face, size, audit_words(line), width)
            if len(lines) > AUDIT_LINES:
                lines = [*lines[:AUDIT_LINES - 1],
                         elide(face, size, lines[AUDIT_LINES - 1] + " …", width)]
            out.append((audit_checked(line), lines))
        return out

    def _audit_height(self, width: int, most: int) -> int:
        """The audit panel's height for a panel `width` wide, at most `most`."""
        u = self.host.ui
        step = font(AUDIT[0], u(AUDIT[1])).get_linesize()
        lines = sum(len(words) for _, words in self._audit_lines(width - u(100)))
        return min(most, u(70) + lines * step + len(self.audit) * u(4))

    def _audit(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The audit panel: a tick for each seat checked, a cross for each problem; the
        lines that do not fit are counted at the foot."""
        u = self.host.ui
        panel(surface, box)
        head = render("display_bold", u(20), "AUDIT", theme.WAX, tracking=0.08)
        surface.blit(head, (box.x + u(30), box.y + u(22)))
        face, size = AUDIT[0], u(AUDIT[1])
        step = font(face, size).get_linesize()
        x, y, bottom = box.x + u(64), box.y + u(56), box.bottom - u(12)
        seats = self._audit_lines(box.w - u(100))
        for k, (checked, lines) in enumerate(seats):
            left = len(seats) - k
            if y + len(lines) * step > bottom or (left > 1 and y + (len(lines) + 1) * step
                                                  > bottom):
                draw_text(surface, "serif_italic", size, f"and {left} more…", theme.INK_SOFT,
                          topleft=(x, y))
                return
            _mark(surface, checked, (box.x + u(42), y + step // 2), u(8),
                  self.host.settings.colour_blind)
            for words in lines:
                draw_text(surface, face, size, words, theme.INK if checked else theme.WAX,
                          topleft=(x, y))
                y += step
            y += u(4)

    def _chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.host.ui
        colour_blind = self.host.settings.colour_blind
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


def _mark(surface: pygame.Surface, checked: bool, centre: tuple[int, int], size: int,
          colour_blind: bool) -> None:
    """A small tick (checked) or cross (a problem) drawn at `centre`."""
    x, y = centre
    width = max(2, size // 3)
    if checked:
        points = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size)]
        pygame.draw.lines(surface, state_colour("connected", colour_blind), False, points,
                          width)
    else:
        for dx in (-1, 1):
            pygame.draw.line(surface, theme.WAX, (x - dx * size * 4 // 5, y - size * 4 // 5),
                             (x + dx * size * 4 // 5, y + size * 4 // 5), width)
