"""The help overlay opens over the table with F1 or ? (and from the game menu), Esc closes it;
every page fits its plaque at 1280×720 and 1920×1080; the keys page lists exactly the table's
key bindings; the HUD's headings and figures explain themselves on hover; the map's route
tooltips keep their rule numbers."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.session import GameSession, Secrets
from sprites.app import App
from sprites.map.tooltips import ROUTE_WORDS
from sprites.scenes.base import intent
from sprites.table.help import HelpScene
from sprites.table.help_pages import (
    MAP_WORDS,
    TABLE_WORDS,
    keys_words,
    map_key_rows,
    table_key_rows,
)
from sprites.table.menu import GameMenu
from sprites.table.scene import KEYS, TableScene
from sprites.theme import empire_name
from sprites.ui.text import TextRecorder
from tests.sprites.pilot import manual_app

SECRETS = Secrets((b"k" * 32, b"l" * 32, b"m" * 32), b"chance" * 6, b"bots" * 8)
COLUMNS = {"VP": "Victory points", "Cities": "Cities held", "Hand": "Cards in hand",
           "Pile": "Discard pile"}


def squash(words: str) -> str:
    """Words without spaces (a wrapped sentence is found in the lines drawn this way)."""
    return "".join(words.split())


def _table(size: tuple[int, int]) -> tuple[App, TableScene]:
    """A person and two bots at a table drawn on an off-screen surface of `size`."""
    app, _ = manual_app(pygame.Surface(size))
    app.open("title")
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "bot:greedy", "bot:random"), SECRETS)
    table = app.open_game(session, None)
    assert isinstance(table, TableScene)
    for _ in range(3):
        app.frame([])
    return app, table


def _key(key: int, unicode: str = "", mod: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)]


def _move(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


@pytest.mark.parametrize("press", [_key(pygame.K_F1),
                                   _key(pygame.K_SLASH, "?", pygame.KMOD_LSHIFT)],
                         ids=["F1", "shift-slash"])
def test_f1_and_question_mark_open_the_help_over_the_table_and_esc_closes_it(
        display: pygame.Surface, press: list[pygame.event.Event]) -> None:
    app, table = _table((1280, 720))
    app.frame(press)
    help_scene = app.stack.top
    assert isinstance(help_scene, HelpScene)
    assert app.stack.visible() == [table, help_scene]
    app.frame(_key(pygame.K_ESCAPE))
    assert app.stack.top is table
    app.frame(press)
    app.frame(press)
    assert app.stack.top is table, "the same key closes the help"


def test_the_game_menu_has_a_help_item(display: pygame.Surface) -> None:
    app, table = _table((1280, 720))
    menu = app.open("game_menu", table.control)
    assert isinstance(menu, GameMenu)
    app.frame([])
    item = next(i for i in menu.menu.items if i.text == "Help")
    assert item.rect is not None and menu.box.contains(item.rect)
    menu.apply(item.intent)
    assert isinstance(app.stack.top, HelpScene)
    app.frame(_key(pygame.K_ESCAPE))
    assert app.stack.top is menu


def test_the_arrows_turn_the_pages_round(display: pygame.Surface) -> None:
    app, _ = _table((1280, 720))
    help_scene = app.open("help")
    assert isinstance(help_scene, HelpScene)
    app.frame(_key(pygame.K_LEFT))
    assert help_scene.page == len(help_scene.pages) - 1
    app.frame(_key(pygame.K_RIGHT))
    assert help_scene.page == 0
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=help_scene.tabs[2].center,
                                  button=1)])
    assert help_scene.page == 2


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1440, 900), (1920, 1080)])
def test_every_page_fits_its_plaque(display: pygame.Surface, size: tuple[int, int]) -> None:
    app, _ = _table(size)
    help_scene = app.open("help")
    assert isinstance(help_scene, HelpScene)
    inside = help_scene.box.inflate(-2 * app.ui(12), -2 * app.ui(12))
    for k, page in enumerate(help_scene.pages):
        assert len(help_scene.sheets[k]) == 1, f"{page.title} needs a second sheet"
        help_scene.apply(intent("page", to=k))
        with TextRecorder() as recorder:
            app.frame([])
        for section in page.sections:
            assert squash(section.heading.upper()) in recorder.said
            for item in section.items:
                assert squash(item if isinstance(item, str) else item[1]) in recorder.said
        drawn = help_scene.drawn
        outside = [r for r in drawn if not inside.contains(r)]
        assert not outside, f"{page.title}: text outside the plaque at {outside}"
        overlaps = [(a, b) for a, b in itertools.combinations(drawn, 2) if a.colliderect(b)]
        assert not overlaps, f"{page.title}: lines run into each other: {overlaps[:3]}"


def test_the_keys_page_lists_exactly_the_tables_keys(display: pygame.Surface) -> None:
    rows = table_key_rows()
    assert sorted(key for row in rows for key in row.keys) == sorted(KEYS)
    assert all(row.words in TABLE_WORDS.values() for row in rows), "a key has no words"
    assert {pygame.K_F1, pygame.K_QUESTION} <= set(KEYS)
    found = {row.words: row.keys for row in map_key_rows()}
    assert set(found) == set(MAP_WORDS.values())
    assert pygame.K_f in found[MAP_WORDS[("fit", None)]]
    app, _ = _table((1280, 720))
    help_scene = app.open("help", 3)
    assert isinstance(help_scene, HelpScene) and help_scene.pages[3].title == "Keys"
    with TextRecorder() as recorder:
        app.frame([])
    for row in [*rows, *map_key_rows()]:
        assert squash(keys_words(row.keys)) in recorder.said
        assert squash(row.words) in recorder.said


def test_hud_headings_and_figures_explain_themselves(display: pygame.Surface) -> None:
    app, table = _table((1280, 720))
    hud = table.display.hud
    tips = {tip.title: tip for tip in hud.layout.tips}
    first_row = hud.layout.rows[0]
    for column, title in COLUMNS.items():
        tip = tips[title]
        assert tip.rect.bottom <= first_row.top + app.ui(4), f"{column} is not a heading"
        _hover_shows(app, table, hud.rect.move(tip.rect.topleft).topleft, title)
    seats = hud.model.seats if hud.model else []
    figures = [t for t in hud.layout.tips if any(t.title.startswith(
        f"{empire_name(s.empire)}:") for s in seats)]
    assert len(figures) == 4 * len(seats)
    for part in ("Chronicle", "Victory point track", "Enraged barbarians: 0 of 3"):
        assert part in tips
    app.frame(_move(table.display.map.viewport.center))
    assert hud.tip_at(hud.pointer) is None


def _hover_shows(app: App, table: TableScene, corner: tuple[int, int], title: str) -> None:
    """Point just inside a zone's corner: the panel names that tooltip and paints it."""
    pos = (corner[0] + 2, corner[1] + 2)
    screen = app.screen
    assert screen is not None
    app.frame(_move(table.display.map.viewport.center))
    before = screen.copy()
    app.frame(_move(pos))
    tip = table.display.hud.tip_at(pos)
    assert tip is not None and tip.title == title
    beside = pygame.Rect(pos[0] + 18, pos[1] + 18, 40, 20)
    assert any(screen.get_at(p) != before.get_at(p)
               for p in itertools.product(range(beside.x, beside.right, 4),
                                          range(beside.y, beside.bottom, 4)))


def test_the_map_route_tooltips_keep_their_rule_numbers() -> None:
    cited = {kind for kind, (_, line) in ROUTE_WORDS.items() if "(rule 5.4." in line}
    assert cited >= {"coastal", "barbarian"}
