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
from sprites.scenes.base import Host
from sprites.scenes.seats_page import BOT_WORDS, SeatsPage
from sprites.ui.rows import Choice, ChoiceRows, on_off

PLAYER_WORDS = {"human": "Player at this screen", **BOT_WORDS,
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


class PlayersScene(SeatsPage):
    """Seats and options for a scenario."""

    def __init__(self, setup: SetupDef) -> None:
        super().__init__()
        self.setup = setup
        self.rows: ChoiceRows | None = None
        self.seats = len(setup.empires)

    def enter(self, app: Host) -> None:
        """Lay out the seat lines, the option lines and the buttons."""
        super().enter(app)
        if self.rows is None:
            self.rows = self._rows(app.settings.colour_blind)
        self._place(app)

    def _rows(self, colour_blind: bool) -> ChoiceRows:
        choices = [*seat_rows(self.setup, colour_blind), *option_rows()]
        people = ["human"] + ["bot:greedy"] * (len(self.setup.empires) - 1)
        values = {c.key: c.values[0] for c in choices}
        values.update({f"seat:{k}": p for k, p in enumerate(people)})
        return ChoiceRows(choices, values)

    def choices(self) -> tuple[tuple[str, ...], dict[str, Any]]:
        """(who plays each seat, the options) as the lines say."""
        values = self.lines().values
        return tuple(values[f"seat:{k}"] for k in range(self.seats)), self.options()

    def start(self) -> None:
        """Open the table with a new game (saved as it goes)."""
        from net.files.saves import new_secrets

        players, options = self.choices()
        session = GameSession.start(RULESET_ID, self.setup.id, players,
                                    new_secrets(len(players)), options,
                                    user_content.ruleset_of_setup(self.setup))
        self._open(session, self.setup.id)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Headings, the lines and the buttons."""
        self._paint_page(surface, self.setup.title, (
            "WHO PLAYS EACH EMPIRE (IN TURN ORDER)", "OPTIONAL RULES (RULEBOOK 8)"),
            "Click a line for its next choice (right-click, or click its left half, for the "
            "one before), or use the arrow keys")
        return None
