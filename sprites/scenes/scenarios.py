"""New game, first page: choose one of the 13 scenarios or one of the player's own (tagged
"Yours"; drafts and scenarios with problems are not offered), see its description and map at
set-up (its own map variant when it has one), then choose the players."""

from __future__ import annotations

import pygame

from game.rulesets.mediterranean_empires.content.setups import SetupDef
from sprites import content, theme, user_content
from sprites.resources import font
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.scenes.ruleset_pages import draw_game_info, draw_game_row, offered_games
from sprites.theme import empire_colour, empire_name
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents, row_intents
from sprites.ui.minimap import minimap
from sprites.ui.text import draw_text, elide, render, wrap
from sprites.ui.widgets import Button, panel, rule

KEYS = {pygame.K_UP: intent("step", step=-1), pygame.K_DOWN: intent("step", step=1),
        pygame.K_RETURN: intent("players"), pygame.K_KP_ENTER: intent("players"),
        pygame.K_m: intent("open"), pygame.K_ESCAPE: intent("back")}


class ScenarioScene(Page):
    """A list of scenarios and the chosen one's description."""

    def __init__(self) -> None:
        super().__init__()
        listed = user_content.scenarios()
        offered = user_content.playable(listed)
        self.setups = (*content.bundled().setups, *(r.user_setup for _, r in offered))
        self.own_maps = {s.id for s, _ in offered if s.own_map}
        self.games = offered_games()
        """The other rule sets with a table, listed by name after the scenarios."""
        self.held_back = len(listed) - len(offered)
        """The player's scenarios not offered: drafts, and those with problems."""
        self.selected = 0
        self.first = 0
        """The scenario on the list's top row (the list scrolls when they do not fit)."""
        self.rows: list[pygame.Rect] = []
        self.buttons: list[Button] = []

    @property
    def count(self) -> int:
        """Lines on the list: the scenarios, then the other rule sets."""
        return len(self.setups) + len(self.games)

    def enter(self, app: Host) -> None:
        """Lay out for the window."""
        super().enter(app)
        w, h = app.size
        u = app.ui
        self.list_rect = pygame.Rect(u(90), u(170), u(640), h - u(300))
        self.info_rect = pygame.Rect(self.list_rect.right + u(40), u(170),
                                     w - self.list_rect.right - u(130), h - u(300))
        room = self.list_rect.h - u(40) - (u(56) if self.held_back else 0)
        row_h = max(u(40), min(u(56), room // self.count))
        shown = room // row_h if room // row_h >= self.count else (room - u(26)) // row_h
        self.rows = [pygame.Rect(self.list_rect.x + u(16), self.list_rect.y + u(20) + k * row_h,
                                 self.list_rect.w - u(32), row_h)
                     for k in range(min(self.count, shown))]
        self._scroll_to(self.selected)
        bw, bh = u(300), u(60)
        self.buttons = [
            Button(pygame.Rect(w - u(90) - bw, h - u(110), bw, bh), "Choose Players",
                   intent("players"), u(24)),
            Button(pygame.Rect(w - u(110) - 2 * bw, h - u(110), bw, bh), "View the Map",
                   intent("open"), u(24)),
            Button(pygame.Rect(u(90), h - u(110), u(200), bh), "Back", intent("back"), u(24)),
        ]
        self.buttons[1].enabled = self.selected < len(self.setups)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks on rows and buttons, the wheel, arrows, Enter, M and Escape."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("scroll", rows=-event.y)]
        clicked = row_intents(event, self.rows, "select")
        return (key_intents(event, KEYS) or button_intents(event, self.buttons)
                or [intent("select", index=self.first + it.arg("index")) for it in clicked])

    def apply(self, it: Intent) -> None:
        """Select, scroll, open the players page or the map, or go back."""
        if self.selected >= len(self.setups) and it.name in ("players", "open"):
            if it.name == "players":
                self.host.open("ruleset_players", self.games[self.selected - len(self.setups)].id)
            return
        if it.name in ("select", "step"):
            index = it.arg("index") if it.name == "select" else self.selected + it.arg("step")
            self.selected = max(0, min(self.count - 1, index))
            self.buttons[1].enabled = self.selected < len(self.setups)
            self._scroll_to(self.selected)
            self.full_redraw = True
        elif it.name == "scroll":
            last = max(0, self.count - len(self.rows))
            self.first = max(0, min(last, self.first + it.arg("rows")))
            self.full_redraw = True
        elif it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
        elif it.name == "back":
            self.host.pop()
        elif it.name == "players":
            self.host.open("players", self.setups[self.selected])
        elif it.name == "open":
            self.host.open("map", self.setups[self.selected].id)

    def _scroll_to(self, index: int) -> None:
        """Scroll the list just enough to show a scenario."""
        shown = max(1, len(self.rows))
        self.first = max(0, min(self.first, index, self.count - shown))
        self.first = max(self.first, index - shown + 1)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The list, the chosen scenario's page and the buttons."""
        u = self.host.ui
        w, _ = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        head = render("display_bold", u(54), "NEW GAME", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(w // 2, u(80))))
        rule(surface, u(125), w // 2 - u(220), w // 2 + u(220))
        self._draw_list(surface)
        self._draw_info(surface)
        for button in self.buttons:
            button.draw(surface)
        return None

    def _draw_list(self, surface: pygame.Surface) -> None:
        u = self.host.ui
        panel(surface, self.list_rect)
        shown = self.setups[self.first:self.first + len(self.rows)]
        for k, row in enumerate(self.rows[len(shown):], len(shown)):
            game = self.games[self.first + k - len(self.setups)]
            draw_game_row(surface, u, row, game, self.first + k == self.selected)
        for k, (setup, row) in enumerate(zip(shown, self.rows, strict=False)):
            chosen = self.first + k == self.selected
            if chosen:
                pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
                pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
            ink = theme.WAX if chosen else theme.INK
            seats = render("serif_italic", u(20), f"{setup.players} players", theme.INK_SOFT)
            surface.blit(seats, seats.get_rect(midright=(row.right - u(12), row.centery)))
            room = row.w - u(84) - seats.get_width()
            if setup.number:
                number = render("display_bold", u(22), f"{setup.number:>2}", ink)
            else:
                number = render("display_bold", u(13), "YOURS", theme.GOLD, tracking=0.02)
            surface.blit(number, number.get_rect(midleft=(row.x + u(6), row.centery)))
            face = "serif_bold" if chosen else "serif"
            name = render(face, u(24), elide(face, u(24), setup.name, room), ink)
            surface.blit(name, name.get_rect(midleft=(row.x + u(66), row.centery)))
        self._draw_more(surface)

    def _draw_more(self, surface: pygame.Surface) -> None:
        """Arrows when the list scrolls, and a note on the player's scenarios held back."""
        u = self.host.ui
        box = self.list_rect
        if self.first > 0 or self.first + len(self.rows) < self.count:
            above, below = self.first, self.count - self.first - len(self.rows)
            words = " · ".join(w for w in (f"▲ {above} more" if above else "",
                                           f"▼ {below} more" if below else "") if w)
            draw_text(surface, "serif_italic", u(18), words, theme.INK_SOFT,
                      midtop=(box.centerx, self.rows[-1].bottom + u(2)))
        if self.held_back:
            count = self.held_back
            note = (f"{count} of your scenarios {'is' if count == 1 else 'are'} not offered: "
                    f"drafts, or with problems to fix in the Editor.")
            for n, line in enumerate(wrap("serif_italic", u(18), note, box.w - u(40))[:2]):
                draw_text(surface, "serif_italic", u(18), line, theme.INK_SOFT,
                          topleft=(box.x + u(20), box.bottom - u(52) + n * u(22)))

    def _draw_info(self, surface: pygame.Surface) -> None:
        u = self.host.ui
        box = self.info_rect
        if self.selected >= len(self.setups):
            return draw_game_info(surface, u, box, self.games[self.selected - len(self.setups)])
        setup = self.setups[self.selected]
        panel(surface, box)
        x, y = box.x + u(36), box.y + u(30)
        for line in wrap("display_bold", u(36), setup.name, box.w - u(72)):
            title = render("display_bold", u(36), line, theme.INK)
            surface.blit(title, (x, y))
            y += title.get_height()
        y += u(6)
        kind = f"Scenario {setup.number}" if setup.number else (
            "Your scenario, on its own map" if setup.id in self.own_maps else "Your scenario")
        sub = render("serif_italic", u(22), f"{kind} · {setup.players} players "
                     f"· {setup.total_cities} cities in play", theme.INK_SOFT)
        surface.blit(sub, (x, y))
        y += sub.get_height() + u(18)
        for line in wrap("serif", u(25), setup.description, box.w - u(72)):
            text = render("serif", u(25), line, theme.INK)
            surface.blit(text, (x, y))
            y += text.get_height()
        y += u(22)
        column = round((box.w - u(72)) * 0.44)
        self._draw_preview(surface, setup.id, pygame.Rect(x + column + u(30), y + u(8),
                                                          box.w - u(102) - column,
                                                          box.bottom - u(36) - y))
        y = self._draw_empires(surface, setup, x, y)
        names = user_content.content_of(setup.id).map
        keys = ", ".join(names.city(c).name for c in setup.key_cities)
        provinces = ", ".join(names.province(p).name for p in setup.province_ids)
        size = self._list_size((keys, provinces), column, box.bottom - u(20) - y)
        for heading, words in (("Key cities", keys), ("Provinces", provinces)):
            y += u(12)
            head = render("display_bold", u(20), heading.upper(), theme.WAX, tracking=0.1)
            surface.blit(head, (x, y))
            y += head.get_height() + u(2)
            for line in wrap("serif", size, words, column):
                text = render("serif", size, line, theme.INK)
                surface.blit(text, (x, y))
                y += text.get_height()

    def _list_size(self, lists: tuple[str, ...], width: int, room: int) -> int:
        """The largest type size (22 design px down to 14) at which the lists fit in `room`."""
        u = self.host.ui
        for size in (u(22), u(20), u(18), u(16), u(14)):
            lines = sum(len(wrap("serif", size, words, width)) for words in lists)
            heads = len(lists) * (u(12) + font("display_bold", u(20)).get_linesize() + u(2))
            if lines * font("serif", size).get_linesize() + heads <= room:
                return size
        return u(14)

    def _draw_preview(self, surface: pygame.Surface, scenario: str, room: pygame.Rect) -> None:
        """The scenario's little map, as large as the room left allows."""
        app = self.host
        model = user_content.map_model_of(scenario)
        _, _, w, h = model.extent
        width = min(room.w, round(room.h * w / h))
        if width < app.ui(200):
            return
        preview = minimap(model, user_content.content_of(scenario), scenario,
                          (width, round(width * h / w)), app.settings.colour_blind)
        surface.blit(preview, preview.get_rect(midtop=room.midtop))

    def _draw_empires(self, surface: pygame.Surface, setup: SetupDef, x: int, y: int
                      ) -> int:
        app = self.host
        u = app.ui
        head = render("display_bold", u(20), "TURN ORDER", theme.WAX, tracking=0.1)
        surface.blit(head, (x, y))
        y += head.get_height() + u(8)
        places = user_content.content_of(setup.id).map
        for entry in setup.empires:
            colour = empire_colour(entry.empire, app.settings.colour_blind)
            chip = pygame.Rect(x, y + u(4), u(26), u(26))
            pygame.draw.rect(surface, colour, chip, border_radius=4)
            pygame.draw.rect(surface, theme.INK, chip, 2, border_radius=4)
            text = render("serif_bold", u(24), empire_name(entry.empire), theme.INK)
            surface.blit(text, (x + u(40), y))
            cap = render("serif_italic", u(22), places.city(entry.capital).name,
                         theme.INK_SOFT)
            surface.blit(cap, (x + u(190), y + u(2)))
            y += u(38)
        return y
