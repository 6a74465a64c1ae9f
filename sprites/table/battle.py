"""The battle board: while a naval battle, field battle or city assault is under way, a panel
over the map with both sides — their cards (face up once revealed, card backs while face
down), CF and dice, Leaders and Special Events played, the city's defence dice in an assault —
and whose turn it is in the card-play window.

Built only from what the seat at the screen may know: the view's `stack` (the Combat frame,
cards as slot ids), its `open_cards` (slot → card for every face-up card the pending procedures
hold, the same for every seat), its `battle` figures (each side's dice, CF and their sources,
counted by the engine's own functions: the board does no arithmetic of its own), the public
`card_played` events (names) and the seat's own knowledge of its cards. Every face-up card is
drawn as its full face; a face-down card is a card back, except to the seat that knows it (its
owner), which sees its face marked "face down — only you see this".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
SECRET = "face down — only you see this"
"""The mark on a side whose face-down cards the seat at the screen sees (its own)."""
NOT_CARDS = ("base", "force", "tables")
"""Dice sources in the view's figures that are no card (base die, own dice, table results)."""


@dataclass(frozen=True)
class Shown:
    """One card on the board: its slot, deck, name (None: not known here), type used, and
    whether it lies face up (a face-down card is named only to the seat that knows it)."""

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
    cf: int
    """Fixed CF, as the engine counts it now."""
    cf_dice: int
    """CF rolled as dice (dice-CF cards)."""
    dice: int
    """Dice the engine would roll for the side now."""
    defence: int
    """City defence dice (the defender of an assault), else 0."""
    partial: bool = False
    """A card of the combat is still face down: the figures are the open part ("+?")."""
    dice_from: tuple[tuple[str, int], ...] = ()
    """(card id, dice) of each card ability giving the side dice now."""
    cf_bonus: tuple[tuple[str, int], ...] = ()
    """(card id, CF) of each fighting card's bonus that holds now."""


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
    played_names = [(ev.get("seat"), ev.get("use"), ev.get("card"))
                    for ev in since_combat(events) if ev.kind == "card_played"]
    played = _played(frame.get("played", ()), played_names, known)
    figures: Sequence[Mapping[str, Any]] = (view.get("battle") or {}).get("sides") or ({}, {})
    sides = tuple(_side(frame, k, empires, known, played, figures[k]) for k in (0, 1))
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


def _side(frame: Mapping[str, Any], k: int, empires: tuple[str, ...], known: Mapping[str, str],
          played: list[tuple[int, Shown]], figures: Mapping[str, Any]) -> BattleSide:
    force = frame["attacker" if k == 0 else "defender"]
    seat = force["seat"]
    cards = tuple(Shown(c["slot"], deck_of(c["slot"]), known.get(c["slot"]), c["use"],
                        bool(c["use"])) for c in force.get("cards", ()))
    leaders = tuple(Shown(s, deck_of(s), known.get(s), "L", True)
                    for s in force.get("leaders", ()))
    terms = [(t["source"], t["dice"]) for t in figures.get("dice_terms", ())]
    city = frame["fight"] == "assault" and k == 1
    return BattleSide(
        _title(frame, k, empires), empires[seat] if 0 <= seat < len(empires) else "", cards,
        leaders, tuple(s for side, s in played if side == k), cf=figures.get("cf", 0),
        cf_dice=figures.get("cf_dice", 0), dice=figures.get("dice", 0),
        defence=sum(n for source, n in terms if source == "force") if city else 0,
        partial=figures.get("partial", not figures),
        dice_from=tuple((c, n) for c, n in terms if c not in NOT_CARDS),
        cf_bonus=tuple((c["card"], c["bonus"]) for c in figures.get("cards", ()) if c["bonus"]))


def _title(frame: Mapping[str, Any], k: int, empires: tuple[str, ...]) -> str:
    seat = frame["attacker" if k == 0 else "defender"]["seat"]
    role = "Attacker" if k == 0 else "Defender"
    if frame["fight"] == "assault" and k == 1 and seat < 0:
        return f"{role}: neutral city"
    return f"{role}: {_who(seat, empires)}"


def figure_line(side: BattleSide) -> str:
    """The side's CF and dice in words; "+?" marks a count that face-down cards may change."""
    unknown = "+?" if side.partial else ""
    cf = str(side.cf) + (f"+{side.cf_dice}d6" if side.cf_dice else "")
    if side.partial:
        cf = "?" if cf == "0" else cf + unknown
    dice = f"{side.dice}{unknown} {'die' if side.dice == 1 and not unknown else 'dice'}"
    return f"CF {cf}  ·  {dice}"


def modifier_line(side: BattleSide) -> str:
    """The cards whose abilities change the side's dice or CF now, in words."""
    decks = content.content().decks
    words = [f"{decks.card(c).name} {n:+d} {'die' if abs(n) == 1 else 'dice'}"
             for c, n in _grouped(side.dice_from)]
    words += [f"{decks.card(c).name} {n:+d} CF" for c, n in _grouped(side.cf_bonus)]
    return ", ".join(words)


def _grouped(terms: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    """Terms summed per card, in order of first appearance."""
    totals: dict[str, int] = {}
    for card, n in terms:
        totals[card] = totals.get(card, 0) + n
    return [(card, n) for card, n in totals.items() if n]


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
    if not shown.face_up and shown.card is None:
        return surface.blit(card_back(shown.deck, width, colour_blind), pos)
    if not shown.face_up:
        return _secret(surface, shown, pos, width, colour_blind)
    if shown.card is None:
        return _plate(surface, shown, pos, width, colour_blind)
    return blit_face(surface, card_face(shown.card, shown.deck, width, colour_blind), pos)


def _secret(surface: pygame.Surface, shown: Shown, pos: tuple[int, int], width: int,
            colour_blind: bool) -> pygame.Rect:
    """A face-down card its owner sees: its face, veiled, under a "face down" ribbon."""
    assert shown.card is not None
    rect = blit_face(surface, card_face(shown.card, shown.deck, width, colour_blind), pos)
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((*theme.BACKDROP, 60))
    surface.blit(veil, rect)
    ribbon = pygame.Rect(rect.x, rect.bottom - rect.h // 3, rect.w, max(12, rect.h // 6))
    pygame.draw.rect(surface, theme.WAX, ribbon)
    draw_text(surface, "serif_bold", max(9, width // 7), "face down", theme.PARCHMENT_LIGHT,
              center=ribbon.center)
    pygame.draw.rect(surface, theme.WAX, rect, 2, border_radius=max(4, width // 14))
    return rect


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
    if any(not s.face_up and s.card for s in side.cards):
        draw_text(surface, "serif_italic", u(14), SECRET, readable_on(colour),
                  midright=(band.right - u(8), band.centery))
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
    draw_text(surface, "serif_bold", u(18), figure_line(side), theme.INK, topleft=(box.x, y))
    y += u(24)
    if side.defence:
        draw_text(surface, "serif", u(16), f"City defence: {side.defence} dice", theme.INK,
              topleft=(box.x, y))
        y += u(21)
    modifiers = modifier_line(side)
    if modifiers:
        draw_text(surface, "serif", u(15), modifiers[:70], theme.INK, topleft=(box.x, y))
        y += u(18)
    named = [s.card for s in side.leaders + side.played if s.card]
    if named:
        decks = content.content().decks
        words = "Played: " + ", ".join(decks.card(c).name for c in named)
        draw_text(surface, "serif", u(15), words[:70], theme.INK_SOFT, topleft=(box.x, y))
