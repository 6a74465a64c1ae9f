"""New Game for the rule sets played at open seats (not by scenario): their line and page
on the New Game list, and their players page — who sits at each seat (a person at this
screen, one of the rule set's bots, or nobody), the game options, then Start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.ruleset import ScenarioInfo
from game.rulesets import entry, get_ruleset, registered
from game.rulesets.registry import GameOption, RulesetEntry
from game.session import GameSession, player_specs
from sprites import theme
from sprites.scenes.base import Host
from sprites.scenes.scenario_seats import named_seats, optional_seats, scenario_for, seat_title
from sprites.scenes.seats_page import BOT_WORDS, SeatsPage
from sprites.ui.rows import Choice, ChoiceRows, on_off
from sprites.ui.text import render, wrap
from sprites.ui.widgets import panel

SCENARIO_RULESET = "mediterranean_empires"
"""The rule set New Game lists by scenario (the others are listed by their name)."""
NOBODY = "nobody"
PLAYER_WORDS = {"human": "Player at this screen", **BOT_WORDS, NOBODY: "Nobody"}
ABOUT = {
    "roll_through_the_ages": (
        "A dice game of growing civilisations: roll, keep and reroll your dice for food, "
        "workers, goods and the favour of fate, then build provinces, ports and monuments "
        "and buy developments. Played alone it is a race of 8 rounds against a target; the "
        "Mediterranean expansion adds ships, a colony board and a stronger target."),
    "mare_nostrum": (
        "Five ancient empires gather goods and coins, swap them through offers laid face "
        "down, raise caravans, cities, temples, legions and fleets, recruit heroes and build "
        "wonders, and march on each other's provinces. The first to build the Pyramids, own "
        "five heroes and wonders, hold four capitals or legendary cities, or lead in trade, "
        "culture and war at once wins. With four players Babylon's lands are out of play; "
        "with three, Egypt's too."),
}
"""A paragraph for the New Game page of each rule set listed by name."""


def offered_games() -> tuple[RulesetEntry, ...]:
    """The rule sets New Game lists by name: those with a table in the client."""
    return tuple(entry(r) for r in registered()
                 if r != SCENARIO_RULESET and entry(r).table_scene)


def draw_game_row(surface: pygame.Surface, u: Any, row: pygame.Rect, game: RulesetEntry,
                  chosen: bool) -> None:
    """A rule set's line on the New Game list."""
    if chosen:
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, row, border_radius=3)
        pygame.draw.rect(surface, theme.GOLD, row, 1, border_radius=3)
    ink = theme.WAX if chosen else theme.INK
    low, high = game.seats
    seats = render("serif_italic", u(20), f"{low}-{high} players", theme.INK_SOFT)
    surface.blit(seats, seats.get_rect(midright=(row.right - u(12), row.centery)))
    tag = render("display_bold", u(13), "GAME", theme.GOLD, tracking=0.02)
    surface.blit(tag, tag.get_rect(midleft=(row.x + u(6), row.centery)))
    name = render("serif_bold" if chosen else "serif", u(24), game.title.partition(":")[0], ink)
    surface.blit(name, name.get_rect(midleft=(row.x + u(66), row.centery)))


def draw_game_info(surface: pygame.Surface, u: Any, box: pygame.Rect, game: RulesetEntry
                   ) -> None:
    """A rule set's page: its title, seats, what it is about and its options."""
    panel(surface, box)
    x, y = box.x + u(36), box.y + u(30)
    for line in wrap("display_bold", u(36), game.title, box.w - u(72)):
        title = render("display_bold", u(36), line, theme.INK)
        surface.blit(title, (x, y))
        y += title.get_height()
    low, high = game.seats
    solo = " · one player plays the solitaire rules" if low == 1 else ""
    sub = render("serif_italic", u(22), f"A game for {low}-{high} players{solo}",
                 theme.INK_SOFT)
    surface.blit(sub, (x, y + u(6)))
    y += sub.get_height() + u(24)
    for line in wrap("serif", u(25), ABOUT.get(game.id, ""), box.w - u(72)):
        surface.blit(render("serif", u(25), line, theme.INK), (x, y))
        y += u(32)
    y += u(20)
    head = render("display_bold", u(20), "GAME OPTIONS", theme.WAX, tracking=0.1)
    surface.blit(head, (x, y))
    y += head.get_height() + u(6)
    for option in game.options:
        values = " or ".join(value_words(option, v) for v in option.values)
        said = render("serif", u(22), f"{option.label}: {values}", theme.INK)
        surface.blit(said, (x, y))
        y += u(30)


def value_words(option: GameOption, value: Any) -> str:
    """How an option's value reads ("Short", "On")."""
    return on_off(value) if isinstance(value, bool) else str(value).replace("_", " ").title()


def option_words(option: GameOption) -> Callable[[Any], str]:
    """How one option's values read, for its line."""
    return lambda value: value_words(option, value)


class RulesetPlayersScene(SeatsPage):
    """Seats and options for a rule set played at open seats."""

    def __init__(self, ruleset_id: str) -> None:
        super().__init__()
        self.game = entry(ruleset_id)
        specs = (*player_specs(self.game.id), NOBODY)
        low, high = self.game.seats
        self.scenarios = get_ruleset(ruleset_id).scenarios()
        self.names = named_seats(self.scenarios)
        """The seats by name when the scenarios name them (they are then all offered)."""
        if self.names:
            low, high = 0, len(self.names)
        empty = optional_seats(self.scenarios)
        seats = [Choice(f"seat:{k}", seat_title(self.names[k]) if self.names else
                        f"Player {k + 1}",
                        specs if k >= low and (not self.names or self.names[k] in empty)
                        else specs[:-1],
                        lambda p: PLAYER_WORDS.get(p, p)) for k in range(high)]
        options = [Choice(o.key, o.label, o.values, option_words(o)) for o in self.game.options]
        bots = [p for p in specs if p.startswith("bot:")]
        values: dict[str, Any] = {c.key: c.values[0] for c in options}
        values.update({c.key: NOBODY for c in seats[low:]})
        values.update({"seat:0": "human"})
        if high > 1 and bots:
            bot = "bot:greedy" if "bot:greedy" in bots else bots[0]
            values.update({f"seat:{k}": bot for k in range(1, high if self.names else 2)})
        self.rows: ChoiceRows = ChoiceRows([*seats, *options], values)
        self.seats = high

    def enter(self, app: Host) -> None:
        """Lay out the lines and the buttons."""
        super().enter(app)
        self._place(app)

    def choices(self) -> tuple[tuple[str, ...], dict[str, Any]]:
        """(who plays each seat taken, in order; the options)."""
        values = self.rows.values
        players = tuple(values[f"seat:{k}"] for k in range(self.seats)
                        if values[f"seat:{k}"] != NOBODY)
        return players, self.options()

    def scenario(self) -> ScenarioInfo | None:
        """The scenario the named seats taken make (None: numbered seats, or no scenario)."""
        taken = [n for k, n in enumerate(self.names) if self.rows.values[f"seat:{k}"] != NOBODY]
        return scenario_for(self.scenarios, taken) if self.names else None

    def start(self) -> None:
        """Open the rule set's table with a new game (saved as it goes)."""
        from net.files.saves import new_secrets

        players, options = self.choices()
        scenario = self.scenario()
        if self.names and scenario is None:
            return
        session = GameSession.start(self.game.id, scenario.id if scenario else None, players,
                                    new_secrets(len(players)), options)
        self._open(session, self.game.id)

    def paint(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Headings, the lines and the buttons."""
        self._paint_page(surface, self.game.title, (
            "WHO PLAYS EACH SEAT (IN TURN ORDER)", "GAME OPTIONS"), self._tip())
        return None

    def _tip(self) -> str:
        """What the chosen option's value does; else how many play (or the board the seats
        taken make), and how to change a line."""
        chosen = self.lines().selected - self.seats
        if 0 <= chosen < len(self.game.options) and self.game.options[chosen].hints:
            option = self.game.options[chosen]
            value = self.lines().values[option.key]
            return f"{value_words(option, value)}: {option.hints[option.values.index(value)]}"
        players, _ = self.choices()
        words = ("One player: the solitaire rules" if len(players) == 1
                 else f"{len(players)} players")
        if self.names:
            scenario = self.scenario()
            words = scenario.name if scenario else "No board for these seats: leave empty " \
                "only the seats a smaller board covers"
        return words + " · click a line to change it"
