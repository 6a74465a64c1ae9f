"""New game, second page: who plays each empire (a person or a bot) and the optional rules;
Start opens the rule set's table with a fresh game (keys and chance from the operating
system), saved as it goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.rulesets import entry
from game.rulesets.mediterranean_empires.bots.search import LEVELS
from game.rulesets.mediterranean_empires.content import RULESET_ID
from game.rulesets.mediterranean_empires.content.setups import SetupDef
from game.session import GameSession, player_specs
from sprites import theme, user_content
from sprites.scenes.base import Host, Intent, Page, intent
from sprites.settings import saves_dir
from sprites.ui.decor import parchment_backdrop
from sprites.ui.input import button_intents, hover_buttons, key_intents
from sprites.ui.rows import Choice, ChoiceRows, on_off
from sprites.ui.text import render
from sprites.ui.widgets import Button, panel, rule

PLAYER_WORDS = {"human": "Player at this screen", "bot:random": "Bot — random",
                "bot:greedy": "Bot — greedy",
                **{f"bot:search:{key}": f"Bot — {level.words}" for key, level in LEVELS.items()}}
OPTION_WORDS = {"longer_play": {0: "Off", 1: "+1 turn", 2: "+2 turns"}}
OPTION_NOTES = {
    "follow_the_leader": "each turn the VP leader picks who starts the rounds",
    "free_passage": "expeditions may ask to cross other empires' cities",
    "longer_play": "one or two more turns than the scenario says",
    "short_play": "the End Turn roll comes sooner",
}


def seat_rows(setup: SetupDef, colour_blind: bool) -> list[Choice]:
    """A line per empire in turn order: who plays it."""
    places = user_content.content_of(setup.id).map
    players = player_specs(RULESET_ID)
    return [Choice(f"seat:{k}", theme.empire_name(e.empire), players,
                   lambda p: PLAYER_WORDS.get(p, p), places.city(e.capital).name,
                   theme.empire_colour(e.empire, colour_blind))
            for k, e in enumerate(setup.empires)]


def option_rows() -> list[Choice]:
    """A line per optional rule the rule set declares."""
    return [Choice(o.key, o.label, o.values, option_words(o.key), OPTION_NOTES.get(o.key, ""))
            for o in entry(RULESET_ID).options]


def option_words(key: str) -> Callable[[Any], str]:
    """How the values of an optional rule read ('On', '+1 turn'…)."""
    words = OPTION_WORDS.get(key)
    return on_off if words is None else lambda value: words[value]


class PlayersScene(Page):
    """Seats and options for a scenario."""

    def __init__(self, setup: SetupDef) -> None:
        super().__init__()
        self.setup = setup
        self.rows: ChoiceRows | None = None
        self.buttons: list[Button] = []

    def enter(self, app: Host) -> None:
        """Lay out the seat lines, the option lines and the buttons."""
        super().enter(app)
        if self.rows is None:
            self.rows = self._rows(app.settings.colour_blind)
        w, h = app.size
        u = app.ui
        seats, options = len(self.setup.empires), len(self.rows.choices) - len(self.setup.empires)
        self.box = pygame.Rect(0, 0, min(w - u(120), u(1100)),
                               min(h - u(200), u((seats + options) * 50 + 250)))
        self.box.midtop = (w // 2, u(150))
        x, width = self.box.x + u(40), self.box.w - u(80)
        tops = [u(70 + 50 * k + (70 if k >= seats else 0)) for k in range(seats + options)]
        self.rows.place([pygame.Rect(x, self.box.y + t, width, u(46)) for t in tops])
        self.buttons = [
            Button(pygame.Rect(w - u(90) - u(300), h - u(110), u(300), u(60)), "Start the Game",
                   intent("start"), u(24)),
            Button(pygame.Rect(u(90), h - u(110), u(200), u(60)), "Back", intent("back"),
                   u(24))]

    def _rows(self, colour_blind: bool) -> ChoiceRows:
        choices = [*seat_rows(self.setup, colour_blind), *option_rows()]
        people = ["human"] + ["bot:greedy"] * (len(self.setup.empires) - 1)
        values = {c.key: c.values[0] for c in choices}
        values.update({f"seat:{k}": p for k, p in enumerate(people)})
        return ChoiceRows(choices, values)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Clicks and arrows change a line; Enter starts; Esc goes back."""
        assert self.rows is not None
        return (key_intents(event, {pygame.K_RETURN: intent("start"),
                                    pygame.K_ESCAPE: intent("back")})
                or button_intents(event, self.buttons) or self.rows.intents(event))

    def apply(self, it: Intent) -> None:
        """Change a seat or an option, start, or go back."""
        assert self.rows is not None
        if it.name == "hover":
            self.full_redraw |= hover_buttons(self.buttons, it.arg("pos"))
        elif it.name == "back":
            self.host.pop()
        elif it.name == "start":
            self.start()
        else:
            self.full_redraw |= self.rows.apply(it)

    def choices(self) -> tuple[tuple[str, ...], dict[str, Any]]:
        """(who plays each seat, the options) as the lines say."""
        assert self.rows is not None
        values = self.rows.values
        seats = tuple(values[f"seat:{k}"] for k in range(len(self.setup.empires)))
        return seats, {k: v for k, v in values.items() if not k.startswith("seat:")}

    def start(self) -> None:
        """Open the table with a new game (saved as it goes)."""
        from net.files.saves import GameFiles, new_name, new_secrets

        players, options = self.choices()
        session = GameSession.start(RULESET_ID, self.setup.id, players,
                                    new_secrets(len(players)), options,
                                    user_content.ruleset_of_setup(self.setup))
        files = GameFiles(saves_dir(), new_name(self.setup.id))
        files.save(session, "Set-up")
        self.host.open_game(session, files)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Headings, the lines and the buttons."""
        assert self.rows is not None
        u = self.host.ui
        w, _ = surface.get_size()
        surface.blit(parchment_backdrop(surface.get_size()), (0, 0))
        head = render("display_bold", u(50), "PLAYERS AND RULES", theme.INK, tracking=0.12)
        surface.blit(head, head.get_rect(center=(w // 2, u(70))))
        sub = render("serif_italic", u(24), self.setup.title,
                     theme.INK_SOFT)
        surface.blit(sub, sub.get_rect(center=(w // 2, u(112))))
        panel(surface, self.box)
        x = self.box.x + u(40)
        first_option = self.rows.rects[len(self.setup.empires)]
        self._heading(surface, "WHO PLAYS EACH EMPIRE (IN TURN ORDER)", self.box.y + u(30))
        rule(surface, first_option.y - u(48), x, self.box.right - u(40))
        self._heading(surface, "OPTIONAL RULES (RULEBOOK 8)", first_option.y - u(34))
        self.rows.draw(surface, u)
        tip = render("serif_italic", u(20), "Click a line to change it (its left half or the "
                     "right button: back), or use the arrow keys", theme.INK_SOFT)
        surface.blit(tip, tip.get_rect(midbottom=(self.box.centerx, self.box.bottom - u(14))))
        for button in self.buttons:
            button.draw(surface)
        return None

    def _heading(self, surface: pygame.Surface, words: str, y: int) -> None:
        u = self.host.ui
        text = render("display_bold", u(20), words, theme.WAX, tracking=0.08)
        surface.blit(text, (self.box.x + u(40), y))
