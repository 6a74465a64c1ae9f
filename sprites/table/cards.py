"""Card faces and backs drawn from the deck data: name, type badges, the three combat factors,
ability text and the deck's empire frame. Faces are cached per card and size.

Every text a face shows is kept with it; `sprites.ui.text.TextRecorder` collects the texts of
every face the card layer actually draws (the privacy test reads it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

import pygame

from game.rulesets.mediterranean_empires.content.decks import CardDef, CombatFactor
from sprites import content, theme
from sprites.colour import RGB, darker, lighter, mix, readable_on
from sprites.table.labels import TYPE_WORDS
from sprites.ui.text import record, render, wrap

RATIO = 1.4
"""Card height / width."""
TYPE_COLOURS: dict[str, RGB] = {
    "T": (122, 62, 40), "F": (46, 92, 128), "L": (176, 136, 52), "D": (62, 110, 70),
    "A": (140, 44, 34), "I": (96, 60, 120), "X": (52, 40, 32)}


@dataclass(frozen=True)
class Face:
    """A drawn card face and every text on it."""

    surface: pygame.Surface
    texts: tuple[str, ...]


def blit_face(surface: pygame.Surface, face: Face, pos: tuple[int, int] | pygame.Rect
              ) -> pygame.Rect:
    """Draw a face (recording its texts); the rectangle covered."""
    record(face.texts)
    return surface.blit(face.surface, pos)


def card_size(width: int) -> tuple[int, int]:
    """A card's pixel size for a width."""
    return width, round(width * RATIO)


def deck_of(slot: str) -> str:
    """The empire whose deck a slot belongs to ('rome:0:12' → 'rome')."""
    return slot.split(":", 1)[0]


@lru_cache(maxsize=512)
def card_face(card_id: str, empire: str, width: int, colour_blind: bool = False) -> Face:
    """The face of a card from `empire`'s deck at a width."""
    card = content.content().decks.card(card_id)
    w, h = card_size(width)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    frame = _frame_colour(empire, colour_blind)
    radius = max(4, w // 14)
    border = max(3, w // 22)
    pygame.draw.rect(out, frame, out.get_rect(), border_radius=radius)
    inner = out.get_rect().inflate(-2 * border, -2 * border)
    pygame.draw.rect(out, theme.PARCHMENT_LIGHT, inner, border_radius=max(2, radius - border))
    pygame.draw.rect(out, theme.GOLD, inner.inflate(-4, -4), 1, border_radius=2)
    texts = [card.name]
    y = _title(out, card.name, inner, w)
    y = _badges(out, card, inner, y, w)
    if card.cf is not None:
        y = _factors(out, card, inner, y, w, texts)
    _ability(out, card, inner, y, w, texts)
    return Face(out, tuple(texts))


def _frame_colour(empire: str, colour_blind: bool) -> RGB:
    if empire in theme.EMPIRE_COLOURS:
        return darker(theme.empire_colour(empire, colour_blind), 0.15)
    return theme.INK_SOFT


def _title(out: pygame.Surface, name: str, inner: pygame.Rect, w: int) -> int:
    """The name at the top, on one line if it fits at three quarters of its size or more,
    else on two lines (a long name on a small card is never cut)."""
    size, room = max(8, round(w * 0.115)), inner.w - 8
    lines = _title_lines(name, size, room)
    top = y = inner.y + max(4, w // 22)
    for text in lines:
        out.blit(text, text.get_rect(midtop=(inner.centerx, y)))
        y += text.get_height() - (text.get_height() // 5 if len(lines) > 1 else 0)
    return y + max(2, w // 40) if lines else top


def _title_lines(name: str, size: int, room: int) -> list[pygame.Surface]:
    """The title's lines at the largest size that fits `room`: one line down to three
    quarters of `size`, else two lines, else three (7 px at the least)."""
    words = name.split()
    texts: list[pygame.Surface] = []
    for count, floor in ((1, max(7, size * 3 // 4)), (2, 7), (3, 7)):
        layout = _split(words, min(count, len(words)))
        for px in range(size, floor - 1, -1):
            texts = [render("display_bold", px, line, theme.INK) for line in layout]
            if max(t.get_width() for t in texts) <= room:
                return texts
    return texts


def _split(words: list[str], count: int) -> list[str]:
    """`words` in `count` lines, the longest line as short as it can be."""
    best = [" ".join(words)]
    for cuts in combinations(range(1, len(words)), count - 1):
        bounds = (0, *cuts, len(words))
        lines = [" ".join(words[a:b]) for a, b in pairwise(bounds)]
        if count > 1 and (len(best) == 1 or max(map(len, lines)) < max(map(len, best))):
            best = lines
    return best


def _badges(out: pygame.Surface, card: CardDef, inner: pygame.Rect, y: int, w: int) -> int:
    r = max(5, round(w * 0.06))
    gap = r // 2
    total = len(card.types) * 2 * r + (len(card.types) - 1) * gap
    x = inner.centerx - total // 2 + r
    for kind in card.types:
        colour = TYPE_COLOURS.get(kind, theme.INK)
        pygame.draw.circle(out, colour, (x, y + r), r)
        pygame.draw.circle(out, theme.GOLD_LIGHT, (x, y + r), r, 1)
        letter = render("display_bold", round(r * 1.3), kind, readable_on(colour))
        out.blit(letter, letter.get_rect(center=(x, y + r + 1)))
        x += 2 * r + gap
    if w >= 200:
        words = " / ".join(TYPE_WORDS.get(t, t) for t in card.types)
        kinds = render("serif_italic", max(8, round(w * 0.055)), words, theme.INK_SOFT)
        out.blit(kinds, kinds.get_rect(midtop=(inner.centerx, y + 2 * r + 2)))
        return y + 2 * r + kinds.get_height() + 4
    return y + 2 * r + max(3, w // 30)


def factor_words(factor: CombatFactor) -> str:
    """A combat factor as printed: a number, dice such as 1d6, or a dash."""
    if factor.is_none:
        return "—"
    if factor.is_dice:
        return f"{factor.dice}d{factor.sides or 6}" + (f"+{factor.value}" if factor.value else "")
    return str(factor.value)


def _factors(out: pygame.Surface, card: CardDef, inner: pygame.Rect, y: int, w: int,
             texts: list[str]) -> int:
    assert card.cf is not None
    pad = max(4, w // 18)
    box_w = (inner.w - 2 * pad - 2 * (pad // 2)) // 3
    box_h = max(16, round(w * 0.2))
    heads = ("Field", "Naval", "City")
    for k, (head, factor) in enumerate(zip(heads, (card.cf.field, card.cf.naval, card.cf.city),
                                           strict=True)):
        box = pygame.Rect(inner.x + pad + k * (box_w + pad // 2), y, box_w, box_h)
        pygame.draw.rect(out, mix(theme.PARCHMENT, theme.PARCHMENT_DARK, 0.5), box,
                         border_radius=3)
        pygame.draw.rect(out, theme.INK_SOFT, box, 1, border_radius=3)
        small = render("serif", max(7, round(w * 0.05)), head, theme.INK_SOFT)
        out.blit(small, small.get_rect(midtop=(box.centerx, box.y)))
        words = factor_words(factor)
        value = render("display_bold", max(8, round(w * 0.09)), words, theme.INK)
        out.blit(value, value.get_rect(midbottom=(box.centerx, box.bottom)))
        texts.append(f"{head} {words}")
    return y + box_h + max(3, w // 30)


def _ability(out: pygame.Surface, card: CardDef, inner: pygame.Rect, y: int, w: int,
             texts: list[str]) -> None:
    size = max(8, round(w * 0.066))
    pad = max(5, w // 16)
    room = inner.bottom - pad - y
    lines = wrap("serif", size, card.text, inner.w - 2 * pad)
    line_h = render("serif", size, "Mg", theme.INK).get_height()
    fits = max(0, room // line_h)
    if len(lines) > fits:
        lines = lines[:fits]
        if lines:
            lines[-1] = lines[-1].rstrip(".,;") + " …"
    for line in lines:
        text = render("serif", size, line, theme.INK)
        out.blit(text, (inner.x + pad, y))
        y += line_h
    texts.append(card.text)
    if w >= 200 and card.note:
        _note(out, card.note, inner, y + line_h // 2, inner.bottom - pad - line_h, pad, size)
        texts.append(card.note)
    if card.tags and y + line_h <= inner.bottom - pad // 2 and w >= 200:
        tags = " · ".join(t.replace("_", " ") for t in card.tags)
        text = render("serif_italic", size, tags, theme.INK_SOFT)
        out.blit(text, text.get_rect(midbottom=(inner.centerx, inner.bottom - pad // 2)))


def _note(out: pygame.Surface, note: str, inner: pygame.Rect, y: int, bottom: int, pad: int,
          size: int) -> None:
    """The historical note in small italics, as much of it as fits above `bottom`."""
    small = max(7, round(size * 0.82))
    line_h = render("serif_italic", small, "Mg", theme.INK).get_height() - 2
    lines = wrap("serif_italic", small, note, inner.w - 2 * pad)
    fits = max(0, (bottom - y) // line_h)
    if fits < 2:
        return
    if len(lines) > fits:
        lines = lines[:fits]
        lines[-1] = lines[-1].rstrip(".,;") + " …"
    pygame.draw.line(out, theme.GOLD, (inner.centerx - pad * 2, y - 3),
                     (inner.centerx + pad * 2, y - 3))
    for line in lines:
        text = render("serif_italic", small, line, theme.INK_SOFT)
        out.blit(text, (inner.x + pad, y))
        y += line_h


@lru_cache(maxsize=64)
def card_back(empire: str, width: int, colour_blind: bool = False) -> pygame.Surface:
    """The back of a card of `empire`'s deck (what a hidden card looks like)."""
    w, h = card_size(width)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    base = (darker(theme.empire_colour(empire, colour_blind), 0.35)
            if empire in theme.EMPIRE_COLOURS else theme.BACKDROP_LIGHT)
    radius = max(4, w // 14)
    pygame.draw.rect(out, base, out.get_rect(), border_radius=radius)
    inner = out.get_rect().inflate(-max(6, w // 10), -max(6, w // 10))
    pygame.draw.rect(out, theme.GOLD, inner, 2, border_radius=3)
    pygame.draw.rect(out, lighter(base, 0.25), inner.inflate(-8, -8), 1, border_radius=2)
    c = inner.center
    r = w * 0.22
    points = [(c[0], c[1] - r * 1.3), (c[0] + r, c[1]), (c[0], c[1] + r * 1.3), (c[0] - r, c[1])]
    pygame.draw.polygon(out, lighter(base, 0.15), points)
    pygame.draw.aalines(out, theme.GOLD_LIGHT, True, points)
    letter = render("display_bold", round(w * 0.26),
                    theme.EMPIRE_INITIALS.get(empire, "M"), theme.GOLD_LIGHT)
    out.blit(letter, letter.get_rect(center=(c[0], c[1] + 1)))
    return out
