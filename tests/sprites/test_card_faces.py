"""Card faces (sprites/table/cards.py): every card's name fits its face whole at the hand's
widths (1280×720 and 1920×1080), on up to three lines; a raised card's click words stay on
the screen (sprites/table/hand.py)."""

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


def test_the_raised_cards_click_words_stay_on_screen(display: pygame.Surface) -> None:
    from sprites.table.hand import Hand

    surface = pygame.Surface((1920, 1080))
    hand = Hand()
    hand.place(pygame.Rect(320, 850, 1580, 230), 124, 60)
    hand.deal([(f"carthage:0:{k}", "carthaginian_colonies") for k in range(12)])
    last = hand.cards[-1]
    hand.point(last.rect.center)
    words = ["Discard Carthaginian Colonies", "Play Carthaginian Colonies as Imperium"]
    rects = hand.draw(surface, {last.slot: words}, lambda px: round(px), False)
    tip = rects[-1]
    assert tip.left >= 0 and tip.right <= surface.get_width()
