"""The scenario form: every field of a scenario as a control that offers only legal values —
name and description typed, numbers on steppers within their range, empires in turn order
with their capitals, key cities, provinces and barbarian areas ticked, cards taken out of
each deck, and the scoring. It draws onto one tall surface (the editor scrolls it) and leaves
a spot for each control and a rectangle for each field (a problem's `where` scrolls there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from sprites import theme
from sprites.colour import RGB
from sprites.editor import facts
from sprites.editor.controls import (
    Spots,
    flow_tags,
    heading,
    label,
    plate,
    small_button,
    stepper,
    tick,
)
from sprites.editor.document import Draft
from sprites.editor.textbox import TextBox
from sprites.scenes.base import Intent, intent
from sprites.theme import empire_colour, empire_name
from sprites.ui.text import draw_text, elide

Scale = Callable[[float], int]
ROW = 40
GAP = 8
TALL = 4200
"""The most the form can grow to, in design pixels (eight empires, every card out…)."""
LABEL_W = 250
AWARD_WORDS = {"key_city": "Each key city held", "largest_empire": "Largest empire",
               "largest_empire_tie": "Largest, tied", "capital_lost": "Capital lost",
               "best_progress": "Best progress", "best_progress_tie": "Best progress, tied"}


@dataclass
class FormState:
    """What the form shows besides the draft: the text being typed, the pointer, a field
    pointed at from the problems list, where the scenario is saved."""

    boxes: dict[str, TextBox] = field(default_factory=dict)
    focus: str | None = None
    hover: tuple[int, int] | None = None
    flash: str | None = None
    saved_as: str = ""
    colour_blind: bool = False


class Form:
    """Draws the form for a draft; `spots` and `fields` say where everything went."""

    def __init__(self, u: Scale, width: int) -> None:
        self.u = u
        self.width = width
        self.spots = Spots()
        self.fields: dict[str, pygame.Rect] = {}
        self.surface = pygame.Surface((1, 1))

    def render(self, draft: Draft, state: FormState) -> int:
        """Draw the whole form onto `surface` (kept between renders); its height."""
        if self.surface.get_width() != self.width:
            self.surface = pygame.Surface((self.width, self.u(TALL)), pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        self.spots, self.fields = Spots(), {}
        self.draft, self.state, self.target = draft, state, self.surface
        return self._draw(self.surface)

    def _draw(self, surface: pygame.Surface) -> int:
        u = self.u
        y = u(6)
        for section, drawers in (("The scenario", self._about), ("Length and hands",
                                                                  self._numbers),
                                 ("Empires in turn order", self._empires),
                                 ("Key cities", self._keys),
                                 ("Provinces in play", self._provinces),
                                 ("Barbarian areas in play", self._areas),
                                 ("Cards taken out of the decks", self._cards),
                                 ("End-of-turn scoring", self._scoring)):
            y = heading(surface, u, section, u(12), y + u(10))
            y = drawers(y)
        if self.state.flash in self.fields:
            pygame.draw.rect(surface, theme.GOLD, self.fields[self.state.flash].inflate(
                u(6), u(4)), max(2, u(3)), border_radius=4)
        return min(surface.get_height(), y + u(20))

    # -- helpers ---------------------------------------------------------------------------

    def _row(self, key: str, y: int, height: int = ROW) -> pygame.Rect:
        rect = pygame.Rect(self.u(12), y, self.width - self.u(24), self.u(height))
        self.fields[key] = rect
        return rect

    def _control(self, row: pygame.Rect) -> pygame.Rect:
        x = row.x + self.u(LABEL_W)
        return pygame.Rect(x, row.y, row.right - x, row.h)

    def _hovered(self, rect: pygame.Rect) -> bool:
        pos = self.state.hover
        return pos is not None and rect.collidepoint(pos)

    def _button(self, rect: pygame.Rect, words: str, it: Intent, why_not: str = "",
                face: str = "display_bold") -> None:
        small_button(self.target, self.u, self.spots, rect, words, it, why_not,
                     self._hovered(rect), 19 if face == "display_bold" else 20, face)

    def _count(self, row: pygame.Rect, key: str, words: str, value: int, low: int, high: int,
               note: str = "") -> None:
        u = self.u
        label(self.target, u, words, row.x, row.centery, width=u(LABEL_W - 10))
        box = pygame.Rect(self._control(row).x, row.y, u(200), row.h)
        stepper(self.target, u, self.spots, box, str(value),
                intent("step", key=key, by=-1), intent("step", key=key, by=1),
                "" if value > low else f"{low} is the least", "" if value < high
                else f"{high} is the most")
        if note:
            room = row.right - box.right - u(12)
            draw_text(self.target, "serif_italic", u(18), elide("serif_italic", u(18), note,
                                                                room),
                      theme.INK_SOFT, midleft=(box.right + u(12), row.centery))

    # -- sections --------------------------------------------------------------------------

    def _about(self, y: int) -> int:
        u, state = self.u, self.state
        for key, words, height, hint in (("name", "Name", 42, "The scenario's name"),
                                         ("description", "Description", 128,
                                          "A paragraph for the New Game page")):
            row = self._row(key, y, height)
            label(self.target, u, words, row.x, row.y + u(20))
            box = self._control(row)
            text = state.boxes.get(key) or TextBox(str(self.draft.setup.get(key) or ""), 600,
                                                   key == "description")
            text.draw(self.target, box, u, state.focus == key, hint)
            self.spots.add(box, intent("focus", field=key))
            y = row.bottom + u(GAP)
        row = self._row("folder", y, 30)
        draw_text(self.target, "serif_italic", u(18),
                  elide("serif_italic", u(18), self.state.saved_as, row.w), theme.INK_SOFT,
                  midleft=(row.x, row.centery))
        return row.bottom + u(GAP)

    def _numbers(self, y: int) -> int:
        u, draft = self.u, self.draft
        setup = draft.setup
        row = self._row("turns", y)
        turns = setup.get("turns")
        label(self.target, u, "Turns", row.x, row.centery)
        box = pygame.Rect(self._control(row).x, row.y, u(200), row.h)
        shown = f"{turns}" if isinstance(turns, int) else f"Standard ({facts.standard_turns()})"
        value, (low, high) = facts.game_turns(draft), facts.TURNS
        stepper(self.target, u, self.spots, box, shown, intent("step", key="turns", by=-1),
                intent("step", key="turns", by=1),
                f"{low} is the least" if value <= low else "",
                f"{high} is the most" if value >= high else "")
        players = len(facts.empires(draft))
        standard = facts.standard_hand_size(players)
        rows = (("hand_size", "Hand size", *facts.HAND_SIZES,
                 f"rule book: {standard} for {players} players" if standard else ""),
                ("fortification_markers", "Foundation markers", *facts.MARKERS,
                 "per empire, the capital's included"),
                ("automatic_victory_cities", "Automatic victory", 1,
                 max(1, facts.total_cities(draft)),
                 f"cities, of {facts.total_cities(draft)} in play"))
        y = row.bottom + u(GAP)
        for key, words, low, high, note in rows:
            row = self._row(key, y)
            found = setup.get(key)
            self._count(row, key, words, found if isinstance(found, int) else low, low,
                        max(low, high), note)
            y = row.bottom + u(GAP)
        return y

    def _empires(self, y: int) -> int:
        u, draft = self.u, self.draft
        rows = facts.empires(draft)
        self.fields["empires"] = pygame.Rect(u(12), y, self.width - u(24), u(ROW))
        for index, entry in enumerate(rows):
            row = self._row(f"empire:{index}", y)
            empire = str(entry.get("empire", ""))
            plate(self.target, row)
            chip = pygame.Rect(row.x + u(10), row.centery - u(11), u(22), u(22))
            if empire in theme.EMPIRE_COLOURS:
                pygame.draw.rect(self.target, empire_colour(empire, self.state.colour_blind),
                                 chip, border_radius=3)
                pygame.draw.rect(self.target, theme.INK, chip, 1, border_radius=3)
            label(self.target, u, f"{index + 1}. {empire_name(empire)}", chip.right + u(10),
                  row.centery, width=u(LABEL_W - 50))
            capital = str(entry.get("capital", ""))
            box = pygame.Rect(self._control(row).x, row.y + u(4), u(190), row.h - u(8))
            self._button(box, facts.name_of(draft, capital), intent("pick_capital", index=index),
                         face="serif_bold")
            self.spots.spots[-1].tip = "The capital: click to choose another city"
            x = box.right + u(10)
            for words, it, why in (("up", intent("move_empire", index=index, step=-1),
                                    "First already" if index == 0 else ""),
                                   ("down", intent("move_empire", index=index, step=1),
                                    "Last already" if index == len(rows) - 1 else ""),
                                   ("remove", intent("remove_empire", index=index),
                                    "A scenario needs at least two empires"
                                    if len(rows) <= 2 else "")):
                self._button(pygame.Rect(x, row.y + u(4), u(36), row.h - u(8)), words, it, why)
                x += u(42)
            y = row.bottom + u(GAP)
        why = "All eight empires are in play" if not facts.addable_empires(draft) else ""
        add = pygame.Rect(u(12), y, u(240), u(36))
        self._button(add, "Add an empire…", intent("pick_empire"), why)
        self.fields["empires"] = self.fields["empires"].union(add)
        return add.bottom + u(GAP)

    def _keys(self, y: int) -> int:
        u, draft = self.u, self.draft
        row = self._row("key_cities", y, ROW)
        items: list[tuple[str, Intent, RGB | None]] = [
            (facts.name_of(draft, c), intent("toggle_key", city=c), None)
            for c in facts.key_cities(draft)]
        bottom = flow_tags(self.target, u, self.spots, pygame.Rect(row.x, y + u(4), row.w,
                                                                    row.h), items,
                           "Click to make it an ordinary city")
        why = "" if facts.key_city_choices(draft) else "No city in play is free to be one"
        add = pygame.Rect(u(12), bottom + u(2), u(240), u(36))
        self._button(add, "Add a key city…", intent("pick_key"), why)
        self.fields["key_cities"] = row.union(add)
        return add.bottom + u(GAP)

    def _provinces(self, y: int) -> int:
        u, draft = self.u, self.draft
        playing = set(facts.provinces_in_play(draft))
        counts = facts.counts_by_size(draft)
        row = self._row("provinces", y, 30)
        draw_text(self.target, "serif_italic", u(18),
                  elide("serif_italic", u(18), f"{facts.total_cities(draft)} cities in "
                        f"{len(playing)} provinces (size 1 · 2 · 3 = cities, from the map)",
                        row.w),
                  theme.INK_SOFT, midleft=(row.x, row.centery))
        y = row.bottom + u(4)
        for province in facts.provinces(draft):
            c = counts.get(province.id, {})
            note = (f"{c.get('size1', 0)} · {c.get('size2', 0)} · {c.get('size3', 0)} = "
                    f"{c.get('total', 0)}")
            line = self._row(f"province:{province.id}", y, 30)
            tick(self.target, u, self.spots, line, province.name, province.id in playing,
                 intent("toggle_province", province=province.id), note=note)
            y = line.bottom + u(2)
        self.fields["provinces"] = self.fields["provinces"].union(line)
        return y + u(GAP)

    def _areas(self, y: int) -> int:
        u, draft = self.u, self.draft
        playing = set(facts.areas_in_play(draft))
        every = facts.areas(draft)
        row = self._row("areas", y, 36)
        draw_text(self.target, "serif_italic", u(18),
                  f"{len(playing)} of {len(every)} in play (strength in dice)", theme.INK_SOFT,
                  midleft=(row.x, row.centery))
        self._button(pygame.Rect(row.right - u(110), row.y + u(2), u(110), row.h - u(4)),
                     "All", intent("all_areas"),
                     "All are in play" if len(playing) == len(every) else "")
        y = row.bottom + u(4)
        half = (self.width - u(24)) // 2
        for k, area in enumerate(every):
            column, line_no = k % 2, k // 2
            rect = pygame.Rect(u(12) + column * half, y + line_no * u(32), half - u(8), u(30))
            self.fields[f"area:{area.id}"] = rect
            tick(self.target, u, self.spots, rect, area.name, area.id in playing,
                 intent("toggle_area", area=area.id), note=f"{area.strength}d6")
        bottom = y + ((len(every) + 1) // 2) * u(32)
        self.fields["areas"] = row.union(pygame.Rect(row.x, row.y, row.w, bottom - row.y))
        return bottom + u(GAP)

    def _cards(self, y: int) -> int:
        u, draft = self.u, self.draft
        for entry in facts.empires(draft):
            empire = str(entry.get("empire", ""))
            if empire not in theme.EMPIRE_COLOURS:
                continue
            row = self._row(f"removed:{empire}", y, ROW)
            label(self.target, u, empire_name(empire), row.x, row.y + u(18))
            items: list[tuple[str, Intent, RGB | None]] = [
                (facts.card_name(c), intent("toggle_card", empire=empire, card=c), None)
                for c in facts.removed_cards(draft, empire)]
            area = pygame.Rect(row.x + u(160), row.y + u(2), row.w - u(160) - u(200), row.h)
            bottom = max(flow_tags(self.target, u, self.spots, area, items,
                                   "Click to put it back in the deck"), row.y + u(36))
            self._button(pygame.Rect(row.right - u(190), row.y + u(2), u(190), u(34)),
                         "Take out a card…", intent("pick_card", empire=empire),
                         face="serif_bold")
            key = f"removed:{empire}"
            self.fields[key] = pygame.Rect(row.x, row.y, row.w, bottom - row.y)
            y = self.fields[key].bottom + u(GAP)
        return y

    def _scoring(self, y: int) -> int:
        u, setup = self.u, self.draft.setup
        scoring = setup.get("scoring")
        special = isinstance(scoring, dict)
        row = self._row("scoring", y, 34)
        tick(self.target, u, self.spots, row, "The scenario's own scoring (else the rule "
             "book's)", special, intent("special_scoring", on=not special))
        y = row.bottom + u(GAP)
        if not isinstance(scoring, dict):
            return y
        for line in facts.AWARD_LINES:
            y = self._award(line, scoring.get(line), y)
        for key, words, low, high in (("progress_from_turn", "Progress scored from turn", 1,
                                       facts.game_turns(self.draft)),
                                      ("final_turn_vp_multiplier", "Last turn's VP ×",
                                       *facts.MULTIPLIER)):
            row = self._row(f"scoring:{key}", y)
            value = scoring.get(key)
            self._count(row, f"scoring:{key}", words, value if isinstance(value, int) else low,
                        low, max(low, high))
            y = row.bottom + u(GAP)
        return y

    def _award(self, line: str, award: object, y: int) -> int:
        u = self.u
        award = award if isinstance(award, dict) else {}
        row = self._row(f"award:{line}", y)
        label(self.target, u, AWARD_WORDS[line], row.x, row.centery, width=u(LABEL_W - 10))
        x = self._control(row).x
        for part, words, (low, high) in (("vp", "VP", facts.VP_AWARD),
                                         ("cards", "cards", facts.CARDS_AWARD)):
            value = award.get(part, 0)
            value = value if isinstance(value, int) else 0
            box = pygame.Rect(x, row.y, u(150), row.h)
            key = f"award:{line}:{part}"
            shown = f"{value:+d} {words}" if part == "vp" else \
                f"{value:+d} card{'' if abs(value) == 1 else 's'}"
            stepper(self.target, u, self.spots, box, shown,
                    intent("step", key=key, by=-1), intent("step", key=key, by=1),
                    "" if value > low else f"{low} is the least",
                    "" if value < high else f"{high} is the most")
            x = box.right + u(12)
        return row.bottom + u(GAP)
