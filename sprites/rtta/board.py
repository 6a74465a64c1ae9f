"""Around the sheet: the header (round, whose turn, the step; the solitaire round of 8, the
target and the opponent's strength), the other players' strip, the Mediterranean colony
board with its pegs, and the chronicle of the engine's sentences."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.rtta.look import HIGHLIGHT, Scale, fit, glow, hole, icon, text
from sprites.rtta.sheet import heading
from sprites.rtta.words import PHASE_TITLES, seat_name
from sprites.ui.text import wrap

PHANTOM_COLOUR: RGB = (70, 62, 58)
"""The solitaire opponent's pegs."""
Colours = Callable[[int], RGB]


def header(surface: pygame.Surface, u: Scale, rect: pygame.Rect, view: Mapping[str, Any],
           who: str) -> None:
    """The strip along the top: title, where the game stands, the solitaire figures."""
    text(surface, "display_bold", u(30), "ROLL THROUGH THE AGES", theme.INK,
         midleft=(rect.x + u(24), rect.centery - u(8)))
    game = ("Full game" if view["length"] == "full" else "Short game") + (
        " · Mediterranean" if view["mediterranean"] else "")
    text(surface, "serif_italic", u(18), game, theme.INK_SOFT,
         midleft=(rect.x + u(26), rect.centery + u(20)))
    step = PHASE_TITLES.get(view["phase"], "") if view["phase"] != "over" else ""
    middle = f"Round {view['round']} · {who}" + (f" · {step}" if step else "")
    text(surface, "serif_bold", u(26), middle, theme.INK, center=(rect.centerx, rect.centery))
    solo = view["solitaire"]
    if solo:
        _solitaire(surface, u, rect, solo)
    pygame.draw.line(surface, theme.GOLD, (rect.x + u(16), rect.bottom - 2),
                     (rect.right - u(16), rect.bottom - 2), 2)


def _solitaire(surface: pygame.Surface, u: Scale, rect: pygame.Rect,
               solo: Mapping[str, Any]) -> None:
    right = rect.right - u(170)
    figures = (f"Target {solo['target']} · opponent's strength {solo['phantom_strength']}")
    text(surface, "serif", u(21), figures, theme.INK_SOFT, topright=(right, rect.centery + u(4)))
    x = right - solo["rounds"] * u(26)
    text(surface, "serif_bold", u(18), "Round", theme.INK,
         midright=(x - u(8), rect.centery - u(14)))
    for k in range(solo["rounds"]):
        centre = (x + k * u(26) + u(11), rect.centery - u(14))
        done = k + 1 < solo["round"]
        now = k + 1 == solo["round"]
        colour = theme.WAX if now else theme.INK_SOFT if done else theme.PARCHMENT_LIGHT
        pygame.draw.circle(surface, colour, centre, u(10))
        pygame.draw.circle(surface, theme.INK_SOFT, centre, u(10), 1)
        text(surface, "serif_bold", u(13), str(k + 1),
             theme.PARCHMENT_LIGHT if now or done else theme.INK, center=centre)


def others(surface: pygame.Surface, u: Scale, rect: pygame.Rect, view: Mapping[str, Any],
           shown: int, colour: Colours, bots: Sequence[bool]) -> dict[str, pygame.Rect]:
    """A card per player (the one whose sheet is shown is marked); zones "seat:i"."""
    y = heading(surface, u, "Players (click one to see the sheet)", rect.x, rect.y, rect.w)
    players = view["players"]
    solo = view["solitaire"]
    cards = len(players) + (1 if solo else 0)
    width = (rect.w - u(12) * (cards - 1)) // cards
    zones = {}
    if solo:
        card = pygame.Rect(rect.x + width + u(12), y + u(4), width, rect.bottom - y - u(4))
        _phantom_card(surface, u, card, view, solo)
    for seat in range(len(players)):
        card = pygame.Rect(rect.x + seat * (width + u(12)), y + u(4), width,
                           rect.bottom - y - u(4))
        _player_card(surface, u, card, view, seat, colour(seat), bots[seat])
        if seat == shown:
            glow(surface, card, theme.GOLD, u(2))
        zones[f"seat:{seat}"] = card
    return zones


def _player_card(surface: pygame.Surface, u: Scale, card: pygame.Rect,
                 view: Mapping[str, Any], seat: int, colour: RGB, bot: bool) -> None:
    player = view["players"][seat]
    pygame.draw.rect(surface, mix(colour, theme.PARCHMENT, 0.8), card, border_radius=u(5))
    pygame.draw.rect(surface, theme.INK_SOFT, card, 1, border_radius=u(5))
    chip = pygame.Rect(card.x + u(8), card.y + u(9), u(16), u(16))
    pygame.draw.rect(surface, colour, chip, border_radius=u(3))
    if view["turn"] == seat and view["phase"] != "over":
        pygame.draw.rect(surface, theme.WAX, card, u(3), border_radius=u(5))
        pygame.draw.polygon(surface, theme.WAX, [(card.x - u(2), card.y + u(10)),
                                                 (card.x + u(6), card.y + u(17)),
                                                 (card.x - u(2), card.y + u(24))])
    name = seat_name(seat) + (" (bot)" if bot else "")
    text(surface, "serif_bold", u(20), fit("serif_bold", u(20), name, card.w - u(90)),
         theme.INK, topleft=(chip.right + u(6), card.y + u(4)))
    text(surface, "display_bold", u(22), str(player["score"]["total"]), theme.WAX,
         topright=(card.right - u(8), card.y + u(3)))
    lines = [f"Strength {player['strength']} · tribute {player['tribute']} · "
             f"skulls {player['skulls']}",
             f"{player['empire_dice']} dice · {_goods(player['goods'])} · {player['food']} food",
             _monument_words(player), _development_words(view, player)]
    y = card.y + u(29)
    for line in lines:
        if y + u(20) > card.bottom - u(2):
            break
        text(surface, "serif", u(17), fit("serif", u(17), line, card.w - u(16)),
             theme.INK_SOFT, topleft=(card.x + u(8), y))
        y += u(20)


def _goods(count: int) -> str:
    """"1 good", "3 goods"."""
    return "1 good" if count == 1 else f"{count} goods"


def _phantom_card(surface: pygame.Surface, u: Scale, card: pygame.Rect,
                 view: Mapping[str, Any], solo: Mapping[str, Any]) -> None:
    """The solitaire opponent: its strength (the round) and the colonies it founded."""
    pygame.draw.rect(surface, mix(PHANTOM_COLOUR, theme.PARCHMENT, 0.82), card,
                     border_radius=u(5))
    pygame.draw.rect(surface, theme.INK_SOFT, card, 1, border_radius=u(5))
    text(surface, "serif_bold", u(20), "The solitaire opponent", theme.INK,
         topleft=(card.x + u(10), card.y + u(4)))
    founded = sum(1 for c in view["colonies"] if c["phantom"])
    lines = [f"Strength {solo['phantom_strength']} in tribute demands (the round number)",
             f"Your target: {solo['target']} points in {solo['rounds']} rounds"]
    if view["mediterranean"]:
        lines.append(f"Colonies founded: {founded}")
    for k, words in enumerate(lines):
        text(surface, "serif", u(17), fit("serif", u(17), words, card.w - u(16)),
             theme.INK_SOFT, topleft=(card.x + u(10), card.y + u(30) + k * u(21)))


def _monument_words(player: Mapping[str, Any]) -> str:
    built = [m["name"] + (" (first)" if m["first"] else "") for m in player["monuments"]
             if m["built"]]
    return "Monuments: " + (", ".join(built) if built else "none yet")


def _development_words(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    names = {d["id"]: d["name"] for d in view["developments"]}
    owned = [names.get(d, d) for d in player["developments"]]
    return "Developments: " + (", ".join(owned) if owned else "none yet")


def colonies(surface: pygame.Surface, u: Scale, rect: pygame.Rect, view: Mapping[str, Any],
             colour: Colours, live: set[str]) -> dict[str, pygame.Rect]:
    """The colony board, west to east in two rows: holes with pegs, rewards, owners;
    zones "colony:ID"."""
    y = heading(surface, u, "Colonies of the Mediterranean (west to east)", rect.x, rect.y,
                rect.w)
    board = view["colonies"]
    per_row = (len(board) + 1) // 2
    width = rect.w // per_row
    height = (rect.bottom - y) // 2
    zones = {}
    for k, colony in enumerate(board):
        plaque = pygame.Rect(rect.x + (k % per_row) * width + (width // 2 if k >= per_row else 0),
                             y + (k // per_row) * height, width - u(6), height - u(6))
        _colony(surface, u, plaque, colony, colour)
        if f"colony:{colony['id']}" in live:
            glow(surface, plaque, HIGHLIGHT, u(2))
        zones[f"colony:{colony['id']}"] = plaque
    return zones


def _colony(surface: pygame.Surface, u: Scale, plaque: pygame.Rect,
            colony: Mapping[str, Any], colour: Colours) -> None:
    owner = colony["owner"]
    fill = theme.SEA_SHALLOW if owner == -1 else mix(colour(owner) if owner >= 0
                                                     else PHANTOM_COLOUR, theme.PARCHMENT, 0.6)
    if not colony["in_play"]:
        fill = theme.OUT_OF_PLAY
    pygame.draw.rect(surface, fill, plaque, border_radius=u(4))
    pygame.draw.rect(surface, theme.SEA_DEEP, plaque, 1, border_radius=u(4))
    name = colony["name"] + (" ·4" if colony["four_players_only"] else "")
    text(surface, "serif_bold", u(14), fit("serif_bold", u(14), name, plaque.w - u(6)),
         theme.INK, midtop=(plaque.centerx, plaque.y + u(1)))
    size, pegs = colony["size"], colony["pegs"]
    step = min(u(17), (plaque.w - u(8)) // max(1, size))
    x0 = plaque.centerx - step * (size - 1) // 2
    for n in range(size):
        peg = None if n >= len(pegs) else (PHANTOM_COLOUR if pegs[n] < 0 else colour(pegs[n]))
        hole(surface, (x0 + n * step, plaque.y + u(28)), u(5), peg)
        icon(surface, colony["rewards"][n] if n < len(colony["rewards"]) else "",
             pygame.Rect(x0 + n * step - u(7), plaque.y + u(38), u(14), u(14)))


def chronicle(surface: pygame.Surface, u: Scale, rect: pygame.Rect, lines: Sequence[str],
              notice: str) -> None:
    """The newest sentences, newest last; a refusal or a problem in red at the bottom."""
    y = heading(surface, u, "Chronicle", rect.x, rect.y, rect.w)
    size = u(18)
    room = max(0, (rect.bottom - y) // round(size * 1.25))
    rows = _whole_sentences(lines, notice, size, rect.w, room)
    for k, (line, ink) in enumerate(rows):
        text(surface, "serif", size, line, ink if k < len(rows) - 1 or ink == theme.WAX
             else theme.INK, topleft=(rect.x, y + k * round(size * 1.25)))


def _whole_sentences(lines: Sequence[str], notice: str, size: int, width: int,
                     room: int) -> list[tuple[str, RGB]]:
    """The rows of the newest sentences that fit in `room` rows, each sentence whole (the
    newest alone, cut to its last rows, when it is longer than the room); the notice last."""
    told = [("serif_bold", notice, theme.WAX)] if notice else []
    told += [("serif", line, theme.INK_SOFT) for line in reversed(lines)]
    rows: list[tuple[str, RGB]] = []
    for face, words, ink in told:
        sentence = [(part, ink) for part in wrap(face, size, words, width)]
        if len(rows) + len(sentence) > room:
            return rows or sentence[len(sentence) - room:]
        rows = sentence + rows
    return rows


def tip(view: Mapping[str, Any], key: str) -> tuple[str, list[str]]:
    """A tooltip for a development or a colony: its title and lines."""
    kind, _, name = key.partition(":")
    if kind == "dev":
        found = next(d for d in view["developments"] if d["id"] == name)
        return found["name"], [found["effect"],
                               f"Cost {found['cost']}, {found['vp']} points."]
    colony = next(c for c in view["colonies"] if c["id"] == name)
    rewards = ", ".join(r.replace("_", " ") for r in colony["rewards"])
    lines = [f"{colony['size']} holes; when completed: {rewards}."]
    if colony["four_players_only"]:
        lines.append("In play only with 4 players.")
    owner = colony["owner"]
    if owner != -1:
        who = seat_name(owner)
        lines.append(f"Completed by {who.lower() if owner < 0 else who}.")
    elif colony["pegs"]:
        lines.append("Pegs: " + ", ".join(seat_name(p) for p in colony["pegs"]) + ".")
    return colony["name"], lines
