"""Play Test: a game of the scenario being edited, with people and bots chosen as New Game
chooses them, and back to the editor afterwards with the draft as it was.

The game opens at the rule set's table like any other (saved as it goes); a marker scene
left under it (`BackToEditor`, registered as "editor_return") is where the table's "back to
the title" stops, and it hands the screen back to the editor underneath."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.content import ContentError
from game.core.errors import EngineError
from game.rulesets.mediterranean_empires.content import RULESET_ID
from game.session import player_specs
from net.files.storage import StorageError
from sprites import theme
from sprites.editor import facts, store
from sprites.editor.controls import small_button
from sprites.editor.dialogs import Answer, Dialog
from sprites.editor.document import Draft
from sprites.scenes.base import Host, Intent, intent
from sprites.scenes.players import PLAYER_WORDS, option_rows
from sprites.scenes.title import TitleScene
from sprites.ui.input import key_intents
from sprites.ui.rows import Choice, ChoiceRows
from sprites.ui.text import draw_text

Scale = Callable[[float], int]


def seat_choices(draft: Draft, colour_blind: bool) -> list[Choice]:
    """A line per empire in turn order: who plays it (its capital as the note)."""
    return [Choice(f"seat:{k}", theme.empire_name(str(e.get("empire"))),
                   player_specs(RULESET_ID),
                   lambda p: PLAYER_WORDS.get(p, p),
                   facts.name_of(draft, str(e.get("capital"))),
                   theme.empire_colour(str(e.get("empire")), colour_blind)
                   if e.get("empire") in theme.EMPIRE_COLOURS else None)
            for k, e in enumerate(facts.empires(draft))]


class PlayTestDialog(Dialog):
    """Who plays each empire and the optional rules; Start answers (players, options)."""

    def __init__(self, draft: Draft, colour_blind: bool, answer: Answer) -> None:
        super().__init__("Play Test", answer)
        seats = seat_choices(draft, colour_blind)
        choices = [*seats, *option_rows()]
        values = {c.key: c.values[0] for c in choices}
        values.update({c.key: "bot:greedy" for c in seats[1:]})
        self.rows = ChoiceRows(choices, values, 22)
        self.seats = len(seats)

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The lines take clicks and arrows; Enter starts."""
        start = intent("dialog", value=self.choice())
        found = key_intents(event, {pygame.K_RETURN: start, pygame.K_KP_ENTER: start})
        if found or event.type == pygame.MOUSEMOTION:
            return found or super().intents(event)
        spot = self.spots.at(event.pos) if event.type == pygame.MOUSEBUTTONDOWN else None
        if spot is not None:
            return [intent("dialog", value=self.choice()) if spot.intent.name == "start"
                    else spot.intent]
        return self.rows.intents(event) or super().intents(event)

    def apply(self, it: Intent) -> bool:
        """A line changes."""
        return self.rows.apply(it)

    def choice(self) -> tuple[tuple[str, ...], dict[str, Any]]:
        """(who plays each seat, the options) as the lines say."""
        values = self.rows.values
        seats = tuple(values[f"seat:{k}"] for k in range(self.seats))
        return seats, {k: v for k, v in values.items() if not k.startswith("seat:")}

    def place(self, screen: pygame.Rect, u: Scale) -> pygame.Rect:
        """Tall enough for every line."""
        rect = pygame.Rect(0, 0, min(screen.w - u(80), u(1000)),
                           min(screen.h - u(40), u(190 + 44 * len(self.rows.choices))))
        rect.center = screen.center
        return rect

    def content(self, surface: pygame.Surface, u: Scale, hover: tuple[int, int] | None,
                area: pygame.Rect) -> None:
        """The lines (seats, then the optional rules) and the buttons."""
        step = min(u(44), (area.h - u(120)) // max(1, len(self.rows.choices)))
        tops = [area.y + u(30) + k * step + (u(16) if k >= self.seats else 0)
                for k in range(len(self.rows.choices))]
        self.rows.size = 22 if step >= u(40) else 18
        self.rows.place([pygame.Rect(area.x, t, area.w, step - u(4)) for t in tops])
        draw_text(surface, "serif_italic", u(19), "Who plays each empire, and the optional "
                  "rules — a click changes a line", theme.INK_SOFT, midtop=(area.centerx,
                                                                           area.y))
        self.rows.draw(surface, u, note_at=330)
        for k, (words, name) in enumerate((("Start", "start"), ("Cancel", "cancel"))):
            rect = pygame.Rect(0, 0, u(220), u(46))
            rect.bottomright = (area.right - k * u(240), area.bottom)
            small_button(surface, u, self.spots, rect, words,
                         intent(name) if name == "start" else intent("dialog", value=None),
                         hovered=hover is not None and rect.collidepoint(hover), size=21)


def launch(host: Host, draft: Draft, players: tuple[str, ...], options: dict[str, Any]
           ) -> str:
    """Start the game over a return point to the editor; why it could not start ("": it
    did)."""
    from sprites.user_content import start_game

    parts = {**draft.parts, "setup": {k: v for k, v in draft.setup.items() if k != "draft"}}
    marker = host.open("editor_return")
    try:
        start_game(host, store.texts(parts), players, options)
    except (ContentError, EngineError, StorageError, KeyError, ValueError) as exc:
        if host.stack.top is marker:
            host.pop()
        return f"The play test could not start: {exc}"
    return ""


class BackToEditor(TitleScene):
    """Under a play test's table: where "back to the title" stops; it gives the screen back
    to the editor below (a title scene only to the scene stack's eyes)."""

    LEAVE_WORDS = "Back to the Editor"

    def __init__(self) -> None:
        super().__init__()
        self.entered = 0

    def enter(self, app: Host) -> None:
        """Once the game above it closes, hand back on the next frame."""
        self.app = app
        self.entered += 1

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Nothing to do here."""
        return []

    def apply(self, it: Intent) -> None:
        """Nothing to do here."""

    def update(self, dt: float) -> None:
        """Leave as soon as the game above has gone."""
        if self.entered > 1:
            self.host.pop()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Nothing of its own."""
        return []
