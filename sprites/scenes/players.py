"""New game, second page: who plays each empire (a person or a bot) and the optional rules;
Start opens the table with a fresh game (keys and chance from the operating system)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rulesets.mediterranean_empires.content import RULESET_ID
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from sprites import content, theme
from sprites.scenes.base import Intent, Scene, intent
from sprites.scenes.settings_scene import _arrow
from sprites.ui.decor import parchment_backdrop
from sprites.ui.text import render
from sprites.ui.widgets import Button, panel, rule

if TYPE_CHECKING:
    from sprites.app import App

PLAYER_WORDS = {"human": "Player at this screen", "bot:random": "Bot — random",
                "bot:greedy": "Bot — greedy"}
OPTION_WORDS = {"longer_play": {0: "Off", 1: "+1 turn", 2: "+2 turns"}}
OPTION_NOTES = {
    "follow_the_leader": "each turn the VP leader picks who starts the rounds",
    "free_passage": "expeditions may ask to cross other empires' cities",
    "longer_play": "one or two more turns than the scenario says",
    "short_play": "the End Turn roll comes sooner",
}


def option_rows() -> tuple[tuple[str, str, tuple[Any, ...]], ...]:
    """The optional rules the rule set declares: (key, label, values)."""
    from game.rulesets import entry

    return tuple((o.key, o.label, o.values) for o in entry(RULESET_ID).options)


class PlayersScene(Scene):
    """Seats and options for a scenario."""

    def __init__(self, setup: SetupDef) -> None:
        super().__init__()
        from game.session import player_specs

        self.setup = setup
        self.choices = player_specs(RULESET_ID)
        self.players = ["human"] + ["bot:greedy"] * (len(setup.empires) - 1)
        self.options: dict[str, Any] = {key: values[0] for key, _, values in option_rows()}
        self.rows: list[tuple[pygame.Rect, str, int | str]] = []
        self.buttons: list[Button] = []
        self.note = ""

    def enter(self, app: App) -> None:
        """Lay out the seat rows, the option rows and the buttons."""
        super().enter(app)
        w, h = app.size
        u = app.ui
        rows = len(self.setup.empires) * 50 + len(option_rows()) * 48 + 250
        self.box = pygame.Rect(0, 0, min(w - u(120), u(1100)), min(h - u(200), u(rows)))
        self.box.midtop = (w // 2, u(150))
        x, width = self.box.x + u(40), self.box.w - u(80)
        y = self.box.y + u(70)
        self.rows = []
        for k in range(len(self.setup.empires)):
            self.rows.append((pygame.Rect(x, y, width, u(46)), "seat", k))
            y += u(50)
        y += u(70)
        for key, _, _ in option_rows():
            self.rows.append((pygame.Rect(x, y, width, u(44)), "option", key))
            y += u(48)
        self.buttons = [
            Button(pygame.Rect(w - u(90) - u(300), h - u(110), u(300), u(60)), "Start the Game",
                   intent("start"), u(24)),
            Button(pygame.Rect(u(90), h - u(110), u(200), u(60)), "Back", intent("back"),
                   u(24))]

    def resized(self) -> None:
        """Re-lay out."""
        super().resized()
        if self.app is not None:
            self.enter(self.app)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks cycle a row (right button or left half backwards); Enter starts."""
        if event.type == pygame.MOUSEMOTION:
            return [intent("hover", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for button in self.buttons:
                if button.hit(event.pos):
                    return [button.intent]
            for k, (rect, _, _) in enumerate(self.rows):
                if rect.collidepoint(event.pos):
                    step = -1 if event.button == 3 else 1
                    return [intent("cycle", row=k, step=step)]
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RETURN: intent("start"), pygame.K_ESCAPE: intent("back")}
            return [keys[event.key]] if event.key in keys else []
        return []

    def apply(self, it: Intent) -> None:
        """Change a seat or an option, start, or go back."""
        assert self.app is not None
        if it.name == "cycle":
            _, kind, which = self.rows[it.arg("row")]
            step = it.arg("step", 1)
            if kind == "seat":
                assert isinstance(which, int)
                index = self.choices.index(self.players[which])
                self.players[which] = self.choices[(index + step) % len(self.choices)]
            else:
                values = next(v for k, _, v in option_rows() if k == which)
                index = values.index(self.options[str(which)])
                self.options[str(which)] = values[(index + step) % len(values)]
        elif it.name == "seat":
            self.players[it.arg("seat")] = it.arg("player")
        elif it.name == "option":
            self.options[it.arg("key")] = it.arg("value")
        elif it.name == "hover":
            for button in self.buttons:
                button.hovered = button.rect.collidepoint(it.arg("pos"))
        elif it.name == "back":
            self.app.pop()
            return
        elif it.name == "start":
            self.start()
            return
        self.full_redraw = True

    def start(self) -> None:
        """Open the table with a new game (saved as it goes)."""
        from game.session import GameSession
        from net.files.saves import GameFiles, new_name, new_secrets
        from sprites.scenes.load import saves_dir
        from sprites.table.scene import TableScene

        assert self.app is not None
        secrets = new_secrets(len(self.players))
        session = GameSession.start(RULESET_ID, self.setup.id, tuple(self.players), secrets,
                                    self.options)
        files = GameFiles(saves_dir(), new_name(self.setup.id))
        files.save(session, "Set-up")
        self.app.replace(TableScene(session, files))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """A static page, redrawn after a change."""
        if not self.full_redraw:
            return []
        self.full_redraw = False
        assert self.app is not None
        u = self.app.ui
        w, _ = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        head = render("display_bold", u(50), "PLAYERS AND RULES", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(w // 2, u(70))))
        sub = render("serif_italic", u(24), f"{self.setup.number}. {self.setup.name}",
                     theme.INK_SOFT)
        surface.blit(sub, sub.get_rect(center=(w // 2, u(112))))
        panel(surface, self.box)
        x = self.box.x + u(40)
        surface.blit(render("display_bold", u(20), "WHO PLAYS EACH EMPIRE (IN TURN ORDER)",
                            theme.WAX, tracking=0.08), (x, self.box.y + u(30)))
        places = content.content().map
        for rect, kind, which in self.rows:
            if kind == "seat":
                assert isinstance(which, int)
                entry = self.setup.empires[which]
                colour = theme.empire_colour(entry.empire, self.app.settings.colour_blind)
                name = f"{theme.empire_name(entry.empire)}"
                where = places.city(entry.capital).name
                value = PLAYER_WORDS[self.players[which]]
                self._row(surface, rect, name, value, where, u(46))
                chip = pygame.Rect(rect.x + u(10), rect.y + u(11), u(24), u(24))
                pygame.draw.rect(surface, colour, chip, border_radius=4)
                pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=4)
            else:
                label = next(lab for k, lab, _ in option_rows() if k == which)
                current = self.options[str(which)]
                words = OPTION_WORDS.get(str(which), {}).get(current) or (
                    "On" if current else "Off")
                self._row(surface, rect, label, words, OPTION_NOTES.get(str(which), ""), u(10),
                          u(260))
        first_option = next(r for r, kind, _ in self.rows if kind == "option")
        rule(surface, first_option.y - u(48), x, self.box.right - u(40))
        surface.blit(render("display_bold", u(20), "OPTIONAL RULES (RULEBOOK 8)", theme.WAX,
                            tracking=0.08), (x, first_option.y - u(34)))
        tip = render("serif_italic", u(20), "Click a line to change it (right-click: back).",
                     theme.INK_SOFT)
        surface.blit(tip, tip.get_rect(midbottom=(self.box.centerx, self.box.bottom - u(14))))
        for button in self.buttons:
            button.draw(surface)
        return None

    def _row(self, surface: pygame.Surface, rect: pygame.Rect, name: str, value: str,
             extra: str, indent: int, column: int | None = None) -> None:
        u = self.app.ui  # type: ignore[union-attr]
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, rect, border_radius=3)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, rect, 1, border_radius=3)
        text = render("serif_bold", u(24), name, theme.INK)
        surface.blit(text, text.get_rect(midleft=(rect.x + indent, rect.centery)))
        if extra:
            note = render("serif_italic", u(20), extra, theme.INK_SOFT)
            left = rect.x + (u(220) if column is None else column)
            surface.blit(note, note.get_rect(midleft=(left, rect.centery)))
        words = render("display_bold", u(21), value, theme.WAX)
        box = words.get_rect(midright=(rect.right - u(44), rect.centery))
        surface.blit(words, box)
        _arrow(surface, (box.left - u(22), rect.centery), u(7), -1)
        _arrow(surface, (rect.right - u(22), rect.centery), u(7), 1)
