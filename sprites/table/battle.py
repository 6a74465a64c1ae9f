"""The battle board: while a naval battle, field battle or city assault is under way, a panel
over the map with both sides — their cards (face up once revealed, card backs while face
down), CF and dice, Leaders and Special Events played, the city's defence dice in an assault —
and whose turn it is in the card-play window.

Built only from what the seat at the screen may know: the view's `stack` (the Combat frame,
cards as slot ids), its `open_cards` (slot → card for every face-up card the pending procedures
hold, the same for every seat), the public events of the game (`deployed` CF totals,
`card_played` names) and the seat's own knowledge of its cards. Every face-up card is drawn as
its full face; a face-down card stays a card back, whoever owns it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.events import Event
from sprites import content, theme
from sprites.colour import darker, readable_on
from sprites.table.cards import (
    TYPE_COLOURS,
    blit_face,
    card_back,
    card_face,
    card_size,
    deck_of,
)
from sprites.table.labels import TYPE_WORDS
from sprites.ui.text import draw_text
from sprites.ui.widgets import panel

FIGHTS = {"naval": "Naval battle", "field": "Field battle", "assault": "City assault"}
FORCES = {-1: "Neutral", -3: "Pirates", -4: "Barbarians"}
"""Non-player forces by their seat number (forces.NEUTRAL_FORCE, PIRATES, BARBARIANS)."""
PROMPT = "play a card or pass"


@dataclass(frozen=True)
class Shown:
    """One card on the board: its slot, deck, name (None: not known here), type used, and
    whether it lies face up."""

    slot: str
    deck: str
    card: str | None
    use: str
    face_up: bool


@dataclass(frozen=True)
class BattleSide:
    """One side of the board."""

    title: str
    empire: str
    """The empire whose colours it wears ("" for a non-player force)."""
    cards: tuple[Shown, ...]
    leaders: tuple[Shown, ...]
    played: tuple[Shown, ...]
    cf: int | None
    """The side's CF as the engine announced it at deployment (None before)."""
    dice: int
    defence: int
    """City defence dice (the defender of an assault), else 0."""


@dataclass(frozen=True)
class BattleModel:
    """The whole board."""

    fight: str
    where: str
    sides: tuple[BattleSide, BattleSide]
    turn: str
    """Who must play a card or pass now ("" outside the card-play window)."""
    step: str


def combat_frame(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The combat under way in a view (the topmost Combat frame), if any."""
    for frame in reversed(view.get("stack", ())):
        if frame.get("kind") == "combat":
            return frame
    return None


def since_combat(events: Iterable[Event]) -> list[Event]:
    """The public events since the latest combat began."""
    out: list[Event] = []
    for ev in events:
        if ev.kind == "combat_started":
            out = []
        out.append(ev)
    return out


def battle_model(view: Mapping[str, Any], empires: tuple[str, ...], known: Mapping[str, str],
                 events: Iterable[Event]) -> BattleModel | None:
    """The board for a view; `known` is slot → card the seat at the screen knows (its own
    cards), `events` the public events so far (only those of the current combat are read).
    The view's `open_cards` name every face-up card, whoever holds it."""
    frame = combat_frame(view)
    if frame is None:
        return None
    known = {**known, **(view.get("open_cards") or {})}
    recent = since_combat(events)
    played_names = [(ev.get("seat"), ev.get("use"), ev.get("card"))
                    for ev in recent if ev.kind == "card_played"]
    deployed = [ev for ev in recent if ev.kind == "deployed"]
    cf: tuple[int | None, int | None] = (None, None)
    if deployed:
        cf = (deployed[-1].get("attacker_cf"), deployed[-1].get("defender_cf"))
    played = _played(frame.get("played", ()), played_names, known)
    dice = _dice(frame, played, known)
    sides = tuple(_side(frame, k, empires, known, played, cf[k], dice[k]) for k in (0, 1))
    window = frame.get("window") or {}
    order = window.get("order") or []
    turn = ""
    if frame.get("step") == "play" and order and window.get("passes", 0) < len(order):
        seat = order[window.get("at", 0) % len(order)]
        turn = _who(seat, empires)
    return BattleModel(frame["fight"], frame["where"], (sides[0], sides[1]), turn,
                       frame.get("step", ""))


def _who(seat: int, empires: tuple[str, ...]) -> str:
    if 0 <= seat < len(empires):
        return theme.empire_name(empires[seat])
    return FORCES.get(seat, "Neutral")


def _played(played: Iterable[Mapping[str, Any]], names: list[tuple[Any, Any, Any]],
            known: Mapping[str, str]) -> list[tuple[int, Shown]]:
    """(side helped, card) for each card played into the combat, named from the view's open
    cards (in `known`), else the public `card_played` events in order."""
    out = []
    pool = list(names)
    for p in played:
        name = None
        for i, (seat, use, card) in enumerate(pool):
            if seat == p["seat"] and use in (p["use"], None):
                name = card
                del pool[i]
                break
        name = known.get(p["slot"]) or name
        out.append((p["side"], Shown(p["slot"], deck_of(p["slot"]), name, p["use"], True)))
    return out


def _fits(params: Mapping[str, Any], fight: str, helped: int) -> bool:
    combat = params.get("combat", "any")
    if combat == "city_defence":
        return fight == "assault" and helped == 1
    if combat == "city_assault":
        return fight == "assault" and helped == 0
    return combat in ("any", fight)


def _dice(frame: Mapping[str, Any], played: list[tuple[int, Shown]],
          known: Mapping[str, str]) -> tuple[int, int]:
    """Dice each side will roll: base die, the force's own dice, table results, and the
    extra dice of the Leaders and Special Events named on the board."""
    decks = content.content().decks
    total = []
    for k, name in enumerate(("attacker", "defender")):
        force = frame[name]
        total.append((1 if force.get("base_die", True) else 0) + force.get("dice", 0)
                     + (frame.get("extra") or (0, 0))[k])
    sources = [(side, s.card, s.use) for side, s in played if s.card]
    for k, name in enumerate(("attacker", "defender")):
        for slot in frame[name].get("leaders", ()):
            if slot in known:
                sources.append((k, known[slot], "L"))
    for side, card, use in sources:
        for effect in decks.card(card).abilities:
            if effect.use not in (use, "any") or effect.window != "battle_play":
                continue
            params = dict(effect.params)
            helped = 1 - side if params.get("side") == "enemy" else side
            if effect.name == "extra_dice" and _fits(params, frame["fight"], helped):
                total[helped] += int(params.get("dice", 0))
    return max(0, total[0]), max(0, total[1])


def _side(frame: Mapping[str, Any], k: int, empires: tuple[str, ...], known: Mapping[str, str],
          played: list[tuple[int, Shown]], cf: int | None, dice: int) -> BattleSide:
    force = frame["attacker" if k == 0 else "defender"]
    seat = force["seat"]
    empire = empires[seat] if 0 <= seat < len(empires) else ""
    role = "Attacker" if k == 0 else "Defender"
    if frame["fight"] == "assault" and k == 1 and seat < 0:
        title = f"{role}: neutral city"
    else:
        title = f"{role}: {_who(seat, empires)}"
    cards = tuple(Shown(c["slot"], deck_of(c["slot"]), known.get(c["slot"]) if c["use"] else None,
                        c["use"], bool(c["use"])) for c in force.get("cards", ()))
    leaders = tuple(Shown(s, deck_of(s), known.get(s), "L", True)
                    for s in force.get("leaders", ()))
    fixed = force.get("naval_cf" if frame["fight"] == "naval" else "cf", 0)
    if cf is None and not cards and fixed:
        cf = fixed
    defence = force.get("dice", 0) if frame["fight"] == "assault" and k == 1 else 0
    return BattleSide(title, empire, cards, leaders, tuple(s for side, s in played if side == k),
                      cf, dice, defence)


# -- drawing -----------------------------------------------------------------------------

def _plate(surface: pygame.Surface, shown: Shown, pos: tuple[int, int], width: int,
           colour_blind: bool) -> pygame.Rect:
    """A face-up card the view does not name (a view without `open_cards`): its deck's frame
    and its type."""
    w, h = card_size(width)
    rect = pygame.Rect(pos, (w, h))
    frame = (darker(theme.empire_colour(shown.deck, colour_blind), 0.15)
             if shown.deck in theme.EMPIRE_COLOURS else theme.INK_SOFT)
    pygame.draw.rect(surface, frame, rect, border_radius=max(4, w // 14))
    inner = rect.inflate(-max(6, w // 11), -max(6, w // 11))
    pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, inner, border_radius=3)
    badge = TYPE_COLOURS.get(shown.use, theme.INK)
    r = max(8, w // 6)
    pygame.draw.circle(surface, badge, (inner.centerx, inner.centery - r // 2), r)
    draw_text(surface, "display_bold", round(r * 1.2), shown.use, readable_on(badge),
              center=(inner.centerx, inner.centery - r // 2 + 1))
    draw_text(surface, "serif_italic", max(9, w // 7), TYPE_WORDS.get(shown.use, shown.use),
              theme.INK_SOFT, midbottom=(inner.centerx, inner.bottom - 2))
    return rect


def _card(surface: pygame.Surface, shown: Shown, pos: tuple[int, int], width: int,
          colour_blind: bool) -> pygame.Rect:
    if not shown.face_up:
        return surface.blit(card_back(shown.deck, width, colour_blind), pos)
    if shown.card is None:
        return _plate(surface, shown, pos, width, colour_blind)
    return blit_face(surface, card_face(shown.card, shown.deck, width, colour_blind), pos)


def board_rect(viewport: pygame.Rect, top: int, u: Any) -> pygame.Rect:
    """Where the board sits: across the top of the map, below the decision bar."""
    w = min(viewport.w - u(40), u(760))
    return pygame.Rect(viewport.centerx - w // 2, top + u(12), w, u(320))


def draw_battle(surface: pygame.Surface, model: BattleModel, rect: pygame.Rect, u: Any,
                where_name: str, colour_blind: bool = False) -> pygame.Rect:
    """Draw the board in `rect`; the rectangle covered."""
    panel(surface, rect)
    title = f"{FIGHTS.get(model.fight, model.fight)} at {where_name}"
    draw_text(surface, "display_bold", u(22), title, theme.INK,
              midtop=(rect.centerx, rect.y + u(10)))
    half = (rect.w - u(40)) // 2
    top = rect.y + u(46)
    for k, side in enumerate(model.sides):
        x = rect.x + u(16) + k * (half + u(8))
        _draw_side(surface, side, pygame.Rect(x, top, half, rect.bottom - top - u(40)), u,
                   colour_blind)
    draw_text(surface, "display_bold", u(20), "vs", theme.WAX, center=(rect.centerx, top + u(90)))
    if model.turn:
        line = f"{model.turn}: {PROMPT}"
        draw_text(surface, "serif_bold", u(19), line, theme.WAX,
              midbottom=(rect.centerx, rect.bottom - u(10)))
    return rect


def _draw_side(surface: pygame.Surface, side: BattleSide, box: pygame.Rect, u: Any,
               colour_blind: bool) -> None:
    colour = (theme.empire_colour(side.empire, colour_blind) if side.empire
              else theme.INK_SOFT)
    band = pygame.Rect(box.x, box.y, box.w, u(28))
    pygame.draw.rect(surface, colour, band, border_radius=4)
    draw_text(surface, "display_bold", u(17), side.title, readable_on(colour),
              midleft=(band.x + u(8), band.centery))
    y = band.bottom + u(8)
    cards = side.cards + side.leaders + side.played
    width = u(80)
    step = width + u(6)
    if cards and len(cards) * step > box.w:
        step = max(u(14), (box.w - width) // max(1, len(cards) - 1))
    for i, shown in enumerate(cards):
        _card(surface, shown, (box.x + i * step, y), width, colour_blind)
    if not cards:
        words = "no cards" if not side.defence else "the city's own defence"
        draw_text(surface, "serif_italic", u(16), words, theme.INK_SOFT, topleft=(box.x, y + u(30)))
    y += card_size(width)[1] + u(8)
    cf = "?" if side.cf is None else str(side.cf)
    dice = f"{side.dice} {'die' if side.dice == 1 else 'dice'}"
    draw_text(surface, "serif_bold", u(18), f"CF {cf}  ·  {dice}", theme.INK, topleft=(box.x, y))
    y += u(24)
    if side.defence:
        draw_text(surface, "serif", u(16), f"City defence: {side.defence} dice", theme.INK,
              topleft=(box.x, y))
        y += u(21)
    named = [s.card for s in side.leaders + side.played if s.card]
    if named:
        decks = content.content().decks
        words = "Played: " + ", ".join(decks.card(c).name for c in named)
        draw_text(surface, "serif", u(15), words[:70], theme.INK_SOFT, topleft=(box.x, y))
