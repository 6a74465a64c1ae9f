"""Card faces (sprites/table/cards.py): every card's name fits its face whole at the hand's
widths (1280×720 and 1920×1080), on up to three lines."""

from __future__ import annotations

import pygame
import pytest

from sprites import content
from sprites.table.cards import _split, _title_lines


def test_a_name_is_split_so_that_its_longest_line_is_shortest() -> None:
    words = ["Greek", "Mercenary", "Hoplites"]
    assert _split(words, 2) == ["Greek Mercenary", "Hoplites"]
    assert _split(words, 3) == ["Greek", "Mercenary", "Hoplites"]
    assert _split(["Consul"], 2) == ["Consul"]


@pytest.mark.parametrize("width", [83, 124])
def test_every_card_name_fits_its_face(display: pygame.Surface, width: int) -> None:
    room = width - 2 * max(3, width // 22) - 8
    size = max(8, round(width * 0.115))
    for card in content.content().decks.cards:
        lines = _title_lines(card.name, size, room)
        assert max(line.get_width() for line in lines) <= room, (card.name, width)
