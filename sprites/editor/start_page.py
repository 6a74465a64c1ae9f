"""The editor's first page (Title → Editor): the user's scenarios (drafts marked, a folder
that cannot be read listed with the reason) and what a new one may start from — nothing
(two empires, a province each) or one of the book's scenarios; and where the user's
scenarios are kept."""

from __future__ import annotations

from pathlib import Path

import pygame

from sprites import theme
from sprites.editor import store
from sprites.editor.controls import GREY
from sprites.editor.opening import SCRATCH, open_listed
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.text import draw_text, elide, render, wrap
from sprites.ui.widgets import Button, panel, rule

KEYS = {pygame.K_UP: intent("step", step=-1), pygame.K_DOWN: intent("step", step=1),
        pygame.K_RETURN: intent("open"), pygame.K_KP_ENTER: intent("open"),
        pygame.K_ESCAPE: intent("back"), pygame.K_PAGEUP: intent("step", step=-8),
        pygame.K_PAGEDOWN: intent("step", step=8)}
SCRATCH_WORDS = "Two empires, a province each: Rome against Carthage, to build on."


class EditorStartScene(Page):
    """Choose a scenario to edit, or what a new one starts from."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[tuple[str, store.Listed | None]] = []
        self.notes: set[int] = set()
        """The rows that are a remark, not a heading."""
        self.selected = 0
        self.top = 0
        self.rows: list[pygame.Rect] = []
        self.shown: list[int] = []
        self.buttons: list[Button] = []
        self.message = ""
        self.playable: set[str] = set()
        """The ids of the player's scenarios that can be played (they have a preview)."""

    def enter(self, app: Host) -> None:
        """List the scenarios again (a save in the editor may have added one); lay out."""
        from sprites import user_content

        super().enter(app)
        self.selected = self._relist()
        self.playable = {ruleset.user_setup.id for _, ruleset in user_content.playable()}
        w, h = app.size
        u = app.ui
        self.list_rect = pygame.Rect(u(70), u(150), min(u(760), w // 2 - u(70)), h - u(300))
        self.info_rect = pygame.Rect(self.list_rect.right + u(36), u(150),
                                     w - self.list_rect.right - u(106), h - u(300))
        self.row_h = u(44)
        bw, bh = u(260), u(58)
        self.buttons = [
            Button(pygame.Rect(w - u(70) - bw, h - u(108), bw, bh), "Open", intent("open"),
                   u(24)),
            Button(pygame.Rect(u(70), h - u(108), u(200), bh), "Back", intent("back"), u(24))]
        self._scroll_to(self.selected)

    def _relist(self) -> int:
        """List the scenarios again; the row to select: one of the player's not listed
        before (just saved in the editor), else the one selected before, else the first."""
        before = {(listed.key, listed.folder) for _, listed in self.entries if listed}
        chosen = self.entries[self.selected][1] if self.entries else None
        self.entries = self._entries()
        rows = [None if listed is None else (listed.key, listed.folder)
                for _, listed in self.entries]
        fresh = [k for k, row in enumerate(rows) if row and row[1] and row not in before]
        same = [k for k, row in enumerate(rows)
                if row and chosen and row == (chosen.key, chosen.folder)]
        found = (fresh or same or [0])[0]
        return found if rows[found] is not None else self._next(found, 1)

    def _entries(self) -> list[tuple[str, store.Listed | None]]:
        """Headings (None) and scenarios, in the order listed."""
        mine = store.user_list()
        out: list[tuple[str, store.Listed | None]] = [(f"Your scenarios ({len(mine)})", None)]
        out += [(listed.name, listed) for listed in mine]
        self.notes = {len(out)} if not mine else set()
        if not mine:
            out.append(("None yet: start one from nothing or from a scenario of the book.",
                        None))
        out.append(("Start a new scenario", None))
        out.append(("New from scratch", store.Listed(SCRATCH, "New from scratch")))
        out += [(f"{b.number:>2}. {b.name}", b) for b in store.bundled_list()]
        return out

    # -- input ----------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Rows, buttons, the wheel and the keys."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("wheel", steps=-event.y)]
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or row_intents(event, self.rows, "select"))

    def apply(self, it: Intent) -> None:
        """Select, scroll, open or go back."""
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
            return
        if it.name == "select" and it.arg("index") < len(self.shown):
            index = self.shown[it.arg("index")]
            if self.entries[index][1] is not None:
                self.selected = index
        elif it.name == "step":
            self.selected = self._next(self.selected, it.arg("step"))
            self._scroll_to(self.selected)
        elif it.name == "wheel":
            self.top = max(0, min(len(self.entries) - len(self.rows), self.top + 3 * it.arg(
                "steps")))
        elif it.name == "back":
            self.host.pop()
            return
        elif it.name == "open":
            self._open()
        self.full_redraw = True

    def _next(self, index: int, step: int) -> int:
        """The next scenario (not a heading) `step` rows on, kept in the list."""
        target = max(0, min(len(self.entries) - 1, index + step))
        direction = 1 if step > 0 else -1
        while 0 <= target < len(self.entries) and self.entries[target][1] is None:
            target += direction
        if not 0 <= target < len(self.entries):
            return index
        return target

    def _scroll_to(self, index: int) -> None:
        room = self._room()
        if index < self.top:
            self.top = max(0, index - 1)
        elif index >= self.top + room:
            self.top = index - room + 1

    def _open(self) -> None:
        listed = self.entries[self.selected][1]
        if listed is not None:
            self.message = open_listed(self.host, listed)

    # -- drawing --------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The list, the chosen scenario, the folder and the buttons."""
        u = self.host.ui
        w, h = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        head = render("display_bold", u(54), "SCENARIO EDITOR", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(w // 2, u(72))))
        rule(surface, u(118), w // 2 - u(240), w // 2 + u(240))
        self._draw_list(surface)
        self._draw_info(surface)
        folder = f"Your scenarios are kept in {shown_folder(store.scenarios_folder())}"
        draw_text(surface, "serif_italic", u(19), elide("serif_italic", u(19), folder,
                                                        w - u(640)),
                  theme.INK_SOFT, midbottom=(w // 2, h - u(150) + u(34)))
        if self.message:
            for k, line in enumerate(wrap("serif_bold", u(20), self.message, w - u(660))[:2]):
                draw_text(surface, "serif_bold", u(20), line, theme.WAX,
                          midtop=(w // 2, h - u(104) + k * u(26)))
        for button in self.buttons:
            button.draw(surface)
        return None

    def _draw_list(self, surface: pygame.Surface) -> None:
        u = self.host.ui
        box = self.list_rect
        panel(surface, box)
        self.shown = list(range(self.top, min(len(self.entries), self.top + self._room())))
        self.rows = []
        for k, index in enumerate(self.shown):
            row = pygame.Rect(box.x + u(14), box.y + u(12) + k * self.row_h, box.w - u(28),
                              self.row_h - u(4))
            self.rows.append(row)
            self._draw_row(surface, row, index)
        below = len(self.entries) - self.top - len(self.shown)
        if self.top or below:  # the wheel scrolls the list, as in New Game
            words = " · ".join(w for w in (f"▲ {self.top} more" if self.top else "",
                                           f"▼ {below} more" if below else "") if w)
            draw_text(surface, "serif_italic", u(18), words, theme.INK_SOFT,
                      midbottom=(box.centerx, box.bottom - u(8)))

    def _room(self) -> int:
        """How many rows the list shows (a line under them says what it scrolls to)."""
        return max(1, (self.list_rect.h - self.host.ui(44)) // self.row_h)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, index: int) -> None:
        u = self.host.ui
        words, listed = self.entries[index]
        if index in self.notes:
            draw_text(surface, "serif_italic", u(19), elide("serif_italic", u(19), words,
                                                            row.w - u(8)),
                      theme.INK_SOFT, midleft=(row.x + u(4), row.centery))
            return
        if listed is None:
            text = render("display_bold", u(18), words.upper(), theme.WAX, tracking=0.08)
            surface.blit(text, text.get_rect(midleft=(row.x + u(4), row.centery + u(4))))
            return
        chosen = index == self.selected
        if chosen:
            pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
        ink = GREY if listed.problem else theme.WAX if chosen else theme.INK
        mark = _mark(listed)
        right = row.right - u(10)
        if mark:
            tone = GREY if listed.problem else theme.INK_SOFT if listed.number else theme.WAX
            right = draw_text(surface, "serif_italic", u(18), mark, tone,
                              midright=(right, row.centery)).x - u(10)
        if listed.number is not None:  # the book's number in a column, as in New Game
            draw_text(surface, "display_bold", u(21), str(listed.number), ink,
                      midright=(row.x + u(34), row.centery))
        face = "serif_bold" if chosen else "serif"
        draw_text(surface, face, u(22), elide(face, u(22), listed.name, right - row.x - u(54)),
                  ink, midleft=(row.x + u(48), row.centery))

    def _draw_info(self, surface: pygame.Surface) -> None:
        u = self.host.ui
        box = self.info_rect
        panel(surface, box)
        listed = self.entries[self.selected][1] if self.entries else None
        if listed is None:
            return
        x, y, width = box.x + u(32), box.y + u(28), box.w - u(64)
        for line in wrap("display_bold", u(32), listed.name, width)[:2]:
            y = draw_text(surface, "display_bold", u(32), line, theme.INK,
                          topleft=(x, y)).bottom
        y += u(10)
        size = u(22)
        for paragraph in _about(listed):
            for line in wrap("serif", size, paragraph, width):
                if y + font("serif", size).get_linesize() > box.bottom - u(20):
                    return
                y = draw_text(surface, "serif", size, line, theme.INK, topleft=(x, y)).bottom
            y += u(10)
        if listed.number is not None or listed.key in self.playable:
            self._preview(surface, listed.key, pygame.Rect(x, y + u(6), width,
                                                           box.bottom - u(24) - y))

    def _preview(self, surface: pygame.Surface, scenario: str, room: pygame.Rect) -> None:
        """A scenario's little map (its own map's, if it has one), as large as the room
        left allows."""
        from sprites import user_content
        from sprites.ui.minimap import minimap

        model = user_content.map_model_of(scenario)
        _, _, w, h = model.extent
        width = min(room.w, round(room.h * w / h))
        if width < self.host.ui(200):
            return
        preview = minimap(model, user_content.content_of(scenario), scenario,
                          (width, round(width * h / w)), self.host.settings.colour_blind)
        surface.blit(preview, preview.get_rect(midtop=room.midtop))


def shown_folder(folder: Path) -> str:
    """A folder as the player reads it: from "~" when it is in the home folder."""
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


def _mark(listed: store.Listed) -> str:
    """The words at a row's right: a book scenario's players, the state of one's own."""
    if listed.number is not None:
        from sprites import content

        return f"{content.bundled().setup(listed.key).players} players"
    if listed.problem:
        return "cannot be read"
    if not listed.saved:
        return "never saved"
    return "draft" if listed.draft else ""


def _about(listed: store.Listed) -> list[str]:
    """What the info panel says of a listed scenario."""
    if listed.key == SCRATCH and listed.folder is None:
        return [SCRATCH_WORDS, "Open starts a new scenario of your own."]
    if listed.folder is None:
        from sprites import content

        setup = content.bundled().setup(listed.key)
        return [f"Scenario {setup.number} of the book · {setup.players} players",
                setup.description, "Open starts a new scenario of your own from a copy of it; "
                "the book's scenario stays as it is."]
    if listed.problem:
        return [f"This folder cannot be opened: {listed.problem}",
                f"It is {shown_folder(listed.folder)}."]
    words = [f"Your scenario, in the folder {listed.folder.name}."]
    if listed.description:
        words.append(listed.description)
    if not listed.saved:
        words.append("It was never saved: the editor kept it in an autosave. Open it to go "
                     "on, then save it.")
    elif listed.draft:
        words.append("Saved as a draft: it has problems to fix before it can be played.")
    return words
