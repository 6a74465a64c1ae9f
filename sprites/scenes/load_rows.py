"""What the Load screen says of a save and how it draws the rows and the two tabs; and
`open_save`, which the Load screen and the title screen's Continue both open a save with.

A row reads, on two lines:
  "Friday with Ana  3. The Second Punic War"          AUTOSAVE   Thu 26 Nov, 14:05
  "Turn 2, round 3 · People: Carthage, Rome · Bot: Iberia"
(the name only when a player gave one; COPY for a Save a Copy; the year when not this year),
and a finished game's second line starts with who won ("Rome won · Turn 6, round 4 · …").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.outcome import ABANDONED
from sprites import theme
from sprites.colour import RGB
from sprites.resources import font
from sprites.ui.text import draw_lines, draw_text, elide, record, render, wrap
from sprites.ui.widgets import scroll_bar

if TYPE_CHECKING:
    from net.files.saves import SaveInfo
    from sprites.scenes.base import Host

Scale = Callable[[float], int]
PITCH = 72
"""Design pixels from one row of the list to the next."""
TABS = ("Unfinished", "Finished")
"""The two lists: games that go on, and games that are over."""


def open_save(host: Host, path: Path) -> str:
    """Resume a save at its rule set's table (""), or say why it cannot be opened."""
    from net.files.saves import GameFiles, SaveError, load

    try:
        session = load(path)
    except SaveError as exc:
        return str(exc)
    host.open_game(session, GameFiles(path.parent, path.name.removesuffix(".log")))
    return ""


# -- words ----------------------------------------------------------------------------------

def file_name(info: SaveInfo) -> str:
    """The save's file name, without .log."""
    return info.path.name.removesuffix(".log")


def scenario_words(info: SaveInfo) -> str:
    """The scenario's number and name ("3. The Second Punic War"), a user scenario's name
    ("Hannibal's Revenge (yours)"), else its id."""
    from sprites.user_content import scenario_title

    return scenario_title(info.scenario)


def title(info: SaveInfo) -> str:
    """How a message names a save: its given name, the scenario, or (damaged) its file."""
    if info.name:
        return f"“{info.name}”"
    return file_name(info) if info.problem else scenario_words(info)


def described(info: SaveInfo) -> str:
    """A save named so that it cannot be taken for another: "3. The Second Punic War
    (autosave, Turn 3, round 7, saved Thu 26 Nov, 09:18)"."""
    if info.problem:
        return title(info)
    facts = [kind(info).lower(), info.summary, f"saved {when(info.saved)}"]
    return f"{title(info)} ({', '.join(f for f in facts if f)})"


def heading(info: SaveInfo) -> tuple[str, str]:
    """A row's first line: (its name, the scenario after it) — the name given by a player,
    else the scenario alone (a damaged save: its file name)."""
    if info.problem:
        return info.name or file_name(info), ""
    if info.name:
        return info.name, scenario_words(info)
    return scenario_words(info), ""


def when(saved: float, now: float | None = None) -> str:
    """When a save was written, in local time: "Thu 26 Nov, 14:05" (with the year when it
    is not this year's); "" when not known."""
    if not saved:
        return ""
    t = time.localtime(saved)
    year = "" if t.tm_year == time.localtime(now).tm_year else f" {t.tm_year}"
    return f"{time.strftime('%a', t)} {t.tm_mday} {time.strftime('%b', t)}{year}, " \
           f"{time.strftime('%H:%M', t)}"


def kind(info: SaveInfo) -> str:
    """The row's mark: "AUTOSAVE" (the file the game keeps saving) or "COPY" (Save a Copy);
    none for a damaged save."""
    if info.problem:
        return ""
    return "COPY" if info.copy else "AUTOSAVE"


def won(info: SaveInfo) -> str:
    """Who won a finished game: "Rome won", "Rome and Gaul won (shared)", "Abandoned"."""
    if info.ending == ABANDONED:
        return "Abandoned"
    if not info.winners:
        return "Finished"
    *rest, last = info.winners
    if not rest:
        return f"{last} won"
    return f"{', '.join(rest)} and {last} won (shared)"


def who(seats: tuple[str, ...], players: tuple[str, ...]) -> str:
    """Who plays which empire: "People: Carthage, Rome · Bot: Iberia"."""
    people = [s for s, p in zip(seats, players, strict=False) if p == "human"]
    bots = [s for s, p in zip(seats, players, strict=False) if p != "human"]
    groups = ((people, "Person", "People"), (bots, "Bot", "Bots"))
    return " · ".join(f"{one if len(names) == 1 else many}: {', '.join(names)}"
                      for names, one, many in groups if names)


def detail(info: SaveInfo, in_play: bool = False) -> str:
    """A row's second line: who won (finished), where the game stands, who plays; or why the
    save is damaged."""
    if info.problem:
        return f"Damaged — {info.problem}"
    stand = info.summary or f"{info.entries} moves"
    parts = [won(info)] if info.finished else []
    parts += [stand, who(info.seats, info.players)]
    if in_play:
        parts.append("the game in play")
    return " · ".join(p for p in parts if p)


def empty_words(every: list[SaveInfo], tab: int) -> str:
    """What an empty list says (`tab` 1: the finished games)."""
    from sprites.settings import saves_dir

    if not every:
        return (f"No saved games yet. Games are saved automatically in {saves_dir()} "
                "as you play.")
    if tab:
        return "No finished games yet: a game is listed here once it has ended."
    return "Every saved game has ended: see Finished, or start a New Game."


# -- drawing --------------------------------------------------------------------------------

def draw_row(surface: pygame.Surface, u: Scale, info: SaveInfo, row: pygame.Rect,
             chosen: bool, in_play: bool) -> None:
    """One save on two lines: its name and the scenario, the mark and when (right); where the
    game stands and who plays, or why it is damaged."""
    if chosen:
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
        pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
    right = _stamp(surface, u, info, row)
    _heading(surface, u, info, (row.x + u(14), row.y + u(4)), right - row.x - u(40),
             theme.INK_SOFT if info.problem else (theme.WAX if chosen else theme.INK))
    draw_text(surface, "serif_italic", u(19), elide("serif_italic", u(19),
                                                    detail(info, in_play), row.w - u(28)),
              theme.WAX if info.problem else theme.INK_SOFT,
              bottomleft=(row.x + u(14), row.bottom - u(6)))


def _heading(surface: pygame.Surface, u: Scale, info: SaveInfo, at: tuple[int, int],
             room: int, ink: RGB) -> None:
    """The row's first line from `at`: the name in bold, then the scenario (after a given
    name) in italics, which keeps up to 45 % of the `room` when both do not fit."""
    name, scenario = heading(info)
    gap = u(14)
    wide = font("serif_italic", u(20)).size(scenario)[0] + gap if scenario else 0
    shown = elide("serif_bold", u(24), name, max(room // 2, room - min(wide, room * 45 // 100)))
    drawn = draw_text(surface, "serif_bold", u(24), shown, ink, topleft=at)
    if scenario:
        left = room - (drawn.right - at[0]) - gap
        draw_text(surface, "serif_italic", u(20), elide("serif_italic", u(20), scenario, left),
                  theme.INK_SOFT, bottomleft=(drawn.right + gap, drawn.bottom - u(2)))


def _stamp(surface: pygame.Surface, u: Scale, info: SaveInfo, row: pygame.Rect) -> int:
    """When the save was written and its mark, at the row's top right; their left edge."""
    date = draw_text(surface, "serif_italic", u(18), when(info.saved), theme.INK_SOFT,
                     topright=(row.right - u(14), row.y + u(8)))
    mark = kind(info)
    if not mark:
        return date.x
    record([mark])
    words = render("display_bold", u(13), mark, theme.INK_SOFT, tracking=0.08)
    tag = words.get_rect().inflate(u(14), u(6))
    tag.midright = (date.x - u(14), date.centery)
    ink = theme.GOLD if mark == "AUTOSAVE" else theme.INK_SOFT
    pygame.draw.rect(surface, ink, tag, 1, border_radius=u(4))
    surface.blit(words, words.get_rect(center=tag.center))
    return tag.x


def tab_rects(u: Scale, centre_x: int, top: int) -> list[pygame.Rect]:
    """Where the Unfinished and Finished tabs go, side by side about `centre_x`."""
    width, height, gap = u(250), u(44), u(16)
    left = pygame.Rect(centre_x - gap // 2 - width, top, width, height)
    return [left, left.move(width + gap, 0)]


def draw_tabs(surface: pygame.Surface, u: Scale, rects: list[pygame.Rect],
              counts: tuple[int, int], shown: int) -> None:
    """The two tabs with their counts, the one shown lit."""
    for k, (rect, words) in enumerate(zip(rects, TABS, strict=True)):
        lit = k == shown
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT if lit else theme.PARCHMENT, rect,
                         border_radius=4)
        pygame.draw.rect(surface, theme.GOLD if lit else theme.PARCHMENT_DARK, rect,
                         2 if lit else 1, border_radius=4)
        draw_text(surface, "display_bold" if lit else "display", u(22),
                  f"{words} · {counts[k]}", theme.WAX if lit else theme.INK_SOFT,
                  center=rect.center)


def draw_scroll_bar(surface: pygame.Surface, u: Scale, area: pygame.Rect, first: int,
                    page: int, count: int) -> None:
    """A gold thumb in a track beside the list `area`, with "n–m of c" under it (none when
    the whole list shows)."""
    track = scroll_bar(surface, u, area, first, page, count)
    if track is None:
        return
    last = min(count, first + page)
    draw_text(surface, "serif_italic", u(17), f"{first + 1}–{last} of {count}",
              theme.INK_SOFT, topright=(track.right, area.bottom + u(4)))


def draw_message(surface: pygame.Surface, face: tuple[str, int], words: str, ink: RGB,
                 area: pygame.Rect) -> None:
    """Words wrapped and centred in `area` from its top, the last line that fits cut short
    with "…" when they need more."""
    name, size = face
    room = max(1, area.h // font(name, size).get_linesize())
    lines = wrap(name, size, words, area.w) if words else []
    if len(lines) > room:
        lines = [*lines[:room - 1], elide(name, size, " ".join(lines[room - 1:]), area.w)]
    draw_lines(surface, name, size, lines, ink, area.y, area.centerx)
