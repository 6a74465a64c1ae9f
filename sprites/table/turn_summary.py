"""The end of a turn, paused on until Continue (or Enter): the End Turn roll with its dice and
modifiers, each empire's awards (key cities, largest empire, best progress, capital lost and any
other line the scenario scores) with their VP and cards, its hand size and refill, reshuffle or
discard down, and the VP standings after — read from the events of the turn's end only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.events import Event
from sprites import content, theme
from sprites.colour import RGB
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Scene, intent
from sprites.table.anims import die_face
from sprites.table.names import Names
from sprites.ui.input import button_intents, hover_buttons
from sprites.ui.text import draw_text, elide
from sprites.ui.widgets import Button, panel, rule

Scale = Callable[[float], int]
Cell = tuple[str, str, RGB]
"""A table cell: its main words, the smaller words under them, the main words' ink."""

AWARDS = {"key city": "Key cities", "largest empire": "Largest empire",
          "best progress": "Best progress", "capital lost": "Capital lost"}
"""The standard awards (rule 4.2), in column order, with their headings."""
KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
GUARD = 0.4
"""Seconds Continue waits once the summary is up, so that a click or a held key meant for the
table cannot close it unseen."""
WIDTH, ROW, HEAD, FOOT = 1400, 66, 34, 96
"""The plaque's widest, a row's, the table heading's and the foot's heights (design px)."""
ROLL = 92
"""The height of the roll's block under the heading (design px)."""


# -- what the events say ---------------------------------------------------------------------

@dataclass(frozen=True)
class Award:
    """One empire's scoring lines of one kind: how many, their VP and cards, whether tied."""

    count: int = 0
    vp: int = 0
    cards: int = 0
    tied: bool = False


@dataclass(frozen=True)
class Refill:
    """One empire's hand for the next turn: its size and the change, the cards it held, is to
    draw and to discard down, the cards drawn (None: not yet) and those its empty deck missed."""

    limit: int
    change: int
    held: int
    draw: int
    discard: int
    drawn: int | None
    missed: int


@dataclass(frozen=True)
class Row:
    """One empire's line: awards by kind, the VP gained, the total and place after, its refill
    (None: the game ended) and the cards shuffled back into its deck."""

    seat: int
    empire: str
    awards: dict[str, Award]
    gain: int
    total: int | None
    place: int
    shared: bool
    refill: Refill | None
    reshuffled: int


@dataclass(frozen=True)
class Roll:
    """The End Turn roll: its round, dice, modifiers (what, value), total and event's name."""

    round: int
    dice: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int
    event: str


@dataclass(frozen=True)
class Summary:
    """A turn's end: its number, the roll, the award kinds scored, a row per empire, notes."""

    turn: int
    roll: Roll | None
    kinds: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...]


def summarise(events: Sequence[Event], empires: Sequence[str], names: Names) -> Summary:
    """What the events of a turn's end (from its End Turn roll) say, empire by empire."""
    kinds = [e.kind for e in events]
    block = list(events[:kinds.index("turn_started")] if "turn_started" in kinds else events)
    scored = next((e for e in block if e.kind == "turn_scored"), None)
    totals = tuple(scored.get("vp")) if scored is not None else ()
    rows = tuple(_row(block, seat, empire, totals) for seat, empire in enumerate(empires))
    found = sorted({k for row in rows for k in row.awards} - set(AWARDS))
    ended = next((e for e in block if e.kind == "turn_ended"), None)
    return Summary(int(ended.get("turn")) if ended else 0, _roll(block, names),
                   (*AWARDS, *found), rows, _notes(block, scored))


def _roll(events: list[Event], names: Names) -> Roll | None:
    """The last Random Event roll among the events (None: there is none)."""
    rolled = [e for e in events if e.kind == "random_event"]
    if not rolled:
        return None
    ev = rolled[-1]
    modifiers = tuple(ev.get("modifiers") or (("modifier", ev.get("modifier")),))
    return Roll(int(ev.get("round")), tuple(ev.get("dice")),
                tuple((str(w), int(v)) for w, v in modifiers if v), int(ev.get("total")),
                names.event(str(ev.get("event"))))


def _row(events: list[Event], seat: int, empire: str, totals: tuple[int, ...]) -> Row:
    """One seat's awards, VP, place and refill from the events that name it."""
    mine = [e for e in events if e.get("seat") == seat]
    awards: dict[str, Award] = {}
    for ev in (e for e in mine if e.kind == "scored"):
        what = str(ev.get("what"))
        kind = what.removesuffix(" (tied)")
        was = awards.get(kind, Award())
        awards[kind] = Award(was.count + 1, was.vp + int(ev.get("vp")),
                             was.cards + int(ev.get("cards")), was.tied or kind != what)
    total = totals[seat] if seat < len(totals) else None
    place = 1 + sum(1 for vp in totals if total is not None and vp > total)
    return Row(seat, empire, awards, sum(int(e.get("change")) for e in mine if e.kind == "vp"),
               total, place, totals.count(total) > 1, _refill(mine),
               sum(int(e.get("cards")) for e in mine if e.kind == "reshuffled"))


def _refill(mine: list[Event]) -> Refill | None:
    """A seat's refill from its events (None: no refill, the game ended)."""
    ev = next((e for e in mine if e.kind == "refill"), None)
    if ev is None:
        return None
    draws = [int(e.get("count")) for e in mine if e.kind == "drew" and e.get("reason") == "refill"]
    missed = sum(int(e.get("missed")) for e in mine if e.kind == "deck_empty")
    return Refill(int(ev.get("limit")), int(ev.get("change")), int(ev.get("held")),
                  int(ev.get("draw")), int(ev.get("discard")), sum(draws) if draws else None,
                  missed)


def _notes(events: list[Event], scored: Event | None) -> tuple[str, ...]:
    """Lines under the table: the scenario's own scoring, a VP multiplier, the game's end."""
    notes = []
    if scored is not None and scored.get("scoring") == "scenario":
        notes.append("This scenario scores with its own table.")
    if scored is not None and scored.get("multiplier", 1) != 1:
        notes.append(f"Every award's VP counts ×{scored.get('multiplier')} this turn.")
    over = next((e for e in events if e.kind == "game_over"), None)
    if over is not None:
        many = "s" if len(over.get("winners") or ()) > 1 else ""
        notes.append(f"The game is over — winner{many}: {over.get('winner_names')}. The final "
                     "standings follow.")
    return tuple(notes)


# -- the table's cells -------------------------------------------------------------------------

def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th …"""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def cards(count: int, signed: bool = True) -> str:
    """'+2 cards', '−1 card' ('2 cards' unsigned)."""
    number = f"{count:+d}".replace("-", "−") if signed else str(count)
    return f"{number} card{'' if abs(count) == 1 else 's'}"


def award_cell(award: Award | None, kind: str = "") -> Cell:
    """An award's VP, and under it how many (key cities by name), a tie and the cards."""
    if award is None:
        return "—", "", theme.INK_SOFT
    many = f"{award.count} cities" if kind == "key city" else f"×{award.count}"
    under = [many] if award.count > 1 else []
    under += ["tied"] if award.tied else []
    under += [cards(award.cards)] if award.cards else []
    ink = theme.WAX if award.vp < 0 else theme.INK
    return f"{award.vp:+d} VP".replace("-", "−"), " · ".join(under), ink


def gain_cell(row: Row) -> Cell:
    """The VP the turn's end gave (or took)."""
    if not row.gain:
        return "—", "", theme.INK_SOFT
    return f"{row.gain:+d} VP".replace("-", "−"), "", theme.WAX if row.gain < 0 else theme.INK


def total_cell(row: Row) -> Cell:
    """The VP after the turn and the place they give (by VP alone)."""
    if row.total is None:
        return "—", "", theme.INK_SOFT
    return f"{row.total} VP", ("tied " if row.shared else "") + ordinal(row.place), theme.INK


def hand_cell(row: Row) -> Cell:
    """The hand size for the next turn and its change."""
    refill = row.refill
    if refill is None:
        return "—", "", theme.INK_SOFT
    return cards(refill.limit, False), (cards(refill.change) if refill.change else ""), theme.INK


def refill_cell(row: Row) -> Cell:
    """What the refill does (draw, discard down, nothing), what was held, the reshuffle."""
    refill = row.refill
    shuffled = [f"{row.reshuffled} reshuffled"] if row.reshuffled else []
    if refill is None:
        return ("—", " · ".join(shuffled), theme.INK_SOFT)
    under = [f"held {refill.held}", *shuffled]
    if refill.discard:
        return f"Discards {refill.discard}", " · ".join(under), theme.WAX
    if not refill.draw:
        return "Draws none", " · ".join(under), theme.INK
    drawn = refill.draw if refill.drawn is None else refill.drawn
    if refill.missed or drawn < refill.draw:
        return f"Draws {drawn} of {refill.draw}", " · ".join(["deck ran out", *shuffled]), \
            theme.WAX
    return f"Draws {drawn}", " · ".join(under), theme.INK


@dataclass(frozen=True)
class Column:
    """A column: its heading, its share of the width and its cell for a row."""

    heading: str
    weight: float
    cell: Callable[[Row], Cell]


def _award_column(kind: str) -> Callable[[Row], Cell]:
    """The cell of one award kind for a row."""
    return lambda row: award_cell(row.awards.get(kind), kind)


def columns(summary: Summary) -> list[Column]:
    """The table's columns: the empire, each award kind, the VP, then the hand (if refilled)."""
    out = [Column("Empire", 1.15, lambda r: (theme.empire_name(r.empire), "", theme.INK))]
    out += [Column(AWARDS.get(kind, kind.capitalize()), 1.0, _award_column(kind))
            for kind in summary.kinds]
    out += [Column("This turn", 0.75, gain_cell), Column("Standing", 0.85, total_cell)]
    if any(r.refill is not None for r in summary.rows):
        out += [Column("Hand size", 0.85, hand_cell), Column("Refill", 1.45, refill_cell)]
    return out


def roll_words(roll: Roll) -> tuple[str, str]:
    """The modifiers and the result in words ('+7 finished rounds', '= 16: End Turn')."""
    mods = "   ".join(f"{v:+d} {w}".replace("-", "−") for w, v in roll.modifiers)
    return mods, f"= {roll.total}: {roll.event}"


# -- the scene -----------------------------------------------------------------------------------

class TurnSummary(Scene):
    """A turn's end summed up over the table, which waits until Continue (or Enter)."""

    opaque = False

    def __init__(self, events: Sequence[Event], empires: Sequence[str]) -> None:
        super().__init__()
        self.summary = summarise(events, empires, Names(content.content()))
        self.columns = columns(self.summary)
        self.waited = 0.0
        self.closed = False
        self.button = Button(pygame.Rect(0, 0, 0, 0), "Continue", intent("continue"),
                             enabled=False)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.picture: pygame.Surface | None = None

    @property
    def ready(self) -> bool:
        """Whether Continue works yet (GUARD has passed since the summary came up)."""
        return self.waited >= GUARD

    def enter(self, app: Host) -> None:
        """Lay out in the middle of the window."""
        super().enter(app)
        u, (w, h) = app.ui, app.size
        height = (u(84 + (ROLL if self.summary.roll else 0) + 10 + HEAD + 16 + FOOT)
                  + len(self.summary.rows) * u(ROW) + len(self.summary.notes) * u(28))
        self.box = pygame.Rect(0, 0, min(u(WIDTH), w - u(32)), min(height, h - u(16)))
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, u(240), u(54))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - u(26))
        self.button.size, self.picture = u(22), None

    # -- input ----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Enter or a click on Continue goes on; the pointer lights the button."""
        if event.type == pygame.KEYDOWN:
            return [intent("continue")] if event.key in KEYS else []
        return button_intents(event, [self.button])

    def apply(self, it: Intent) -> None:
        """Light the button, or close the summary once GUARD has passed."""
        if it.name == "hover":
            hover_buttons([self.button], it.arg("pos"))
        elif it.name == "continue" and self.ready and not self.closed:
            self.closed = True
            self.host.pop()

    def update(self, dt: float) -> None:
        """Time passes; Continue wakes up after GUARD."""
        self.waited += dt
        self.button.enabled = self.ready

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A veil over the table and the plaque's shadow once, then the plaque and its
        button."""
        full, self.full_redraw = self.full_redraw, False
        if full:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((24, 18, 14, 120))
            surface.blit(veil, (0, 0))
            shade = pygame.Surface(self.box.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 80))
            surface.blit(shade, self.box.move(5, 6))
        if self.picture is None:
            self.picture = self.paint()
        surface.blit(self.picture, self.box)
        self.button.draw(surface)
        return None if full else [self.box]

    def paint(self) -> pygame.Surface:
        """The plaque: the heading, the roll, the table of empires and the notes."""
        u, picture = self.host.ui, pygame.Surface(self.box.size)
        panel(picture, picture.get_rect(), shadow=False)
        mid = picture.get_width() // 2
        draw_text(picture, "display_bold", u(32), f"End of Turn {self.summary.turn}".upper(),
                  theme.INK, center=(mid, u(44)))
        rule(picture, u(76), u(80), picture.get_width() - u(80))
        y = u(84)
        if self.summary.roll is not None:
            paint_roll(picture, self.summary.roll, y, u)
            y += u(ROLL)
        y = paint_table(picture, self.columns, self.summary.rows, y + u(10), u,
                        self.host.settings.colour_blind)
        for note in self.summary.notes:
            words = elide("serif_italic", u(19), note, picture.get_width() - u(80))
            draw_text(picture, "serif_italic", u(19), words, theme.INK_SOFT,
                      midtop=(mid, y + u(16)))
            y += u(28)
        return picture


def paint_roll(picture: pygame.Surface, roll: Roll, top: int, u: Scale) -> None:
    """The roll's caption, then its dice, modifiers and result on one centred line."""
    mid = picture.get_width() // 2
    draw_text(picture, "serif_italic", u(19), f"The Random Event roll of round {roll.round}",
              theme.INK_SOFT, center=(mid, top + u(16)))
    mods, result = roll_words(roll)
    size, gap = u(40), u(8)
    faces = [die_face(size, value) for value in roll.dice]
    mods_w = font("serif", u(22)).size(mods)[0] if mods else 0
    result_w = font("serif_bold", u(24)).size(result)[0]
    width = len(faces) * (size + gap) + (mods_w + u(18) if mods else 0) + u(10) + result_w
    x, y = mid - width // 2, top + u(58)
    for face in faces:
        picture.blit(face, face.get_rect(midleft=(x, y)))
        x += size + gap
    if mods:
        draw_text(picture, "serif", u(22), mods, theme.INK, midleft=(x + u(10), y))
        x += mods_w + u(18)
    draw_text(picture, "serif_bold", u(24), result, theme.WAX, midleft=(x + u(10), y))


def paint_table(picture: pygame.Surface, cols: list[Column], rows: Sequence[Row], top: int,
                u: Scale, colour_blind: bool) -> int:
    """The headings and a band per empire; the y below the table."""
    left, width = u(36), picture.get_width() - u(72)
    weights = sum(c.weight for c in cols)
    edges = [left]
    for col in cols:
        edges.append(edges[-1] + round(width * col.weight / weights))
    for k, col in enumerate(cols):
        room = edges[k + 1] - edges[k] - u(8)
        words = elide("display_bold", u(15), col.heading.upper(), room)
        where = ({"midleft": (edges[k] + u(12), top + u(HEAD) // 2)} if k == 0
                 else {"center": ((edges[k] + edges[k + 1]) // 2, top + u(HEAD) // 2)})
        draw_text(picture, "display_bold", u(15), words, theme.INK_SOFT, **where)
    y = top + u(HEAD)
    pygame.draw.line(picture, theme.GOLD, (left, y), (left + width, y))
    for n, row in enumerate(rows):
        band = pygame.Rect(left, y + n * u(ROW), width, u(ROW))
        if n % 2 == 0:
            pygame.draw.rect(picture, theme.PARCHMENT_LIGHT, band)
        paint_row(picture, cols, row, edges, band, u, colour_blind)
    return y + len(rows) * u(ROW)


def paint_row(picture: pygame.Surface, cols: list[Column], row: Row, edges: list[int],
              band: pygame.Rect, u: Scale, colour_blind: bool) -> None:
    """One empire's cells: its colour and name, then each column's words and small words."""
    colour = theme.empire_colour(row.empire, colour_blind)
    spot = (edges[0] + u(22), band.centery)
    pygame.draw.circle(picture, colour, spot, u(11))
    pygame.draw.circle(picture, theme.INK, spot, u(11), max(1, u(2)))
    if colour_blind:
        draw_text(picture, "display_bold", u(13), theme.EMPIRE_INITIALS.get(row.empire, ""),
                  theme.PARCHMENT_LIGHT, center=spot)
    for k, col in enumerate(cols):
        main, small, ink = col.cell(row)
        room = edges[k + 1] - edges[k] - u(10)
        if k == 0:
            draw_text(picture, "serif_bold", u(23), elide("serif_bold", u(23), main,
                                                          room - u(30)),
                      ink, midleft=(edges[0] + u(42), band.centery))
            continue
        x = (edges[k] + edges[k + 1]) // 2
        y = band.centery - (u(11) if small else 0)
        draw_text(picture, "serif_bold", u(23), elide("serif_bold", u(23), main, room), ink,
                  center=(x, y))
        if small:
            draw_text(picture, "serif_italic", u(19), elide("serif_italic", u(19), small, room),
                      theme.INK_SOFT, center=(x, band.centery + u(17)))
