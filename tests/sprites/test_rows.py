"""Choice rows: ◀ steps back and ▶ forward wherever the value sits on the line; a click on
the label steps forward; a right click steps back."""

from __future__ import annotations

import pygame

from sprites.ui.rows import Choice, ChoiceRows


def rows(display: pygame.Surface) -> ChoiceRows:
    """One line of three values, drawn."""
    made = ChoiceRows([Choice("k", "Longer play", (0, 1, 2), str)], {"k": 1})
    made.place([pygame.Rect(20, 20, 700, 50)])
    made.draw(display, lambda px: round(px))
    return made


def click(made: ChoiceRows, pos: tuple[int, int], button: int = 1) -> int:
    """The value after one click at `pos`."""
    for it in made.intents(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)):
        made.apply(it)
    return int(made.values["k"])


def test_the_left_arrow_steps_back_and_the_right_one_forward(display: pygame.Surface) -> None:
    made = rows(display)
    value = made.values_at[0]
    assert click(made, (value.left + 5, value.centery)) == 0
    assert click(made, (value.right - 5, value.centery)) == 1
    assert click(made, (40, 45)) == 2
    assert click(made, (40, 45), button=3) == 1
