"""The player cards and the chronicle of Roll Through the Ages' table (shared with Mare
Nostrum's): whole sentences, words a player reads."""

from __future__ import annotations

import pygame
import pytest

from sprites import theme
from sprites.rtta.board import _goods, _monument_words, _whole_sentences
from sprites.ui.text import wrap

WIDTH, SIZE = 200, 18


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _rows(sentence: str) -> int:
    return len(wrap("serif", SIZE, sentence, WIDTH))


def test_the_chronicle_shows_whole_sentences_newest_last() -> None:
    long = "Player 2 rolls the Empire dice and collects three goods and two food at once."
    short = "Player 1 passes."
    assert _rows(long) > 1
    room = _rows(long) + 1
    rows = _whole_sentences([short, long, long], "", SIZE, WIDTH, room)
    assert [line for line, _ in rows] == wrap("serif", SIZE, long, WIDTH)  # not half of one
    rows = _whole_sentences([long, short], "", SIZE, WIDTH, room)
    assert [line for line, _ in rows] == [*wrap("serif", SIZE, long, WIDTH), short]


def test_a_sentence_longer_than_the_room_shows_its_end_and_a_notice_comes_last() -> None:
    long = "Player 2 rolls the Empire dice and collects three goods and two food at once."
    rows = _whole_sentences([long], "", SIZE, WIDTH, 1)
    assert [line for line, _ in rows] == wrap("serif", SIZE, long, WIDTH)[-1:]
    rows = _whole_sentences(["Player 1 passes."], "Not your turn.", SIZE, WIDTH, 5)
    assert rows == [("Player 1 passes.", theme.INK_SOFT), ("Not your turn.", theme.WAX)]
    assert _whole_sentences(["Player 1 passes."], "", SIZE, WIDTH, 0) == []


def test_card_words_count_goods_and_name_a_first_monument() -> None:
    assert (_goods(1), _goods(0), _goods(3)) == ("1 good", "0 goods", "3 goods")
    player = {"monuments": [{"name": "Coliseum", "first": True, "built": True},
                            {"name": "Temple", "first": False, "built": True},
                            {"name": "Pyramid", "first": False, "built": False}]}
    assert _monument_words(player) == "Monuments: Coliseum (first), Temple"
