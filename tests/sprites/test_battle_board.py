"""The battle board and the ME route preview, from views captured while the Scenarios Book's
example plays Carthage's expedition on Reghium (land route with two coastal crossings); the
board's dice and CF against the engine's roll in the battles of every conditional card."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypedDict

import pygame
import pytest

from game.core.actions import Action, act
from game.core.events import Event
from sprites import content
from sprites.map.hit import Hit
from sprites.table.bar import DecisionBar, bar_buttons
from sprites.table.battle import (
    PROMPT,
    SECRET,
    BattleModel,
    battle_model,
    board_rect,
    draw_battle,
    figure_line,
    modifier_line,
)
from sprites.table.intents import sort_actions
from sprites.table.names import Names
from sprites.table.route import (
    RouteLayer,
    draw_note,
    draw_route,
    note_lines,
    option_previews,
    route_preview,
)
from sprites.ui.text import TextRecorder
from tests.game.rulesets.mediterranean_empires.combat.test_battle_figures import (
    CASES,
    IDS,
    Case,
    Trace,
    engine_cf,
    engine_rolls,
    reveal_pending,
    run,
)
from tests.game.rulesets.mediterranean_empires.helpers_sb import Replay

CARTHAGE, ROME, IBERIA = 0, 1, 2
EMPIRES = ("carthage", "rome", "iberia")


class Reghium(TypedDict):
    """The `reghium` fixture: seats' views and knowledge along the expedition."""

    choosing: tuple[Mapping[str, Any], tuple[Action, ...]]
    building: Mapping[str, Any]
    building_known: dict[str, str]
    views: dict[int, Mapping[str, Any]]
    known: dict[int, dict[str, str]]
    events: list[Event]


def _known(game: Replay, seat: int, view: Mapping[str, Any]) -> dict[str, str]:
    """What the seat itself knows of the cards in the stack (as the scene asks its secrets)."""
    slots = tuple(c["slot"] for f in view["stack"] for side in ("force", "attacker", "defender")
                  if isinstance(f.get(side), dict) for c in f[side].get("cards", ()))
    return dict(game.table.secrets[seat].known(slots))


@pytest.fixture(scope="module")
def reghium() -> Reghium:
    """Views of the ME being built and of the assault, with the events so far."""
    game = Replay("sb_scenario3_round5.yaml")
    events: list[Event] = []

    def keep(evs: tuple[Event, ...]) -> None:
        events.extend(evs)

    keep(game.roll(4, 6))
    keep(game.roll(CARTHAGE, 5))
    keep(game.do(CARTHAGE, "target", id="neapolis"))
    keep(game.passes(CARTHAGE, ROME, IBERIA))
    keep(game.do(ROME, "decline"))
    keep(game.passes(CARTHAGE))
    keep(game.play(ROME, "engineering", use="D", side=1))
    keep(game.play(CARTHAGE, "siege_engines", use="A", side=0))
    keep(game.passes(ROME, CARTHAGE))
    keep(game.roll(3, 4, 2, 5, 3))
    keep(game.do(CARTHAGE, "expedition"))
    keep(game.do(CARTHAGE, "target", to="reghium"))
    choosing = game.table.view(CARTHAGE), game.table.legal(CARTHAGE)
    keep(game.do(CARTHAGE, "route", via="land"))
    keep(game.play(CARTHAGE, "gaul_mercenaries", "add"))
    keep(game.play(CARTHAGE, "libyan_elite_phalanx", "add"))
    building = game.table.view(CARTHAGE)
    building_known = _known(game, CARTHAGE, building)
    keep(game.do(CARTHAGE, "confirm"))
    keep(game.roll(1, 3))
    keep(game.roll(4, 1))
    keep(game.roll(game.index_in(game.state.top.force, "gaul_mercenaries")))
    keep(game.passes(ROME, IBERIA))
    keep(game.do(ROME, "decline"))
    keep(game.passes(CARTHAGE))
    keep(game.play(ROME, "consul", use="L", side=1))
    views = {seat: game.table.view(seat) for seat in (CARTHAGE, ROME, IBERIA)}
    known = {seat: _known(game, seat, views[seat]) for seat in views}
    return {"choosing": choosing, "building": building, "building_known": building_known,
            "views": views, "known": known, "events": events}


def test_the_board_shows_both_sides_and_whose_turn(reghium: Reghium) -> None:
    view, known = reghium["views"][IBERIA], reghium["known"][IBERIA]
    model = battle_model(view, EMPIRES, known, reghium["events"])
    assert model is not None and model.fight == "assault" and model.where == "reghium"
    attacker, defender = model.sides
    assert attacker.title == "Attacker: Carthage" and defender.title == "Defender: Rome"
    assert attacker.cf == 11 and attacker.dice == 1  # the book: (1 die, CF 11)
    assert defender.defence == 2 and defender.dice == 3  # 2 city dice + the Consul
    assert [s.card for s in defender.played] == ["consul"]  # named by the public event
    assert len(attacker.cards) == 1 and attacker.cards[0].face_up
    # the view's open cards name Carthage's revealed Troop for every seat
    assert view["open_cards"][attacker.cards[0].slot] == "libyan_elite_phalanx"
    assert attacker.cards[0].card == "libyan_elite_phalanx"
    assert model.turn == "Carthage"


def _face_down(reghium: Reghium, seat: int
               ) -> tuple[Mapping[str, Any], dict[str, str], str]:
    """The seat's view with a card from Rome's hand added to the defence face down (as before
    a reveal), the seat's knowledge (Rome knows its own card) and that card's id."""
    slot, card = next((h["slot"], h["card"]) for h in reghium["views"][ROME]["hand"]
                      if h["card"] != "consul")
    view = copy.deepcopy(reghium["views"][seat])
    combat = next(f for f in reversed(view["stack"]) if f.get("kind") == "combat")
    combat["defender"]["cards"].append({"slot": slot, "use": "", "carrier": ""})
    assert slot not in view["open_cards"]
    known = dict(reghium["known"][seat])
    if seat == ROME:
        known[slot] = card
    return view, known, card


def test_the_board_draws_no_hidden_card(reghium: Reghium, display: pygame.Surface) -> None:
    names = Names(content.content())
    decks = content.content().decks
    for seat in (CARTHAGE, ROME, IBERIA):
        view, known, hidden = _face_down(reghium, seat)
        model = battle_model(view, EMPIRES, known, reghium["events"])
        assert model is not None
        surface = pygame.Surface((960, 540))
        rect = board_rect(surface.get_rect(), 60, lambda px: round(px * 0.8))
        with TextRecorder() as recorder:
            draw_battle(surface, model, rect, lambda px: round(px * 0.8),
                        names.node(model.where))
        texts = " | ".join(recorder.texts)
        assert "Consul" in texts and f"Carthage: {PROMPT}" in texts
        assert "City defence: 2 dice" in texts
        # Carthage's revealed Troop is a full face for every seat
        assert decks.card("libyan_elite_phalanx").name in texts
        # a face-down card is a back to the others; its owner sees it, marked as such;
        # nobody sees Carthage's hand
        assert not model.sides[1].cards[-1].face_up
        mine = seat == ROME
        assert (model.sides[1].cards[-1].card == hidden) is mine
        assert (decks.card(hidden).name in texts) is mine and (SECRET in texts) is mine
        assert decks.card("magon").name not in texts


def test_the_route_preview_counts_the_crossings(reghium: Reghium, display: pygame.Surface) -> None:
    preview = route_preview(reghium["building"], reghium["building_known"])
    assert preview is not None
    assert preview.path == ("carthago", "panormos", "messana", "reghium")
    assert len(preview.crossings) == 2 and preview.sea == -1 and preview.troops == 2
    lines = note_lines(preview, Names(content.content()))
    assert "2 coastal crossings: 2 shipwreck rolls" in lines
    surface = pygame.Surface((960, 540))
    spots = {n: (100 + 100 * i, 200) for i, n in enumerate(preview.path)}
    drawn = draw_route(surface, preview, spots.get, lambda px: px, (200, 0, 0))
    assert len(drawn) == 3 + 2  # three legs, two wave marks
    draw_note(surface, lines, (20, 500), lambda px: px)
    # once the ME is declared its route stays drawn, through the assault
    under_way = route_preview(reghium["views"][CARTHAGE], reghium["known"][CARTHAGE])
    assert under_way is not None and under_way.path == preview.path


def _hovering(reghium: Reghium, pos: tuple[int, int], hover: Hit | None
              ) -> tuple[RouteLayer, bool]:
    """The route layer over the route choice's offer (buttons in the bar, ports on the map)
    with the pointer at `pos` over `hover`; and whether its preview changed."""
    view, legal = reghium["choosing"]
    offer = sort_actions(legal, Names(content.content()).is_node, set())
    bar = DecisionBar()
    bar.place(pygame.Rect(0, 0, 960, 80), lambda px: round(px))
    bar.offer([(str(a), a) for a in offer.buttons])
    layer = RouteLayer()
    layer.show(view, {})
    place = offer.targets.get(hover.id, []) if hover is not None else []
    return layer, layer.hover(bar.actions_at(pos), place)


def test_hovering_a_route_choice_previews_its_path(reghium: Reghium,
                                                   display: pygame.Surface) -> None:
    view, legal = reghium["choosing"]
    previews = option_previews(view)
    assert set(previews) == {a for a in legal if a.verb != "cancel"}
    # the "By land" button: the land route with its two crossings, before it is chosen
    names = Names(content.content())
    offer = sort_actions(legal, names.is_node, set())
    buttons = bar_buttons(pygame.Rect(0, 0, 960, 80), [(str(a), a) for a in offer.buttons],
                          lambda px: round(px), False)
    land = next(b for b in buttons if b.intent.arg("action") == act("route", via="land"))
    layer, changed = _hovering(reghium, land.rect.center, None)
    preview = layer.shown
    assert preview is not None and preview.choice and changed
    assert preview.path == ("carthago", "panormos", "messana", "reghium")
    assert len(preview.crossings) == 2 and preview.sea == -1
    lines = note_lines(preview, names)
    assert "2 coastal crossings: 2 shipwreck rolls" in lines
    assert "No coastal crossing: no shipwreck roll" in note_lines(replace(preview, crossings=()),
                                                                  names)
    surface = pygame.Surface((960, 540))
    spots = {n: (100 + 100 * i, 200) for i, n in enumerate(preview.path)}
    assert len(draw_route(surface, preview, spots.get, lambda px: px, (200, 0, 0))) == 3 + 2
    # a port on the map: the land leg to Messana (one crossing), the landing still to choose
    preview = _hovering(reghium, (500, 400), Hit("city", "messana"))[0].shown
    assert preview is not None and preview.path == ("carthago", "panormos", "messana")
    assert len(preview.crossings) == 1 and "reghium" in preview.landings
    assert any(line.startswith("Then by sea, landing at:") for line in note_lines(preview, names))
    # nothing to choose under the pointer: no hover preview
    layer, changed = _hovering(reghium, (500, 400), Hit("city", "roma"))
    assert layer.hovered is None and not changed
    # once the route is chosen the options go, the chosen route's preview stays
    assert option_previews(reghium["building"]) == {}


# -- the board's figures are the engine's ---------------------------------------------------

def _board(trace: Trace, seat: int | None, views: Mapping[int | None, Mapping[str, Any]]
           ) -> BattleModel:
    """The board the seat at the screen sees in one of the trace's views."""
    table = trace.table
    empires = tuple(s.empire for s in table.state.seats)
    known = dict(table.secrets[seat].known()) if seat is not None else {}
    model = battle_model(views[seat], empires, known, trace.events)
    assert model is not None
    return model


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_board_shows_the_dice_and_cf_the_engine_rolls(case: Case) -> None:
    """Every conditional Leader, Special Event and Troop (tests/game/.../test_battle_figures.py):
    what the board shows at Battle Resolution, and right after the last card played when no
    roll table comes in between, is what the engine rolls and adds."""
    trace = run(case)
    rolled = engine_rolls(trace)
    moments = [trace.views] + ([trace.window] if not case.tables else [])
    for views in moments:
        for seat in (None, *range(len(trace.table.state.seats))):
            for k, side in enumerate(_board(trace, seat, views).sides):
                assert (side.dice, side.cf_dice) == rolled[k], (case.name, seat, k)
                assert side.cf + side.cf_dice == engine_cf(trace, k), (case.name, seat, k)
                assert not side.partial


def test_hannibal_against_a_neutral_city(display: pygame.Surface) -> None:
    """The issue's case: the board said 4 dice, the game rolled 3. Hannibal's die against
    Rome does not count against a neutral city."""
    trace = run(next(c for c in CASES if c.name == "hannibal-vs-neutral-city"))
    model = _board(trace, 5, trace.window)  # Carthage at the screen, in the card window
    attacker, city = model.sides
    assert attacker.dice == 3 == engine_rolls(trace)[0][0]
    assert city.defence == 3 and city.dice == 3 and city.title == "Defender: neutral city"
    assert modifier_line(attacker) == "Hannibal +1 die, Siege Engines +1 die"
    surface = pygame.Surface((960, 540))
    rect = board_rect(surface.get_rect(), 60, lambda px: px)
    with TextRecorder() as recorder:
        draw_battle(surface, model, rect, lambda px: px, "Capua")
    assert "CF 4  ·  3 dice" in recorder.texts
    assert "Hannibal +1 die, Siege Engines +1 die" in recorder.texts


def test_bonuses_are_named() -> None:
    trace = run(next(c for c in CASES if c.name == "numidians-with-hannibal"))
    attacker = _board(trace, None, trace.views).sides[0]
    assert modifier_line(attacker) == "Hannibal +2 dice, Numidian Cavalry +1 CF"


def test_face_down_cards_show_the_open_part_and_a_question_mark() -> None:
    table = reveal_pending()
    empires = tuple(s.empire for s in table.state.seats)
    for seat in (None, 0, 5):
        known = dict(table.secrets[seat].known()) if seat is not None else {}
        model = battle_model(table.view(seat), empires, known, ())
        assert model is not None
        punic, romans = model.sides
        assert (punic.partial, romans.partial) == (True, True)
        assert figure_line(punic) == "CF ?  ·  2+? dice"  # base die and Magon; the card unknown
        assert figure_line(romans) == "CF 8+?  ·  1+? dice"
        assert modifier_line(punic) == "Magon +1 die"
