"""The Military Expedition route preview: from the choice of its target until its end (its
battles and the interceptions against it included), each player ME's route from its
Expedition frame on the view's stack drawn on the map — the land legs highlighted,
each coastal crossing marked with a wave (one shipwreck roll each, rule 5.4.3), the naval leg
as a sea-lane arc — and a note with the crossings and, with a naval leg, the Fleets' carrying
capacity against the Troops added so far (from the seat's own knowledge of its cards).
While the route or landing port is still to choose, each choice's route comes with the view
(`route_options`) and is previewed the same way when the choice is hovered."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.actions import Action, action_from_plain
from game.rulesets.mediterranean_empires.expedition.routes import Route, crossings
from sprites import content, theme
from sprites.ui.text import draw_text
from sprites.ui.widgets import panel

Scale = Callable[[float], int]


@dataclass(frozen=True)
class RoutePreview:
    """What the preview shows."""

    seat: int
    target: str
    path: tuple[str, ...]
    sea: int
    """Index in `path` where the naval leg ends (-1: none)."""
    crossings: tuple[int, ...]
    """Indexes i of the legs path[i-1] → path[i] that are coastal crossings."""
    capacity: int | None
    """Troops the added Fleets can carry (None: no naval leg or not known here)."""
    troops: int
    choice: bool = False
    """A choice still to make (hovered), not the route chosen."""
    landings: tuple[str, ...] = ()
    """For an embarkation port hovered: where the naval leg may then land."""
    role: str = "attack"
    """The Expedition frame's role: "attack", or an interception ("land", "naval")."""


def expedition_frames(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The players' MEs on the view's stack whose target is chosen, at any step, bottom
    first (an interceptor's above the ME it answers)."""
    return [f for f in view.get("stack") or () if f.get("kind") == "expedition"
            and f.get("seat", -1) >= 0 and f.get("target")]


def expedition_frame(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The topmost player ME on the view's stack, if any."""
    frames = expedition_frames(view)
    return frames[-1] if frames else None


def crossing_legs(path: tuple[str, ...], sea: int) -> tuple[int, ...]:
    """The legs i (path[i-1] → path[i]) on which the rule set counts a coastal crossing."""
    rules = content.rules()
    return tuple(i for i in range(1, len(path))
                 if crossings(rules, Route(path[i - 1:i + 1], 1 if i == sea else -1)))


def route_preview(view: Mapping[str, Any], known: Mapping[str, str]) -> RoutePreview | None:
    """The topmost ME's preview; `known` names the cards the seat at the screen knows."""
    frame = expedition_frame(view)
    return frame_preview(frame, known) if frame is not None else None


def route_previews(view: Mapping[str, Any], known: Mapping[str, str]
                   ) -> tuple[RoutePreview, ...]:
    """The preview of every player ME on the stack, bottom first."""
    return tuple(frame_preview(f, known) for f in expedition_frames(view))


def frame_preview(frame: Mapping[str, Any], known: Mapping[str, str]) -> RoutePreview:
    """The preview of one Expedition frame."""
    path = tuple(frame.get("path") or ())
    sea = frame.get("sea", -1)
    capacity = None
    troops = 0
    cards = [c["slot"] for c in frame["force"].get("cards", ())]
    decks = content.content().decks
    if all(slot in known for slot in cards):
        fleets = 0
        for slot in cards:
            card = decks.card(known[slot])
            if card.has_type("F") and card.cf is not None:
                fleets += card.cf.naval.value or 0
            elif card.has_type("T"):
                troops += 1
        capacity = fleets if sea >= 0 else None
    else:
        troops = len(cards)
    return RoutePreview(frame["seat"], frame["target"], path, sea, crossing_legs(path, sea),
                        capacity, troops, role=frame.get("role", "attack"))


def option_previews(view: Mapping[str, Any]) -> dict[Action, RoutePreview]:
    """The preview of each route/port choice the view offers (empty when none is pending)."""
    options = view.get("route_options") or ()
    stack = view.get("stack") or []
    if not options or not stack or stack[-1].get("kind") != "expedition":
        return {}
    frame = stack[-1]
    found = {}
    for option in options:
        path = tuple(option["path"])
        sea = option.get("sea", -1)
        found[action_from_plain(option["action"])] = RoutePreview(
            frame["seat"], frame["target"], path, sea, crossing_legs(path, sea), None, 0,
            choice=True, landings=tuple(option.get("landings", ())),
            role=frame.get("role", "attack"))
    return found


def shipwreck_words(count: int) -> str:
    """'2 shipwreck rolls'."""
    return f"{count} shipwreck roll{'s' if count != 1 else ''}"


def heading(preview: RoutePreview, names: Any) -> str:
    """The note's first line: 'Expedition to Neapolis', 'Interception at Capua', '… at sea'."""
    if preview.role == "naval":
        return "Interception at sea"
    what = "Interception at" if preview.role == "land" else "Expedition to"
    return f"{what} {names.node(preview.target)}"


def note_lines(preview: RoutePreview, names: Any) -> list[str]:
    """The preview's note, line by line."""
    lines = [heading(preview, names)]
    if preview.path:
        lines.append(" → ".join(names.node(n) for n in preview.path))
        n = len(preview.crossings)
        lines.append(f"{n} coastal crossing{'s' if n != 1 else ''}: {shipwreck_words(n)}"
                     if n else "No coastal crossing: no shipwreck roll")
    if preview.choice:
        if preview.landings:
            lines.append("Then by sea, landing at: " + ", ".join(
                names.node(n) for n in preview.landings[:4])
                + (" …" if len(preview.landings) > 4 else ""))
        elif 0 <= preview.sea < len(preview.path):
            lines.append(f"By sea to {names.node(preview.path[preview.sea])}: Fleets needed")
    elif preview.sea >= 0:
        cap = "?" if preview.capacity is None else str(preview.capacity)
        lines.append(f"Fleets carry {cap} · Troops added {preview.troops}")
    else:
        lines.append(f"Cards added {preview.troops}")
    return lines


def draw_route(surface: pygame.Surface, preview: RoutePreview, to_screen: Any, u: Any,
               colour: tuple[int, int, int]) -> list[pygame.Rect]:
    """The route on the map (`to_screen` maps a node id to a screen point or None)."""
    rects = []
    points = [to_screen(n) for n in preview.path]
    for i in range(1, len(points)):
        a, b = points[i - 1], points[i]
        if a is None or b is None:
            continue
        if i == preview.sea:
            rects.append(_arc(surface, a, b, u))
            continue
        pygame.draw.line(surface, theme.GOLD_LIGHT, a, b, u(9))
        pygame.draw.line(surface, colour, a, b, u(5))
        rects.append(pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]),
                                 abs(a[1] - b[1])).inflate(u(12), u(12)))
        if i in preview.crossings:
            rects.append(_wave(surface, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), u))
    for p in points:
        if p is not None:
            pygame.draw.circle(surface, theme.INK, p, u(6))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, p, u(4))
    return rects


def _arc(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], u: Any
         ) -> pygame.Rect:
    """The naval leg: a dashed arc bowed to one side."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    c = (mx - dy / length * length * 0.25, my + dx / length * length * 0.25)
    pts = []
    for k in range(33):
        t = k / 32
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    for k in range(0, 32, 2):
        pygame.draw.line(surface, theme.SEA_DEEP, pts[k], pts[k + 1], u(6))
        pygame.draw.line(surface, theme.NEUTRAL, pts[k], pts[k + 1], u(2))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(
        u(12), u(12))


def _wave(surface: pygame.Surface, centre: tuple[float, float], u: Any) -> pygame.Rect:
    """A small wave sign: one shipwreck roll here."""
    r = u(11)
    rect = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
    rect.center = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, theme.PARCHMENT_LIGHT, rect.center, r)
    pygame.draw.circle(surface, theme.WAX, rect.center, r, 2)
    pts = [(rect.centerx - r * 0.7 + k * r * 1.4 / 12,
            rect.centery + math.sin(k / 12 * 2 * math.pi * 1.5) * r * 0.35) for k in range(13)]
    pygame.draw.lines(surface, theme.SEA_DEEP, False, pts, max(2, u(3)))
    return rect


def draw_note(surface: pygame.Surface, lines: list[str], bottomleft: tuple[int, int], u: Any
              ) -> pygame.Rect:
    """The note box (crossings, capacity) at a corner of the map."""
    size = u(17)
    height = u(14) + len(lines) * u(23)
    width = u(30) + max(len(s) for s in lines) * u(9)
    rect = pygame.Rect(bottomleft[0], bottomleft[1] - height, width, height)
    panel(surface, rect)
    y = rect.y + u(8)
    for i, line in enumerate(lines):
        face = "serif_bold" if i == 0 else "serif"
        colour = theme.WAX if "shipwreck" in line and not line.startswith("No ") else theme.INK
        draw_text(surface, face, size, line, colour, topleft=(rect.x + u(14), y))
        y += u(23)
    return rect


class RouteLayer:
    """The previews on the map: the routes of the MEs on the stack (the topmost one's note),
    the topmost one's replaced by the route of the choice under the pointer while its route or
    landing port is still to choose."""

    def __init__(self) -> None:
        self.route: RoutePreview | None = None
        self.under: tuple[RoutePreview, ...] = ()
        """The MEs below the topmost one (an intercepted ME), drawn all along."""
        self.options: dict[Action, RoutePreview] = {}
        self.hovered: RoutePreview | None = None

    def show(self, view: Mapping[str, Any], known: Mapping[str, str]) -> None:
        """Read a new view (`known`: the cards the seat at the screen knows)."""
        *under, top = route_previews(view, known) or (None,)
        self.route, self.under = top, tuple(under)
        self.options = option_previews(view)
        self.hovered = None

    @property
    def shown(self) -> RoutePreview | None:
        """The preview on the map: the hovered choice's, else the route chosen."""
        return self.hovered or self.route

    def hover(self, buttons: list[Action], place: list[Action]) -> bool:
        """Preview the choice under the pointer — a button's, else a place's on the map —
        if it has a route; whether the preview changed."""
        actions = [a for a in buttons or place if a in self.options]
        found = self.options[actions[0]] if actions else None
        changed, self.hovered = found != self.hovered, found
        return changed

    def draw_path(self, surface: pygame.Surface, to_screen: Any, u: Scale,
                  colour_of: Callable[[int], tuple[int, int, int]]) -> list[pygame.Rect]:
        """The shown routes on the map, each in its seat's colour."""
        shown = [*self.under, *([self.shown] if self.shown is not None else [])]
        return [rect for p in shown
                for rect in draw_route(surface, p, to_screen, u, colour_of(p.seat))]

    def draw_notes(self, surface: pygame.Surface, names: Any, bottomleft: tuple[int, int],
                   u: Scale) -> list[pygame.Rect]:
        """The shown route's note at a corner of the map."""
        if self.shown is None:
            return []
        return [draw_note(surface, note_lines(self.shown, names), bottomleft, u).inflate(10, 12)]
